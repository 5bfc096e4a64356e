import Benchmark
import BenchmarkPolicy
import CellSim
import Foundation

/// The whole simulation through the public `CellSim` API: `Scenarios/perf/fling-1000.yaml`
/// (1,000 rows, 60 simulated seconds of flinging at 120 Hz, photos as fixtures) run by
/// `Simulation.run`, as `cellsim run` does. Times real time is 60 s divided by the wall-clock
/// percentile package-benchmark reports. The warm-up iteration fills the process's decode memo,
/// so measured iterations are the warm case (the first run of a process also decodes every
/// photo with libpng: `cellsim run` in a fresh process, callgrind figures in README.md).
/// Every iteration must meet the scenario's expectation and give the same digest.
let benchmarks: @Sendable () -> Void = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let fixtures = root.appendingPathComponent("Fixtures")
  let file = root.appendingPathComponent("Scenarios/perf/fling-1000.yaml")
  let scenario = try! Scenario(contentsOf: file, fixturesRoot: fixtures)
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    // Microseconds: a run is about 20 ms, and whole milliseconds hid a 5 % change.
    timeUnits: .microseconds, warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 30,
    thresholds: regressionThresholds())

  // `CELLSIM_BENCH_LOADERS=reference,naive,…` adds loaders (what ScenarioBench's arguments did).
  let loaders =
    ProcessInfo.processInfo.environment["CELLSIM_BENCH_LOADERS"]?
    .split(separator: ",").map(String.init) ?? ["reference"]
  for loader in loaders {
    let expected = try! Simulation.run(scenario, loader: loader, fixturesRoot: fixtures)
    Benchmark("Simulation: fling-1000 (60 s simulated), \(loader)", configuration: configuration) {
      benchmark in
      let result = try! Simulation.run(scenario, loader: loader, fixturesRoot: fixtures)
      precondition(result.meetsExpectation, "fling-1000 with \(loader): \(result.unmetReasons)")
      precondition(result.digest == expected.digest, "fling-1000 with \(loader) changed digest")
      blackHole(result.events)
    }
  }
}
