import CellSim
import Foundation
import MyLoader
import Testing

/// The guide "Turning a bug report into a scenario" (an article of CellSim's documentation), run in
/// CI: the reported scenario reproduces the bug with the buggy model, passes with the fix, and
/// stays as a regression test.
@Suite("Guide: turning a bug report into a scenario")
struct GuideTests {
  let fixtures = cellSimRoot.appendingPathComponent("Fixtures")
  let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")

  @Test("step 3: the buggy model shows the violation the file expects")
  func reproduces() throws {
    let result = try #require(
      ScenarioTesting.run(
        scenarios.appendingPathComponent("wrong-cell-on-fast-scroll.yaml").path,
        loader: ThumbnailLoader.self, fixturesRoot: fixtures))
    #expect(result.violations.violated.contains(.noCrossCellImage))
  }

  @Test("step 4: the fixed model passes the same trace")
  func fixed() {
    ScenarioTesting.run(
      scenarios.appendingPathComponent("wrong-cell-on-fast-scroll-fixed.yaml").path,
      loader: ThumbnailLoader.self, fixturesRoot: fixtures)
  }

  @Test("step 5: the reported file is a regression test for the real loader")
  func regression() {
    // MyLoader checks the cell's URL before setting: the reported trace must pass with it.
    ScenarioTesting.run(
      scenarios.appendingPathComponent("wrong-cell-on-fast-scroll.yaml").path,
      loader: MyLoader.self, fixturesRoot: fixtures, expecting: .pass)
  }
}
