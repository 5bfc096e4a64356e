public import ImageLoaders
public import SimPlatform
public import SimTable

/// A loader written with Swift concurrency: tasks, actors, `@MainActor` and task cancellation.
/// The async sibling of `CellImageLoader`, judged by the same oracle in the same scenarios.
///
/// The protocol is `@MainActor`, as UIKit's `UITableViewDataSource` and `UITableViewDelegate`
/// are: the table calls every method on the simulated main thread, inside its own work (a
/// layout pass, a mutation, a lifecycle event), so a loader's state and its cells belong to
/// the main actor. A method starts work with an ordinary `Task { … }` (it inherits the main
/// actor), keeps it, and cancels it when the cell is reused or ends display, as Nuke,
/// Kingfisher and SwiftUI's `AsyncImage` do. Everything a task awaits comes from the
/// `AsyncLoaderEnvironment`: the network (`data(for:)`, `bytes(for:)`), the decoder, the
/// clock, and bridges to the simulated queues.
///
/// Every job of every task runs on the simulator's executors, in virtual time: `@MainActor`
/// jobs as main-queue work on the simulated main thread, everything else (nonisolated code,
/// actors, `async let`, task groups) on simulated workers. Two rules keep a run deterministic,
/// and breaking either is an error of the run (`RunError.nondeterministic`), never flakiness:
/// - sleep on the injected clock (`environment.clock`), not `ContinuousClock`
///   (`Task.sleep(for:)`);
/// - resume nothing from real Dispatch, threads or timers.
///
/// ```swift
/// final class MyLoader: AsyncCatalogLoader {
///   nonisolated static let name = "my-async"
///   nonisolated static let summary = "a task per cell, cancelled on reuse"
///   let environment: AsyncLoaderEnvironment
///   var tasks: [Int: Task<Void, Never>] = [:]
///
///   init(environment: AsyncLoaderEnvironment, options: LoaderOptions) {
///     self.environment = environment
///   }
///
///   func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
///     tasks[cell.cellID]?.cancel()
///     cell.imageView.image = nil
///     tasks[cell.cellID] = Task {
///       guard let data = try? await environment.data(for: item.url),
///         let image = try? await environment.decode(data), !Task.isCancelled
///       else { return }
///       cell.imageView.image = image
///     }
///   }
/// }
/// ```
///
/// Only `init` and `cellForRow` are required; the other callbacks do nothing by default.
@MainActor
public protocol AsyncCellImageLoader: AnyObject {
  /// The cell class the table instantiates for this loader.
  associatedtype Cell: TableCell = TableCell

  /// Creates the loader on the main actor, inside the run's async simulation. Read options
  /// with `options` (unknown or mistyped options are typed errors, never silent defaults).
  init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError)

  /// `tableView(_:cellForRowAt:)`: configure `cell` (just dequeued; recycled cells have had
  /// `prepareForReuse()`) for `item`.
  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:willDisplay:forRowAt:)`.
  func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:didEndDisplaying:forRowAt:)`: `indexPath` is where the cell was displayed.
  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:prefetchRowsAt:)` (only when the table prefetches).
  func prefetchRows(at indexPaths: [IndexPath], in table: TableView)
  /// `tableView(_:cancelPrefetchingForRowsAt:)`.
  func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView)
  /// `didReceiveMemoryWarning`.
  func didReceiveMemoryWarning()
  /// `viewWillAppear`.
  func viewWillAppear()
  /// `viewDidDisappear`.
  func viewDidDisappear()
  /// The app is about to set its own image on `cell` (scenario event `set_image`): cancel the
  /// cell's task, so that it does not overwrite the manual image later.
  func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView)
  /// The app changed its data and applied the change to `table` (scenario events
  /// `insert_rows`, `delete_rows`, `move_row`, `reload_rows`, `set_url`, `reload_data`), just
  /// after the table's update and layout pass. UIKit sends no `cancelPrefetchingForRowsAt` for
  /// rows deleted from the prefetch window, so this is where a prefetching loader cancels their
  /// tasks (as `CellImageLoader.didChangeData(in:)`).
  func didChangeData(in table: TableView)
}

extension AsyncCellImageLoader {
  /// Nothing.
  public func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {}
  /// Nothing.
  public func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {}
  /// Nothing.
  public func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {}
  /// Nothing.
  public func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {}
  /// Nothing.
  public func didReceiveMemoryWarning() {}
  /// Nothing.
  public func viewWillAppear() {}
  /// Nothing.
  public func viewDidDisappear() {}
  /// Nothing.
  public func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {}
  /// Nothing.
  public func didChangeData(in table: TableView) {}
}

/// An async loader that describes itself, so a catalog can list it and build it by name.
///
/// The descriptions are `nonisolated` (the catalog reads them outside the main actor):
/// declare them `nonisolated static let name = "…"` in a loader class.
public protocol AsyncCatalogLoader: AsyncCellImageLoader, RunnableLoader {
  /// The stable name used in scenarios and on the command line (`loader: async-reference`).
  nonisolated static var name: String { get }
  /// The seed article it models, or nil.
  nonisolated static var seed: String? { get }
  /// One line on the strategy.
  nonisolated static var summary: String { get }
  /// The options it accepts (every async loader also accepts `schedule_seed`).
  nonisolated static var optionSpecs: [LoaderOptionSpec] { get }
  /// Changes the table's configuration before the table is built (see `CatalogLoader`).
  nonisolated static func adjust(
    _ configuration: inout TableConfiguration, options: LoaderOptions, device: DeviceProfile)
}

extension AsyncCatalogLoader {
  /// True: ready jobs are ordered by the run's `schedule_seed`.
  public nonisolated static var hasSeededSchedules: Bool { true }
  /// `catalog.register(Self.self)`.
  public nonisolated static func register(in catalog: inout LoaderCatalog) {
    catalog.register(Self.self)
  }
  /// No seed article.
  public nonisolated static var seed: String? { nil }
  /// No options of its own.
  public nonisolated static var optionSpecs: [LoaderOptionSpec] { [] }
  /// Leaves the configuration as it is.
  public nonisolated static func adjust(
    _ configuration: inout TableConfiguration, options: LoaderOptions, device: DeviceProfile
  ) {}
}
