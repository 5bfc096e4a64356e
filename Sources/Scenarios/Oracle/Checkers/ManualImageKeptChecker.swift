import PNGRender
import SimTable

/// `manual_image_kept`, as docs/scenario-format.md defines it: once the app set a cell's image
/// itself, no other image replaces it until the loader is asked for the cell again
/// (`cellForRow`) or the row's URL changes.
///
/// A `set_image` event protects its image from that instant (the runner reports it); a loader's
/// own manual image (`LoaderEnvironment.manualImage`) from the first commit that shows it. What
/// replaces a protected image is judged at the next commit: a cell that shows another image
/// (content, a placeholder or the failure image) at the same configuration and URL breaks the
/// rule. A cell whose image was only cleared is not judged. A loader that does not hear the
/// app's `set_image` (a hosted UIKit screen, whose code never set that image) is not judged.
final class ManualImageKeptChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { [.tableCallbacks, .cellJudged] }

  /// The manual image each cell keeps, by cell id: the cell's configuration (`cellForRow`
  /// epoch) and its row's URL when the image was set, and the row then.
  @exclusivity(unchecked) var protected: [(configuration: UInt64, url: String?, row: Int)?] = []

  init(_ facts: OracleFacts) { self.facts = facts }

  func tableCallback(_ callback: TableCallback) {
    guard facts.loaderHearsManualImages else { return }
    switch callback {
    case .manualImage(let cell, let row):
      let item = facts.table.item(at: IndexPath(row: row, section: 0))
      protect(
        cell.cellID, configuration: cell.configuration,
        url: item.map { facts.table.expectedURL(of: $0) }, row: row)
    case .cellForRow(let cell, _):
      if cell.cellID < protected.count { protected[cell.cellID] = nil }
    case .willDisplay, .didEndDisplaying, .cancelPrefetching:
      break
    }
  }

  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?) {
    guard facts.loaderHearsManualImages, let current = cell.images.first(where: { !$0.isOutgoing })
    else { return }
    if current.kind == .manual {
      protect(cell.cellID, configuration: cell.configuration, url: cell.url, row: cell.row)
      return
    }
    guard cell.cellID < protected.count, let kept = protected[cell.cellID] else { return }
    // The loader was asked again (a new configuration), or the row's URL changed: the app's
    // image may go.
    guard kept.configuration == cell.configuration, kept.url == nil || kept.url == cell.url
    else {
      protected[cell.cellID] = nil
      return
    }
    protected[cell.cellID] = nil
    facts.flag(
      .manualImageKept, row: cell.row, item: cell.itemID, cell: cell.cellID, urls: [cell.url],
      "cell \(cell.cellID) at row \(cell.row) (item \(cell.itemID)) showed an image the app set "
        + "itself, and now shows a \(current.kind.rawValue) image instead, though the loader "
        + "was not asked for the cell again; a block the cancel did not stop (a transition's "
        + "completion, a queued main-queue block) must check that the cell still wants it")
  }

  func protect(_ cellID: Int, configuration: UInt64, url: String?, row: Int) {
    protected.extend(toInclude: cellID, with: nil)
    protected[cellID] = (configuration, url, row)
  }
}
