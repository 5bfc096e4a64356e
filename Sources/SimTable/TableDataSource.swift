/// The app side of a table: `UITableViewDataSource`, `UITableViewDelegate`,
/// `UITableViewDataSourcePrefetching` and the view controller's lifecycle, in one protocol.
///
/// The loader layer (`ImageLoaders`) adapts its loaders to this protocol. Every callback runs on
/// the main thread, synchronously, inside the table's work: during a frame's layout pass (the
/// frame's execution is `world.currentThread?.execution`, so a callback may `spend` its own
/// cost), or inside a mutation call. The table charges the device's modelled cost of each
/// callback (`cellForRow` reused or new, `willDisplay`) on that execution just before calling
/// it. A callback must not mutate the table; defer mutations with `world.main.async`.
///
/// Every method except `cellForRow` has a default implementation that does nothing (the default
/// reuse identifier is the configuration's, and the default cell class is `TableCell`).
package protocol TableDataSource: AnyObject {
  /// The reuse identifier for the cell that will show `item` at `indexPath`.
  func reuseIdentifier(for item: TableItem, at indexPath: IndexPath, in table: TableView)
    -> String
  /// The cell class to instantiate when the pool has no cell for `identifier`
  /// (`register(_:forCellReuseIdentifier:)`).
  func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type
  /// `tableView(_:cellForRowAt:)`: configure `cell` for `item` at `indexPath`.
  ///
  /// The cell was just dequeued: new, or recycled (in which case `prepareForReuse()` has just
  /// run). It is not yet displayed; `willDisplay` follows in the same pass unless cell
  /// prefetching prepared it ahead of visibility.
  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:willDisplay:forRowAt:)`: `cell` is about to appear at `indexPath`; from now
  /// until `didEndDisplaying`, `table.cellForRow(at:)` returns it.
  func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:didEndDisplaying:forRowAt:)`: `cell` left the screen. `indexPath` is where
  /// it was displayed — the *old* index path for deleted and reloaded rows and after
  /// `reloadData`, which may no longer name the same item or exist at all.
  func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView)
  /// `tableView(_:prefetchRowsAt:)`: rows about to enter in the scroll direction, nearest
  /// first. Each row is announced once until it leaves the prefetch window.
  func prefetchRows(at indexPaths: [IndexPath], in table: TableView)
  /// `tableView(_:cancelPrefetchingForRowsAt:)`: rows that left the prefetch window without
  /// being displayed (a reversal, a jump), at their current index paths.
  func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView)
  /// The app received a memory warning. The table has already emptied its reuse pool.
  func didReceiveMemoryWarning(in table: TableView)
  /// `viewWillAppear`: runs before the first layout pass, and again on each `appear()`.
  func viewWillAppear(_ table: TableView)
  /// The layout pass that carries out a `reloadData()` is about to end the old cells and ask
  /// for the rows again (where `UICollectionView` reads its data source's counts).
  func willLayOutReload(_ table: TableView)
  /// `viewDidDisappear`: the table left the screen; no layout pass runs until it reappears.
  func viewDidDisappear(_ table: TableView)
}

extension TableDataSource {
  /// The configuration's `defaultReuseIdentifier`.
  package func reuseIdentifier(for item: TableItem, at indexPath: IndexPath, in table: TableView)
    -> String
  {
    table.configuration.defaultReuseIdentifier
  }
  /// `TableCell`.
  package func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type {
    TableCell.self
  }
  /// Nothing.
  package func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {}
  /// Nothing.
  package func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {}
  /// Nothing.
  package func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {}
  /// Nothing.
  package func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {}
  /// Nothing.
  package func didReceiveMemoryWarning(in table: TableView) {}
  /// Nothing.
  package func viewWillAppear(_ table: TableView) {}
  /// Nothing.
  package func willLayOutReload(_ table: TableView) {}
  /// Nothing.
  package func viewDidDisappear(_ table: TableView) {}
}

/// A data source that configures nothing: cells stay empty. Useful for benchmarks and tests of
/// the table itself.
package final class EmptyDataSource: TableDataSource {
  /// An empty data source.
  package init() {}
  /// Does nothing.
  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {}
}
