extension TableView {
  /// The rows cell prefetching keeps prepared: the visible lines extended by
  /// `cellPrefetchLines` on each side.
  var keptRows: Range<Int> {
    let lines = geometry.visibleLines(at: motion.offset)
    let extra = configuration.cellPrefetchLines
    return geometry.rows(onLines: max(0, lines.lowerBound - extra)..<(lines.upperBound + extra))
  }

  /// The rows cell prefetching prepares next: the `cellPrefetchLines` lines beyond the visible
  /// ones in the scroll direction, nearest first.
  var rowsAhead: [Int] {
    let lines = geometry.visibleLines(at: motion.offset)
    let extra = configuration.cellPrefetchLines
    if scrollDirection > 0 {
      return Array(geometry.rows(onLines: lines.upperBound..<(lines.upperBound + extra)))
    }
    let above = geometry.rows(onLines: max(0, lines.lowerBound - extra)..<lines.lowerBound)
    return above.reversed()
  }

  /// iOS 15+ cell prefetching (`cell_prefetching`), after the pass's entering and leaving rows.
  ///
  /// UIKit rule (docs/design.md, Table; Apple's documentation of `isPrefetchingEnabled` for table
  /// and collection views): `cellForRow` runs a pass or more before a row is visible, and a
  /// prepared cell may never be displayed. Prepared cells outside the kept lines go back to the
  /// pool without callbacks; then each row ahead that has no cell is dequeued and configured
  /// (`cellForRow` only — `willDisplay` comes when it becomes visible). How far ahead UIKit
  /// prepares is undocumented (docs/design.md, Where the platform rules come from), so it is
  /// `cellPrefetchLines`.
  func prepareCellsAhead() {
    let kept = keptRows
    if !prepared.isEmpty {
      var stay: [TableCell] = []
      for cell in prepared {
        if case .prepared(let row) = cell.placement, kept.contains(row) {
          stay.append(cell)
        } else {
          cell.placement = .new
          pool.enqueue(cell)
        }
      }
      prepared = stay
    }
    for row in rowsAhead where displayedCell(row: row) == nil && preparedCell(row: row) == nil {
      let cell = configuredCell(row: row)
      insertPrepared(cell)
    }
  }

  /// The prepared cell for `row`, if any.
  func preparedCell(row: Int) -> TableCell? {
    prepared.first { $0.placement == .prepared(row: row) }
  }

  /// Removes and returns the prepared cell for `row`, if any: it becomes visible with
  /// `willDisplay` alone.
  func takePrepared(row: Int) -> TableCell? {
    guard !prepared.isEmpty,
      let index = prepared.firstIndex(where: { $0.placement == .prepared(row: row) })
    else { return nil }
    return prepared.remove(at: index)
  }

  /// Adds a prepared cell, keeping `prepared` ordered by row.
  func insertPrepared(_ cell: TableCell) {
    guard case .prepared(let row) = cell.placement else { return }
    let index =
      prepared.firstIndex {
        if case .prepared(let other) = $0.placement { return other > row }
        return false
      } ?? prepared.count
    prepared.insert(cell, at: index)
  }
}
