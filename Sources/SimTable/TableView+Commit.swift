import SimKernel
import SimPlatform

extension TableView {
  /// The `.commit` frame phase: renders and records what the frame shows.
  ///
  /// Platform rule (docs/design.md, Queues, caches and images): committing renders every on-screen
  /// image that is still encoded by decoding it on the main thread at modelled cost (as UIKit
  /// decodes `UIImage(data:)` lazily); the cost extends this frame. Then the display log records
  /// each displayed cell — row, item, URL, and the kind and provenance of each image on screen —
  /// and, with `traceDisplay`, a `table.show` trace line for each cell whose row, item or
  /// images changed since its last commit (a cell leaving is the `table.end_display` line).
  /// A cell's progress view is recorded too once a loader has set it, with a `table.progress`
  /// line when it changed (an untouched progress view costs one comparison and writes nothing).
  /// While the table is off screen, frames show none of it.
  ///
  /// The per-cell pass is skipped when it would find nothing: no view changed what it shows
  /// (`World.displayGeneration`), no cell moved, entered or left (`layoutGeneration`), the
  /// table is still on (or off) screen, and no cross-dissolve the last pass saw has ended.
  /// Every image on screen was decoded by that pass (a decoded image stays decoded).
  func commit(_ context: FrameContext) {
    let cells = isAppeared ? displayed : []
    let now = world.now
    let display = world.displayGeneration
    if let last = committedState, last.display == display, last.layout == layoutGeneration,
      last.appeared == isAppeared, now < last.until
    {
      record(cells, context)
      return
    }
    let trace = configuration.traceDisplay
    var until = SimTime.distantFuture
    for cell in cells {
      let check = cell.commitCheck(now: now, on: context.execution)
      if let end = check.transitionEnd { until = min(until, end) }
      if check.imagesChanged {
        cell.lastRecord = nil
        recordsInvalidated = true
        if trace {
          let (image, outgoing) = cell.imageView.imagesShown(at: now)
          traceChange(cell, image: image, outgoing: outgoing, frame: context.number)
        }
      }
      if check.progressChanged {
        cell.lastRecord = nil
        recordsInvalidated = true
        if trace { traceProgress(cell, frame: context.number) }
      }
      if check.variantChanged {
        cell.lastRecord = nil
        recordsInvalidated = true
      }
    }
    // Read after the pass: nothing in it changes a view, but the state must describe what it saw.
    committedState = (world.displayGeneration, layoutGeneration, isAppeared, until)
    record(cells, context)
  }

  /// Appends the frame to the display log (when anyone reads it): the previous frame's records
  /// again when nothing changed, else records rebuilt where a cell's changed.
  func record(_ cells: [TableCell], _ context: FrameContext) {
    guard displayLog.wantsRecords else {
      displayLog.committedFrameCount += 1
      committedCells = nil
      committedRecords = []
      return
    }
    // The same cells in the same order, no record dropped since the last frame's were built
    // (every drop sets `recordsInvalidated`): every record is the previous frame's, and the
    // previous frame's array serves again (no record is copied).
    let repeats = !recordsInvalidated && committedCells.map { Self.same($0, cells) } == true
    if !repeats {
      // By index, the kept record read in place: passing each cell to a call retained it.
      var records: [DisplayedCell] = []
      records.reserveCapacity(cells.count)
      for index in cells.indices {
        records.append(cells[index].lastRecord ?? record(of: cells[index], for: context.number))
      }
      committedRecords = records
      committedCells = cells
      recordsInvalidated = false
    }
    displayLog.append(
      CommittedFrame(
        frame: context.number, vsync: context.vsync, time: world.now, offset: motion.offset,
        cells: committedRecords, repeatsPrevious: repeats))
  }

  /// Whether `a` and `b` hold the same cells in the same order. Most frames display the very
  /// array the last one did (the layout pass replaces it only when cells enter, leave or
  /// move), and then the buffers are one: no cell is read.
  static func same(_ a: [TableCell], _ b: [TableCell]) -> Bool {
    guard a.count == b.count else { return false }
    let shared = a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
    }
    return shared || zip(a, b).allSatisfy { $0 === $1 }
  }

  /// The display-log record of `cell`: the one built at an earlier commit while its row, item
  /// and images stay the same, else a new one.
  func record(of cell: TableCell, for frame: Int64) -> DisplayedCell {
    if let record = cell.lastRecord { return record }
    let row = cell.displayedRow!
    let item = model.items[row]
    var images: [DisplayedImage] = []
    if let image = cell.imageView.image {
      images.append(DisplayedImage(image, isOutgoing: false, shownWith: world.memory))
    }
    if cell.imageView.isTransitioning, let outgoing = cell.imageView.outgoingImage {
      images.append(DisplayedImage(outgoing, isOutgoing: true, shownWith: world.memory))
    }
    var progress: DisplayedProgress?
    if cell.progressView.generation > 0, let shown = cell.progressView.shown {
      progress = DisplayedProgress(value: shown.value, source: shown.source)
    }
    let record = DisplayedCell(
      cellID: cell.cellID, indexPath: IndexPath(row: row, section: 0), itemID: item.id,
      url: expectedURL(of: item), images: images, configuration: cell.configuration,
      progress: progress, requestedVariant: cell.requestedVariant, builtFor: frame,
      imageSetAt: cell.imageView.imageSetAt)
    cell.lastRecord = record
    return record
  }

  /// Writes a `table.show` line for a cell whose committed row, item or images changed, so
  /// the digest covers what every frame displayed at the cost of one line per change.
  func traceChange(_ cell: TableCell, image: Image?, outgoing: Image?, frame: Int64) {
    let row = cell.displayedRow!
    let itemID = cell.itemID ?? -1
    // The summaries, `;`-separated, written as bytes into a buffer the table keeps (taken out
    // while written: a copy left behind would make the first append copy the buffer).
    var images: [UInt8] = []
    swap(&images, &summaryScratch)
    images.removeAll(keepingCapacity: true)
    if let image { DisplayedImage.appendSummary(of: image, isOutgoing: false, to: &images) }
    if let outgoing {
      if image != nil { images.append(0x3B) }  // ;
      DisplayedImage.appendSummary(of: outgoing, isOutgoing: true, to: &images)
    }
    if images.isEmpty { images.append(contentsOf: "none".utf8) }
    world.trace.record(at: world.now, "table.show") {
      $0.field("frame", frame)
      $0.field("cell", cell.cellID)
      $0.field("row", row)
      $0.field("item", itemID)
      $0.field("images", utf8: images)
    }
    summaryScratch = images
  }

  /// Writes a `table.progress` line for a displayed cell whose progress view changed since its
  /// last commit: the value (in thousandths) and the request it came from, or `hidden`. Only
  /// loaders that use progress views write these.
  func traceProgress(_ cell: TableCell, frame: Int64) {
    let row = cell.displayedRow!
    world.trace.record(at: world.now, "table.progress") {
      $0.field("frame", frame)
      $0.field("cell", cell.cellID)
      $0.field("row", row)
      if let shown = cell.progressView.shown {
        $0.field("progress", DisplayedProgress(value: shown.value, source: shown.source).summary)
      } else {
        $0.field("progress", "hidden")
      }
    }
  }
}

extension TableCell {
  /// A commit's look at this cell: decodes what its image view shows (`serialsForCommit`),
  /// records the new signature and progress generation, and says what changed since its last
  /// commit (row, item, or image objects on screen; the progress view) and when a running
  /// cross-dissolve ends. A displayed row's URL cannot change without its row being reloaded
  /// into a new cell, so the URL needs no comparison.
  ///
  /// A method of the cell so that its views are read through `self`, which the caller holds:
  /// read from the table's loop, each view was retained and released around the call.
  func commitCheck(now: SimTime, on execution: Execution)
    -> (imagesChanged: Bool, progressChanged: Bool, variantChanged: Bool, transitionEnd: SimTime?)
  {
    let shown = imageView.serialsForCommit(now: now, on: execution)
    let row = displayedRow!
    // A displayed cell's item is its row's item (an invariant), so no model lookup is needed.
    let itemID = self.itemID ?? -1
    let imagesChanged = !committed.matches(
      row: row, itemID: itemID, current: shown.image, outgoing: shown.outgoing)
    if imagesChanged {
      committed = CommittedSignature(
        row: row, itemID: itemID, images: [shown.image, shown.outgoing].compactMap { $0 })
    }
    // One comparison: a progress view nobody touched changes no record and no trace line, so
    // runs of loaders without progress trace exactly as before.
    let progress = progressView.generation
    let progressChanged = progress != committedProgress
    if progressChanged { committedProgress = progress }
    // A declared variant changes what the oracle judges the images against, not what they are:
    // the record is rebuilt, with no trace line.
    let variantChanged = variantGeneration != committedVariant
    if variantChanged { committedVariant = variantGeneration }
    return (imagesChanged, progressChanged, variantChanged, shown.transitionEnd)
  }
}
