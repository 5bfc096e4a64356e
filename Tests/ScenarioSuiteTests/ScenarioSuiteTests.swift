import Foundation
import ReportedBugs
import Reports
import Scenarios
import TestSupport
import Testing

let repositoryRoot = Repository.root
let bundledScenarios = Repository.bundledScenarios

/// The committed digest of each bundled scenario (`golden-digests.tsv`, beside this file), keyed
/// by its path. A run whose digest differs has changed behaviour: on purpose (then regenerate
/// the file with `.ci/update-golden-digests` and say why in the commit) or not (then it is a bug).
/// `.ci/check-release-digests` holds a release build to the same file.
let goldenDigests: [String: String] = {
  let file = repositoryRoot.appendingPathComponent("Tests/ScenarioSuiteTests/golden-digests.tsv")
  guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
  var digests: [String: String] = [:]
  for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t")
    if fields.count == 3 { digests[String(fields[0])] = String(fields[2]) }
  }
  return digests
}()

/// Each bundled scenario is one case: it must meet its expectation, and two runs must give the
/// same digest.
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
    "the scenario meets its expectation, and two runs give one digest", arguments: bundledScenarios)
  func scenario(_ file: String) throws {
    let runner = SuiteRunner(
      options: SimulationOptions(
        fixturesRoot: repositoryRoot.appendingPathComponent("Fixtures"),
        catalog: ReportedBugs.catalog))
    let path = repositoryRoot.appendingPathComponent(file).path
    let first = runner.run(file: path)
    let second = runner.run(file: path)
    let result = try #require(first.result, "\(file) did not run: \(first.error ?? "")")
    let details = result.violations.firstPerRow.prefix(5)
      .map { "\($0.invariant.rawValue): \($0.detail)" }.joined(separator: "\n")
    #expect(
      result.meetsExpectation,
      "\(file): \(result.unmetReasons.joined(separator: "; "))\n\(details)\nreplay: \(first.replayCommand)"
    )
    #expect(result.digest == second.result?.digest, "\(file): digests differ between runs")
    // Its `--json` result is valid under the published result schema (docs/schema/).
    if SchemaValidator.shouldRun {
      let outcome = try SchemaValidator.validate(json: RunReports.json([first]), against: "result")
      #expect(outcome.isValid, "\(file): --json output: \(outcome.output)")
    }
    let golden = try #require(
      goldenDigests[file], "\(file) has no golden digest; run .ci/update-golden-digests")
    #expect(
      result.digest == golden,
      "\(file): digest \(result.digest) is not the golden \(golden); if the change is on purpose, run .ci/update-golden-digests"
    )
  }
}
