extension TableView {
  /// Checks the table's bookkeeping; stops with a message naming the broken rule.
  ///
  /// - each displayed row has exactly one cell, rows are contiguous and ordered, and after a
  ///   layout pass they are exactly the rows the geometry makes visible;
  /// - each displayed cell shows the item its row holds now;
  /// - no cell is in two places (displayed, prepared, awaiting its end, pooled);
  /// - `willDisplay` and `didEndDisplaying` alternate per cell: a cell has had exactly one more
  ///   `willDisplay` than `didEndDisplaying` while displayed or awaiting its end, and as many
  ///   otherwise;
  /// - the pool's own bookkeeping holds, every live cell is accounted for, and the pool never
  ///   holds more cells than were ever needed at once.
  package func _checkInvariants() {
    precondition(pass == nil, "TableView: invariants checked during a layout pass")
    pool._checkInvariants()
    var seen = Set<Int>()
    func claim(_ cell: TableCell, _ place: String) {
      precondition(
        seen.insert(cell.cellID).inserted,
        "TableView: cell \(cell.cellID) is \(place) and somewhere else at once")
    }
    var expectedRow = displayed.first?.displayedRow
    for cell in displayed {
      claim(cell, "displayed")
      guard let row = cell.displayedRow else {
        preconditionFailure(
          "TableView: cell \(cell.cellID) is in the displayed list but not displayed")
      }
      precondition(row == expectedRow, "TableView: displayed rows are not contiguous at row \(row)")
      expectedRow = row + 1
      precondition(
        model.items.indices.contains(row) && model.items[row].id == cell.itemID,
        "TableView: cell \(cell.cellID) at row \(row) shows item \(cell.itemID ?? -1), "
          + "but that row holds another item")
      precondition(cell.displayBalance == 1, "TableView: displayed cell \(cell.cellID) unbalanced")
    }
    if !needsReload && isAppeared {
      let rows = displayed.first.map { $0.displayedRow!..<($0.displayedRow! + displayed.count) }
      precondition(
        (rows ?? lastLayoutRange.lowerBound..<lastLayoutRange.lowerBound) == lastLayoutRange
          || (lastLayoutRange.isEmpty && displayed.isEmpty),
        "TableView: displayed rows \(String(describing: rows)) differ from the laid-out rows "
          + "\(lastLayoutRange)")
    }
    for cell in prepared {
      claim(cell, "prepared")
      guard case .prepared(let row) = cell.placement else {
        preconditionFailure("TableView: cell \(cell.cellID) in the prepared list is not prepared")
      }
      precondition(!lastLayoutRange.contains(row), "TableView: prepared cell at visible row \(row)")
      precondition(cell.displayBalance == 0, "TableView: prepared cell \(cell.cellID) unbalanced")
    }
    for cell in awaitingEnd {
      claim(cell, "awaiting its end")
      precondition(cell.displayBalance == 1, "TableView: ending cell \(cell.cellID) unbalanced")
    }
    for cell in pool.cells {
      claim(cell, "pooled")
      precondition(cell.displayBalance == 0, "TableView: pooled cell \(cell.cellID) unbalanced")
    }
    precondition(
      seen.count == cellsAlive,
      "TableView: \(cellsAlive) cells alive but \(seen.count) accounted for")
    precondition(
      pool.count <= peakInUse,
      "TableView: the pool holds \(pool.count) cells, more than the \(peakInUse) ever in use")
    precondition(
      cellsAlive <= max(peakInUse, 1) + pool.count,
      "TableView: \(cellsAlive) cells alive for a peak demand of \(peakInUse)")
  }
}
