/// The points a section takes above and below its rows, and the rows it declares.
package struct TableSectionSpacing: Hashable, Sendable {
  /// The rows the app declares in the section (negative counts as none).
  package var rows: Int
  /// Points above the section's first line (its header, and any inset above the rows).
  package var header: Double
  /// Points below its last line (its footer, and any inset below the rows).
  package var footer: Double

  /// A section of `rows` rows, with `header` points above them and `footer` below.
  package init(rows: Int, header: Double = 0, footer: Double = 0) {
    self.rows = rows
    self.header = header
    self.footer = footer
  }
}

/// One section as placed for the items there are now.
struct PlacedTableSection: Hashable, Sendable {
  /// The first item (engine row) of the section.
  var firstRow: Int
  /// The items it holds now.
  var rowCount: Int
  /// Its first line, counted over the whole table.
  var firstLine: Int
  /// Its lines: `⌈rowCount / columns⌉`.
  var lineCount: Int
  /// The top of its header.
  var top: Double
  /// The top of its first line.
  var rowsTop: Double
  /// The bottom of its footer.
  var bottom: Double
  /// The bottom of its last line.
  var rowsBottom: Double
}

/// Sections: each starts a new line below its header; its footer follows its last line.
///
/// The items fill the declared sections in order, as `SectionMap` maps a hosted app's sections
/// onto the scenario's rows: items past the declared total stay in the last section that
/// declares any rows, and when there are fewer items than declared, the last sections hold
/// fewer (their headers and footers still take their space, as an empty section's do in UIKit).
extension TableGeometry {
  /// Lays the rows out in `sections`, with `top` points above the first (a table header view)
  /// and `bottom` below the last. Without spacing, in one section or one column, the rows lie
  /// in one run of lines from the top, as before any was set.
  package mutating func setSections(
    _ sections: [TableSectionSpacing], top: Double = 0, bottom: Double = 0
  ) {
    let cleaned = sections.map {
      TableSectionSpacing(
        rows: max(0, $0.rows), header: max(0, $0.header), footer: max(0, $0.footer))
    }
    // Sections with no spacing in one column lie exactly as one run of lines.
    let plain = cleaned.allSatisfy { $0.header == 0 && $0.footer == 0 }
    if plain && (cleaned.count <= 1 || columns == 1) && top <= 0 && bottom <= 0 {
      self.sections = []
      topInset = 0
      bottomInset = 0
      placed = []
      return
    }
    self.sections = cleaned.isEmpty ? [TableSectionSpacing(rows: itemCount)] : cleaned
    topInset = max(0, top)
    bottomInset = max(0, bottom)
    placeSections()
  }

  /// Whether sections or insets are set.
  var isSectioned: Bool { !sections.isEmpty }

  /// The points above and below section `section`'s rows, and where its header starts and its
  /// footer ends; nil for a section that does not exist. One section when none are set.
  package func sectionFrame(_ section: Int) -> (
    top: Double, rowsTop: Double, rowsBottom: Double, bottom: Double
  )? {
    guard !placed.isEmpty else {
      guard section == 0 else { return nil }
      let height = Double(lineCount) * rowHeight
      return (0, 0, height, height)
    }
    guard placed.indices.contains(section) else { return nil }
    let placed = placed[section]
    return (placed.top, placed.rowsTop, placed.rowsBottom, placed.bottom)
  }

  /// The sections whose span, from the top of the header to the bottom of the footer, meets
  /// `top..<bottom`; empty when no sections are placed (one plain run of rows).
  package func sections(meeting top: Double, _ bottom: Double) -> Range<Int> {
    guard !placed.isEmpty, bottom > top,
      let first = firstPlaced(where: { $0.bottom > top })
    else { return 0..<0 }
    let end = firstPlaced(where: { $0.top >= bottom }) ?? placed.count
    return first..<max(first, end)
  }

  /// Places the sections for the items there are now.
  mutating func placeSections() {
    let counts = Self.effectiveCounts(sections.map(\.rows), items: itemCount)
    var result: [PlacedTableSection] = []
    result.reserveCapacity(sections.count)
    var row = 0
    var line = 0
    var y = topInset
    for (index, spacing) in sections.enumerated() {
      let count = counts[index]
      let lines = (count + columns - 1) / columns
      let rowsTop = y + spacing.header
      let rowsBottom = rowsTop + Double(lines) * rowHeight
      let bottom = rowsBottom + spacing.footer
      result.append(
        PlacedTableSection(
          firstRow: row, rowCount: count, firstLine: line, lineCount: lines, top: y,
          rowsTop: rowsTop, bottom: bottom, rowsBottom: rowsBottom))
      row += count
      line += lines
      y = bottom
    }
    placed = result
  }

  /// Each section's items when `items` fill sections that declare `declared` rows (see the
  /// extension's note).
  static func effectiveCounts(_ declared: [Int], items: Int) -> [Int] {
    guard declared.count > 1 else { return [items] }
    let total = declared.reduce(0, +)
    var counts = declared
    if items >= total {
      let overflow = declared.lastIndex { $0 > 0 } ?? declared.count - 1
      counts[overflow] += items - total
      return counts
    }
    var left = items
    for index in counts.indices {
      counts[index] = min(counts[index], left)
      left -= counts[index]
    }
    return counts
  }

  /// The placed section holding item `row` (the last one for a row past the items).
  func placedIndex(ofRow row: Int) -> Int {
    // The last section that starts at or before `row`: empty sections that start where a
    // non-empty one does come before it, so that is the one holding the row.
    var low = 0
    var high = placed.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if placed[middle].firstRow <= row { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The first line whose bottom lies below `y`: the first line a span from `y` meets.
  func firstLine(endingAfter y: Double) -> Int {
    // `rowsBottom` never decreases down the table. An empty section found first has every
    // later line below `y`: its first line (the next one's) is the answer.
    guard let index = firstPlaced(where: { $0.rowsBottom > y }) else { return lineCount }
    let section = placed[index]
    guard section.lineCount > 0 else { return section.firstLine }
    let local = max(0, Int(((y - section.rowsTop) / rowHeight).rounded(.down)))
    return section.firstLine + min(local, section.lineCount - 1)
  }

  /// The first line whose top lies at or below `y`: the end of the lines a span to `y` meets.
  func firstLine(startingAtOrAfter y: Double) -> Int {
    // The top of a section's last line (its rows' top when it has none) never decreases down
    // the table; an empty section found first has every later line at or below `y`.
    let lastTop = { (section: PlacedTableSection) in
      section.rowsTop + Double(max(0, section.lineCount - 1)) * self.rowHeight
    }
    guard let index = firstPlaced(where: { lastTop($0) >= y }) else { return lineCount }
    let section = placed[index]
    guard section.lineCount > 0 else { return section.firstLine }
    let local = max(0, Int(((y - section.rowsTop) / rowHeight).rounded(.up)))
    return section.firstLine + min(local, section.lineCount - 1)
  }

  /// The first item on line `line` (the item count past the last line).
  func firstRow(onLine line: Int) -> Int {
    guard line < lineCount else { return itemCount }
    let section = placed[placedIndex(ofLine: line)]
    return section.firstRow + (line - section.firstLine) * columns
  }

  /// The end of the items on line `line`, which must exist.
  func rowEnd(onLine line: Int) -> Int {
    let section = placed[placedIndex(ofLine: line)]
    let start = section.firstRow + (line - section.firstLine) * columns
    return min(section.firstRow + section.rowCount, start + columns)
  }

  /// The placed section whose lines include `line`, which must exist.
  func placedIndex(ofLine line: Int) -> Int {
    firstPlaced { $0.firstLine + $0.lineCount > line }!
  }

  /// The first placed section for which `isAtOrPast` holds, given that it holds for every
  /// section after one it holds for (sections are in order down the table).
  func firstPlaced(where isAtOrPast: (PlacedTableSection) -> Bool) -> Int? {
    var low = 0
    var high = placed.count
    while low < high {
      let middle = (low + high) / 2
      if isAtOrPast(placed[middle]) { high = middle } else { low = middle + 1 }
    }
    return low < placed.count ? low : nil
  }
}
