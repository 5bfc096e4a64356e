import Foundation
import Reports
import Scenarios
import Testing

/// The repository root.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Every scenario file under `Scenarios/`, relative to the repository root.
let bundledScenarios: [String] = {
  let folder = repositoryRoot.appendingPathComponent("Scenarios").path
  let files = (try? ScenarioFiles.find([folder])) ?? []
  return files.map { String($0.dropFirst(repositoryRoot.path.count + 1)) }
}()

/// Each bundled scenario is one case: it must meet its expectation, and two runs must give the
/// same digest.
@Suite("Bundled scenario suite")
struct ScenarioSuiteTests {
  @Test("the suite is not empty")
  func notEmpty() {
    #expect(bundledScenarios.count >= 10, "found \(bundledScenarios)")
  }

  @Test(
    "the scenario meets its expectation, and two runs give one digest", arguments: bundledScenarios)
  func scenario(_ file: String) throws {
    let runner = SuiteRunner(
      options: SimulationOptions(fixturesRoot: repositoryRoot.appendingPathComponent("Fixtures")))
    let path = repositoryRoot.appendingPathComponent(file).path
    let first = runner.run(file: path)
    let second = runner.run(file: path)
    let result = try #require(first.result, "\(file) did not run: \(first.error ?? "")")
    let details = result.violations.first.prefix(5)
      .map { "\($0.invariant.rawValue): \($0.detail)" }.joined(separator: "\n")
    #expect(
      result.meetsExpectation,
      "\(file): \(result.unmetReasons.joined(separator: "; "))\n\(details)\nreplay: \(first.replayCommand)"
    )
    #expect(result.digest == second.result?.digest, "\(file): digests differ between runs")
  }
}
