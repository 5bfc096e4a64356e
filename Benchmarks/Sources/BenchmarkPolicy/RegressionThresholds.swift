public import Benchmark
import Foundation

/// What `compare-baseline check` calls a regression, for every suite: the lower-quartile wall
/// time 20 % worse (on the shared 2-core machine unchanged code moved its median by up to 16 %
/// between two runs; the lower quartile is less exposed to other processes), the median malloc
/// count 1 % higher (allocation counts are nearly deterministic) or, for a suite that measures
/// it (`memory: true`), the median peak resident memory 10 % higher. A peer's benchmarks
/// (`peer: true`) are reported but never judged. CPU time is reported but not judged: it is
/// counted in 10 ms ticks. Every measured metric is listed, since package-benchmark applies its
/// default 5 % thresholds to any metric left out. Improvements never fail.
public func regressionThresholds(peer: Bool = false, memory: Bool = true)
  -> [BenchmarkMetric: BenchmarkThresholds]
{
  var thresholds: [BenchmarkMetric: BenchmarkThresholds] =
    peer
    ? [.wallClock: .init(), .cpuTotal: .init(), .mallocCountTotal: .init()]
    : [
      .wallClock: wallClockThreshold(), .cpuTotal: .init(),
      .mallocCountTotal: .init(relative: [.p50: 1.0]),
    ]
  if memory { thresholds[.peakMemoryResident] = peer ? .init() : .init(relative: [.p50: 10.0]) }
  return thresholds
}

/// The wall-time tolerance: 20 % at the lower quartile, or `CELLSIM_BENCH_WALL` percent, or no
/// wall-time check with `CELLSIM_BENCH_WALL=off` (`compare-baseline --no-wall`) when other
/// work on the machine makes wall time meaningless; malloc counts are still judged.
public func wallClockThreshold() -> BenchmarkThresholds {
  let setting = ProcessInfo.processInfo.environment["CELLSIM_BENCH_WALL"]
  if setting == "off" { return .init() }
  return .init(relative: [.p25: setting.flatMap(Double.init) ?? 20.0])
}
