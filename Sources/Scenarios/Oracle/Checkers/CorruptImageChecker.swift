import PNGRender
import SimTable

/// `no_corrupt_image`: every displayed image decoded from network bytes rendered, and was
/// decoded from exactly the bytes of one complete, successful transfer, or is a partial preview
/// (`ImageProvenance.partialBytes`, a partial decode) of bytes a transfer delivered: its whole
/// body or a prefix at a chunk boundary. Judged for each cell when what it shows changes.
///
/// A partial preview is accepted whichever URL's transfer delivered its bytes and whether that
/// transfer still runs, finished or was cancelled: the bytes are real and were decoded as a
/// prefix on purpose. Whose bytes a cell shows is `no_cross_cell_image`'s concern (a preview of
/// another request is a cross-cell image, reported once, there), and a cell left with only a
/// preview once its transfer succeeded is `eventually_loaded`'s (a preview is not the row's
/// image). A full decode of a prefix (`Image(data:)`) still fails to render and is flagged.
final class CorruptImageChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { .cellJudged }

  init(_ facts: OracleFacts) { self.facts = facts }

  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?) {
    for image in cell.images where image.kind == .content {
      guard let provenance = image.provenance else { continue }
      let source = provenance.source
      if image.rendered {
        if facts.completeDigests.contains(source.value) { continue }
        if provenance.isPartial && facts.someTransferDelivered(source) { continue }
      }
      if image.decodedInAnotherWorld {
        facts.flag(
          .noCorruptImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url],
          "cell \(cell.cellID) at row \(cell.indexPath.row) shows an image decoded in an "
            + "earlier run in this process, from bytes no transfer of this run delivered: state "
            + "that outlived its run (a `static` cache or shared loader) kept it; each run is a "
            + "fresh launch, so empty such state before each run, or run one scenario per process")
        continue
      }
      facts.flag(
        .noCorruptImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url],
        "cell \(cell.cellID) at row \(cell.indexPath.row) shows "
          + (provenance.isPartial
            ? "a partial preview of bytes that no transfer delivered as a prefix"
            : "an image decoded from bytes that no complete, successful transfer delivered")
          + (image.rendered ? "" : " (the decode failed: the user sees a broken image)")
          + (provenance.isPartial
            ? "; preview only the bytes a transfer has delivered so far, at a chunk's end"
            : "; decode only whole, successful responses, or a prefix with a partial decode"))
    }
  }
}
