import SimKernel
import SimPlatform

extension TableView {
  /// The `.commit` frame phase: renders and records what the frame shows.
  ///
  /// Platform rule (DESIGN §3.2): committing renders every on-screen image that is still
  /// encoded by decoding it on the main thread at modelled cost (as UIKit decodes
  /// `UIImage(data:)` lazily); the cost extends this frame. Then the display log records each
  /// displayed cell — row, item, URL, and the kind and provenance of each image on screen —
  /// and, with `traceDisplay`, a `table.show` trace line for each cell whose row, item or
  /// images changed since its last commit (a cell leaving is the `table.end_display` line).
  /// While the table is off screen, frames show none of it.
  func commit(_ context: FrameContext) {
    let cells = isAppeared ? displayed : []
    let now = world.now
    let trace = configuration.traceDisplay
    for cell in cells {
      let view = cell.imageView
      let image = view.image
      // `ImageView.isTransitioning`, computed here without a call per cell per frame.
      let outgoing = (view.transitionEnd.map { now < $0 } ?? false) ? view.outgoingImage : nil
      if let image, !image.isDecoded { image.decodeForDisplay(on: context.execution) }
      if let outgoing, !outgoing.isDecoded { outgoing.decodeForDisplay(on: context.execution) }
      if trace { traceChange(cell, image: image, outgoing: outgoing, frame: context.number) }
    }
    guard displayLog.wantsRecords else {
      displayLog.committedFrameCount += 1
      return
    }
    let records = cells.map { cell -> DisplayedCell in
      let row = cell.displayedRow!
      let item = model.items[row]
      var images: [DisplayedImage] = []
      if let image = cell.imageView.image {
        images.append(DisplayedImage(image, isOutgoing: false))
      }
      if cell.imageView.isTransitioning, let outgoing = cell.imageView.outgoingImage {
        images.append(DisplayedImage(outgoing, isOutgoing: true))
      }
      return DisplayedCell(
        cellID: cell.cellID, indexPath: IndexPath(row: row), itemID: item.id, url: item.url,
        images: images)
    }
    displayLog.append(
      CommittedFrame(
        frame: context.number, vsync: context.vsync, time: world.now, offset: motion.offset,
        cells: records))
  }

  /// Writes a `table.show` line if the cell's committed row, item or images changed since its
  /// last commit, so the digest covers what every frame displayed at the cost of one line per
  /// change. A displayed row's URL cannot change without its row being reloaded into a new
  /// cell, so the URL needs no comparison.
  func traceChange(_ cell: TableCell, image: Image?, outgoing: Image?, frame: Int64) {
    let row = cell.displayedRow!
    // A displayed cell's item is its row's item (an invariant), so no model lookup is needed.
    let itemID = cell.itemID ?? -1
    let current = image.map(ObjectIdentifier.init)
    let out = outgoing.map(ObjectIdentifier.init)
    if cell.committed.matches(row: row, itemID: itemID, current: current, outgoing: out) {
      return
    }
    cell.committed = CommittedSignature(
      row: row, itemID: itemID, images: [current, out].compactMap { $0 })
    world.trace.record(at: world.now, "table.show") {
      $0.field("frame", frame)
      $0.field("cell", cell.cellID)
      $0.field("row", row)
      $0.field("item", itemID)
      var summaries: [String] = []
      if let image { summaries.append(DisplayedImage(image, isOutgoing: false).summary) }
      if let outgoing { summaries.append(DisplayedImage(outgoing, isOutgoing: true).summary) }
      $0.field("images", summaries.isEmpty ? "none" : summaries.joined(separator: ";"))
    }
  }
}
