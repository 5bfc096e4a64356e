import SimTable

/// Row, item and section changes (`insertRows`, `deleteSections`, `moveItem`, …) told to a table
/// or collection view, applied to the engine, which holds every section's rows in one list, as
/// **one update per batch**.
///
/// A batch is everything told inside `performBatchUpdates(_:completion:)`, or between
/// `beginUpdates()` and `endUpdates()` (they nest); a change told outside any batch is a batch
/// of its own, however many rows it names. As in UIKit, the data source is changed first and
/// the view told after, and the index paths are read by UIKit's rules whatever order the calls
/// came in: deleted, reloaded and moved rows and sections with the counts from before the batch,
/// inserted ones and the moves' destinations with the counts after it. So a batch that deletes
/// row 5 and inserts row 0 deletes what was row 5, and no row is shown, or asked for, in a state
/// between two of the batch's changes (applying them one at a time would show rows the data
/// source never had there, and the oracle would see their images as wrong).
///
/// A reloaded section's rows are asked for again; when its count changed, the rows past the
/// shorter count are deleted or inserted at its end. An index that names no row or section,
/// or a row given two roles (deleted and reloaded), stops the run, as UIKit raises.
@MainActor protocol SectionUpdating: AnyObject {
  /// The sections as last counted.
  var sectionMap: SectionMap { get }
  /// The rows the view shows in all, as last counted.
  var shownRowCount: Int { get }
  /// The engine's rows (the scenario's), declared or not.
  var engineItemCount: Int { get }
  /// How the view's methods are named in messages (`UITableView`).
  var typeName: String { get }
  /// The batch being told, if any.
  var pendingUpdates: PendingUpdates? { get set }
  /// Each section's count as the data source last gave it.
  var countedSections: [Int]? { get }
  /// Counts the data source's sections again.
  func recountSections()
  /// The data source's count for `section` now (before the view counts again).
  func currentCount(ofSection section: Int) -> Int
  /// Applies the batch's changes, by engine row, as one update of the engine, then asks again
  /// for the cells of `reconfigured` (engine rows before the batch) where they are after it.
  func applyEngineBatch(_ batch: RowBatch, _ call: String, reconfiguring reconfigured: [Int])
}

/// The changes of a batch being told, by the app's index paths and sections.
struct PendingUpdates {
  /// How many batches are open (`beginUpdates` nests).
  var depth = 0
  /// The sections, the rows shown, and each section's count as the data source gave it, when
  /// the batch began.
  let oldMap: SectionMap
  let oldRows: Int
  let oldCounts: [Int]?
  /// The first call of the batch, for messages.
  let call: String
  var deletedRows: [IndexPath] = []
  var insertedRows: [IndexPath] = []
  var reloadedRows: [IndexPath] = []
  var movedRows: [(from: IndexPath, to: IndexPath)] = []
  var deletedSections: [Int] = []
  var insertedSections: [Int] = []
  var reloadedSections: [Int] = []
  var movedSections: [(from: Int, to: Int)] = []
  /// Rows reconfigured inside the batch, read with the counts from before it, as reloaded rows
  /// are: their cells are asked for again once the batch is applied, where the rows are then.
  var reconfiguredRows: [IndexPath] = []

  /// Whether nothing was told (`performBatchUpdates(nil)` only waits for its completion).
  var isEmpty: Bool {
    deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
      && deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
      && movedSections.isEmpty && reconfiguredRows.isEmpty
  }
}

extension SectionUpdating {
  // MARK: Telling

  /// Opens a batch (or a nested one).
  func beginBatch(_ call: String) {
    if pendingUpdates == nil {
      pendingUpdates = PendingUpdates(
        oldMap: sectionMap, oldRows: shownRowCount, oldCounts: countedSections, call: call)
    }
    pendingUpdates!.depth += 1
  }

  /// Closes a batch; the outermost applies what was told.
  func endBatch() {
    guard var pending = pendingUpdates else { return }
    pending.depth -= 1
    if pending.depth > 0 {
      pendingUpdates = pending
      return
    }
    pendingUpdates = nil
    if !pending.isEmpty { applyPending(pending) }
  }

  /// Records `changes` in the batch's `list`, in a batch of their own unless one is open.
  func tell<Change>(
    _ list: WritableKeyPath<PendingUpdates, [Change]>, _ changes: [Change], _ call: String
  ) {
    beginBatch(call)
    pendingUpdates![keyPath: list] += changes
    endBatch()
  }

  // MARK: Applying

  /// Counts the sections again and applies `pending` to the engine as one update.
  func applyPending(_ pending: PendingUpdates) {
    let call = pending.call
    // Counted before the engine changes, so that rows asked for during the update are named
    // with the new sections.
    recountSections()
    checkCounts(pending)
    let old = pending.oldMap
    let new = sectionMap
    var batch = RowBatch()
    // Loops rather than closures in this file: see `AppearanceRecord.isInstance`.
    for section in pending.deletedSections {
      for row in range(of: section, in: old, rows: pending.oldRows, call) {
        batch.deleted.insert(row)
      }
    }
    for section in pending.insertedSections {
      for row in range(of: section, in: new, rows: newSingleCount(pending), call) {
        batch.inserted.insert(row)
      }
    }
    for section in pending.reloadedSections {
      reload(section, pending, new, into: &batch, call)
    }
    for (from, to) in pending.movedSections {
      let source = range(of: from, in: old, rows: pending.oldRows, call)
      let target = range(of: to, in: new, rows: newSingleCount(pending), call)
      guard source.count == target.count else {
        preconditionFailure(
          "\(typeName).\(call): section \(from) had \(source.count) row(s) and section \(to) "
            + "has \(target.count) after the move")
      }
      // Moved even when its rows start where they did: other changes of the batch may move the
      // rows around them, and only a move keeps them in place.
      for offset in 0..<source.count {
        batch.moved.append(
          RowMove(from: source.lowerBound + offset, to: target.lowerBound + offset))
      }
    }
    for path in pending.deletedRows { batch.deleted.insert(row(path, in: old, call)) }
    let appendsOnly = appendsOnly(pending, new)
    for path in pending.insertedRows {
      let inserted = row(path, in: new, call)
      // A page appended past the rows declared so far (an infinite feed's next page) declares
      // rows the engine already has, the scenario's next rows; only rows past the engine's are
      // new. The recount has raised the declared rows, and the visible ones are asked for.
      if appendsOnly, inserted >= pending.oldRows, inserted < engineItemCount { continue }
      batch.inserted.insert(inserted)
    }
    for path in pending.reloadedRows { batch.reloaded.insert(row(path, in: old, call)) }
    for (from, to) in pending.movedRows {
      batch.moved.append(RowMove(from: row(from, in: old, call), to: row(to, in: new, call)))
    }
    var reconfigured: [Int] = []
    for path in pending.reconfiguredRows {
      let engineRow = row(path, in: old, call)
      if !reconfigured.contains(engineRow) { reconfigured.append(engineRow) }
    }
    applyEngineBatch(batch, call, reconfiguring: reconfigured)
  }

  /// Whether `pending` only inserts rows into one section, of a view that declares fewer rows
  /// than the engine has: the shape of a feed that shows its rows a page at a time.
  private func appendsOnly(_ pending: PendingUpdates, _ new: SectionMap) -> Bool {
    pending.oldMap.isSingle && new.isSingle && pending.oldRows < engineItemCount
      && pending.deletedRows.isEmpty && pending.movedRows.isEmpty
      && pending.deletedSections.isEmpty && pending.insertedSections.isEmpty
      && pending.movedSections.isEmpty && pending.reloadedSections.isEmpty
  }

  /// A reloaded section: its kept rows are asked for again; the rest of a longer old count is
  /// deleted, the rest of a longer new count inserted.
  private func reload(
    _ section: Int, _ pending: PendingUpdates, _ new: SectionMap, into batch: inout RowBatch,
    _ call: String
  ) {
    let before = range(of: section, in: pending.oldMap, rows: pending.oldRows, call)
    // A table of one section keeps its rows (the scenario's): they are asked for again.
    guard !pending.oldMap.isSingle || !new.isSingle else {
      for row in before { batch.reloaded.insert(row) }
      return
    }
    let after = range(of: section, in: new, rows: newSingleCount(pending), call)
    let kept = min(before.count, after.count)
    for row in before.lowerBound..<(before.lowerBound + kept) { batch.reloaded.insert(row) }
    for row in (before.lowerBound + kept)..<before.upperBound { batch.deleted.insert(row) }
    for row in (after.lowerBound + kept)..<after.upperBound { batch.inserted.insert(row) }
  }

  /// The rows of one section after the batch, for a map of one section: the data source's.
  private func newSingleCount(_ pending: PendingUpdates) -> Int {
    max(0, currentCount(ofSection: 0))
  }

  /// The engine rows of `section` in `map` (`rows` in all for one section), or a stop.
  func range(of section: Int, in map: SectionMap, rows: Int, _ call: String) -> Range<Int> {
    if map.isSingle {
      guard section == 0 else { noSection(section, map, call) }
      return 0..<rows
    }
    guard map.counts.indices.contains(section) else { noSection(section, map, call) }
    var start = 0
    for earlier in 0..<section { start += map.counts[earlier] }
    return start..<(start + map.counts[section])
  }

  /// The engine row of `path` in `map`, or a stop, as UIKit raises.
  func row(_ path: IndexPath, in map: SectionMap, _ call: String) -> Int {
    guard let row = map.row(for: path) else {
      preconditionFailure(
        "\(typeName).\(call): \(path) names no row of the \(map.sectionCount) section(s) the "
          + "data source declares")
    }
    return row
  }

  private func noSection(_ section: Int, _ map: SectionMap, _ call: String) -> Never {
    preconditionFailure(
      "\(typeName).\(call): section \(section) is not one of the \(map.sectionCount) "
        + "section(s) the data source declares")
  }
}

extension UITableView: SectionUpdating {
  /// Inserts `sections`, read with the counts after the change (see `SectionUpdates.swift`).
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    tell(\.insertedSections, Array(sections), "insertSections")
  }

  /// Deletes `sections`, read with the counts from before.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    tell(\.deletedSections, Array(sections), "deleteSections")
  }

  /// Asks the data source again for the rows of `sections` (a visible cell is dequeued again).
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    tell(\.reloadedSections, Array(sections), "reloadSections")
  }

  /// Moves the rows of `section` to `newSection`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    tell(\.movedSections, [(section, newSection)], "moveSection")
  }

  /// Does nothing: the section index is not drawn.
  public func reloadSectionIndexTitles() {}

  var sectionMap: SectionMap { engineSections }
  var shownRowCount: Int { rowCount }
  var typeName: String { "UITableView" }
  func recountSections() { refreshSections() }
  func currentCount(ofSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }
  func applyEngineBatch(_ batch: RowBatch, _ call: String, reconfiguring reconfigured: [Int]) {
    guard !batch.isEmpty || !reconfigured.isEmpty else { return }
    mutate(call) { engine in
      // Where the reconfigured rows are after the batch, worked out before it changes the rows.
      let after =
        reconfigured.isEmpty
        ? [] : try batch.rowsAfter(reconfigured, rowCount: engine.model.count)
      try engine.performBatch(batch)
      let rows = after.compactMap { $0 }
      if !rows.isEmpty { try engine.reconfigureRows(rows) }
    }
  }
}

extension UICollectionView: SectionUpdating {
  /// Inserts `sections`, read with the counts after the change (see `SectionUpdates.swift`).
  public func insertSections(_ sections: IndexSet) {
    tell(\.insertedSections, Array(sections), "insertSections")
  }

  /// Deletes `sections`, read with the counts from before.
  public func deleteSections(_ sections: IndexSet) {
    tell(\.deletedSections, Array(sections), "deleteSections")
  }

  /// Asks the data source again for the items of `sections` (a visible cell is dequeued again).
  public func reloadSections(_ sections: IndexSet) {
    tell(\.reloadedSections, Array(sections), "reloadSections")
  }

  /// Moves the items of `section` to `newSection`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    tell(\.movedSections, [(section, newSection)], "moveSection")
  }

  var sectionMap: SectionMap { engineSections }
  var shownRowCount: Int { declaredRows ?? engineItemCount }
  var typeName: String { "UICollectionView" }
  func recountSections() { refreshSections() }
  func currentCount(ofSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }
  func applyEngineBatch(_ batch: RowBatch, _ call: String, reconfiguring reconfigured: [Int]) {
    table.applyEngineBatch(batch, call, reconfiguring: reconfigured)
  }
}
