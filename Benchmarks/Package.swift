// swift-tools-version: 6.1
// Benchmarks live in their own package so that the root `swift test` and `.ci/run` never build
// them or their dependencies. They run on ordo-one's package-benchmark, from this folder:
//
//   swift package benchmark                               # every suite
//   swift package benchmark --target KernelBenchmarks     # one suite
//   ./compare-baseline before | after                     # a contributor's before/after check
//
// Percentiles, malloc counts and baseline comparisons come from package-benchmark; the
// benchmark sources are in `Benchmarks/<Name>/<Name>.swift`, its convention.
// PNGBench and TableBench measure package internals, so they are targets of the root package:
// from the repository root, `swift run -c release PNGBench` and `swift run -c release TableBench`.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, so derive the root's name instead of
/// hard-coding "CellSim": a fresh clone in a differently named folder must still resolve.
let rootPackageName = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// What every package-benchmark suite needs.
let benchmark: [Target.Dependency] = [
  .product(name: "Benchmark", package: "benchmark"), "BenchmarkPolicy",
]
let benchmarkPlugin: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
  name: "CellSimBenchmarks",
  dependencies: [
    .package(path: ".."),
    // The gallery's iOS-style screens, for the hosted UIKit run (UIKitBenchmarks).
    .package(path: "../Examples/UIKitGallery"),
    // The documented way on Linux with Swift 6.3: the malloc interposer (package-benchmark's
    // malloc counters) without its Swift 6.3 ARC runtime interposer, which is not mirrored here.
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"),
  ],
  targets: [
    .executableTarget(
      name: "KernelBenchmarks",
      dependencies: benchmark + [
        .product(name: "SimKernel", package: rootPackageName),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      path: "Benchmarks/KernelBenchmarks",
      plugins: benchmarkPlugin
    ),
    .executableTarget(
      name: "DecodeBenchmarks",
      dependencies: benchmark + [
        "CDirectLibPNG",
        .product(name: "PNGRender", package: rootPackageName),
      ],
      path: "Benchmarks/DecodeBenchmarks",
      plugins: benchmarkPlugin
    ),
    .executableTarget(
      name: "SimulationBenchmarks",
      dependencies: benchmark + [.product(name: "CellSim", package: rootPackageName)],
      path: "Benchmarks/SimulationBenchmarks",
      plugins: benchmarkPlugin
    ),
    .executableTarget(
      name: "ThreadBenchmarks",
      dependencies: benchmark + [
        .product(name: "CellSim", package: rootPackageName),
        .product(name: "SimThreads", package: rootPackageName),
      ],
      path: "Benchmarks/ThreadBenchmarks",
      plugins: benchmarkPlugin
    ),
    .executableTarget(
      name: "UIKitBenchmarks",
      dependencies: benchmark + [
        .product(name: "CellSim", package: rootPackageName),
        .product(name: "CellSimUIKit", package: rootPackageName),
        .product(name: "CellSimUIKitHost", package: rootPackageName),
        .product(name: "Gallery", package: "UIKitGallery"),
      ],
      path: "Benchmarks/UIKitBenchmarks",
      plugins: benchmarkPlugin
    ),
    // The regression thresholds every suite shares (compare-baseline check).
    .target(
      name: "BenchmarkPolicy",
      dependencies: [.product(name: "Benchmark", package: "benchmark")]
    ),
    // libpng's row API called directly from C: the decode benchmark's peer. The same source as
    // the root package's CDirectPNG (used by PNGBench), under another name so the two targets
    // do not clash in one package graph.
    .target(
      name: "CDirectLibPNG",
      path: "Sources/CDirectPNG",
      linkerSettings: [.linkedLibrary("png16")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
