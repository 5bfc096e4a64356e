import Dispatch
import Foundation
import Reports
import Scenarios
import TestSupport
import Testing

@Suite("Parallel runs")
struct ParallelRunsTests {
  @Test("results come back in input order")
  func order() {
    let squares = ParallelRuns.map(count: 200, jobs: 4) { $0 * $0 }
    #expect(squares == (0..<200).map { $0 * $0 })
    #expect(ParallelRuns.map(count: 0, jobs: 4) { $0 }.isEmpty)
  }

  @Test("two jobs really run at once")
  func concurrent() {
    // Job 0 waits for job 1's signal: serial execution would time out (after 10 s) and fail.
    let signal = DispatchSemaphore(value: 0)
    let met = ParallelRuns.map(count: 2, jobs: 2) { index -> Bool in
      if index == 1 {
        signal.signal()
        return true
      }
      return signal.wait(timeout: .now() + 10) == .success
    }
    #expect(met == [true, true])
  }

  @Test("a suite run with several jobs gives exactly what one job gives")
  func sameOutcomes() {
    let runner = SuiteRunner(options: SimulationOptions(fixturesRoot: Repository.fixtures))
    let files = Repository.bundledScenarios.filter { $0.hasPrefix("Scenarios/invariants/") }
      .map { Repository.url($0).path }
    let one = runner.run(files: files, jobs: 1)
    let three = runner.run(files: files, jobs: 3)
    #expect(one.map(\.file) == three.map(\.file))
    #expect(one.map { $0.result?.digest } == three.map { $0.result?.digest })
    #expect(RunReports.json(one) == RunReports.json(three))
  }
}
