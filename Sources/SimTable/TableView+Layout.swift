import SimKernel
import SimPlatform

extension TableView {
  // MARK: Frame phases

  /// The `.scroll` frame phase: the scroll position advances to the frame's vsync.
  func scrollPhase(_ context: FrameContext) {
    motion.advance(to: max(context.vsync, world.now), geometry: geometry)
    syncScrollState()
  }

  /// The `.layout` frame phase: one layout pass (UITableView's `layoutSubviews`).
  ///
  /// In order: `viewWillAppear` before the very first pass; the ends owed by `reloadData`
  /// (bottom to top, old index paths); entering and leaving rows in the configured
  /// `layout_order`; cell prefetching; then the prefetch window.
  func layoutPass(_ context: FrameContext) {
    guard isAppeared else { return }
    if needsAppearCallback {
      needsAppearCallback = false
      world.trace.record(at: world.now, "table.appear")
      callDataSource { $0.viewWillAppear(self) }
    }
    if needsReload {
      callDataSource { $0.willLayOutReload(self) }
      endForReload()
    }
    // A resting offset past a limited content's end moves back (`limitContent`).
    if geometry.scrollLimit != nil { motion.clampIfResting(geometry: geometry) }
    let offset = motion.offset
    if offset != lastLayoutOffset {
      scrollDirection = offset > lastLayoutOffset ? 1 : -1
      lastLayoutOffset = offset
    }
    let target = geometry.visibleRows(at: offset)
    if target != lastLayoutRange || displayed.count != target.count {
      if configuration.pacedCellWork {
        applyPaced(target: target, survivors: displayed, on: context.execution) { [self] in
          finishLayoutPass(target: target)
        }
        return
      }
      apply(target: target, survivors: displayed)
    }
    finishLayoutPass(target: target)
  }

  /// The end of a layout pass, once its entering and leaving rows are done: cell prefetching,
  /// then the prefetch window.
  func finishLayoutPass(target: Range<Int>) {
    if configuration.cellPrefetching {
      let key = PrefetchKey(
        visible: target, direction: scrollDirection, count: model.count, mutations: mutationCount)
      if key != cellPrefetchKey {
        cellPrefetchKey = key
        prepareCellsAhead()
      }
    }
    if configuration.prefetching { updatePrefetchWindow() }
  }

  // MARK: The pass

  /// Makes `target` the displayed rows, starting from `survivors` (displayed cells already
  /// placed at their current rows, ordered by row, possibly with gaps).
  ///
  /// UIKit rule (docs/design.md, Table): rows that entered get `cellForRow` — dequeue, with
  /// `prepareForReuse` on a recycled cell — then `willDisplay`, row by row, top to bottom;
  /// rows that left get `didEndDisplaying` and their cell is enqueued. With `display_first`
  /// (UITableView's order) the entering rows go first, so a leaving cell cannot serve an
  /// entering row in the same pass and a slow scroll settles at about visible + 1 cells.
  /// `deleted` cells (old index paths) end with the leaving rows; `reloaded` cells end last in
  /// either order, after their rows' new cells were dequeued, so a reloaded row always gets a
  /// different cell.
  func apply(
    target: Range<Int>, survivors: [TableCell], deleted: [(TableCell, Int)] = [],
    reloaded: [(TableCell, Int)] = []
  ) {
    let leaving = beginPass(
      target: target, survivors: survivors, deleted: deleted, reloaded: reloaded)
    if configuration.layoutOrder == .endFirst {
      endDisplay(deleted: deleted, leaving: leaving)
      fillEntering(target: target)
    } else {
      fillEntering(target: target)
      endDisplay(deleted: deleted, leaving: leaving)
    }
    endPass(target: target, reloaded: reloaded)
  }

  /// Places the survivors that stay in `target` and starts the pass (`pass`); returns the cells
  /// that leave.
  func beginPass(
    target: Range<Int>, survivors: [TableCell], deleted: [(TableCell, Int)],
    reloaded: [(TableCell, Int)]
  ) -> [TableCell] {
    // Empty slots written as nil directly: `Array(repeating: nil, count:)` copies its value
    // into every slot (a retain call each, of nothing).
    var slots = [TableCell?](unsafeUninitializedCapacity: target.count) { buffer, count in
      for index in buffer.indices { (buffer.baseAddress! + index).initialize(to: nil) }
      count = buffer.count
    }
    var leaving: [TableCell] = []
    for cell in survivors {
      guard let row = cell.displayedRow else { continue }
      if target.contains(row) {
        slots[row - target.lowerBound] = cell
      } else {
        leaving.append(cell)
      }
    }
    for (cell, oldRow) in deleted { cell.placement = .awaitingEnd(oldRow: oldRow) }
    for (cell, oldRow) in reloaded { cell.placement = .awaitingEnd(oldRow: oldRow) }
    // Queries made from callbacks during the pass see the cells displayed so far.
    displayed = survivors
    // Moved, not copied: the pass fills the slots in place.
    pass = LayoutInProgress(target: target, slots: consume slots)
    return leaving
  }

  /// Ends the reloaded cells and the pass: the filled slots become the displayed cells.
  func endPass(target: Range<Int>, reloaded: [(TableCell, Int)]) {
    for (cell, oldRow) in reloaded { end(cell, at: oldRow, keepPrepared: false) }
    displayed = pass!.slots.map { $0! }
    pass = nil
    lastLayoutRange = target
  }

  func fillEntering(target: Range<Int>) {
    for index in 0..<target.count where pass!.slots[index] == nil {
      let row = target.lowerBound + index
      let cell = takePrepared(row: row) ?? configuredCell(row: row)
      pass!.slots[index] = cell
      display(cell, at: row)
    }
  }

  func endDisplay(deleted: [(TableCell, Int)], leaving: [TableCell]) {
    for (cell, oldRow) in deleted { end(cell, at: oldRow, keepPrepared: false) }
    for cell in leaving { end(cell, at: cell.displayedRow!, keepPrepared: true) }
  }

  // MARK: Cell steps

  /// Dequeues a cell for `row` (pool first, else a new one) and runs `prepareForReuse` (for a
  /// recycled cell) and `cellForRow`, charging the device's cost for a reused or new cell.
  func configuredCell(row: Int) -> TableCell {
    let item = model.items[row]
    let indexPath = IndexPath(row: row, section: 0)
    let source = dataSource
    callbackDepth += 1
    let identifier = source.reuseIdentifier(for: item, at: indexPath, in: self)
    callbackDepth -= 1
    let cell: TableCell
    let reused: Bool
    if let recycled = pool.dequeue(identifier) {
      cell = recycled
      reused = true
      charge(world.device.cellForRowReused)
      callbackDepth += 1
      cell.prepareForReuse()
      callbackDepth -= 1
    } else {
      cellsCreated += 1
      cellsAlive += 1
      cell = source.cellClass(forReuseIdentifier: identifier).init(
        reuseIdentifier: identifier, context: TableCell.Context(world: world, cellID: cellsCreated))
      reused = false
      charge(world.device.cellForRowNew)
    }
    cell.placement = .prepared(row: row)
    cell.itemID = item.id
    layoutGeneration &+= 1
    cell.configureCount += 1
    world.cellConfigurations += 1
    cell.configuration = world.cellConfigurations
    cell.declareVariant(nil)
    noteInUse()
    world.trace.record(at: world.now, "table.cell_for_row") {
      $0.field("cell", cell.cellID)
      $0.field("row", row)
      $0.field("item", item.id)
      $0.field("reused", reused)
    }
    callDataSource { $0.cellForRow(cell, item: item, at: indexPath, in: self) }
    return cell
  }

  /// `willDisplay`: the cell goes on screen at `row`; charges `will_display` plus
  /// `layout_per_cell` (the cell is laid out as it enters; cells that only move are not).
  func display(_ cell: TableCell, at row: Int) {
    precondition(
      cell.displayBalance == 0,
      "TableView: willDisplay for cell \(cell.cellID) at row \(row) while it is still displayed")
    cell.displayBalance = 1
    cell.placement = .displayed(row: row)
    // A new display episode: the display log records the row's item and URL afresh (a cell
    // back at the same row and item, showing the same images, may show an item whose URL
    // changed while it was off screen).
    cell.lastRecord = nil
    recordsInvalidated = true
    layoutGeneration &+= 1
    charge(world.device.willDisplay + world.device.layoutPerCell)
    world.trace.record(at: world.now, "table.will_display") {
      $0.field("cell", cell.cellID)
      $0.field("row", row)
      $0.field("item", cell.itemID ?? -1)
    }
    callDataSource { $0.willDisplay(cell, at: IndexPath(row: row, section: 0), in: self) }
  }

  /// `didEndDisplaying` with `row`, then the cell goes to the pool — or, with cell
  /// prefetching and `keepPrepared`, stays prepared if its row is within the kept lines, so a
  /// row scrolled back in gets `willDisplay` again without `cellForRow`.
  func end(_ cell: TableCell, at row: Int, keepPrepared: Bool, enqueue: Bool = true) {
    precondition(
      cell.displayBalance == 1,
      "TableView: didEndDisplaying for cell \(cell.cellID) at row \(row) that is not displayed")
    cell.displayBalance = 0
    layoutGeneration &+= 1
    cell.placement = .pooled  // transient; set properly below
    world.trace.record(at: world.now, "table.end_display") {
      $0.field("cell", cell.cellID)
      $0.field("row", row)
    }
    callDataSource { $0.didEndDisplaying(cell, at: IndexPath(row: row, section: 0), in: self) }
    if keepPrepared, configuration.cellPrefetching, keptRows.contains(row),
      model.items.indices.contains(row), model.items[row].id == cell.itemID
    {
      cell.placement = .prepared(row: row)
      insertPrepared(cell)
    } else {
      cell.placement = .new
      if enqueue { pool.enqueue(cell) }
    }
  }

  /// The ends owed by `reloadData`: every cell displayed before it gets `didEndDisplaying`
  /// with its old index path, bottom to top, and goes to the pool; prepared cells go to the
  /// pool silently; the old prefetch window is cancelled with its old rows. The ended cells
  /// enter the pool top to bottom after the callbacks, so with the default LIFO pool the rows
  /// come back in reverse order (the cell that was at the bottom now serves the top row, as
  /// observed after `reloadData` on iOS); with a FIFO pool they come back in the same order.
  ///
  /// UIKit rule (docs/design.md, Table): the counts are re-read at once, the ends come in the next
  /// layout pass (the timing is unconfirmed; docs/design.md, Where the platform rules come from),
  /// and rows are then dequeued top to bottom, popping the pool, so rows come back in different
  /// cells.
  func endForReload() {
    needsReload = false
    if configuration.prefetching, !prefetchEntries.isEmpty {
      let rows = prefetchEntries.map { IndexPath(row: $0.row, section: 0) }
      prefetchEntries.removeAll()
      traceRows("table.cancel_prefetch", rows)
      callDataSource { $0.cancelPrefetchingForRows(at: rows, in: self) }
    }
    prefetchKey = nil
    flushPrepared()
    let ending = awaitingEnd
    awaitingEnd.removeAll()
    for cell in ending.reversed() {
      guard case .awaitingEnd(let oldRow) = cell.placement else { continue }
      end(cell, at: oldRow, keepPrepared: false, enqueue: false)
    }
    for cell in ending { pool.enqueue(cell) }
    lastLayoutRange = 0..<0
  }

  /// Sends every prepared cell back to the pool without callbacks (they are not displayed).
  func flushPrepared() {
    for cell in prepared {
      cell.placement = .new
      pool.enqueue(cell)
    }
    prepared.removeAll()
  }

  func noteInUse() {
    peakInUse = max(peakInUse, cellsAlive - pool.count)
  }

  /// Updates the run-loop mode and the world's scrolling flag from the scroll state, and
  /// traces state changes.
  func syncScrollState() {
    let state = motion.state
    guard state != lastScrollState else { return }
    lastScrollState = state
    world.trace.record(at: world.now, "table.scroll") {
      $0.field("state", state.rawValue)
      $0.field("offset", motion.offset)
    }
    world.main.setMode(state.isTracking ? .tracking : .default)
    syncScrollingFlag()
  }

  /// Tells the main thread whether the user sees the table scroll: it moves and it is on
  /// screen. Hitch ratios (`frame_budget`, `hitch_ratio_ms_per_s`) count only that time: a
  /// table scrolled while covered by another screen shows no frame of it, so a slow main-thread
  /// turn then is no hitch of the scroll (a fuzz campaign against `reference` flagged one).
  func syncScrollingFlag() {
    world.main.setScrolling(motion.state != .idle && isAppeared)
  }

  /// Writes a trace line listing `rows`, e.g. `rows=17,18,19`.
  func traceRows(_ kind: StaticString, _ rows: [IndexPath]) {
    world.trace.record(at: world.now, kind) {
      $0.field("rows", rows.map { String($0.row) }.joined(separator: ","))
    }
  }
}
