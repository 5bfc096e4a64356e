import Scenarios
import SimKernel

extension CaseGenerator {
  /// Draws a trace from `start` to the trace length, keeping every row index in range.
  func drawEvents(
    rows initialRows: Int, config: SwarmConfiguration, from start: SimTime,
    _ random: inout FuzzRandom
  ) -> [Scenario.Event] {
    var rows = initialRows
    var time = start
    let end = SimTime.zero + traceLength
    var events: [Scenario.Event] = []
    let kinds = config.events.map { ($0, $0.weight) }
    var nextItem = 1_000
    while time < end {
      let kind = random.weighted(kinds)
      if let action = draw(kind, rows: rows, nextItem: &nextItem, &random) {
        events.append(Scenario.Event(at: time, action: action))
        rows += action.rowCountChange
        if kind == .disappear {
          let back = Swift.min(time + .ms(Int64(random.int(100...2000))), end)
          events.append(Scenario.Event(at: back, action: .appear))
        }
      }
      time += .ms(Int64(random.weighted([(random.int(30...200), 2), (random.int(201...900), 1)])))
    }
    return events
  }

  /// One action of `kind` for a table of `rows` rows, or nil when it cannot apply.
  func draw(
    _ kind: SwarmConfiguration.EventKind, rows: Int, nextItem: inout Int,
    _ random: inout FuzzRandom
  ) -> Scenario.Action? {
    let row = random.int(0...(rows - 1))
    let velocity = Double(random.int(-50...50) * 100)
    switch kind {
    case .drag:
      return .drag(
        by: Double(random.int(-150...250) * 10), over: .ms(Int64(random.int(5...60) * 10)))
    case .release: return .release(velocity: velocity)
    case .fling: return .fling(velocity: velocity == 0 ? 3000 : velocity)
    case .touch: return .touch
    case .lift: return .lift
    case .scrollTo: return .scrollTo(row: row, animated: random.chance(0.6))
    case .statusBarTap: return .statusBarTap
    case .insertRows:
      return .insertRows(at: random.int(0...rows), count: random.int(1...3))
    case .deleteRows:
      guard rows > 1 else { return nil }
      return .deleteRows(
        at: min(row, rows - 2), count: min(random.int(1...2), rows - 1 - min(row, rows - 2)))
    case .moveRow:
      guard rows > 1 else { return nil }
      return .moveRow(from: row, to: random.int(0...(rows - 1)))
    case .reloadRows:
      let picked = Set((0..<random.int(1...3)).map { _ in random.int(0...(rows - 1)) })
      return .reloadRows(picked.sorted())
    case .reloadData: return .reloadData
    case .setURL:
      nextItem += 1
      let url =
        random.chance(0.5)
        ? "https://img.test/\(random.int(0...(rows - 1))).png"
        : "https://img.test/alt-\(nextItem).png"
      return .setURL(row: row, url: url, fixture: nil)
    case .setImage: return .setImage(row: row)
    case .memoryWarning: return .memoryWarning
    case .disappear: return .disappear
    }
  }

  /// Draws the network script for the enabled fault kinds; holds and `offline` outages add
  /// their events to `events`.
  func drawNetwork(
    rows: Int, config: SwarmConfiguration, events: inout [Scenario.Event],
    _ random: inout FuzzRandom
  ) -> Scenario.Network {
    var network = Scenario.Network()
    func ms(_ range: ClosedRange<Int>) -> SimDuration { .ms(Int64(random.int(range))) }
    func url() -> String { "https://img.test/\(random.int(0...(rows - 1))).png" }
    let end = traceLength.nanoseconds / 1_000_000
    if config.has(.latency) {
      if random.chance(0.5) {
        let low = random.int(1...30) * 10
        network.latency = .uniform(
          min: .ms(Int64(low)), max: .ms(Int64(low + random.int(1...120) * 10)))
      } else {
        let median = random.int(2...40) * 10
        network.latency = .lognormal(
          median: .ms(Int64(median)), p99: .ms(Int64(median * random.int(2...10))))
      }
    } else {
      network.latency = .fixed(.ms(Int64(random.int(2...30) * 10)))
    }
    if config.has(.bandwidth) {
      network.bandwidth = ByteSize(bytes: Int64(random.int(50...5_000)) * 1_000)
    }
    if config.has(.slowURLs) {
      for _ in 0..<random.int(1...4) {
        network.rules.append(Scenario.NetworkRule(match: url(), latency: .fixed(ms(80...300) * 10)))
      }
    }
    if config.has(.failures) {
      for _ in 0..<random.int(1...3) {
        var rule = Scenario.NetworkRule(match: url())
        switch random.int(0...2) {
        case 0: rule.fail = .status(random.element([404, 500, 503]))
        case 1:
          rule.fail = .timeout
          rule.after = ms(10...100) * 10
        default: rule.fail = .resetAfter(ByteSize(bytes: Int64(random.int(2...40)) * 100))
        }
        if random.chance(0.5) { rule.times = random.int(1...2) }
        network.rules.append(rule)
      }
    }
    if config.has(.corruption) {
      for _ in 0..<random.int(1...2) {
        network.rules.append(
          Scenario.NetworkRule(match: url(), corrupt: random.element(Scenario.Corruption.allCases)))
      }
    }
    if config.has(.holds) {
      for _ in 0..<random.int(1...2) {
        let held = url()
        network.rules.append(Scenario.NetworkRule(match: held, hold: true))
        if random.chance(0.8) {
          let at = SimTime.zero + .ms(Int64(random.int(2...(Int(end) / 10)) * 10))
          events.append(Scenario.Event(at: at, action: .releaseHeld(match: held)))
        }
      }
    }
    if config.has(.outages) {
      for _ in 0..<random.int(1...2) {
        let from = SimTime.zero + .ms(Int64(random.int(1...(Int(end) / 10)) * 10))
        let length = ms(10...200) * 10
        if random.chance(0.5) {
          network.outages.append(Scenario.Outage(from: from, to: from + length))
        } else {
          events.append(Scenario.Event(at: from, action: .offline(for: length)))
        }
      }
      network.outages.sort { $0.from < $1.from }
    }
    return network
  }
}
