import PNGRender
import SimPlatform
import SimTable

/// `no_cross_cell_image`: a displayed cell shows nothing, a placeholder or failure image of its
/// own request, a manual image, or an image of the bytes served for its row's URL (a request of
/// another URL is named as the culprit) — of the variant its current request wants, when the
/// loader declared one (`LoaderEnvironment.declareVariant(_:for:)`). A partial preview
/// (`ImageProvenance.partialBytes`) of a prefix that a transfer of the row's URL delivered is
/// its own; one of another URL's transfer is another request's image. Judged for each cell when
/// what it shows changes.
final class CrossCellImageChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { .cellJudged }

  init(_ facts: OracleFacts) { self.facts = facts }

  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?) {
    // A failure image belongs to a request that ended in failure (or delivered bytes that did
    // not decode): one shown before any transfer of the row's URL ended is another request's
    // (SDWebImage #3363: an asynchronous callback puts the old request's image over the new).
    if cell.images.contains(where: { $0.kind == .failure && !$0.isOutgoing }),
      !facts.endedURLs.contains(cell.url)
    {
      facts.flag(
        .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url],
        "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows a failure "
          + "image though no transfer of \(cell.url) has ended: another request's failure; "
          + "check that the cell still represents the request's item before setting, and "
          + "clear the image on reuse")
    }
    // A placeholder made for one request belongs to that request's URL; a shared placeholder
    // (no request URL) is legitimate anywhere.
    if let whose = cell.images.first(where: {
      $0.kind == .placeholder && !$0.isOutgoing && $0.requestURL.map { $0 != cell.url } == true
    })?.requestURL {
      facts.flag(
        .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url, whose],
        "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows the "
          + "placeholder of the request for \(whose): another request's placeholder; check that "
          + "the cell still represents the request's item before setting it")
    }
    // A placeholder made for one request before the cell's current `cellForRow` was made for
    // an earlier request, even when the URL is the same (SDWebImage #3363: the old request's
    // asynchronous cancel callback puts its placeholder over the new request's view).
    if cell.images.contains(where: {
      $0.kind == .placeholder && !$0.isOutgoing && $0.requestURL == cell.url
        && ($0.requestEpoch ?? .max) < cell.configuration
    }) {
      facts.flag(
        .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url],
        "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows a "
          + "placeholder made for an earlier request of \(cell.url), before the cell's current "
          + "cellForRow: another request's placeholder; a callback of a cancelled or superseded "
          + "request must not touch the view")
    }
    for image in cell.images where image.kind == .content {
      guard let provenance = image.provenance else { continue }
      let source = provenance.source
      // The right URL's bytes in another request's variant (SDWebImage #3364: a thumbnail
      // cached under the full-size image's key). An outgoing image is the previous request's.
      if let wanted = cell.requestedVariant, !image.isOutgoing,
        !facts.isRequestedVariant(image, in: cell),
        facts.shows(image, bytesOf: cell.url, served: served)
      {
        facts.flag(
          .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url],
          "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows the "
            + "\(provenance.variant) variant of \(cell.url), but its request wants \(wanted): "
            + "another request's variant of the same URL; key caches and merged requests by "
            + "URL and variant")
      }
      // An image is another request's only if some other request (or another URL's fixture)
      // accounts for its bytes; bytes nobody delivered are a corruption, reported once, by
      // `no_corrupt_image`.
      if !facts.shows(image, bytesOf: cell.url, served: served),
        let whose = facts.culprit(of: source, shownFor: cell.url)
      {
        facts.flag(
          .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url] + whose.urls,
          "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows "
            + (image.provenance?.isPartial == true ? "a partial preview of " : "") + whose.text
            + (image.isOutgoing ? " (fading out)" : "")
            + "; check that the cell still represents the request's item before setting")
      }
    }
  }
}
