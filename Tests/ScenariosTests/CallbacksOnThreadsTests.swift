import Foundation
import Scenarios
import TestSupport
import Testing

/// Every callback on a real thread of the blocking-thread scheduler changes nothing a run
/// reports but the trace's thread lines: the same steps run in the same order.
@Suite("Callbacks on blocking threads give the same verdicts and metrics")
struct CallbacksOnThreadsTests {
  @Test(
    "a callback loader's verdicts and metrics are the same with every callback on a thread",
    arguments: [
      ("Scenarios/examples/fling-photos.yaml", "reference"),
      ("Scenarios/invariants/no_cross_cell_image.yaml", "naive"),
      ("Scenarios/examples/slow-drag-flaky-network.yaml", "wwdc211"),
    ])
  func sameVerdicts(file: String, loader: String) throws {
    let scenario = try Scenario(
      contentsOf: Repository.url(file), fixturesRoot: Repository.fixtures)
    var options = SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader)
    let inPlace = try Simulation.run(scenario, options: options)
    options.callbacksOnThreads = true
    let onThreads = try Simulation.run(scenario, options: options)
    #expect(onThreads.violations == inPlace.violations)
    #expect(onThreads.metrics.map(\.value) == inPlace.metrics.map(\.value))
    #expect(onThreads.meetsExpectation == inPlace.meetsExpectation)
    #expect(onThreads.digest != inPlace.digest, "the trace records the threads")
    let again = try Simulation.run(scenario, options: options)
    #expect(again.digest == onThreads.digest)
  }

  @Test(
    "an async loader's jobs run on the threads too, with the same verdicts and metrics",
    arguments: [
      "Scenarios/async/async-reference-flaky-fling.yaml",
      "Scenarios/async/async-uncancelled-outlives-cell.yaml",
      "Scenarios/async/async-unchecked-cross-cell.yaml",
    ])
  func asyncLoaderOnThreads(file: String) throws {
    let scenario = try Scenario(
      contentsOf: Repository.url(file), fixturesRoot: Repository.fixtures)
    var options = SimulationOptions(fixturesRoot: Repository.fixtures, keepTrace: true)
    let inPlace = try Simulation.run(scenario, options: options)
    options.callbacksOnThreads = true
    let onThreads = try Simulation.run(scenario, options: options)
    #expect(onThreads.violations == inPlace.violations)
    #expect(onThreads.metrics.map(\.value) == inPlace.metrics.map(\.value))
    #expect(onThreads.meetsExpectation == inPlace.meetsExpectation)
    let jobs = { (text: String?) in
      (text ?? "").split(separator: "\n").filter { $0.contains(" async.job ") }.count
    }
    #expect(jobs(onThreads.traceText) == jobs(inPlace.traceText))
    #expect(jobs(onThreads.traceText) > 0, "the loader ran no async job")
    #expect(
      (onThreads.traceText ?? "").contains("thread.start"), "no callback ran on a thread")
    let again = try Simulation.run(scenario, options: options)
    #expect(again.digest == onThreads.digest)
  }
}
