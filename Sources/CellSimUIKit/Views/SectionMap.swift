/// How a hosted table's rows, one list in the engine (the scenario's rows), map to the sections
/// the app's data source declares.
///
/// The engine knows one list of rows. An app whose data source declares several sections
/// (`numberOfSections(in:)`, then a count per section) sees them as UIKit would show them: the
/// engine's rows fill the sections in order, so row `n` of the list is row `n - start` of the
/// section that holds it. Where headers, footers and insets take room is the table's geometry
/// (`UITableView+Sections.swift`), not this map's. With one section, or none, row `n`
/// is `[0, n]`, whatever the app's count, as UIKit shows a one-section table. Rows of the engine
/// past the end of the app's last non-empty section stay in that section: the scenario has more
/// rows than the model (the model decides nothing about which rows exist; see `UITableView`).
package struct SectionMap: Equatable, Sendable {
  /// The app's row count of each section; empty for one section.
  package private(set) var counts: [Int] = []
  /// The first engine row of each section.
  private var starts: [Int] = []
  /// The section that holds the rows past the app's last one.
  private var overflowSection = 0

  /// One section: row `n` is `[0, n]`.
  package init() {}

  /// The sections of `counts` rows each (negative counts are empty sections); one section when
  /// there are fewer than two.
  package init(counts: [Int]) {
    guard counts.count > 1 else { return }
    self.counts = counts.map { max(0, $0) }
    var start = 0
    starts.reserveCapacity(counts.count)
    for count in self.counts {
      starts.append(start)
      start += count
    }
    overflowSection = self.counts.lastIndex { $0 > 0 } ?? self.counts.count - 1
  }

  /// Whether the map is the identity (one section).
  package var isSingle: Bool { counts.isEmpty }

  /// The number of sections the app declared (1 for a single one).
  package var sectionCount: Int { max(1, counts.count) }

  /// The rows the app declared in `section`, with the engine's extra rows in the overflow
  /// section; `engineRows` for the single section.
  package func rows(inSection section: Int, engineRows: Int) -> Int {
    guard !isSingle else { return section == 0 ? engineRows : 0 }
    guard counts.indices.contains(section) else { return 0 }
    let total = starts[starts.count - 1] + counts[counts.count - 1]
    let extra = section == overflowSection ? max(0, engineRows - total) : 0
    return counts[section] + extra
  }

  /// The app's index path of the engine's row `row`.
  package func indexPath(forRow row: Int) -> IndexPath {
    guard !isSingle else { return IndexPath(row: row, section: 0) }
    let section: Int
    if row >= starts[overflowSection] + counts[overflowSection] {
      section = overflowSection
    } else {
      // The last section that starts at or before `row`: of empty sections starting where a
      // non-empty one does, the non-empty one comes last.
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= row { low = middle } else { high = middle - 1 }
      }
      section = low
    }
    return IndexPath(row: row - starts[section], section: section)
  }

  /// The engine's row of the app's `indexPath`; nil when it names no row (a section that does
  /// not exist, a negative row, or a row past its section's end, except in the overflow
  /// section).
  package func row(for indexPath: IndexPath) -> Int? {
    guard indexPath.count == 2 else { return nil }
    let section = indexPath.section
    let row = indexPath.row
    guard row >= 0 else { return nil }
    guard !isSingle else { return section == 0 ? row : nil }
    guard counts.indices.contains(section) else { return nil }
    guard row < counts[section] || section == overflowSection else { return nil }
    return starts[section] + row
  }

  /// The engine's index path (`[0, row]`) of the app's `indexPath`, if it names a row.
  package func enginePath(for indexPath: IndexPath) -> IndexPath? {
    row(for: indexPath).map { IndexPath(row: $0, section: 0) }
  }
}
