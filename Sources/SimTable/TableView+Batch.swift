/// One row's move in a batch update: `from` numbered before the update, `to` after it.
package struct RowMove: Hashable, Sendable {
  package var from: Int
  package var to: Int
  package init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }
}

/// Several changes told together (`performBatchUpdates`, or `beginUpdates`/`endUpdates`), with
/// UIKit's numbering: deleted, reloaded and moved rows are named by their rows before the
/// update, inserted rows and the moves' destinations by their rows after it, whatever order the
/// app made the calls in.
package struct RowBatch: Equatable, Sendable {
  /// Rows before the update that go away.
  package var deleted: Set<Int> = []
  /// Rows after the update that are new (made from the model's template).
  package var inserted: Set<Int> = []
  /// Rows before the update whose cells are asked for again (they survive, and may shift).
  package var reloaded: Set<Int> = []
  /// Rows that move; the others keep their order around them.
  package var moved: [RowMove] = []

  package init() {}

  /// Whether the batch changes nothing.
  package var isEmpty: Bool {
    deleted.isEmpty && inserted.isEmpty && reloaded.isEmpty && moved.isEmpty
  }
}

extension TableView {
  /// Applies `batch` as one update: the model changes at once and the cells on screen are
  /// updated once, as `endUpdates` does (see `TableView+Mutations.swift` for the per-cell
  /// rules), so no row is shown, or asked for, in a state between two of the batch's changes.
  ///
  /// A batch that is one plain change (a run of inserted or deleted rows, reloads only, one
  /// move, or one block of rows moving together) is applied by that change's own operation, so
  /// its trace is the same as when the change is made alone. The rest is laid out as UIKit does:
  /// moved and inserted rows take their new places, and the surviving rows fill the others in
  /// their old order. Refused, changing nothing, when a row is named outside the table, for two
  /// roles (deleted and reloaded, deleted and moved), or twice as a destination.
  package func performBatch(_ batch: RowBatch) throws(TableError) {
    if batch.isEmpty { return }
    if try applyAsPlainChange(batch) { return }
    let order = try batchOrder(batch)
    var remapped = [Int?](repeating: nil, count: model.count)
    for (new, old) in order.enumerated() where old >= 0 { remapped[old] = new }
    try performUpdate(
      "batch", row: order.firstIndex { $0 < 0 } ?? batch.deleted.min() ?? -1,
      count: batch.deleted.count + batch.inserted.count + batch.reloaded.count
        + batch.moved.count,
      reloaded: batch.reloaded
    ) { model in
      var made = model.makeItems(count: batch.inserted.count).makeIterator()
      let items = model.items
      model.replaceItems(order.map { $0 >= 0 ? items[$0] : made.next()! })
    } remap: {
      remapped[$0]
    }
  }

  /// The new rows' sources (`RowBatch.order(rowCount:)`) for this table's rows.
  func batchOrder(_ batch: RowBatch) throws(TableError) -> [Int] {
    try batch.order(rowCount: model.count)
  }

  /// Applies a batch that is a single plain change with that change's own operation; false when
  /// it is not one.
  func applyAsPlainChange(_ batch: RowBatch) throws(TableError) -> Bool {
    let kinds = [
      !batch.deleted.isEmpty, !batch.inserted.isEmpty, !batch.reloaded.isEmpty,
      !batch.moved.isEmpty,
    ].filter { $0 }.count
    guard kinds == 1 else { return false }
    if let run = Self.run(batch.inserted) {
      _ = try insertRows(at: run.lowerBound, count: run.count)
    } else if let run = Self.run(batch.deleted) {
      try deleteRows(at: run.lowerBound, count: run.count)
    } else if !batch.reloaded.isEmpty {
      try reloadRows(batch.reloaded.sorted())
    } else if batch.moved.count == 1 {
      try moveRow(from: batch.moved[0].from, to: batch.moved[0].to)
    } else if let block = Self.block(batch.moved) {
      try moveRows(block.rows, to: block.destination)
    } else {
      return false
    }
    return true
  }

  /// `rows` as one range, if they are consecutive.
  static func run(_ rows: Set<Int>) -> Range<Int>? {
    guard let low = rows.min(), let high = rows.max(), high - low + 1 == rows.count else {
      return nil
    }
    return low..<(high + 1)
  }

  /// `moves` as one block of consecutive rows moving together, if they are.
  static func block(_ moves: [RowMove]) -> (rows: Range<Int>, destination: Int)? {
    let sorted = moves.sorted { $0.from < $1.from }
    guard let first = sorted.first else { return nil }
    for (index, move) in sorted.enumerated()
    where move.from != first.from + index || move.to != first.to + index {
      return nil
    }
    return (first.from..<(first.from + sorted.count), first.to)
  }
}

extension RowBatch {
  /// The new rows' sources, for a table of `count` rows: for each row after the update, the row
  /// it was before, or -1 for an inserted one. Throws when the batch names a row outside the
  /// table or gives a row two roles.
  package func order(rowCount count: Int) throws(TableError) -> [Int] {
    let batch = self
    var roles = [UInt8](repeating: 0, count: count)
    func claim(_ rows: some Sequence<Int>, _ what: String) throws(TableError) {
      for row in rows {
        guard row >= 0, row < count else {
          throw .rowOutOfRange(operation: "batch update (\(what))", row: row, count: count)
        }
        guard roles[row] == 0 else {
          throw .duplicateRow(operation: "batch update (\(what), and another change)", row: row)
        }
        roles[row] = 1
      }
    }
    try claim(batch.deleted.sorted(), "deleted")
    try claim(batch.moved.map(\.from), "moved")
    // A reloaded row may also move: it is asked for again at its new place.
    let moving = Set(batch.moved.map(\.from))
    try claim(batch.reloaded.subtracting(moving).sorted(), "reloaded")
    let newCount = count - batch.deleted.count + batch.inserted.count
    var order = [Int](repeating: -2, count: max(0, newCount))
    for (row, source) in batch.inserted.sorted().map({ ($0, -1) })
      + batch.moved.map({ ($0.to, $0.from) })
    {
      guard row >= 0, row < newCount else {
        throw .rowOutOfRange(
          operation: "batch update (inserted or moved to)", row: row,
          count: newCount)
      }
      guard order[row] == -2 else {
        throw .duplicateRow(operation: "batch update (inserted or moved to)", row: row)
      }
      order[row] = source
    }
    var next = 0
    for old in 0..<count where !batch.deleted.contains(old) && !moving.contains(old) {
      while order[next] != -2 { next += 1 }
      order[next] = old
    }
    return order
  }

  /// Where each of `rows` (before the update) is after it, for a table of `count` rows; nil for
  /// a row the batch deletes or reloads (a reloaded row gets a new cell). Throws as
  /// `order(rowCount:)` does, and for a row outside the table.
  package func rowsAfter(_ rows: [Int], rowCount count: Int) throws(TableError) -> [Int?] {
    let order = try order(rowCount: count)
    var destination = [Int?](repeating: nil, count: count)
    for (new, old) in order.enumerated() where old >= 0 { destination[old] = new }
    var after: [Int?] = []
    after.reserveCapacity(rows.count)
    for row in rows {
      guard row >= 0, row < count else {
        throw .rowOutOfRange(operation: "batch update (reconfigured)", row: row, count: count)
      }
      let moves = moved.contains { $0.from == row }
      after.append(reloaded.contains(row) && !moves ? nil : destination[row])
    }
    return after
  }
}
