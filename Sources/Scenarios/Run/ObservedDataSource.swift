import SimPlatform
import SimTable

/// What the table told the app, as the oracle hears it.
enum TableCallback {
  case willDisplay(cell: TableCell, row: Int, itemID: Int, url: String)
  case didEndDisplaying(cell: TableCell, row: Int, itemID: Int?, url: String?)
  /// `cancelPrefetchingForRowsAt`, with each row's item and URL then.
  case cancelPrefetching(rows: [(row: Int, item: Int, url: String)])
  /// `cellForRow`: the loader is asked for `cell` (after the app's callback ran).
  case cellForRow(cell: TableCell, row: Int)
  /// The app set its own image on `cell` (a `set_image` event), after the loader heard of it.
  case manualImage(cell: TableCell, row: Int)
}

/// Sits between the table and the loader's data source, forwarding every call unchanged and
/// telling the oracle about display callbacks. The oracle judges the loader from outside: this
/// sees exactly what UIKit would have told the app, never the loader's state.
final class ObservedDataSource: TableDataSource {
  let inner: any TableDataSource
  /// Hears every display callback.
  @exclusivity(unchecked) var observe: (TableCallback) -> Void = { _ in }
  /// The URL of each item id the run has seen, kept current through `set_url`.
  @exclusivity(unchecked) var urlOfItem: (Int) -> String? = { _ in nil }

  init(_ inner: any TableDataSource) {
    self.inner = inner
  }

  func reuseIdentifier(for item: TableItem, at indexPath: IndexPath, in table: TableView) -> String
  {
    inner.reuseIdentifier(for: item, at: indexPath, in: table)
  }

  func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type {
    inner.cellClass(forReuseIdentifier: identifier)
  }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    inner.cellForRow(cell, item: item, at: indexPath, in: table)
    observe(.cellForRow(cell: cell, row: indexPath.row))
  }

  func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    if let item = table.item(at: indexPath) {
      observe(
        .willDisplay(
          cell: cell, row: indexPath.row, itemID: item.id, url: table.expectedURL(of: item)))
    }
    inner.willDisplay(cell, at: indexPath, in: table)
  }

  func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    inner.didEndDisplaying(cell, at: indexPath, in: table)
    // Observed after the app's callback ran: cancellation inside it counts as in time.
    let url = cell.itemID.flatMap(urlOfItem)
    observe(.didEndDisplaying(cell: cell, row: indexPath.row, itemID: cell.itemID, url: url))
  }

  func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    inner.prefetchRows(at: indexPaths, in: table)
  }

  func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    let rows = indexPaths.compactMap { indexPath in
      table.item(at: indexPath).map {
        (row: indexPath.row, item: $0.id, url: table.expectedURL(of: $0))
      }
    }
    inner.cancelPrefetchingForRows(at: indexPaths, in: table)
    // Observed after the app's callback ran: cancellation inside it counts as in time.
    observe(.cancelPrefetching(rows: rows))
  }

  func didReceiveMemoryWarning(in table: TableView) { inner.didReceiveMemoryWarning(in: table) }
  func viewWillAppear(_ table: TableView) { inner.viewWillAppear(table) }
  func willLayOutReload(_ table: TableView) { inner.willLayOutReload(table) }
  func viewDidDisappear(_ table: TableView) { inner.viewDidDisappear(table) }
}
