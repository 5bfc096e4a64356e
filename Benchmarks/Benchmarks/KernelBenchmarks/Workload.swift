import SimKernel

/// One benchmark workload, described the same way for every system under test so that
/// CellSim's kernel and `TestClock` are measured on identical deadlines.
enum Workload: Sendable {
  /// `count` timers; timer `i` fires every `period(i)` and is rescheduled by its own event
  /// until it has fired `reschedules` times. Events: `count × reschedules`.
  case timers(count: Int, reschedules: Int)
  /// One-shot events, one per deadline (in ns), scheduled in the order given.
  case oneShots(deadlines: [Int64])

  /// `count` one-shot events at distinct pseudo-random deadlines (see `oneShotDeadlines`).
  static func oneShots(count: Int) -> Workload {
    .oneShots(deadlines: oneShotDeadlines(count: count))
  }

  /// The number of events (or completed sleeps) the workload must produce.
  var expectedEvents: Int {
    switch self {
    case .timers(let count, let reschedules): return count * reschedules
    case .oneShots(let deadlines): return deadlines.count
    }
  }

  /// A short label for tables, e.g. `timers 100×100` or `one-shots 1000`.
  var label: String {
    switch self {
    case .timers(let count, let reschedules): return "(a) timers \(count)×\(reschedules)"
    case .oneShots(let deadlines): return "(b) one-shots \(deadlines.count)"
    }
  }

  /// The latest deadline of any event, in ns: how far a clock must advance to run them all.
  var horizon: Int64 {
    switch self {
    case .timers(let count, let reschedules):
      return Workload.period(ofTimer: max(count - 1, 0)) * Int64(reschedules)
    case .oneShots(let deadlines): return deadlines.max() ?? 0
    }
  }

  /// The period of timer `index`: 1 ms plus `index` µs, so timers drift apart and most
  /// deadlines differ, as real timers' do.
  static func period(ofTimer index: Int) -> Int64 {
    1_000_000 + Int64(index) * 1_000
  }

  /// `count` distinct deadlines in ns, in scheduling order, drawn from a SplitMix64 stream
  /// seeded with `seed` (the benchmark's own: the kernel's seeded streams are package API).
  ///
  /// Deadline `i` is `(r mod 2^20 + 1) × count + i` µs for a random `r`, so deadlines are
  /// distinct (they differ modulo `count`), spread over about a simulated second per thousand
  /// events, and in random order. The same seed always gives the same list.
  static func oneShotDeadlines(count: Int, seed: UInt64 = 42) -> [Int64] {
    var state = seed
    return (0..<count).map { index in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      let slot = Int64((z ^ (z >> 31)) % (1 << 20)) + 1
      return (slot * Int64(count) + Int64(index)) * 1_000
    }
  }
}
