import SimKernel

/// An order-sensitive digest of 64-bit words (FNV-1a's step applied to whole words): one
/// multiply per word, cheap enough to run inside every measured event.
struct OrderDigest {
  /// The running digest.
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Folds one word into the digest.
  @inline(__always)
  mutating func add(_ word: Int64) {
    value = (value ^ UInt64(bitPattern: word)) &* 0x0000_0100_0000_01b3
  }
}

/// Runs workloads on CellSim's `EventLoop` the way most simulator code is written: every event
/// is a closure, and a timer is an event that schedules its own next firing.
enum ClosureWorkloads {
  /// State shared by every event of one run.
  final class Recorder {
    var digest = OrderDigest()
    let loop = EventLoop()
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
      recorder.loop.schedule(after: period) { self.fire() }
    }

    func fire() {
      recorder.digest.add(recorder.loop.now.nanoseconds ^ id)
      remaining -= 1
      if remaining > 0 { recorder.loop.schedule(after: period) { self.fire() } }
    }
  }

  /// Runs `workload` on a fresh loop until it is idle; returns the events run and the order
  /// digest.
  static func run(_ workload: Workload) -> (events: Int, digest: UInt64) {
    let recorder = Recorder()
    switch workload {
    case .timers(let count, let reschedules):
      let timers = (0..<count).map {
        SelfReschedulingTimer(id: $0, reschedules: reschedules, recorder: recorder)
      }
      for timer in timers { timer.start() }
      try! recorder.loop.runUntilIdle()
    case .oneShots(let deadlines):
      for (index, deadline) in deadlines.enumerated() {
        let id = Int64(index)
        recorder.loop.schedule(at: SimTime(nanoseconds: deadline)) { [unowned recorder] in
          recorder.digest.add(recorder.loop.now.nanoseconds ^ id)
        }
      }
      try! recorder.loop.runUntilIdle()
    }
    return (recorder.loop.eventsRun, recorder.digest.value)
  }
}
