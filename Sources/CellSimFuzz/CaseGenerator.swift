package import Scenarios
package import SimKernel
package import SimPlatform

/// Generates one fuzz case, a `Scenario`, from a seed: swarm configuration first
/// (`SwarmConfiguration`, which documents every kind, weight and bound), then the table, the
/// images, the network script and the trace. A pure function of its inputs.
package struct CaseGenerator: Sendable {
  /// The loader the cases name.
  package var loader: String
  /// The invariants the cases check.
  package var invariants: Scenario.Invariants = .standard
  /// Swarm testing (the default); false enables every kind in every case.
  package var swarm = true
  /// The simulated length of a trace: events stop before it, and the run ends 3 s later.
  package var traceLength = SimDuration.s(10)
  /// A scenario to fuzz around (`--base`): its table, images and options are kept, and its
  /// trace and network are mutated instead of drawn afresh.
  package var base: Scenario?
  /// For async loaders: each case also sets the loader option `schedule_seed` to a nonzero key
  /// derived from the case seed (no random draw, so the rest of the case is unchanged), so the
  /// campaign explores interleavings of ready jobs as well as traces; a finding replays with
  /// the same key.
  package var scheduleSeeds = false
  /// Boolean loader options the campaign explores: each is on in the cases whose seed is odd
  /// (no random draw, so the rest of the case is unchanged). `cellsim fuzz` fills it with
  /// `progressOption` when the loader declares it, so `reference`'s progress views (and
  /// `progress_isolation`) are fuzzed in half the cases.
  package var exploredFlags: [String] = []
  /// Scheduling noise (`SchedulingNoise`) in half the cases: those whose seed has bit 1 set get
  /// `noise:` with a schedule seed derived from the case seed, and one in two of them a busy
  /// device's heavy tail (half the wake-ups long, the main thread's up to 8 ms), which reaches
  /// windows a few milliseconds wide within a campaign. No random draw, so the rest of the case
  /// is unchanged; a finding's file carries its noise and replays exactly.
  package var noise = true
  /// With `noise`, the cases whose seed has bit 3 set also configure a frame's cells paced over
  /// the frame (`cell_timing: paced`) instead of all at the vsync; no random draw. A `--base`
  /// case keeps the base's table, cell timing included.
  /// The loader option that shows download progress (`reference`'s `progress`).
  package static let progressOption = "progress"

  /// The fixtures every generated case serves: 13 distinct images, so that a cell recycled
  /// about 11 rows on never shows identical bytes by chance.
  package static let fixtures = [
    "photos/*.png", "generated/size-640x427-rgb-8bit.png",
    "generated/size-256x256-palette-8bit.png",
  ]

  package init(loader: String) {
    self.loader = loader
  }

  /// The case for `seed`, and the swarm configuration it was drawn with.
  package func generate(seed: UInt64) -> (scenario: Scenario, swarm: SwarmConfiguration) {
    var random = FuzzRandom(seed: seed)
    let config = swarm ? SwarmConfiguration.draw(&random) : .everything
    if let base {
      var scenario = mutate(base, seed: seed, config: config, &random)
      // A base's own noise is kept, and a base without any gets the campaign's; its table,
      // cell timing included, is the base's.
      if noise, scenario.noise == nil { scenario.noise = Self.noise(forCase: seed) }
      return (scenario, config)
    }
    let rows = random.weighted([(random.int(12...40), 3), (random.int(41...150), 2)])
    let table = Scenario.Table(
      rows: rows, columns: random.chance(0.8) ? 1 : random.int(2...3),
      prefetching: random.chance(0.5), prefetchDistance: random.int(1...10),
      layoutOrder: random.chance(0.7) ? .displayFirst : .endFirst,
      cellPrefetching: random.chance(0.3), reuseOrder: random.chance(0.7) ? .lifo : .fifo)
    var images = Scenario.Images(
      urlTemplate: "https://img.test/{id}.png", fixtures: Self.fixtures)
    if config.has(.sharedURLs) { images.shared = sharedGroups(rows: rows, &random) }
    var scenario = Scenario(
      name: "fuzz case \(seed)", seed: seed, loader: Scenario.Loader(name: loader),
      device: random.chance(0.75) ? nil : Scenario.Device(profile: "iphone-se"), table: table,
      images: images, invariants: invariants)
    var events = drawEvents(rows: rows, config: config, from: SimTime.zero + .ms(100), &random)
    scenario.network = drawNetwork(rows: rows, config: config, events: &events, &random)
    scenario.events = events.sorted { $0.at < $1.at }
    scenario.runUntil = SimTime.zero + traceLength + .s(3)
    if scheduleSeeds { scenario.loader = withScheduleSeed(scenario.loader, seed: seed) }
    if !exploredFlags.isEmpty, seed % 2 == 1 {
      scenario.loader = withFlags(exploredFlags, on: scenario.loader)
    }
    if noise {
      scenario.noise = Self.noise(forCase: seed)
      if seed & 8 != 0 { scenario.table.cellTiming = .paced }
    }
    return (scenario, config)
  }

  /// The noise of case `seed` (see `noise`), or nil for a case without.
  package static func noise(forCase seed: UInt64) -> SchedulingNoise? {
    guard seed & 2 != 0 else { return nil }
    var noise = SchedulingNoise(seed: SplitMix64.mix(seed ^ 0x6e6f_6973_65) % 1_000_000_007 + 1)
    if seed & 4 != 0 {
      noise.tailProbability = 0.5
      noise.mainTailMax = .ms(8)
    }
    return noise
  }

  /// `loader` with each of `flags` set to true.
  func withFlags(_ flags: [String], on loader: Scenario.Loader?) -> Scenario.Loader {
    var loader = loader ?? Scenario.Loader(name: self.loader)
    for flag in flags {
      loader.options.removeAll { $0.key == flag }
      loader.options.append(Scenario.Option(key: flag, value: .flag(true)))
    }
    return loader
  }

  /// `loader` with the option `schedule_seed` set from `seed` (never 0, which means FIFO).
  func withScheduleSeed(_ loader: Scenario.Loader?, seed: UInt64) -> Scenario.Loader {
    var loader = loader ?? Scenario.Loader(name: self.loader)
    loader.options.removeAll { $0.key == "schedule_seed" }
    loader.options.append(
      Scenario.Option(key: "schedule_seed", value: .integer(Int64(1 + seed % 1_000_000_000))))
    return loader
  }

  /// `--base`: keeps the base's table, images and options; keeps each event with probability
  /// ¾, then adds new events and network faults drawn from the swarm configuration.
  func mutate(
    _ base: Scenario, seed: UInt64, config: SwarmConfiguration, _ random: inout FuzzRandom
  ) -> Scenario {
    var scenario = base
    scenario.name = "fuzz case \(seed) around \(base.name)"
    scenario.about = nil
    scenario.seed = seed
    scenario.loader = base.loader?.name == loader ? base.loader : Scenario.Loader(name: loader)
    scenario.invariants = invariants
    scenario.expect = .pass
    // Only events that do not change the row count may be dropped, so rows stay valid.
    var events = base.events.filter { $0.action.rowCountChange != 0 || random.chance(0.75) }
    let rows = base.table.rows + events.reduce(0) { $0 + $1.action.rowCountChange }
    let start = (events.last?.at ?? .zero) + .ms(100)
    var added = drawEvents(rows: max(rows, 1), config: config, from: start, &random)
    let extra = drawNetwork(rows: max(rows, 1), config: config, events: &added, &random)
    scenario.network.rules += extra.rules
    scenario.network.outages += extra.outages
    events += added
    scenario.events = events.sorted { $0.at < $1.at }
    scenario.runUntil = (scenario.events.last?.at ?? .zero) + .s(3)
    return scenario
  }

  func sharedGroups(rows: Int, _ random: inout FuzzRandom) -> [[Int]] {
    var used = Set<Int>()
    var groups: [[Int]] = []
    for _ in 0..<random.int(1...3) {
      var group: [Int] = []
      for _ in 0..<random.int(2...4) {
        let id = random.int(0...(rows - 1))
        if used.insert(id).inserted { group.append(id) }
      }
      if group.count >= 2 { groups.append(group) }
    }
    return groups
  }
}
