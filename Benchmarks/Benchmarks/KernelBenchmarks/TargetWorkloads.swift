import SimKernel

/// The same workloads on `EventLoop`'s allocation-free path: `schedule(at:target:tag:)`, where
/// the loop calls an object instead of a closure, so no event allocates.
enum TargetWorkloads {
  final class Timers: EventTarget {
    let loop = EventLoop()
    var digest = OrderDigest()
    var periods: [SimDuration]
    var remaining: [Int]

    init(count: Int, reschedules: Int) {
      periods = (0..<count).map { .ns(Workload.period(ofTimer: $0)) }
      remaining = [Int](repeating: reschedules, count: count)
    }

    func fire(tag: Int) {
      digest.add(loop.now.nanoseconds ^ Int64(tag))
      remaining[tag] -= 1
      if remaining[tag] > 0 { loop.schedule(after: periods[tag], target: self, tag: tag) }
    }
  }

  final class OneShots: EventTarget {
    let loop = EventLoop()
    var digest = OrderDigest()

    func fire(tag: Int) { digest.add(loop.now.nanoseconds ^ Int64(tag)) }
  }

  /// Runs `workload` with targets; returns the events run and the order digest.
  static func run(_ workload: Workload) -> (events: Int, digest: UInt64) {
    switch workload {
    case .timers(let count, let reschedules):
      let timers = Timers(count: count, reschedules: reschedules)
      for index in 0..<count {
        timers.loop.schedule(after: timers.periods[index], target: timers, tag: index)
      }
      try! timers.loop.runUntilIdle()
      return (timers.loop.eventsRun, timers.digest.value)
    case .oneShots(let deadlines):
      let shots = OneShots()
      for (index, deadline) in deadlines.enumerated() {
        shots.loop.schedule(at: SimTime(nanoseconds: deadline), target: shots, tag: index)
      }
      try! shots.loop.runUntilIdle()
      return (shots.loop.eventsRun, shots.digest.value)
    }
  }
}
