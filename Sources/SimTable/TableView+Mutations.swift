import SimPlatform

/// Data-source mutations with UIKit's batch-update semantics (docs/design.md, Table; the rules come
/// from logs of real UIKit calls under Mac Catalyst, agreeing with Chameleon and
/// PSTCollectionView).
///
/// Each call is one batch update (`performBatchUpdates` with a single change, no animation):
/// the model changes at once, and the cells on screen are updated synchronously inside the
/// call, as `endUpdates` does:
/// - surviving cells keep their object and content; only their index paths shift, and they get
///   no `cellForRow`, `prepareForReuse` or display callbacks;
/// - rows that become visible (inserted, reloaded, or pulled in from below) get `cellForRow`
///   then `willDisplay`;
/// - deleted rows get `didEndDisplaying` with their *old* index path; surviving rows pushed off
///   screen get it with their new one;
/// - a reloaded row dequeues its new cell *before* its old cell returns to the pool, so it
///   always gets a different cell; the old cell then gets `didEndDisplaying` (old index path).
/// Callbacks run in the configured `layout_order` and are charged to the main-thread execution
/// running the call, if any (a scenario event applied directly by the event loop runs them at
/// its instant, uncharged). When `didEndDisplaying` fires for an *animated* delete is
/// unconfirmed (docs/design.md, Where the platform rules come from); CellSim models unanimated
/// updates, so it fires inside the call. Cells prepared by cell prefetching go back to the pool.
/// While a `reloadData` is pending, mutations change only the model: the pending reload redoes
/// every row at the next pass. Invalid rows throw `TableError` and change nothing.
extension TableView {
  /// Inserts `count` new items so that the first is at `row` (0…`numberOfRows`); their ids
  /// continue after the largest id and their URLs come from the model's template. Returns them.
  @discardableResult
  package func insertRows(at row: Int, count: Int) throws(TableError) -> [TableItem] {
    try validateInsert("insertRows", row: row, count: count)
    var fresh = model
    let items = fresh.makeItems(count: count)
    try insertRows(items, at: row)
    return items
  }

  /// Inserts `items` (with ids not in use) so that the first is at `row`.
  package func insertRows(_ items: [TableItem], at row: Int) throws(TableError) {
    try validateInsert("insertRows", row: row, count: items.count)
    var ids = Set(model.items.map(\.id))
    for item in items where item.id < 0 || !ids.insert(item.id).inserted {
      throw .invalidItems(operation: "insertRows", reason: "item id \(item.id) is already in use")
    }
    let count = items.count
    try performUpdate("insert", row: row, count: count, reloaded: []) {
      $0.insert(items, at: row)
    } remap: {
      $0 < row ? $0 : $0 + count
    }
  }

  /// Deletes `count` rows starting at `row`.
  package func deleteRows(at row: Int, count: Int = 1) throws(TableError) {
    guard model.items.indices.contains(row) else {
      throw .rowOutOfRange(operation: "deleteRows", row: row, count: model.count)
    }
    guard count >= 1, row + count <= model.count else {
      throw .invalidCount(operation: "deleteRows", row: row, count: count, rows: model.count)
    }
    try performUpdate("delete", row: row, count: count, reloaded: []) {
      $0.remove(row..<(row + count))
    } remap: {
      $0 < row ? $0 : ($0 < row + count ? nil : $0 - count)
    }
  }

  /// Moves the row at `from` so that it ends up at `to` (`moveRow(at:to:)`). Its cell, if
  /// displayed, moves with it and keeps its content.
  package func moveRow(from: Int, to: Int) throws(TableError) {
    for row in [from, to] where !model.items.indices.contains(row) {
      throw .rowOutOfRange(operation: "moveRow", row: row, count: model.count)
    }
    try performUpdate("move", row: from, count: to, reloaded: []) {
      $0.move(from: from, to: to)
    } remap: { old in
      if old == from { return to }
      if from < to, old > from, old <= to { return old - 1 }
      if from > to, old >= to, old < from { return old + 1 }
      return old
    }
  }

  /// Moves the rows `rows` together so that the first ends up at `destination` (a section's
  /// move, `moveSection(_:toSection:)`): one update, so no row between the old and new places is
  /// shown, or asked for, in a state the data source never had. Displayed cells move with their
  /// rows and keep their content.
  package func moveRows(_ rows: Range<Int>, to destination: Int) throws(TableError) {
    for row in [rows.lowerBound, rows.upperBound - 1] where !model.items.indices.contains(row) {
      throw .rowOutOfRange(operation: "moveRows", row: row, count: model.count)
    }
    guard destination >= 0, destination + rows.count <= model.count else {
      throw .rowOutOfRange(operation: "moveRows", row: destination, count: model.count)
    }
    let count = rows.count
    try performUpdate("move_rows", row: rows.lowerBound, count: count, reloaded: []) {
      $0.move(rows, to: destination)
    } remap: { old in
      if rows.contains(old) { return destination + (old - rows.lowerBound) }
      let rest = old < rows.lowerBound ? old : old - count
      return rest < destination ? rest : rest + count
    }
  }

  /// Reloads `rows` (`reloadRows(at:with: .none)`): each displayed one gets a newly dequeued,
  /// configured cell, and its old cell then ends display.
  package func reloadRows(_ rows: [Int]) throws(TableError) {
    var seen = Set<Int>()
    for row in rows {
      guard model.items.indices.contains(row) else {
        throw .rowOutOfRange(operation: "reloadRows", row: row, count: model.count)
      }
      guard seen.insert(row).inserted else {
        throw .duplicateRow(operation: "reloadRows", row: row)
      }
    }
    // The model does not change: a reload leaves `modelGeneration` alone, so an adapter does
    // not tell the app's model of a change it never made (an app reloads its own rows).
    try performUpdate(
      "reload", row: rows.first ?? -1, count: rows.count, reloaded: seen, change: nil
    ) {
      $0
    }
  }

  /// Changes the URL of the item at `row` (the model change), then reloads the row (scenario
  /// event `set_url`).
  package func setURL(_ url: String, forRow row: Int) throws(TableError) {
    guard model.items.indices.contains(row) else {
      throw .rowOutOfRange(operation: "setURL", row: row, count: model.count)
    }
    world.trace.record(at: world.now, "table.set_url") {
      $0.field("row", row)
      $0.field("item", model.items[row].id)
      $0.field("url", url)
    }
    try performUpdate("set_url", row: row, count: 1, reloaded: [row]) {
      $0.setURL(url, row: row)
    } remap: {
      $0
    }
  }

  /// `reloadData()`: the counts are re-read at once; in the next layout pass every cell
  /// displayed now gets `didEndDisplaying` with its old index path, bottom to top, and goes to
  /// the pool, then the visible rows are dequeued top to bottom (so they come back in
  /// different cells). Until then `cellForRow(at:)` and `visibleCells` show nothing.
  package func reloadData() throws(TableError) {
    guard callbackDepth == 0, pass == nil else {
      throw .mutationDuringLayout(operation: "reloadData")
    }
    checkMainThread("reloadData")
    mutationCount += 1
    for cell in displayed {
      cell.placement = .awaitingEnd(oldRow: cell.displayedRow!)
      awaitingEnd.append(cell)
    }
    displayed.removeAll()
    needsReload = true
    geometry.itemCount = model.count
    motion.clampIfResting(geometry: geometry)
    world.trace.record(at: world.now, "table.reload_data") { $0.field("rows", model.count) }
  }

  /// The app assigns its own image to the row's cell, the one `cellForRow(at:)` returns
  /// (scenario event `set_image`): a manual image of the cell's image pixel size. With cell
  /// prefetching that may be a cell prepared for the row and not yet displayed, which then
  /// shows the manual image when it is: the same cell the loader was told about
  /// (`willSetImageManually`). Returns false, changing nothing, when the row has no cell.
  @discardableResult
  package func setManualImage(forRow row: Int) throws(TableError) -> Bool {
    guard model.items.indices.contains(row) else {
      throw .rowOutOfRange(operation: "setManualImage", row: row, count: model.count)
    }
    checkMainThread("setManualImage")
    guard let cell = cellForRow(at: IndexPath(row: row, section: 0)) else { return false }
    let size = imagePixelSize
    cell.imageView.image = Image(
      kind: .manual, width: size.width, height: size.height, world: world)
    world.trace.record(at: world.now, "table.set_image") {
      $0.field("cell", cell.cellID)
      $0.field("row", row)
    }
    return true
  }

  // MARK: The update

  func validateInsert(_ operation: String, row: Int, count: Int) throws(TableError) {
    guard row >= 0, row <= model.count else {
      throw .rowOutOfRange(operation: operation, row: row, count: model.count)
    }
    guard count >= 1 else {
      throw .invalidCount(operation: operation, row: row, count: count, rows: model.count)
    }
  }

  /// Applies one batch update: changes the model, remaps the prefetch window and the displayed
  /// cells' rows through `remap` (nil: deleted), and lays the visible rows out again.
  func performUpdate(
    _ operation: String, row: Int, count: Int, reloaded: Set<Int>,
    change: ((inout TableModel) -> Void)?, remap: (Int) -> Int?
  ) throws(TableError) {
    guard callbackDepth == 0, pass == nil else {
      throw .mutationDuringLayout(operation: operation)
    }
    checkMainThread(operation)
    if let change { change(&model) }
    geometry.itemCount = model.count
    mutationCount += 1
    world.trace.record(at: world.now, "table.update") {
      $0.field("op", operation)
      $0.field("row", row)
      $0.field("n", count)
      $0.field("rows", model.count)
    }
    remapPrefetchWindow(remap)
    guard !needsReload else { return }
    flushPrepared()
    var survivors: [TableCell] = []
    var deleted: [(TableCell, Int)] = []
    var reloadedCells: [(TableCell, Int)] = []
    for cell in displayed {
      let old = cell.displayedRow!
      if reloaded.contains(old) {
        reloadedCells.append((cell, old))
      } else if let new = remap(old) {
        cell.placement = .displayed(row: new)
        layoutGeneration &+= 1
        survivors.append(cell)
      } else {
        deleted.append((cell, old))
      }
    }
    survivors.sort { $0.displayedRow! < $1.displayedRow! }
    motion.clampIfResting(geometry: geometry)
    apply(
      target: geometry.visibleRows(at: motion.offset), survivors: survivors, deleted: deleted,
      reloaded: reloadedCells)
  }
}
