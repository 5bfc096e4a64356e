import SimKernel

/// Runs workloads on CellSim's `EventLoop` (or a prototype), the way simulator code uses it:
/// every event is a closure, and a timer is an event that schedules its own next firing.
enum CellSimWorkloads<Loop: BenchLoop> {
  /// What one run produced.
  struct Outcome {
    /// `EventLoop.eventsRun` at the end: the simulated event count.
    var events: Int
    /// The virtual time when the loop went idle.
    var finalTime: SimTime
    /// The order in which events ran, as `(time, id)` pairs folded into a digest.
    var orderDigest: UInt64
  }

  /// Runs `workload` on a fresh loop until it is idle.
  static func run(_ workload: Workload) -> Outcome {
    switch workload {
    case .timers(let count, let reschedules):
      return runTimers(count: count, reschedules: reschedules)
    case .oneShots(let deadlines):
      return runOneShots(deadlines: deadlines)
    }
  }

  /// State shared by every event of one run.
  final class Recorder {
    var digest = OrderDigest()
    let loop = Loop.make()
  }

  /// One timer: each firing records itself and schedules the next, until none are left.
  final class SelfReschedulingTimer {
    let id: Int64
    let period: SimDuration
    var remaining: Int
    unowned let recorder: Recorder

    init(id: Int, reschedules: Int, recorder: Recorder) {
      self.id = Int64(id)
      self.period = .ns(Workload.period(ofTimer: id))
      self.remaining = reschedules
      self.recorder = recorder
    }

    func start() {
      recorder.loop.add(after: period) { self.fire() }
    }

    func fire() {
      recorder.digest.add(recorder.loop.now.nanoseconds ^ id)
      remaining -= 1
      if remaining > 0 { recorder.loop.add(after: period) { self.fire() } }
    }
  }

  static func runTimers(count: Int, reschedules: Int) -> Outcome {
    let recorder = Recorder()
    let timers = (0..<count).map {
      SelfReschedulingTimer(id: $0, reschedules: reschedules, recorder: recorder)
    }
    for timer in timers { timer.start() }
    recorder.loop.drain()
    return outcome(recorder)
  }

  /// Schedules every deadline up front (in the given, random order), then runs them all.
  static func runOneShots(deadlines: [Int64]) -> Outcome {
    let recorder = Recorder()
    for (index, deadline) in deadlines.enumerated() {
      let id = Int64(index)
      recorder.loop.add(at: SimTime(nanoseconds: deadline)) { [unowned recorder] in
        recorder.digest.add(recorder.loop.now.nanoseconds ^ id)
      }
    }
    recorder.loop.drain()
    return outcome(recorder)
  }

  private static func outcome(_ recorder: Recorder) -> Outcome {
    Outcome(
      events: recorder.loop.eventsRun, finalTime: recorder.loop.now,
      orderDigest: recorder.digest.value)
  }
}
