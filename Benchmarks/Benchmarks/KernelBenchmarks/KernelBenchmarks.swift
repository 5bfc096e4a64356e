import Benchmark
import BenchmarkPolicy
import Foundation
import SimKernel

/// CellSim's `EventLoop` against swift-clocks' `TestClock` (issue 2), and CellSim alone at full
/// size with closure payloads and with inline payloads (`schedule(at:target:tag:)`, issue 14 §6).
///
/// Every benchmark's iteration runs one whole workload; the scaling factor declares how many
/// events that is (`.kilo` = 1,000, `.mega` = 1,000,000), so package-benchmark reports wall and
/// CPU time and malloc counts per event; events/s is 1e9 ÷ ns per event (its throughput metric
/// is left out: it rounds 9.6 M/s to "9"). Every iteration checks that every event
/// ran (and, for TestClock, that every sleeper completed) and that the event order is the same
/// as in the first iteration, so a faster figure can never come from skipped work.
/// Workloads: README-kernel.md.
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal]

  // MARK: Same workloads on both systems (sizes TestClock finishes in well under a second)

  let small: [(String, Workload)] = [
    ("timers 100x10", .timers(count: 100, reschedules: 10)),
    ("one-shots 1000", .oneShots(count: 1_000)),
  ]
  let peerConfiguration = Benchmark.Configuration(
    metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3),
    maxIterations: 30, thresholds: regressionThresholds(peer: true, memory: false))
  let loopConfiguration = Benchmark.Configuration(
    metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(1),
    maxIterations: 2_000, thresholds: regressionThresholds(memory: false))
  for (label, workload) in small {
    precondition(workload.expectedEvents == 1_000, "scalingFactor .kilo needs 1,000 events")
    let reference = ClosureWorkloads.run(workload)
    Benchmark("Kernel peer: TestClock \(label)", configuration: peerConfiguration) {
      benchmark async in
      let outcome = await TestClockWorkloads.run(workload)
      precondition(
        outcome.completedSleeps == workload.expectedEvents,
        "TestClock completed \(outcome.completedSleeps) of \(workload.expectedEvents) sleeps")
      blackHole(outcome.orderDigest)
    }
    Benchmark("Kernel peer: EventLoop closures \(label)", configuration: loopConfiguration) {
      benchmark in
      let outcome = ClosureWorkloads.run(workload)
      precondition(outcome == reference, "EventLoop ran a different set or order of events")
      blackHole(outcome.digest)
    }
  }

  // MARK: CellSim alone at full size (1,000,000 events per iteration)

  let full: [(String, Workload)] = [
    ("timers 10000x100", .timers(count: 10_000, reschedules: 100)),
    ("one-shots 1000000", .oneShots(count: 1_000_000)),
  ]
  let fullConfiguration = Benchmark.Configuration(
    metrics: metrics, warmupIterations: 1, scalingFactor: .mega,
    maxDuration: .seconds(10),
    maxIterations: 15, thresholds: regressionThresholds(memory: false))
  for (label, workload) in full {
    precondition(workload.expectedEvents == 1_000_000, "scalingFactor .mega needs 1 M events")
    let reference = ClosureWorkloads.run(workload)
    Benchmark("Kernel: EventLoop closures \(label)", configuration: fullConfiguration) {
      benchmark in
      let outcome = ClosureWorkloads.run(workload)
      precondition(outcome == reference, "EventLoop ran a different set or order of events")
      blackHole(outcome.digest)
    }
    Benchmark("Kernel: EventLoop inline payloads \(label)", configuration: fullConfiguration) {
      benchmark in
      let outcome = TargetWorkloads.run(workload)
      // Same events in the same order as the closures: inline payloads change no ordering.
      precondition(outcome == reference, "inline payloads ran a different set or order of events")
      blackHole(outcome.digest)
    }
  }
}
