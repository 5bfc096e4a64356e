public import SimPlatform
public import SimTable

/// A loader CellSim can run by its type: a callback loader (`CatalogLoader`) or an async loader
/// (`AsyncCatalogLoader`, module `AsyncLoaders`). Every helper that takes "your loader" —
/// `Simulation.run(_:loader:…)`, `ScenarioTesting.run`/`require`, `FuzzTesting.fuzz`/`replay` —
/// takes one of these, so a helper of your own is written once for both kinds:
///
/// ```swift
/// func requireSuite<L: RunnableLoader>(_ loader: L.Type) throws { … }
/// ```
public protocol RunnableLoader {
  /// The stable name used in scenarios and on the command line.
  static var name: String { get }
  /// Whether the loader's runs order ready jobs by a seed (an async loader's `schedule_seed`),
  /// which a fuzz campaign then varies from case to case.
  static var hasSeededSchedules: Bool { get }
  /// Adds the loader to `catalog` under its name, replacing an entry of the same name.
  static func register(in catalog: inout LoaderCatalog)
}

/// A loader that describes itself, so a catalog can list it and build it by name.
public protocol CatalogLoader: CellImageLoader, RunnableLoader {
  /// The stable name used in scenarios and on the command line (`loader: reference`).
  static var name: String { get }
  /// The seed article it models, e.g. `002`, or nil.
  static var seed: String? { get }
  /// One line on the strategy.
  static var summary: String { get }
  /// The options it accepts.
  static var optionSpecs: [LoaderOptionSpec] { get }
  /// Changes the table's configuration before the table is built, for strategies that shape
  /// the table itself (seed 003's table "twice as tall" sets `preloadMargin`). The world
  /// builder calls it with the validated options and the run's device; the default does
  /// nothing.
  static func adjust(
    _ configuration: inout TableConfiguration, options: LoaderOptions, device: DeviceProfile)
}

extension CatalogLoader {
  /// False: a callback loader's order is the event loop's.
  public static var hasSeededSchedules: Bool { false }
  /// `catalog.register(Self.self)`.
  public static func register(in catalog: inout LoaderCatalog) { catalog.register(Self.self) }
  /// No options.
  public static var optionSpecs: [LoaderOptionSpec] { [] }
  /// No seed article.
  public static var seed: String? { nil }
  /// Leaves the configuration as it is.
  public static func adjust(
    _ configuration: inout TableConfiguration, options: LoaderOptions, device: DeviceProfile
  ) {}
}

/// What a loader needs around its whole run beyond the world's event loop. Async loaders
/// (module `AsyncLoaders`) run inside an async simulation, so that their tasks' jobs are
/// events of the world: the runner builds the world, then calls `host(world:_:)` with
/// everything else (building the loader, the events, the end of the run) as `body`.
package protocol LoaderRunHost {
  /// Runs `body` once, to its end, with whatever the loader needs installed around it, and
  /// returns what made the run untrustworthy (a job resumed from a real thread, a sleep on a
  /// real clock, a blocked job, a runtime that lacks the hooks); empty when nothing did.
  /// `options` are the loader's validated options. `body` may run on another thread; the call
  /// returns after it.
  func host(world: World, options: LoaderOptions, _ body: @escaping () -> Void) -> [String]
}

/// A loader ready to run: the table's data source, which owns the loader.
package struct LoaderInstance {
  /// The catalog name.
  package let name: String
  /// The data source to hand the table; keep it alive for the run (the table holds it weakly).
  package let dataSource: any TableDataSource
  /// The loader object itself.
  package let loader: AnyObject
  /// The URL whose image a row should show, from its item's URL (nil: the item's URL). Set by
  /// a loader that loads other URLs than the rows' on purpose (a hosted screen that asks for a
  /// thumbnail variant): the run serves each mapped URL with its item's fixture, and the oracle
  /// expects it.
  package let expectedURL: ((String) -> String)?

  /// A loader named `name`, served to the table by `dataSource`.
  package init(
    name: String, dataSource: any TableDataSource, loader: AnyObject,
    expectedURL: ((String) -> String)? = nil
  ) {
    self.name = name
    self.dataSource = dataSource
    self.loader = loader
    self.expectedURL = expectedURL
  }
}

/// The loaders known by name: the built-in catalog plus any a user registers.
public struct LoaderCatalog {
  /// One entry.
  package struct Entry {
    /// The loader's name.
    package let name: String
    /// The seed article it models.
    package let seed: String?
    /// One line on the strategy.
    package let summary: String
    /// Its options.
    package let options: [LoaderOptionSpec]
    /// What the loader's runs need around them (nil: nothing but the world's event loop).
    package let host: (any LoaderRunHost)?
    let make: (LoaderEnvironment, LoaderOptions) throws(LoaderError) -> LoaderInstance
    let adjuster: (inout TableConfiguration, LoaderOptions, DeviceProfile) -> Void

    /// An entry; `make` builds the loader (inside `host`'s body when there is a host).
    package init(
      name: String, seed: String?, summary: String, options: [LoaderOptionSpec],
      host: (any LoaderRunHost)? = nil,
      make: @escaping (LoaderEnvironment, LoaderOptions) throws(LoaderError) -> LoaderInstance,
      adjuster: @escaping (inout TableConfiguration, LoaderOptions, DeviceProfile) -> Void
    ) {
      self.name = name
      self.seed = seed
      self.summary = summary
      self.options = options
      self.host = host
      self.make = make
      self.adjuster = adjuster
    }

    /// Validates `options` against this loader's specs (unknown names and mistyped values are
    /// typed errors with suggestions).
    package func validate(_ options: [(key: String, value: LoaderOptionValue)]) throws(LoaderError)
      -> LoaderOptions
    {
      try LoaderOptions(loader: name, entries: options, specs: self.options)
    }

    /// The loader's `CatalogLoader.adjust`: call it on the table configuration before building
    /// the table.
    package func adjust(
      _ configuration: inout TableConfiguration, options: LoaderOptions, device: DeviceProfile
    ) {
      adjuster(&configuration, options, device)
    }

    /// Builds the loader with already validated `options`.
    package func make(environment: LoaderEnvironment, options: LoaderOptions)
      throws(LoaderError) -> LoaderInstance
    {
      try make(environment, options)
    }
  }

  /// The entries, in the order they were registered.
  package private(set) var entries: [Entry] = []

  /// An empty catalog.
  public init() {}

  /// The built-in callback loaders (docs/design.md, Loaders).
  public static var builtIn: LoaderCatalog {
    var catalog = LoaderCatalog()
    for loader in builtInLoaders { catalog.register(loader) }
    return catalog
  }

  /// The names of the loaders in the catalog.
  public var names: [String] { entries.map(\.name) }

  /// Adds `type` under its name, replacing an entry of the same name.
  public mutating func register<L: CatalogLoader>(_ type: L.Type) {
    entries.removeAll { $0.name == L.name }
    entries.append(
      Entry(
        name: L.name, seed: L.seed, summary: L.summary, options: L.optionSpecs,
        make: { environment, options throws(LoaderError) in
          let loader = try L(environment: environment, options: options)
          return LoaderInstance(name: L.name, dataSource: LoaderDataSource(loader), loader: loader)
        },
        adjuster: { configuration, options, device in
          L.adjust(&configuration, options: options, device: device)
        }))
  }

  /// Adds `entry`, replacing an entry of the same name (how other modules add loaders that are
  /// not `CatalogLoader`s, such as async loaders).
  package mutating func register(_ entry: Entry) {
    entries.removeAll { $0.name == entry.name }
    entries.append(entry)
  }

  /// Adds every entry of `other`, in its order, replacing entries of the same names.
  package mutating func register(contentsOf other: LoaderCatalog) {
    for entry in other.entries { register(entry) }
  }

  /// The entry called `name`, or a typed error suggesting the nearest name.
  package func entry(named name: String) throws(LoaderError) -> Entry {
    guard let entry = entries.first(where: { $0.name == name }) else {
      throw .unknownLoader(name, suggestion: nearestName(to: name, in: names))
    }
    return entry
  }

  /// Validates `options` and builds the loader called `name`.
  package func make(
    _ name: String, options: [(key: String, value: LoaderOptionValue)] = [],
    environment: LoaderEnvironment
  ) throws(LoaderError) -> LoaderInstance {
    let entry = try entry(named: name)
    return try entry.make(environment, entry.validate(options))
  }
}
