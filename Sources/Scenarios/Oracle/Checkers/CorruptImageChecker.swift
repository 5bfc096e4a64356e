import PNGRender
import SimTable

/// `no_corrupt_image`: every displayed image decoded from network bytes was decoded from
/// exactly the bytes of one complete, successful transfer. Judged for each cell when what it
/// shows changes.
final class CorruptImageChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { .cellJudged }

  init(_ facts: OracleFacts) { self.facts = facts }

  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?) {
    for image in cell.images where image.kind == .content {
      guard let source = image.provenance?.source else { continue }
      if !image.rendered || !facts.completeDigests.contains(source.value) {
        facts.flag(
          .noCorruptImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url],
          "cell \(cell.cellID) at row \(cell.indexPath.row) shows an image decoded from bytes "
            + "that no complete, successful transfer delivered"
            + (image.rendered ? "" : " (the decode failed: the user sees a broken image)")
            + "; decode only whole, successful responses")
      }
    }
  }
}
