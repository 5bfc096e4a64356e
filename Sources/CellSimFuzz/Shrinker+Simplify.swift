import Scenarios
import SimKernel
import SimPlatform

extension Shrinker {
  /// Pass 3: round times, distances, velocities and latencies; counts toward 1; optional rule
  /// fields dropped.
  mutating func simplifyNumbers(_ current: inout Scenario) {
    // Move the whole trace earlier: the first event at 100 ms, or halfway there.
    if let first = current.events.first?.at, first > SimTime.zero + .ms(100) {
      for target in [SimTime.zero + .ms(100), SimTime(nanoseconds: first.nanoseconds / 2)] {
        let shift = first - target
        let shifted = attempt(&current) { candidate in
          for index in candidate.events.indices {
            candidate.events[index].at = candidate.events[index].at - shift
          }
          candidate.runUntil = candidate.runUntil.map { $0 - shift }
          candidate.network.outages = candidate.network.outages.map {
            Scenario.Outage(
              from: $0.from >= SimTime.zero + shift ? $0.from - shift : .zero,
              to: $0.to >= SimTime.zero + shift + .ms(1) ? $0.to - shift : .zero + .ms(1))
          }
        }
        if shifted { break }
      }
    }
    for index in current.events.indices {
      for step in [Int64(1_000), 100, 10] {
        let at = current.events[index].at
        let rounded = SimTime(
          nanoseconds: max(1, at.nanoseconds / (step * 1_000_000)) * step * 1_000_000)
        if rounded != at,
          attempt(
            &current,
            {
              $0.events[index].at = rounded
              $0.events.sortByTime()
            })
        {
          break
        }
      }
      guard index < current.events.count else { break }
      for action in Self.simpler(current.events[index].action) {
        if attempt(&current, { $0.events[index].action = action }) { break }
      }
    }
    attempt(&current) { $0.network.latency = nil }
    if case .some(let latency) = current.network.latency {
      for simpler in Self.simpler(latency) where attempt(&current, { $0.network.latency = simpler })
      {
        break
      }
    }
    attempt(&current) { $0.network.bandwidth = nil }
    attempt(&current) { $0.network.chunkSize = Scenario.Network.defaultChunkSize }
    for index in current.network.rules.indices {
      attempt(&current) { $0.network.rules[index].times = nil }
      attempt(&current) { $0.network.rules[index].after = nil }
      attempt(&current) { $0.network.rules[index].bandwidth = nil }
      if let latency = current.network.rules[index].latency {
        for simpler in Self.simpler(latency)
        where attempt(&current, { $0.network.rules[index].latency = simpler }) {
          break
        }
      }
    }
  }

  /// Pass 4: the table, the device, the loader options and the end of the run.
  mutating func simplifyTable(_ current: inout Scenario) {
    let defaults = Scenario.Table(rows: current.table.rows)
    attempt(&current) { $0.table.columns = 1 }
    attempt(&current) { $0.table.prefetching = false }
    attempt(&current) { $0.table.cellPrefetching = false }
    attempt(&current) { $0.table.layoutOrder = defaults.layoutOrder }
    attempt(&current) { $0.table.reuseOrder = defaults.reuseOrder }
    attempt(&current) { $0.table.prefetchDistance = defaults.prefetchDistance }
    attempt(&current) { $0.table.cellTiming = defaults.cellTiming }
    attempt(&current) { $0.device = nil }
    // A finding that needs no noise is simpler without it; one that does keeps the schedule
    // seed it was found with, and the defaults where they suffice.
    if let noise = current.noise, !attempt(&current, { $0.noise = nil }) {
      attempt(&current) { $0.noise = SchedulingNoise(seed: noise.seed) }
    }
    while let option = current.loader?.options.last {
      guard attempt(&current, { $0.loader?.options.removeAll { $0.key == option.key } }) else {
        break
      }
    }
    var rows = current.table.rows
    while rows > 1 {
      let smaller = [rows / 2, rows - 10, rows - 1].filter { $0 >= 1 && $0 < rows }
      guard let next = smaller.first(where: { n in attempt(&current) { $0.table.rows = n } })
      else { break }
      rows = next
    }
    if let last = current.events.last?.at {
      for extra in [Int64(1), 2, 3] {
        let end = last + .s(extra)
        if current.runUntil.map({ end < $0 }) ?? true,
          attempt(&current, { $0.runUntil = end })
        {
          break
        }
      }
    }
  }

  /// Simpler actions to try in place of `action`, simplest first.
  static func simpler(_ action: Scenario.Action) -> [Scenario.Action] {
    func round(_ value: Double, _ step: Double) -> Double {
      let r = (value / step).rounded() * step
      return r == 0 ? (value < 0 ? -step : step) : r
    }
    func round(_ d: SimDuration, _ step: Int64) -> SimDuration {
      .ms(max(step, Int64((d.milliseconds / Double(step)).rounded()) * step))
    }
    switch action {
    case .drag(let by, let over):
      return [
        .drag(by: round(by, 500), over: .ms(300)),
        .drag(by: round(by, 100), over: round(over, 100)),
        .drag(by: by, over: round(over, 100)),
      ]
    case .release(let velocity):
      return [.lift, .release(velocity: round(velocity, 1_000))]
    case .fling(let velocity):
      return [
        .fling(velocity: velocity < 0 ? -3_000 : 3_000), .fling(velocity: round(velocity, 1_000)),
      ]
    case .scrollTo(let row, let animated):
      return [.scrollTo(row: row, animated: false), .scrollTo(row: 0, animated: animated)]
        + (row > 1 ? [.scrollTo(row: row / 2, animated: animated)] : [])
    case .insertRows(let at, let count):
      return count > 1 ? [.insertRows(at: at, count: 1)] : []
    case .deleteRows(let at, let count):
      return count > 1 ? [.deleteRows(at: at, count: 1)] : []
    case .reloadRows(let rows):
      return rows.count > 1 ? rows.map { .reloadRows([$0]) } : [.reloadData]
    case .offline(let length):
      return [.offline(for: round(length, 100))]
    default:
      return []
    }
  }

  /// Simpler latencies: fixed round values.
  static func simpler(_ latency: Scenario.Latency) -> [Scenario.Latency] {
    func round(_ d: SimDuration, _ step: Int64) -> SimDuration {
      .ms(max(step, Int64((d.milliseconds / Double(step)).rounded()) * step))
    }
    switch latency {
    case .fixed(let d): return [.fixed(round(d, 100)), .fixed(round(d, 10))]
    case .uniform(let low, let high):
      return [.fixed(round(low, 10)), .fixed(round(high, 10))]
    case .lognormal(let median, let p99):
      return [.fixed(round(median, 10)), .fixed(round(p99, 10))]
    }
  }
}

extension Array where Element == Scenario.Event {
  /// Sorts by time; events at the same time keep their order (the format's rule).
  mutating func sortByTime() {
    self = enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(
      \.element)
  }
}
