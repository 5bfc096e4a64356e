public import CellSimUIKit
import Foundation
public import ImageLoaders
public import Scenarios
import SimAsync
import SimPlatform
import SimTable
import SimThreads

/// A user's screen for the host to run: how to make its view controller, and how to hand it the
/// scenario's rows.
///
/// ```swift
/// let screen = HostedScreen(
///   makeViewController: { PhotosViewController() },
///   rows: { controller, urls in controller.photoURLs = urls })
/// let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: fixtures)
/// #expect(result.violations.isEmpty)
/// ```
///
/// The scenario's data-source events (insert, delete, move, reload, `set_url`, `reload_data`)
/// change the simulated table; the host tells the view controller's model before any callback
/// the change causes (the table may configure cells inside the mutation, and
/// `tableView(_:cellForRowAt:)` must read the new model, as in an app that updates its model
/// before calling `insertRows`), through
/// `changes` if given, else through `HostedDataChanges` if the view controller adopts it, else
/// by calling `rows` again with every row's URL. A screen whose scenario has no such events never
/// hears of them.
///
/// The oracle expects each row's cell to show the image of the row's scenario URL. A screen that
/// loads another URL for a row on purpose (a thumbnail variant, a CDN rewrite of it) says which
/// with `expectedImageURL`: the run then serves that URL with the row's fixture, and the oracle
/// expects its image instead.
public struct HostedScreen {
  /// The name the run's loader is registered under (it appears in results and traces).
  public var name: String
  let make: @MainActor () -> UIViewController
  let rows: @MainActor (UIViewController, [URL]) -> Void
  let changes: (@MainActor (UIViewController, HostedRowChange, [URL]) -> Void)?
  let expectedImageURL: (@Sendable (URL) -> URL)?
  /// Whether UIKit's automatic observation tracking is on (true, as on iOS 26): the methods
  /// UIKit tracks run again in the next update pass when an `@Observable` property they read
  /// changes. False models iOS 18 to 25 without the `UIObservationTrackingEnabled` Info.plist key.
  public var observationTracking = true

  /// A screen made by `makeViewController`, whose model `rows` fills with the scenario's row
  /// URLs (before the view loads), and optionally told of each data change by `changes`.
  /// `expectedImageURL`, if given, names the URL whose image a row of scenario URL `url` should
  /// show (nil: `url` itself).
  public init<ViewController: UIViewController>(
    name: String = "uikit-host",
    makeViewController: @escaping @MainActor () -> ViewController,
    rows: @escaping @MainActor (ViewController, [URL]) -> Void,
    changes: (@MainActor (ViewController, HostedRowChange, [URL]) -> Void)? = nil,
    expectedImageURL: (@Sendable (URL) -> URL)? = nil
  ) {
    self.name = name
    self.expectedImageURL = expectedImageURL
    self.make = makeViewController
    self.rows = { controller, urls in rows(controller as! ViewController, urls) }
    if let changes {
      self.changes = { controller, change, urls in
        changes(controller as! ViewController, change, urls)
      }
    } else {
      self.changes = nil
    }
  }
}

/// What a scenario's data-source event did to the rows, as the host tells a hosted model.
public enum HostedRowChange: Equatable, Sendable {
  /// Rows inserted: they now sit at `rows`.
  case inserted(rows: Range<Int>)
  /// Rows deleted: they sat at `rows`.
  case deleted(rows: Range<Int>)
  /// A row moved.
  case moved(from: Int, to: Int)
  /// The row's URL changed (`set_url`).
  case urlChanged(row: Int)
  /// Rows were reloaded (`reload_rows`, `reload_data`): the URLs did not change. Told after the
  /// table reloaded.
  case reloaded
  /// Any other change: take the URLs as they are now.
  case replaced
}

/// A view controller (or model) that hears the scenario's data changes itself. The table has
/// already applied each change; update the model only, without calling the table's mutations.
@MainActor public protocol HostedDataChanges: AnyObject {
  /// The rows changed by `change`; `urls` are every row's URL now.
  func hostedRowsDidChange(_ change: HostedRowChange, urls: [URL])
}

/// Runs a user's view controller, written against CellSimUIKit, through a scenario: the normal
/// runner builds the world, network and simulated table, and the normal oracle judges what the
/// cells show.
///
/// A run: every callback runs on a blocking thread (`BlockingThreads.hostEveryCallback`), so the
/// user's code may block; the world is installed on the driving thread
/// (`LayerHost.withWorld`) and the scenario's network attached (`Data(contentsOf:)` fetches from
/// it). Before the table's first layout pass the host makes the view controller, hands it the
/// rows, loads its view (`loadView`, `viewDidLoad`), finds its table (a
/// `UITableViewController`'s or `UICollectionViewController`'s, else the first `UITableView` or
/// `UICollectionView` in its view hierarchy; for a `UINavigationController`, its root view
/// controller's), binds it to
/// the simulated table and calls `viewWillAppear(false)`, counts the data source's rows again (a
/// model filled in `viewWillAppear`), `viewIsAppearing(false)`, then the layout pass:
/// `updateProperties()`, `updateViewConstraints()`, `viewWillLayoutSubviews()`, the view's
/// `layoutIfNeeded()` and `viewDidLayoutSubviews()`; `viewDidAppear(false)` follows on
/// the next main-thread turn. The same sequence runs again on the scenario's `appear` event.
public enum UIKitHost {
  /// Runs `scenario` with `screen` (its `loader` is replaced by the screen).
  public static func run(
    _ scenario: Scenario, screen: HostedScreen, fixturesRoot: URL, seed: UInt64? = nil,
    keepTrace: Bool = false
  ) throws(RunError) -> RunResult {
    try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: fixturesRoot, seed: seed, loader: screen.name,
        catalog: catalog(with: screen), keepTrace: keepTrace))
  }

  /// Reads the scenario file at `url` (whose `loader` may name the screen, as a finding of
  /// `fuzz` does) and runs it with `screen`. Throws the file's `ScenarioError` or the run's
  /// `RunError`.
  public static func run(
    contentsOf url: URL, screen: HostedScreen, fixturesRoot: URL, seed: UInt64? = nil,
    keepTrace: Bool = false
  ) throws -> RunResult {
    let scenario = try Scenario(
      contentsOf: url, fixturesRoot: fixturesRoot,
      knownLoaders: Scenario.builtInLoaderNames + [screen.name])
    return try run(
      scenario, screen: screen, fixturesRoot: fixturesRoot, seed: seed, keepTrace: keepTrace)
  }

  /// The standard catalog plus `screen` under its name, for `SimulationOptions` (reports,
  /// fuzzing, `ScenarioTesting`).
  public static func catalog(with screen: HostedScreen) -> LoaderCatalog {
    var catalog = LoaderCatalog.standard
    catalog.register(entry(for: screen))
    return catalog
  }

  /// The catalog entry that hosts `screen`.
  package static func entry(for screen: HostedScreen) -> LoaderCatalog.Entry {
    LoaderCatalog.Entry(
      name: screen.name, seed: nil, summary: "a hosted UIKit view controller", options: [],
      host: UIKitRunHost(),
      make: { environment, _ throws(LoaderError) in
        LayerHost.attach(network: environment.network, to: environment.world)
        let session = HostedSession(screen: screen)
        return LoaderInstance(
          name: screen.name, dataSource: session.adapter, loader: session,
          expectedURL: screen.expectedImageURL.map { expected in
            { url in URL(string: url).map { expected($0).absoluteString } ?? url }
          })
      },
      adjuster: { _, _, _ in })
  }
}

/// Installs what a hosted run needs around it.
///
/// The run happens inside an async simulation of the world (SimAsync), as an async loader's
/// does: a `Task {}` of the app's, its awaits, actors and `@MainActor` hops are then jobs of
/// the world's event loop, in its one order, instead of jobs of the real cooperative pool. A
/// job resumed from a real thread, a real-clock sleep or a blocked job makes the run
/// untrustworthy, and the run fails naming it. Async simulations take turns in a process.
struct UIKitRunHost: LoaderRunHost {
  func host(world: World, options: LoaderOptions, _ body: @escaping () -> Void) -> [String] {
    HashingNotice.writeOnce()
    BlockingThreads.hostEveryCallback(of: world)
    do {
      let report = try withAsyncSimulation(world: world) { _ in
        LayerHost.withWorld(world) { body() }
      }
      return report.diagnostics.map(\.description)
    } catch {
      return ["\(error)"]
    }
  }
}
