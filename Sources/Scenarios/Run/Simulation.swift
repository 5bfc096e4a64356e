public import AsyncLoaders
public import Foundation
public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import SimThreads

/// How to run a scenario.
public struct SimulationOptions {
  /// The folder fixture globs are resolved under (the project's `Fixtures/` by default).
  public var fixturesRoot: URL
  /// Overrides the scenario's seed.
  public var seed: UInt64?
  /// Overrides the scenario's loader (its options are kept only if the names match).
  public var loader: String?
  /// The loaders known by name.
  public var catalog: LoaderCatalog
  /// Keep the full trace text in the result (for `--trace FILE` and replay).
  public var keepTrace: Bool
  /// Record no trace at all (when `keepTrace` is false): the result's digest is then that of
  /// the empty trace. For runs judged by their violations alone (fuzz cases, shrink
  /// candidates); recording costs about a tenth of a run.
  package var skipsTrace = false
  /// The most kernel events a run may take before it stops with `RunError.runaway`.
  public var eventLimit: Int
  /// Records frame offsets and the pixels of frames around one, for reports (nil: nothing).
  package var capture: FrameCapture?
  /// Remembers what fixture globs matched, for many runs over one fixtures folder that does
  /// not change meanwhile (a fuzz campaign's cases); nil: every run lists the folder again.
  package var fixtureIndex: FixtureIndex?
  /// Runs every callback of the run (main-thread work, queue items, frames, and an async
  /// loader's jobs, which run as main-thread and worker work) on a real thread of the
  /// blocking-thread scheduler instead of in place: the cost of blocking threads, with the same
  /// verdicts and metrics (the trace gains `thread.start` and `thread.end` lines).
  public var callbacksOnThreads = false
  /// Turns scheduling noise on with this schedule seed (`SchedulingNoise`), or, for a scenario
  /// that has `noise:`, replaces its seed and keeps its other settings. Nil: the scenario's own.
  public var noiseSeed: UInt64?

  /// Options with the given fixtures root and every loader CellSim ships
  /// (`LoaderCatalog.standard`: the callback and the async loaders).
  public init(
    fixturesRoot: URL, seed: UInt64? = nil, loader: String? = nil,
    catalog: LoaderCatalog = .standard, keepTrace: Bool = false, eventLimit: Int = 200_000_000
  ) {
    self.eventLimit = eventLimit
    self.fixturesRoot = fixturesRoot
    self.seed = seed
    self.loader = loader
    self.catalog = catalog
    self.keepTrace = keepTrace
  }
}

/// Runs scenarios: builds the world, the network, the table and the loader, applies the
/// events, checks the invariants and collects the metrics.
public enum Simulation {
  /// The loader used when neither the scenario nor the options name one.
  public static let defaultLoader = "reference"

  /// Runs `scenario` with `options`.
  ///
  /// A loader with a run host (an async loader) runs inside it: the world is built here, and
  /// the rest of the run happens in the host's body. Async simulations take turns in a process
  /// (the Swift runtime's hooks are process-global), so such a call waits while another one
  /// runs; callback loaders never wait.
  public static func run(_ scenario: Scenario, options: SimulationOptions) throws(RunError)
    -> RunResult
  {
    let name = options.loader ?? scenario.loader?.name ?? defaultLoader
    // Unknown loaders and bad options are reported by `SimulationRun` as setup errors.
    guard let entry = try? options.catalog.entry(named: name), let host = entry.host,
      let loaderOptions = try? entry.validate(SimulationRun.loaderOptions(scenario, name: name))
    else {
      let run = try SimulationRun(scenario: scenario, options: options)
      return try run.execute()
    }
    let world = try SimulationRun.makeWorld(scenario: scenario, options: options)
    let outcome = HostedOutcome()
    let problems = host.host(world: world, options: loaderOptions) {
      do throws(RunError) {
        let run = try SimulationRun(scenario: scenario, options: options, world: world)
        outcome.result = .success(try run.execute())
      } catch {
        outcome.result = .failure(error)
      }
    }
    if !problems.isEmpty {
      throw .nondeterministic(
        "loader \(name): " + problems.joined(separator: "\n")
          + "\nthe run's result cannot be trusted; see CellSim's documentation, \"Async loaders\"")
    }
    guard let result = outcome.result else {
      throw .nondeterministic("loader \(name): the run host did not run the scenario")
    }
    return try result.get()
  }

  /// Runs `scenario` with the loader called `loader` (nil: the scenario's) under
  /// `fixturesRoot`.
  public static func run(
    _ scenario: Scenario, loader: String? = nil, fixturesRoot: URL, seed: UInt64? = nil
  ) throws(RunError) -> RunResult {
    try run(
      scenario, options: SimulationOptions(fixturesRoot: fixturesRoot, seed: seed, loader: loader))
  }

  /// Runs `scenario` with a loader of your own, callback or async (registered under its name
  /// for this run). With `keepTrace`, the result's `traceText` holds the full trace, as
  /// `cellsim run --trace` writes. An async loader's run happens inside an async simulation of
  /// the run's world; async runs take turns in a process: a call waits while another async run
  /// is in progress, so parallel tests stay correct.
  public static func run<L: RunnableLoader>(
    _ scenario: Scenario, loader: L.Type, fixturesRoot: URL, seed: UInt64? = nil,
    keepTrace: Bool = false
  ) throws(RunError) -> RunResult {
    var catalog = LoaderCatalog.standard
    L.register(in: &catalog)
    return try run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: fixturesRoot, seed: seed, loader: L.name, catalog: catalog,
        keepTrace: keepTrace))
  }
}

/// The result of a run made inside a loader's run host (written by the host's body).
final class HostedOutcome: @unchecked Sendable {
  @exclusivity(unchecked) var result: Result<RunResult, RunError>?
}

/// One run: the world and everything in it, wired to the oracle and the metrics.
final class SimulationRun {
  let scenario: Scenario
  let world: World
  let server: ImageServer
  let network: FakeNetwork
  let loader: LoaderInstance
  let observed: ObservedDataSource
  let table: TableView
  let oracle: Oracle
  let metrics = MetricsCollector()
  /// The URL of each item id, deleted items included (ids are dense: 0..<rows, then one per
  /// insert; looked up for every displayed row when the oracle asks whether a URL is needed).
  @exclusivity(unchecked) var urlByItem: [String?] = []
  @exclusivity(unchecked) var eventError: RunError?
  let capture: FrameCapture?

  /// The scenario's options for loader `name`: the file's, if it names that loader.
  static func loaderOptions(_ scenario: Scenario, name: String) -> [(
    key: String, value: LoaderOptionValue
  )] {
    scenario.loader?.name == name ? (scenario.loader?.options ?? []).map(\.loaderOption) : []
  }

  /// The scheduling noise a run of `scenario` with `options` has, if any.
  static func noise(of scenario: Scenario, options: SimulationOptions) -> SchedulingNoise? {
    guard let seed = options.noiseSeed else { return scenario.noise }
    var noise = scenario.noise ?? SchedulingNoise(seed: seed)
    noise.seed = seed
    return noise
  }

  /// The world a run of `scenario` with `options` happens in.
  static func makeWorld(scenario: Scenario, options: SimulationOptions) throws(RunError) -> World {
    guard let device = scenario.resolvedDevice else {
      throw .setup("device: the profile or an override is invalid")
    }
    // A scenario built in code (a generated one, say) meets the reader's limits too.
    if let problem = Scenario.Limits.problem(with: scenario) { throw .setup(problem) }
    let world = World(
      seed: options.seed ?? scenario.seed, device: device,
      trace: options.keepTrace ? .full : options.skipsTrace ? .none : .digestOnly,
      eventLimit: options.eventLimit)
    if options.callbacksOnThreads { BlockingThreads.hostEveryCallback(of: world) }
    if let noise = Self.noise(of: scenario, options: options) { world.noise = NoiseSource(noise) }
    // A deadlock ends the run only when the scenario judges it; otherwise the threads stay
    // blocked and the other invariants judge what the user sees.
    world.deadlockEndsRun = scenario.invariants.checks(.deadlock)
    return world
  }

  init(scenario: Scenario, options: SimulationOptions, world given: World? = nil)
    throws(RunError)
  {
    self.scenario = scenario
    self.capture = options.capture
    let world: World
    if let given {
      world = given
    } else {
      world = try Self.makeWorld(scenario: scenario, options: options)
    }
    self.world = world
    let device = world.device
    server = try ImageServer(
      images: scenario.images, fixturesRoot: options.fixturesRoot, index: options.fixtureIndex)
    let items = try server.initialItems(rows: scenario.table.rows)
    // The chunks a transfer is cut into (the reader checks this when it has the fixtures root;
    // a scenario built in code is checked here).
    if let largest = server.largestFixture,
      let problem = Scenario.Limits.chunksProblem(
        bytes: largest.bytes, chunkSize: scenario.network.chunkSize.bytes, fixture: largest.path)
    {
      throw .setup("network: " + problem)
    }
    do {
      network = try FakeNetwork(
        world: world, script: scenario.network.script,
        resolver: { [server] in server.bytes(for: $0) })
    } catch {
      throw .setup("network: \(error)")
    }
    let environment = LoaderEnvironment(world: world, network: network)
    let name = options.loader ?? scenario.loader?.name ?? Simulation.defaultLoader
    let loaderOptions = Self.loaderOptions(scenario, name: name)
    var configuration = scenario.table.configuration
    do {
      let entry = try options.catalog.entry(named: name)
      let validated = try entry.validate(loaderOptions)
      // A loader may shape the table as its article does (seed 003's taller table).
      entry.adjust(&configuration, options: validated, device: device)
      loader = try entry.make(environment: environment, options: validated)
    } catch {
      throw .setup("loader: \(error)")
    }
    var urls = [String?](repeating: nil, count: (items.map(\.id).max() ?? -1) + 1)
    for item in items {
      let expected = loader.expectedURL?(item.url) ?? item.url
      try server.registerAlias(expected, of: item.url)
      urls[item.id] = expected
    }
    urlByItem = urls
    observed = ObservedDataSource(loader.dataSource)
    do {
      table = try TableView(
        world: world, model: TableModel(items: items, urlTemplate: scenario.images.urlTemplate),
        configuration: configuration, dataSource: observed)
    } catch {
      throw .setup("table: \(error)")
    }
    table.expectedURLMapping = loader.expectedURL
    oracle = Oracle(
      world: world, table: table, network: network, server: server,
      checks: scenario.invariants.checks, metrics: metrics)
    oracle.facts.loaderHearsManualImages = loader.dataSource is any ManualImageObserver
    try applyWarmStart(items: items)
    wire()
  }

  func wire() {
    let oracle = self.oracle
    let metrics = self.metrics
    observed.observe = { oracle.tableCallback($0) }
    observed.urlOfItem = { [unowned self] in urlOfItem($0) }
    oracle.setURLOfItem { [unowned self] in urlOfItem($0) }
    // The subscriber captures no `self`: the run owns the table that owns it (removed at
    // `tearDown`), so it would have to be unowned, and reading an unowned reference is a
    // checked retain and a release every frame. The table comes through the oracle.
    let capture = self.capture
    let device = world.device
    table.displayLog.subscribe { frame in
      oracle.frameCommitted(frame)
      // The rows within the screen's bounds, computed once per frame rather than per cell.
      let onscreen = Self.onscreenRows(of: oracle.table, offset: frame.offset)
      metrics.frameCommitted(frame, correct: oracle.frameCorrect, onscreenRows: onscreen)
      if let capture { capture.committed(frame, table: oracle.table, device: device) }
    }
    // The kinds the metrics and the oracle read (`platformReport`, the switch below).
    world.reports.subscribe(to: [.cache, .requestQueue, .mainWorkEnded, .memoryWarning]) {
      report in
      metrics.platformReport(report)
      switch report {
      case .mainWorkEnded: oracle.mainWorkEnded()
      case .memoryWarning: oracle.memoryWarningDelivered()
      case .requestQueue: oracle.requestQueueChanged()
      default: break
      }
    }
    world.reports.subscribe(to: [.deadlock]) {
      if case .deadlock(let report) = $0 { oracle.deadlockFound(report) }
    }
    world.reports.subscribe(to: [.requestLifecycle]) {
      if case .requestLifecycle(let report) = $0 { oracle.requestLifecycle(report) }
    }
    world.reports.subscribe(to: [.priority]) {
      if case .priority(let report) = $0 { oracle.priorityReport(report) }
    }
    world.reports.subscribe(to: [.work]) {
      if case .work(let report) = $0 { oracle.workStarted(report) }
    }
    network.subscribe { [network] event in
      if case .queued = event.kind {
        metrics.transferQueued(duplicate: network.outstanding(for: event.record.url) > 1)
      }
      oracle.transferEvent(event)
    }
  }

  /// The URL item `id` has (or had, if deleted), if the item ever existed.
  func urlOfItem(_ id: Int) -> String? {
    id >= 0 && id < urlByItem.count ? urlByItem[id] : nil
  }

  /// Records that item `id` has `url` (what its cell should show: the loader's expected URL
  /// for it, served with `url`'s fixture).
  func setURL(_ url: String, ofItem id: Int) throws(RunError) {
    let expected = loader.expectedURL?(url) ?? url
    try server.registerAlias(expected, of: url)
    urlByItem.extend(toInclude: id, with: nil)
    urlByItem[id] = expected
  }

  /// The rows within the screen's bounds at `offset` (the preload margin excluded): what the
  /// user actually sees.
  static func onscreenRows(of table: TableView, offset: Double) -> Range<Int> {
    let layout = table.layout
    return layout.rows(onLines: layout.lines(from: offset, to: offset + layout.viewportHeight))
  }

  /// Breaks the reference cycles of a finished run (the world holds closures that capture
  /// the oracle, the loader and the table, which hold the world), so it is freed.
  func tearDown() {
    world.tearDown()
    network.tearDown()
    table.displayLog.removeAllSubscribers()
    observed.observe = { _ in }
    observed.urlOfItem = { _ in nil }
    oracle.setURLOfItem { _ in nil }
  }

  func execute() throws(RunError) -> RunResult {
    defer { tearDown() }
    for (index, event) in scenario.events.enumerated() {
      world.loop.schedule(at: event.at) { [self] in
        let body = { [self] in
          guard eventError == nil else { return }
          do {
            try apply(event.action)
          } catch {
            eventError = .invalidEvent(index: index, message: "\(event.action.key): \(error)")
          }
        }
        // Touches, data-source changes and app events reach the app on the main thread, as
        // run-loop sources in every mode; network script events act on the network at once.
        if event.action.isNetworkEvent {
          body()
        } else {
          world.main.perform(inModes: .common, label: "event.\(event.action.key)") { _ in body() }
        }
      }
    }
    let end = scenario.endTime
    do {
      try world.run(until: end)
    } catch {
      switch error {
      case .runaway(let limit, let at):
        throw .runaway(
          "runaway simulation: the run reached its cap of \(limit) simulated events at t=\(at), "
            + "before its end at t=\(end); something may keep rescheduling itself")
      }
    }
    if let reason = world.abortReason { throw .setup(reason) }
    if let eventError { throw eventError }
    if let failure = world.threadHost?.failureDescription { throw .nondeterministic(failure) }
    oracle.finish()
    var collected = metrics.finish(world: world, network: network, end: end)
    collected[.wastedWork] = Double(oracle.wastedWork.wasted.count)
    collected[.wastedWorkBytes] = Double(oracle.wastedWork.wastedBytes)
    let ordered = Scenario.Metric.allCases.map { (metric: $0, value: collected[$0] ?? 0) }
    let reasons = scenario.expect.unmetReasons(violations: oracle.report, metrics: ordered)
    return RunResult(
      name: scenario.name, loader: loader.name, seed: world.random.seed,
      violations: oracle.report, metrics: ordered, digest: world.trace.digestHex,
      meetsExpectation: reasons.isEmpty, unmetReasons: reasons, events: world.loop.eventsRun,
      endTime: world.now,
      traceText: world.trace.retention == .full ? world.trace.fullText : nil)
  }
}
