import CellSim
import Foundation
import ReportedBugs
import TestSupport
import Testing

/// The testing helper's API: overriding the expectation, keeping the trace, and
/// short failure messages.
@Suite("ScenarioTesting")
struct ScenarioTestingTests {
  let buggy = reported("nuke-174/queued-completion-over-cache-hit.yaml")

  @Test("overriding the expectation: the buggy model fails a run that expects a pass")
  func overrideToPassFails() {
    withKnownIssue("the buggy model breaks no_cross_cell_image") {
      let result = ScenarioTesting.run(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, expecting: .pass)
      #expect(result?.meetsExpectation == false)
    }
  }

  @Test("overriding the expectation: a violation the run does not break fails")
  func overrideToWrongViolationFails() {
    withKnownIssue("the buggy model does not break memory_budget") {
      ScenarioTesting.run(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot,
        expecting: .init(violations: [.memoryBudget]))
    }
  }

  @Test("a file that names another loader runs with the caller's loader")
  func fileNamingAnotherLoader() throws {
    // The file names nuke-174; the YYWebImage model has the same blind completion on this trace.
    let result = try #require(
      ScenarioTesting.run(
        buggy, loader: YYWebImage79Loader.self, fixturesRoot: fixturesRoot,
        expecting: .init(violations: [.noCrossCellImage])))
    #expect(result.loader == YYWebImage79Loader.name)
  }

  @Test("keepTrace keeps the full trace; without it there is none")
  func keepTrace() throws {
    let kept = try #require(
      ScenarioTesting.run(
        buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot, keepTrace: true))
    let trace = try #require(kept.traceText)
    #expect(trace.contains("runloop.mode"))
    let plain = try #require(
      ScenarioTesting.run(buggy, loader: Nuke174Loader.self, fixturesRoot: fixturesRoot))
    #expect(plain.traceText == nil)
    #expect(plain.digest == kept.digest)
  }

  @Test("a failure reads as one sentence and a replay line; detail shows the rest")
  func shortReport() throws {
    let scenario = try Scenario(
      contentsOf: URL(fileURLWithPath: reported("alamofireimage-17/same-url-twice.yaml")),
      fixturesRoot: fixturesRoot, knownLoaders: ReportedBugs.catalog.names)
    var passing = scenario
    passing.expect = .pass
    let result = try Simulation.run(
      passing, loader: AlamofireImage17Loader.self, fixturesRoot: fixturesRoot)
    #expect(!result.meetsExpectation)
    let short = ScenarioTesting.report(result, file: "same-url-twice.yaml")
    let lines = short.split(separator: "\n")
    #expect(lines.count <= 3, "\(short)")
    #expect(lines[0].contains("eventually_loaded"))
    #expect(lines[0].contains("row "))
    #expect(lines[1].hasPrefix("replay: "))
    #expect(lines[1].contains("seed: \(result.seed)"))
    #expect(lines.count == 3 && lines[2].contains("more"))
    let detailed = ScenarioTesting.report(result, file: "same-url-twice.yaml", detail: true)
    #expect(detailed.split(separator: "\n").count > lines.count)
  }

  @Test("the replay line of a built-in loader is the CLI command")
  func replayForBuiltIn() throws {
    let scenario = try Scenario(
      contentsOf: Repository.root.appendingPathComponent(
        "Scenarios/seeds/naive/cross-cell-late-completion.yaml"), fixturesRoot: fixturesRoot)
    var passing = scenario
    passing.expect = .pass
    let result = try Simulation.run(passing, fixturesRoot: fixturesRoot)
    let short = ScenarioTesting.report(result, file: "x.yaml")
    #expect(
      short.contains("replay: swift run cellsim run x.yaml --seed \(result.seed) --loader naive"))
  }
}
