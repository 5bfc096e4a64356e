import Foundation

extension TableView {
  /// `reconfigureRows(at:)` (iOS 15): asks the data source again for each listed row that has a
  /// cell now — displayed or prefetched — with that same cell. Apple: it updates "the contents
  /// of existing (including prefetched) cells without replacing them with new cells", and the
  /// table "doesn't call `prepareForReuse`" for them. So there is no new cell, no display
  /// callback and no `prepareForReuse`; each call is a new configuration of the cell (a new
  /// request, as the oracle sees it), and a row can be reconfigured several times in one turn.
  /// Rows without a cell are skipped. Throws for a row out of range, a repeated row, or a call
  /// from inside a data-source callback.
  package func reconfigureRows(_ rows: [Int]) throws(TableError) {
    guard callbackDepth == 0, pass == nil else {
      throw .mutationDuringLayout(operation: "reconfigureRows")
    }
    var seen = Set<Int>()
    for row in rows {
      guard model.items.indices.contains(row) else {
        throw .rowOutOfRange(operation: "reconfigureRows", row: row, count: model.count)
      }
      guard seen.insert(row).inserted else {
        throw .duplicateRow(operation: "reconfigureRows", row: row)
      }
    }
    checkMainThread("reconfigureRows")
    for row in rows {
      let indexPath = IndexPath(row: row, section: 0)
      guard let cell = cellForRow(at: indexPath) else { continue }
      let item = model.items[row]
      charge(world.device.cellForRowReused)
      cell.itemID = item.id
      cell.configureCount += 1
      world.cellConfigurations += 1
      cell.configuration = world.cellConfigurations
      cell.declareVariant(nil)
      cell.lastRecord = nil
      recordsInvalidated = true
      layoutGeneration &+= 1
      world.trace.record(at: world.now, "table.reconfigure") {
        $0.field("cell", cell.cellID)
        $0.field("row", row)
        $0.field("item", item.id)
      }
      callDataSource { $0.cellForRow(cell, item: item, at: indexPath, in: self) }
    }
  }
}
