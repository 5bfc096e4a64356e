// swift-tools-version: 6.1
// An XCTest suite that tests a loader with CellSim: `import XCTest` and `import CellSim`, no
// `import Testing`. CI runs it twice: normally it passes; with CELLSIM_XCTEST_BROKEN=1 its
// deliberately broken tests must fail `swift test` (a check that XCTest dropped would pass).
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder; derive it so any clone folder name works.
let cellSimPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "XCTestSuite",
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "Thumbnails", dependencies: [.product(name: "CellSim", package: cellSimPackage)]),
    .testTarget(
      name: "ThumbnailTests",
      dependencies: ["Thumbnails", .product(name: "CellSim", package: cellSimPackage)]),
  ],
  swiftLanguageModes: [.v6]
)
