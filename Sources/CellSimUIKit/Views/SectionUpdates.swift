/// Section changes (`insertSections`, `deleteSections`, `reloadSections`, `moveSection`) as row
/// changes of the engine, which holds every section's rows in one list.
///
/// As in UIKit, the data source is changed first and the view told after: inserted sections are
/// read with the counts after the change, deleted ones with the counts from before, a moved
/// section from before and its destination after. A reloaded section's rows are asked for again
/// (`reloadRows`, so a visible cell goes through `prepareForReuse()` and the data source); when
/// its count changed, the rows past the shorter count are deleted or inserted at its end. An
/// index that names no section stops the run, as UIKit raises.
@MainActor protocol SectionUpdating: AnyObject {
  /// The sections as last counted.
  var sectionMap: SectionMap { get }
  /// The rows the view shows in all, as last counted.
  var shownRowCount: Int { get }
  /// How the view's methods are named in messages (`UITableView`).
  var typeName: String { get }
  /// Counts the data source's sections again.
  func recountSections()
  /// The data source's count for `section` now (before the view counts again).
  func currentCount(ofSection section: Int) -> Int
  /// The engine's changes, by engine row.
  func insertEngineRows(at row: Int, count: Int, _ call: String)
  func deleteEngineRows(at row: Int, count: Int, _ call: String)
  func reloadEngineRows(_ rows: Range<Int>, _ call: String)
  func moveEngineRows(_ rows: Range<Int>, to destination: Int, _ call: String)
}

extension SectionUpdating {
  /// The engine rows of `section` with the sections as last counted, or a stop naming `call`.
  func rowRange(ofSection section: Int, _ call: String) -> Range<Int> {
    let map = sectionMap
    if map.isSingle {
      guard section == 0 else { noSection(section, call) }
      return 0..<shownRowCount
    }
    guard let start = map.row(for: IndexPath(row: 0, section: section)) ?? emptyStart(section)
    else { noSection(section, call) }
    return start..<(start + map.counts[section])
  }

  /// Where an empty section starts: after the rows of the sections before it.
  private func emptyStart(_ section: Int) -> Int? {
    let counts = sectionMap.counts
    guard counts.indices.contains(section) else { return nil }
    return counts[..<section].reduce(0, +)
  }

  private func noSection(_ section: Int, _ call: String) -> Never {
    preconditionFailure(
      "\(typeName).\(call): section \(section) is not one of the \(sectionMap.sectionCount) "
        + "section(s) the data source declares")
  }

  func insertSectionRows(_ sections: IndexSet, _ call: String) {
    recountSections()
    for section in sections {
      let range = rowRange(ofSection: section, call)
      if !range.isEmpty { insertEngineRows(at: range.lowerBound, count: range.count, call) }
    }
  }

  func deleteSectionRows(_ sections: IndexSet, _ call: String) {
    for section in sections.reversed() {
      let range = rowRange(ofSection: section, call)
      if !range.isEmpty { deleteEngineRows(at: range.lowerBound, count: range.count, call) }
    }
    recountSections()
  }

  func reloadSectionRows(_ sections: IndexSet, _ call: String) {
    // Loops rather than closures in this file: see `AppearanceRecord.isInstance`.
    var before: [(section: Int, old: Int, new: Int)] = []
    for section in sections {
      before.append(
        (section, rowRange(ofSection: section, call).count, currentCount(ofSection: section)))
    }
    // Rows past a shorter new count go first, from the last section, with the old counts.
    for (section, old, new) in before.reversed() where new < old {
      let range = rowRange(ofSection: section, call)
      deleteEngineRows(at: range.lowerBound + new, count: old - new, call)
    }
    recountSections()
    for (section, old, new) in before {
      let range = rowRange(ofSection: section, call)
      if new > old { insertEngineRows(at: range.lowerBound + old, count: new - old, call) }
      let kept = min(old, new, range.count)
      if kept > 0 { reloadEngineRows(range.lowerBound..<(range.lowerBound + kept), call) }
    }
  }

  func moveSectionRows(_ section: Int, to newSection: Int, _ call: String) {
    let from = rowRange(ofSection: section, call)
    recountSections()
    let to = rowRange(ofSection: newSection, call)
    guard from.count == to.count else {
      preconditionFailure(
        "\(typeName).\(call): section \(section) had \(from.count) row(s) and section "
          + "\(newSection) has \(to.count) after the move")
    }
    if !from.isEmpty, from.lowerBound != to.lowerBound {
      moveEngineRows(from, to: to.lowerBound, call)
    }
  }
}

extension UITableView: SectionUpdating {
  /// Inserts `sections`, read with the counts after the change (see `SectionUpdates.swift`).
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    insertSectionRows(sections, "insertSections")
  }

  /// Deletes `sections`, read with the counts from before.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    deleteSectionRows(sections, "deleteSections")
  }

  /// Asks the data source again for the rows of `sections` (a visible cell is dequeued again).
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    reloadSectionRows(sections, "reloadSections")
  }

  /// Moves the rows of `section` to `newSection`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    moveSectionRows(section, to: newSection, "moveSection")
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
  func insertEngineRows(at row: Int, count: Int, _ call: String) {
    mutate(call) { _ = try $0.insertRows(at: row, count: count) }
  }
  func deleteEngineRows(at row: Int, count: Int, _ call: String) {
    mutate(call) { try $0.deleteRows(at: row, count: count) }
  }
  func reloadEngineRows(_ rows: Range<Int>, _ call: String) {
    mutate(call) { try $0.reloadRows(Array(rows)) }
  }
  func moveEngineRows(_ rows: Range<Int>, to destination: Int, _ call: String) {
    mutate(call) { try $0.moveRows(rows, to: destination) }
  }
}

extension UICollectionView: SectionUpdating {
  /// Inserts `sections`, read with the counts after the change (see `SectionUpdates.swift`).
  public func insertSections(_ sections: IndexSet) {
    insertSectionRows(sections, "insertSections")
  }

  /// Deletes `sections`, read with the counts from before.
  public func deleteSections(_ sections: IndexSet) {
    deleteSectionRows(sections, "deleteSections")
  }

  /// Asks the data source again for the items of `sections` (a visible cell is dequeued again).
  public func reloadSections(_ sections: IndexSet) {
    reloadSectionRows(sections, "reloadSections")
  }

  /// Moves the items of `section` to `newSection`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    moveSectionRows(section, to: newSection, "moveSection")
  }

  var sectionMap: SectionMap { engineSections }
  var shownRowCount: Int { declaredRows ?? engineItemCount }
  var typeName: String { "UICollectionView" }
  func recountSections() { refreshSections() }
  func currentCount(ofSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }
  func insertEngineRows(at row: Int, count: Int, _ call: String) {
    table.insertRows(at: Self.paths(row..<(row + count)), with: .none)
  }
  func deleteEngineRows(at row: Int, count: Int, _ call: String) {
    table.deleteRows(at: Self.paths(row..<(row + count)), with: .none)
  }
  func reloadEngineRows(_ rows: Range<Int>, _ call: String) {
    table.reloadRows(at: Self.paths(rows), with: .none)
  }
  func moveEngineRows(_ rows: Range<Int>, to destination: Int, _ call: String) {
    table.moveEngineRows(rows, to: destination, call)
  }

  static func paths(_ rows: Range<Int>) -> [IndexPath] {
    var paths: [IndexPath] = []
    for row in rows { paths.append(IndexPath(row: row, section: 0)) }
    return paths
  }
}
