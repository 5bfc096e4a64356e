import Foundation
import ReportedBugs
import Reports
import Scenarios
import TestSupport
import Testing

let repositoryRoot = Repository.root
let bundledScenarios = Repository.bundledScenarios

let goldenDigests = Repository.goldenDigests

/// Each bundled scenario is one case: it must meet its expectation and give its golden digest,
/// and its report (run with the trace kept and frames captured, as `--report` runs it) must be
/// a well-formed, self-contained page with a Perfetto trace. One run serves both checks: a
/// run's digest does not depend on what it keeps for the report.
///
/// The same file runs again in this process, and once in another, in the cross-process digest
/// test (`CLITests`), which also validates the whole suite's `--json` output under the result
/// schema; that test holds both runs to the golden digests too, so a second run in the same
/// process that drifted (state left over from a first run) fails there.
@Suite("Bundled scenario suite")
struct ScenarioSuiteTests {
  @Test("every golden digest names a bundled scenario")
  func noStaleGoldenDigests() {
    #expect(goldenDigests.count >= 10)
    let stale = goldenDigests.keys.filter { !bundledScenarios.contains($0) }.sorted()
    #expect(stale.isEmpty, "golden digests for scenarios that no longer exist: \(stale)")
  }

  @Test("the suite is not empty")
  func notEmpty() {
    #expect(bundledScenarios.count >= 10, "found \(bundledScenarios)")
  }

  @Test(
    "the scenario meets its expectation and gives its golden digest", arguments: bundledScenarios)
  func scenario(_ file: String) throws {
    let runner = SuiteRunner(
      options: SimulationOptions(
        fixturesRoot: repositoryRoot.appendingPathComponent("Fixtures"),
        catalog: ReportedBugs.catalog))
    let path = repositoryRoot.appendingPathComponent(file).path
    let first = try runner.report(file: path)
    let result = first.result
    let details = result.violations.firstPerRow.prefix(5)
      .map { "\($0.invariant.rawValue): \($0.detail)" }.joined(separator: "\n")
    #expect(
      result.meetsExpectation,
      "\(file): \(result.unmetReasons.joined(separator: "; "))\n\(details)\nreplay: \(first.replayCommand)"
    )
    let golden = try #require(
      goldenDigests[file], "\(file) has no golden digest; run .ci/update-golden-digests")
    #expect(
      result.digest == golden,
      "\(file): digest \(result.digest) is not the golden \(golden); if the change is on purpose, run .ci/update-golden-digests"
    )
    let problems = reportPageProblems(HTMLReport.page(first))
    #expect(problems.isEmpty, "\(file): report page: \(problems.joined(separator: "; "))")
    let perfetto = try #require(PerfettoTrace.json(for: result), "\(file): no Perfetto trace")
    _ = try JSONSerialization.jsonObject(with: Data(perfetto.utf8))
    if let violation = first.firstViolation, violation.frame != nil {
      #expect(!first.capture.frames.isEmpty, "\(file): no filmstrip")
    }
  }
}
