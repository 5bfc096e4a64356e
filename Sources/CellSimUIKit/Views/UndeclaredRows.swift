import SimPlatform
import SimTable

/// Rows of the scenario that the app's data source does not declare.
///
/// The engine's rows are the scenario's, from the first layout on. An app's data source may
/// declare fewer for a while: its snapshot is applied in `viewDidAppear` or in a `Task`, its
/// model arrives after a fetch, or it shows only the first rows. UIKit never asks a data source
/// for a row beyond its count, nor prefetches one; neither does the layer. The content ends
/// where the declared rows end (`limitScrollingToDeclaredRows()`), so once any row is declared
/// no row past the count comes on screen. While none is, the rows on screen are shown blank (no
/// UIKit cell, no image: the oracle sees rows not loaded yet) and noted in the trace
/// (`uikit.undeclared_row`); once the data source declares it (its counts are asked again at
/// `reloadData()`, after a mutation, an `apply`, or a data change the host hands the model), a
/// visible blank row is asked for its cell again.
extension UIScrollView {
  /// Whether the data source declares the engine's row `row` (as last counted); if not, shows
  /// `backing` blank and remembers the row.
  func declares(_ row: Int, else backing: BackingCell) -> Bool {
    guard let declared = declaredRows, row >= declared else {
      if !blankRows.isEmpty { blankRows.remove(row) }
      return true
    }
    blankRows.insert(row)
    backing.current = nil
    if let engine {
      let world = engine.world
      world.trace.record(at: world.now, "uikit.undeclared_row") {
        $0.field("row", row)
        $0.field("declared", declared)
      }
      if backing.imageView.image != nil { backing.imageView.setImage(nil, transition: .none) }
      if !backing.progressView.isHidden { backing.progressView.isHidden = true }
    }
    return false
  }

  /// Asks again for the rows left blank that the data source now declares (`reconfigure` takes
  /// the engine's rows, in order).
  func reviveBlankRows(_ reconfigure: ([Int]) -> Void) {
    guard !blankRows.isEmpty, let engine else { return }
    let declared = declaredRows ?? Int.max
    let count = engine.numberOfRows
    blankRows = blankRows.filter { $0 < count }
    let rows = blankRows.filter { $0 < declared }.sorted()
    guard !rows.isEmpty else { return }
    blankRows.subtract(rows)
    reconfigure(rows)
  }

  /// Ends the engine's scroll range where the rows the data source declares end, as UIKit
  /// sizes the content from its counts (`contentSize`): an infinite feed that shows its first
  /// page stops a fling at that page's end, where its own bottom check asks for the next; rows
  /// past the count never come on screen (a last line filled in part shows only its declared
  /// rows). A data source that declares no row yet (its model not fetched) cannot be scrolled,
  /// but the screen's rows still show blank and are judged. No limit while the data source
  /// declares every row the engine has, or there is none. A collection view's count made at
  /// `reloadData()` itself changes nothing here: only the count its layout makes does.
  func limitScrollingToDeclaredRows() {
    guard let engine, !countsStale else { return }
    guard let declared = declaredRows, declared < engine.numberOfRows else {
      engine.limitContent(scrollHeight: nil, shownRows: nil)
      return
    }
    engine.limitContent(
      scrollHeight: declaredContentHeight(declared, of: engine),
      shownRows: declared > 0 ? declared : nil)
  }

  /// The height of the content when only `rows` of the engine's rows are laid out.
  func declaredContentHeight(_ rows: Int, of engine: TableView) -> Double {
    var layout = engine.layout
    if layout.itemCount != rows { layout.itemCount = rows }
    return layout.contentHeight
  }
}
