// swift-tools-version: 6.1
// An example of a user's own package: a loader written against CellSim's public API, tested
// with CellSim's bundled scenarios. CI builds it to prove the public API is enough.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder; derive it so any clone folder name works.
let cellSimPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "CustomLoader",
  dependencies: [.package(path: "../..")],
  targets: [
    .target(name: "MyLoader", dependencies: [.product(name: "CellSim", package: cellSimPackage)]),
    .testTarget(
      name: "MyLoaderTests",
      dependencies: ["MyLoader", .product(name: "CellSim", package: cellSimPackage)]),
  ],
  swiftLanguageModes: [.v6]
)
