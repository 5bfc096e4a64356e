import Benchmark
import BenchmarkPolicy
import CellSim
import Foundation
@_spi(Benchmarks) import SimThreads

/// The baton's hand-off, the hot path of blocking threads, and what blocking threads cost a
/// whole simulation.
///
/// - `hand-off`: two real threads passing the baton back and forth, 10,000 hand-offs an
///   iteration, pinned to one CPU and free to run on any CPU (the waiter spins a little first).
///   The figure to read is wall-clock time divided by 10,000.
/// - `park and resume`: one blocking body sleeping 2,000 times in a world: two hand-offs, the
///   step and its event each time.
/// - `fling-1000`: `Scenarios/perf/fling-1000.yaml` with `reference`, its callbacks in place
///   (the step API) and every callback on a blocking thread (`callbacksOnThreads`), in the same
///   run, so their ratio survives a noisy machine; and the two paired in each iteration, whose
///   ratio is the figure the target names.
let benchmarks: @Sendable () -> Void = {
  let handOffs = 10_000
  let micro = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal], timeUnits: .microseconds, warmupIterations: 2,
    maxDuration: .seconds(5), maxIterations: 50, thresholds: regressionThresholds())
  for pinned in [true, false] {
    let name = pinned ? "pinned to one CPU" : "any CPU"
    Benchmark("Threads: hand-off x\(handOffs), \(name)", configuration: micro) { benchmark in
      blackHole(HandOffMeasurement.pingPong(handOffs: handOffs, pinned: pinned))
    }
    Benchmark("Threads: park and resume x2000, \(name)", configuration: micro) { benchmark in
      blackHole(HandOffMeasurement.parkAndResume(parks: 2_000, pinned: pinned))
    }
  }

  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let fixtures = root.appendingPathComponent("Fixtures")
  let file = root.appendingPathComponent("Scenarios/perf/fling-1000.yaml")
  let scenario = try! Scenario(contentsOf: file, fixturesRoot: fixtures)
  let whole = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal], timeUnits: .microseconds, warmupIterations: 1,
    maxDuration: .seconds(10), maxIterations: 30, thresholds: regressionThresholds())
  let ways: [(onThreads: Bool, pinned: Bool, name: String)] = [
    (false, false, "callbacks in place"),
    (true, false, "every callback on a blocking thread, any CPU"),
    (true, true, "every callback on a blocking thread, pinned to one CPU"),
  ]
  for way in ways {
    var options = SimulationOptions(fixturesRoot: fixtures, loader: "reference")
    options.callbacksOnThreads = way.onThreads
    Benchmark("Threads: fling-1000, reference, \(way.name)", configuration: whole) { benchmark in
      HandOffMeasurement.pinsBlockingThreadsToOneCPU = way.pinned
      defer { HandOffMeasurement.pinsBlockingThreadsToOneCPU = false }
      let result = try! Simulation.run(scenario, options: options)
      precondition(result.meetsExpectation, "fling-1000: \(result.unmetReasons)")
      blackHole(result.events)
    }
  }

  // The figure as one number that survives the machine's swings: each iteration runs
  // the two (in place, then every callback on a blocking thread, any CPU) back to back and
  // records the second's wall time over the first's, times 1,000. Two separate benchmarks meet
  // a shared machine at different moments; a pair meets it at the same one.
  let ratio = BenchmarkMetric.custom(
    "on threads / in place (x1000)", polarity: .prefersSmaller, useScalingFactor: false)
  let paired = Benchmark.Configuration(
    metrics: [ratio], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 30)
  Benchmark("Threads: fling-1000, reference, on threads / in place, paired", configuration: paired)
  { benchmark in
    let clock = ContinuousClock()
    var times: [Duration] = []
    for onThreads in [false, true] {
      var options = SimulationOptions(fixturesRoot: fixtures, loader: "reference")
      options.callbacksOnThreads = onThreads
      let start = clock.now
      let result = try! Simulation.run(scenario, options: options)
      times.append(clock.now - start)
      precondition(result.meetsExpectation, "fling-1000: \(result.unmetReasons)")
      blackHole(result.events)
    }
    benchmark.measurement(ratio, Int((times[1] / times[0]) * 1_000))
  }
}
