public import ImageLoaders
import SimAsync
import SimPlatform
import SimTable

/// Runs a scenario with an async loader inside an async simulation of the run's world, so
/// that every job of the loader's tasks is an event of the world (`SimAsync`).
///
/// Async simulations take turns in a process (the runtime's hooks are process-global):
/// `host` waits while another one runs, which is how the testing helper and `cellsim compare`
/// serialize async runs by themselves. Suspended tasks left when a scenario ends are normal
/// (loads in flight at `run_until`) and are not problems; a job resumed from a real thread, a
/// real-clock sleep and a blocked job are.
struct AsyncLoaderHost: LoaderRunHost {
  func host(world: World, options: LoaderOptions, _ body: @escaping () -> Void) -> [String] {
    let key = UInt64(options.integer(AsyncLoaderCatalog.scheduleOption))
    let schedule: AsyncSimulationOptions.Schedule = key == 0 ? .fifo : .seeded(key: key)
    do {
      let report = try withAsyncSimulation(
        world: world, options: AsyncSimulationOptions(schedule: schedule)
      ) { _ in body() }
      return report.diagnostics.map(\.description)
    } catch {
      return ["\(error)"]
    }
  }
}

/// The catalog side of async loaders: entries for the loader catalog, and the catalog of every
/// loader CellSim ships.
public enum AsyncLoaderCatalog {
  /// The option every async loader accepts: 0 runs ready jobs first in, first out (the
  /// default); any other value permutes ready pool jobs with that key, reproducibly, to find
  /// interleaving bugs (`AsyncSimulationOptions.Schedule.seeded`).
  public static let scheduleOption = "schedule_seed"

  static let scheduleSpec = LoaderOptionSpec(
    scheduleOption, .integer(0...1_000_000_000), default: "0",
    "0: run ready jobs first in, first out; another value: permute ready pool jobs with it")

  /// The async loaders CellSim ships, in `cellsim loaders` order.
  nonisolated(unsafe) public static let builtInTypes: [any AsyncCatalogLoader.Type] = [
    AsyncReferenceLoader.self,
    AsyncImageLoader.self,
    AsyncUncheckedLoader.self,
    AsyncUncancelledLoader.self,
    AsyncProgressiveLoader.self,
  ]

  /// A catalog entry for `type`: built on the main actor, inside the run's async simulation.
  package static func entry<L: AsyncCatalogLoader>(_ type: L.Type) -> LoaderCatalog.Entry {
    LoaderCatalog.Entry(
      name: L.name, seed: L.seed, summary: L.summary, options: L.optionSpecs + [scheduleSpec],
      host: AsyncLoaderHost(),
      make: { environment, options throws(LoaderError) in
        try makeInstance(L.self, platform: environment, options: options)
      },
      adjuster: { configuration, options, device in
        L.adjust(&configuration, options: options, device: device)
      })
  }

  /// Builds `L` and its data source on the simulated main actor.
  static func makeInstance<L: AsyncCatalogLoader>(
    _ type: L.Type, platform: LoaderEnvironment, options: LoaderOptions
  ) throws(LoaderError) -> LoaderInstance {
    guard let simulation = AsyncSimulation.running else {
      preconditionFailure(
        "async loader \(L.name) was built outside an async simulation; run it through "
          + "Simulation.run, which hosts it")
    }
    let environment = AsyncLoaderEnvironment(platform: platform, simulation: simulation)
    let made = MainActor.assumeIsolated {
      () -> SimulationBound<Result<LoaderInstance, LoaderError>> in
      do throws(LoaderError) {
        let loader = try L(environment: environment, options: options)
        return SimulationBound(
          .success(
            LoaderInstance(
              name: L.name, dataSource: AsyncLoaderDataSource(loader), loader: loader)))
      } catch {
        return SimulationBound(.failure(error))
      }
    }
    return try made.value.get()
  }
}

extension LoaderCatalog {
  /// Every loader CellSim ships: the callback loaders of `builtIn`, then the async loaders
  /// (`AsyncLoaderCatalog.builtInTypes`). What `cellsim run` and `compare` know by name.
  public static var standard: LoaderCatalog {
    var catalog = LoaderCatalog.builtIn
    for type in AsyncLoaderCatalog.builtInTypes { catalog.registerAsync(type) }
    return catalog
  }

  /// Adds the async loader `type` under its name, replacing an entry of the same name.
  public mutating func register<L: AsyncCatalogLoader>(_ type: L.Type) {
    register(AsyncLoaderCatalog.entry(L.self))
  }

  /// `register(_:)` for an existential type.
  mutating func registerAsync(_ type: any AsyncCatalogLoader.Type) {
    register(AsyncLoaderCatalog.entry(type))
  }
}
