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

// `.ci/check-seal` sets CELLSIM_SEAL_PROBE=1 to add a target that must NOT compile: each marked
// line in SealProbe/Forbidden.swift reaches for something the oracle reads, and the check
// passes only if the compiler rejects every one of them.
if ProcessInfo.processInfo.environment["CELLSIM_SEAL_PROBE"] == "1" {
  package.targets.append(
    .target(
      name: "SealProbe", dependencies: [.product(name: "CellSim", package: cellSimPackage)],
      path: "SealProbe"))
}

// `.ci/check-reported-bugs` sets CELLSIM_REPORTED_PROBE=1 and copies CellSim's
// `Sources/ReportedBugs` here: the museum's bug models must compile against the public API alone.
if ProcessInfo.processInfo.environment["CELLSIM_REPORTED_PROBE"] == "1" {
  package.targets.append(
    .target(
      name: "ReportedBugsProbe",
      dependencies: [.product(name: "CellSim", package: cellSimPackage)],
      path: "ReportedBugsProbe"))
}
