import SimKernel

/// Repeats workloads and collects timings.
@MainActor
enum Measure {
  /// Runs `workload` on CellSim at least `minimumRepeats` times and for at least
  /// `minimumSeconds` in total. Stops the process if a run produced the wrong event count.
  static func cellSim<Loop: BenchLoop>(
    _ workload: Workload, minimumSeconds: Double, minimumRepeats: Int,
    on loop: Loop.Type = EventLoop.self
  ) -> Sample {
    var sample = Sample(events: workload.expectedEvents, seconds: [], orderDigests: [])
    while sample.seconds.count < minimumRepeats || sample.seconds.reduce(0, +) < minimumSeconds {
      let (outcome, seconds) = Stopwatch.time { CellSimWorkloads<Loop>.run(workload) }
      precondition(
        outcome.events == workload.expectedEvents,
        "CellSim ran \(outcome.events) events on \(workload.label), expected \(workload.expectedEvents)"
      )
      sample.seconds.append(seconds)
      sample.orderDigests.append(outcome.orderDigest)
    }
    return sample
  }

  /// Runs `workload` on `EventLoop` through `EventTarget` (no closure per event).
  static func cellSimTargets(_ workload: Workload, minimumRepeats: Int) -> Sample {
    var sample = Sample(events: workload.expectedEvents, seconds: [], orderDigests: [])
    while sample.seconds.count < minimumRepeats {
      let (outcome, seconds) = Stopwatch.time { TargetWorkloads.run(workload) }
      precondition(outcome.events == workload.expectedEvents, "EventTarget run lost events")
      sample.seconds.append(seconds)
      sample.orderDigests.append(outcome.digest)
    }
    return sample
  }

  /// Runs `workload` on `TestClock` `repeats` times. The sample's event count is the smallest
  /// number of sleeps that completed in any run, so a run that lost sleepers lowers the rate.
  static func testClock(_ workload: Workload, repeats: Int) async -> Sample {
    var sample = Sample(events: workload.expectedEvents, seconds: [], orderDigests: [])
    for _ in 0..<repeats {
      let (outcome, seconds) = await Stopwatch.time { await TestClockWorkloads.run(workload) }
      sample.events = min(sample.events, outcome.completedSleeps)
      sample.seconds.append(seconds)
      sample.orderDigests.append(outcome.orderDigest)
    }
    return sample
  }
}
