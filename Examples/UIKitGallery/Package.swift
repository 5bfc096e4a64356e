// swift-tools-version: 6.1
// A gallery of iOS image-loading code, one screen per style, written as its authors write it for
// a device. Each file's only import is the block that picks UIKit on iOS and CellSimUIKit
// elsewhere; the tests host each screen in CellSim scenarios. CI builds and tests it.
import Foundation
import PackageDescription

let cellSimPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "UIKitGallery",
  products: [
    // For CellSim's Benchmarks package, which times the fixed tutorial screen.
    .library(name: "Gallery", targets: ["Gallery"])
  ],
  dependencies: [.package(path: "../..")],
  targets: [
    // Styles written in Swift 5, as most UIKit code in the wild still is.
    .target(
      name: "Gallery",
      dependencies: [.product(name: "CellSimUIKit", package: cellSimPackage)],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Styles written for Swift 6: a diffable data source and actors with a task per cell.
    .target(
      name: "ModernGallery",
      dependencies: [.product(name: "CellSimUIKit", package: cellSimPackage)]),
    // Prints every style's digests, buggy and fixed: `.ci/check-gallery-digests` compares two
    // processes and a release build.
    .executableTarget(
      name: "GalleryDigests",
      dependencies: [
        "Gallery", "ModernGallery",
        .product(name: "CellSimUIKit", package: cellSimPackage),
        .product(name: "CellSimUIKitHost", package: cellSimPackage),
        .product(name: "CellSim", package: cellSimPackage),
      ]),
    .testTarget(
      name: "GalleryTests",
      dependencies: [
        "Gallery", "ModernGallery",
        .product(name: "CellSimUIKit", package: cellSimPackage),
        .product(name: "CellSimUIKitHost", package: cellSimPackage),
        .product(name: "CellSim", package: cellSimPackage),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
