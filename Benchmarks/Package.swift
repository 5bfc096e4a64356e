// swift-tools-version: 6.1
// Benchmarks live in their own package so that the root `swift test` never builds them.
// Run from this folder: `swift run -c release KernelBench`, `swift run -c release ScenarioBench`.
// PNGBench and TableBench measure package internals, so they are targets of the root package:
// from the repository root, `swift run -c release PNGBench` and `swift run -c release TableBench`.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, so derive the root's name instead of
/// hard-coding "CellSim": a fresh clone in a differently named folder must still resolve.
let rootPackageName = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "CellSimBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
  ],
  targets: [
    .executableTarget(
      name: "ScenarioBench",
      dependencies: [.product(name: "CellSim", package: rootPackageName)]
    ),
    .executableTarget(
      name: "KernelBench",
      dependencies: [
        .product(name: "SimKernel", package: rootPackageName),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
