import Foundation
import ReportedBugs
import Testing

@testable import CellSim

/// The testing helpers fail the test under either framework and never drop a failure: the
/// throwing forms throw a failure that carries the report, the recording forms record a Swift
/// Testing issue here, and where no test of either framework runs a failed check traps with its
/// report. (XCTest's side: Examples/XCTestSuite, run by `.ci/run`.)
@Suite("Failing the test under either framework")
struct FrameworkFailureTests {
  let buggy = reported("nuke-174/queued-completion-over-cache-hit.yaml")
  let fixed = reported("nuke-174/queued-completion-fixed.yaml")

  @Test("require throws a failure carrying the short report when the expectation is not met")
  func requireThrows() throws {
    let failure = try #require(throws: ScenarioTesting.Failure.self) {
      try ScenarioTesting.require(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, expecting: .pass)
    }
    #expect(failure.description.contains("no_cross_cell_image"), "\(failure)")
    #expect(failure.description.contains("replay: "), "\(failure)")
    #expect(failure.result?.meetsExpectation == false)
  }

  @Test("require returns the result when the expectation is met")
  func requirePasses() throws {
    let result = try ScenarioTesting.require(
      fixed, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, expecting: .pass)
    #expect(result.meetsExpectation)
  }

  @Test("require throws, naming the file, when the file cannot be read")
  func requireUnreadable() throws {
    let failure = try #require(throws: ScenarioTesting.Failure.self) {
      try ScenarioTesting.require(
        "no-such-scenario.yaml", loader: Nuke174Loader.self, fixturesRoot: fixturesRoot)
    }
    #expect(failure.description.hasPrefix("no-such-scenario.yaml: "), "\(failure)")
    #expect(failure.result == nil)
  }

  @Test("requireMet throws exactly when expectMet would record")
  func requireMet() throws {
    var run: RunResult?
    withKnownIssue("the buggy model breaks no_cross_cell_image") {
      run = ScenarioTesting.run(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, expecting: .pass)
    }
    let result = try #require(run)
    #expect(throws: ScenarioTesting.Failure.self) { try ScenarioTesting.requireMet(result) }
    withKnownIssue("expectMet records the same failure at this line") {
      ScenarioTesting.expectMet(result, file: "x.yaml")
    }
  }

  @Test("the recording forms record at the caller's line, with or without a SourceLocation")
  func recordsAtCaller() {
    let start = #line
    withKnownIssue {
      ScenarioTesting.run(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, expecting: .pass)
      ScenarioTesting.run(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, expecting: .pass,
        sourceLocation: #_sourceLocation)
    } matching: { issue in
      guard let location = issue.sourceLocation else { return false }
      return location.fileID == #fileID && start < location.line && location.line < start + 8
    }
  }

  @Test("outside any test of either framework, a failed check traps with its report")
  func trapsOutsideAnyTest() async {
    // The exit test's process runs no Swift Testing test (`Test.current` is nil there) and no
    // XCTest test, so neither framework can record the failure.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      TestFailure.recordOutsideSwiftTesting(
        "unmet: the run must not violate no_cross_cell_image",
        at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("unmet: the run must not violate no_cross_cell_image"), "\(stderr)")
    #expect(stderr.contains("no Swift Testing or XCTest test is running"), "\(stderr)")
  }
}
