import ImageLoaders
import SimTable

/// Adapts an `AsyncCellImageLoader` to the table's data source.
///
/// The table calls its data source from main-thread work of the world; this adapter is
/// isolated to the main actor, and its conformance is `@preconcurrency`, so each call checks
/// at run time that it arrives on the simulated main thread (the simulated main executor's
/// `checkIsolated`) before entering the loader's main-actor code.
@MainActor
final class AsyncLoaderDataSource<Loader: AsyncCellImageLoader>: @preconcurrency TableDataSource,
  @preconcurrency ManualImageObserver, @preconcurrency DataChangeObserver
{
  let loader: Loader

  init(_ loader: Loader) { self.loader = loader }

  nonisolated func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type {
    Loader.Cell.self
  }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    loader.cellForRow(cast(cell), item: item, at: indexPath, in: table)
  }

  func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    loader.willDisplay(cast(cell), at: indexPath, in: table)
  }

  func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    loader.didEndDisplaying(cast(cell), at: indexPath, in: table)
  }

  func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    loader.prefetchRows(at: indexPaths, in: table)
  }

  func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    loader.cancelPrefetchingForRows(at: indexPaths, in: table)
  }

  func didReceiveMemoryWarning(in table: TableView) { loader.didReceiveMemoryWarning() }
  func viewWillAppear(_ table: TableView) { loader.viewWillAppear() }
  func viewDidDisappear(_ table: TableView) { loader.viewDidDisappear() }

  func willSetImageManually(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    loader.willSetImageManually(cast(cell), at: indexPath, in: table)
  }

  func didChangeData(in table: TableView) { loader.didChangeData(in: table) }

  func cast(_ cell: TableCell) -> Loader.Cell {
    guard let typed = cell as? Loader.Cell else {
      preconditionFailure(
        "AsyncLoaderDataSource: the table handed out a \(type(of: cell)), not the loader's "
          + "\(Loader.Cell.self)")
    }
    return typed
  }
}
