import SimPlatform
public import SimTable

/// A strategy for loading images into recycled cells: the system under test.
///
/// A loader plays the app's data source and delegate. It is judged from outside, like an app on
/// a device: the oracle looks at what frames commit, what the network carried and what the main
/// thread did, never at the loader's private state. Every callback runs on the main thread,
/// inside the table's work (a frame's layout pass, a mutation or a lifecycle event); the
/// main-thread execution running now is `environment.currentExecution`.
///
/// Only `cellForRow` is required. `Cell` may subclass `TableCell` to override
/// `prepareForReuse()` (seed 001 cancels its operation there).
public protocol CellImageLoader: AnyObject {
  /// The cell class the table instantiates for this loader.
  associatedtype Cell: TableCell = TableCell

  /// Creates the loader. Read options with `options` (unknown or mistyped options are typed
  /// errors, never silent defaults).
  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError)

  /// `tableView(_:cellForRowAt:)`: configure `cell` (just dequeued; recycled cells have had
  /// `prepareForReuse()`) for `item`.
  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:willDisplay:forRowAt:)`.
  func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:didEndDisplaying:forRowAt:)`: `indexPath` is where the cell was displayed
  /// (the old index path after a delete, reload or `reloadData`).
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
  /// The app is about to set its own image on `cell`, displayed at `indexPath` (scenario event
  /// `set_image`): the loader's request for the cell, if any, is no longer wanted, and a
  /// completion that arrives later must not overwrite the manual image. Called on the main
  /// thread just before the image is set. Libraries expose this as "cancel, then set by
  /// hand": SDWebImage `sd_cancelCurrentImageLoad` (SDWebImage #3011), Kingfisher
  /// `kf.cancelDownloadTask()` before assigning `image` (Kingfisher #1457). The default does
  /// nothing.
  func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView)
  /// The app changed its data and applied the change to `table` (scenario events
  /// `insert_rows`, `delete_rows`, `move_row`, `reload_rows`, `set_url` and `reload_data`).
  /// Called on the main thread just after the table's update and its layout pass. A real app
  /// makes these changes itself (`performBatchUpdates`, `reloadData`), so its loader can know
  /// of them; UIKit sends no `cancelPrefetchingForRowsAt` for rows deleted from the prefetch
  /// window, nor anything for an off-screen item whose URL changed, so this is where a loader
  /// drops work for such items. The default does nothing.
  func didChangeData(in table: TableView)
}

extension CellImageLoader {
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

/// A data source that passes the app's manual `set_image` on to its loader (the runner calls
/// it just before it sets the image).
package protocol ManualImageObserver: AnyObject {
  /// The app is about to set its own image on `cell` at `indexPath`.
  func willSetImageManually(_ cell: TableCell, at indexPath: IndexPath, in table: TableView)
}

/// A data source that passes the app's data changes on to its loader (the runner calls it just
/// after each data-source event has been applied to the table).
package protocol DataChangeObserver: AnyObject {
  /// The app changed its data and applied the change to `table`.
  func didChangeData(in table: TableView)
}

/// Adapts a `CellImageLoader` to the table's `TableDataSource`, casting cells to the loader's
/// cell class. The adapter holds the loader strongly; the table holds the adapter weakly, so
/// keep the adapter alive for the run.
package final class LoaderDataSource<Loader: CellImageLoader>: TableDataSource,
  ManualImageObserver, DataChangeObserver
{
  /// The loader being adapted.
  package let loader: Loader

  /// An adapter for `loader`.
  package init(_ loader: Loader) { self.loader = loader }

  package func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type {
    Loader.Cell.self
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    loader.cellForRow(cast(cell), item: item, at: indexPath, in: table)
  }

  package func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    loader.willDisplay(cast(cell), at: indexPath, in: table)
  }

  package func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    loader.didEndDisplaying(cast(cell), at: indexPath, in: table)
  }

  package func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    loader.prefetchRows(at: indexPaths, in: table)
  }

  package func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    loader.cancelPrefetchingForRows(at: indexPaths, in: table)
  }

  package func didReceiveMemoryWarning(in table: TableView) { loader.didReceiveMemoryWarning() }
  package func viewWillAppear(_ table: TableView) { loader.viewWillAppear() }
  package func viewDidDisappear(_ table: TableView) { loader.viewDidDisappear() }

  package func willSetImageManually(
    _ cell: TableCell, at indexPath: IndexPath, in table: TableView
  ) {
    loader.willSetImageManually(cast(cell), at: indexPath, in: table)
  }

  package func didChangeData(in table: TableView) { loader.didChangeData(in: table) }

  func cast(_ cell: TableCell) -> Loader.Cell {
    guard let typed = cell as? Loader.Cell else {
      preconditionFailure(
        "LoaderDataSource: the table handed out a \(type(of: cell)), not the loader's "
          + "\(Loader.Cell.self)")
    }
    return typed
  }
}
