// An XCTest suite, as most iOS projects still have: `import XCTest` and `import CellSim`,
// and no `import Testing`. CellSim's checks fail an XCTest test just as they fail a Swift
// Testing one.
import CellSim
import Foundation
import Thumbnails
import XCTest

/// This package's folder, and CellSim's (two levels up), found from this file.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let fixtures = packageRoot.deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Fixtures")
let fastScroll = packageRoot.appendingPathComponent("Scenarios/fast-scroll.yaml").path

final class ThumbnailTests: XCTestCase {
  /// The non-throwing form: records an `XCTFail` at this line if the scenario breaks an
  /// invariant, and returns the result.
  func testFastScrollPasses() {
    let result = ScenarioTesting.run(
      fastScroll, loader: ThumbnailLoader.self, fixturesRoot: fixtures)
    XCTAssertEqual(result?.meetsExpectation, true)
  }

  /// The throwing form: the test fails if it throws, in XCTest as in Swift Testing.
  func testFastScrollPassesRequire() throws {
    try ScenarioTesting.require(fastScroll, loader: ThumbnailLoader.self, fixturesRoot: fixtures)
  }

  /// The same trace with the expectation the broken loader meets: a bug model, kept as a
  /// test that it still shows the bug.
  func testBrokenLoaderShowsTheBug() throws {
    let result = try ScenarioTesting.require(
      fastScroll, loader: BrokenThumbnailLoader.self, fixturesRoot: fixtures,
      expecting: .init(violations: [.noCrossCellImage]))
    XCTAssertTrue(result.violations.violated.contains(.noCrossCellImage))
  }

  /// A short fuzz campaign; each finding would be one `XCTFail` with its shrunk scenario.
  func testFuzzFindsNothing() throws {
    try FuzzTesting.require(
      ThumbnailLoader.self, seed: 1, cases: 4, fixturesRoot: fixtures,
      invariants: [.noCrossCellImage])
  }
}

/// Deliberately broken tests: the loader without an identity check, against a scenario that
/// expects a pass. Each MUST fail. They run only with CELLSIM_XCTEST_BROKEN=1, which
/// `.ci/run` sets to prove `swift test` reports the failures (exit code and text); without it
/// they are skipped.
final class BrokenThumbnailTests: XCTestCase {
  override func setUpWithError() throws {
    if ProcessInfo.processInfo.environment["CELLSIM_XCTEST_BROKEN"] != "1" {
      throw XCTSkip("deliberately failing; set CELLSIM_XCTEST_BROKEN=1 to run")
    }
  }

  /// Must fail with an `XCTFail` naming no_cross_cell_image.
  func testBrokenRunMustFail() {
    ScenarioTesting.run(fastScroll, loader: BrokenThumbnailLoader.self, fixturesRoot: fixtures)
  }

  /// Must fail by throwing a failure naming no_cross_cell_image.
  func testBrokenRequireMustFail() throws {
    try ScenarioTesting.require(
      fastScroll, loader: BrokenThumbnailLoader.self, fixturesRoot: fixtures)
  }

  /// Must fail: a fuzz finding is an `XCTFail` too.
  func testBrokenFuzzMustFail() {
    FuzzTesting.fuzz(
      BrokenThumbnailLoader.self, seed: 1, cases: 50, fixturesRoot: fixtures,
      invariants: [.noCrossCellImage], maxFindings: 1)
  }
}
