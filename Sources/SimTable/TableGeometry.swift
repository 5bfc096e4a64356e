/// Where rows sit and which of them a content offset shows.
///
/// Rows are laid out in lines of `columns` items, top to bottom; line `k` spans
/// `[k × rowHeight, (k + 1) × rowHeight)` points, unless the table has sections with headers and
/// footers or a header of its own (`sections`, `topInset`; `TableGeometry+Sections.swift`):
/// then each section starts a new line below its header, and its footer follows its last line. The viewport is the device screen. A row is
/// *visible* when its line intersects `[offset − preloadMargin, offset + height +
/// preloadMargin)` (docs/design.md, Table: the preload margin makes the table taller than the
/// screen, seed 003's buffering). Offsets are `Double` points — positions, never time.
package struct TableGeometry: Hashable, Sendable {
  /// Height of one line in points.
  package var rowHeight: Double
  /// Items per line.
  package var columns: Int
  /// The viewport width in points.
  package var viewportWidth: Double
  /// The viewport height in points.
  package var viewportHeight: Double
  /// Extra points above and below the viewport that count as visible.
  package var preloadMargin: Double
  /// The number of items.
  package var itemCount: Int { didSet { if isSectioned { placeSections() } } }
  /// The sections, with the points above and below each one's rows; empty for one section
  /// with neither (the scenario's table). Set with `setSections(_:top:bottom:)`.
  package internal(set) var sections: [TableSectionSpacing] = []
  /// Points above the first section (a table's header view).
  package internal(set) var topInset: Double = 0
  /// Points below the last section (a table's footer view).
  package internal(set) var bottomInset: Double = 0
  /// Where each section's rows and lines fall, for the items there are now; empty when the
  /// rows lie in one run of lines from the top.
  var placed: [PlacedTableSection] = []

  /// A geometry with the given parameters.
  package init(
    rowHeight: Double, columns: Int, viewportWidth: Double, viewportHeight: Double,
    preloadMargin: Double, itemCount: Int
  ) {
    self.rowHeight = rowHeight
    self.columns = columns
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.preloadMargin = preloadMargin
    self.itemCount = itemCount
  }

  /// The number of lines: `⌈itemCount / columns⌉`, or the sum of each section's.
  package var lineCount: Int {
    guard let last = placed.last else { return (itemCount + columns - 1) / columns }
    return last.firstLine + last.lineCount
  }

  /// The content height in points.
  package var contentHeight: Double {
    guard let last = placed.last else { return Double(lineCount) * rowHeight }
    return last.bottom + bottomInset
  }

  /// Where the scroll range ends, in points of content, when less content can be scrolled to
  /// than the rows fill: a hosted app's data source that declares fewer rows than the table
  /// has (`TableView.limitContent(scrollHeight:shownRows:)`). Nil for the whole content.
  package var scrollLimit: Double?
  /// The number of rows that can be on screen, when fewer than the items: the rows a hosted
  /// app's data source declares, so a last line it fills only in part shows no row past them.
  /// Nil for every row.
  package var displayLimit: Int?

  /// The largest resting offset: the content height (or the scroll limit, if lower) minus the
  /// viewport height, or 0.
  package var maxOffset: Double {
    let end = scrollLimit.map { min($0, contentHeight) } ?? contentHeight
    return max(0, end - viewportHeight)
  }

  /// `offset` clamped to `0...maxOffset`.
  package func clamp(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }

  /// The line that row `row` sits on.
  package func line(ofRow row: Int) -> Int {
    guard !placed.isEmpty else { return row / columns }
    let section = placed[placedIndex(ofRow: row)]
    return section.firstLine + max(0, row - section.firstRow) / columns
  }

  /// The frame of row `row` in content coordinates: x, y, width, height in points.
  package func frame(ofRow row: Int) -> (x: Double, y: Double, width: Double, height: Double) {
    let width = viewportWidth / Double(columns)
    guard !placed.isEmpty else {
      return (
        Double(row % columns) * width, Double(line(ofRow: row)) * rowHeight, width, rowHeight
      )
    }
    let section = placed[placedIndex(ofRow: row)]
    let local = max(0, row - section.firstRow)
    let y = section.rowsTop + Double(local / columns) * rowHeight
    return (Double(local % columns) * width, y, width, rowHeight)
  }

  /// The lines whose span intersects `[top, bottom)`, clamped to the content.
  package func lines(from top: Double, to bottom: Double) -> Range<Int> {
    guard bottom > top, lineCount > 0 else { return 0..<0 }
    guard !placed.isEmpty else {
      let first = max(0, Int((top / rowHeight).rounded(.down)))
      let end = min(lineCount, Int((bottom / rowHeight).rounded(.up)))
      return first < end ? first..<end : first..<first
    }
    let first = firstLine(endingAfter: top)
    let end = max(first, firstLine(startingAtOrAfter: bottom))
    return first..<end
  }

  /// The rows on `lines`, clamped to the items (and to `displayLimit`).
  package func rows(onLines lines: Range<Int>) -> Range<Int> {
    let rows = allRows(onLines: lines)
    guard let limit = displayLimit, rows.upperBound > limit else { return rows }
    return min(rows.lowerBound, limit)..<limit
  }

  /// The rows on `lines`, clamped to the items only.
  func allRows(onLines lines: Range<Int>) -> Range<Int> {
    guard !placed.isEmpty else {
      let lower = min(itemCount, lines.lowerBound * columns)
      let upper = min(itemCount, lines.upperBound * columns)
      return lower..<max(lower, upper)
    }
    let lower = firstRow(onLine: lines.lowerBound)
    guard lines.upperBound > lines.lowerBound else { return lower..<lower }
    return lower..<max(lower, rowEnd(onLine: min(lines.upperBound, lineCount) - 1))
  }

  /// The visible lines at `offset`, preload margin included.
  package func visibleLines(at offset: Double) -> Range<Int> {
    lines(from: offset - preloadMargin, to: offset + viewportHeight + preloadMargin)
  }

  /// The visible rows at `offset`, preload margin included: always a contiguous range.
  package func visibleRows(at offset: Double) -> Range<Int> {
    rows(onLines: visibleLines(at: offset))
  }

  /// The offset that puts row `row` at `position`, clamped to the content. For `.none`,
  /// `current` is returned when the row is already wholly on screen.
  package func offset(toShowRow row: Int, at position: ScrollPosition, from current: Double)
    -> Double
  {
    let top = placed.isEmpty ? Double(line(ofRow: row)) * rowHeight : frame(ofRow: row).y
    let target: Double
    switch position {
    case .top: target = top
    case .middle: target = top + rowHeight / 2 - viewportHeight / 2
    case .bottom: target = top + rowHeight - viewportHeight
    case .none:
      if top < current {
        target = top
      } else if top + rowHeight > current + viewportHeight {
        target = top + rowHeight - viewportHeight
      } else {
        target = current
      }
    }
    return clamp(target)
  }
}
