import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Geometry of sections: headers, footers and a new line per section")
struct SectionGeometryTests {
  func geometry(items: Int, columns: Int = 1, margin: Double = 0) -> TableGeometry {
    TableGeometry(
      rowHeight: 100, columns: columns, viewportWidth: 300, viewportHeight: 400,
      preloadMargin: margin, itemCount: items)
  }

  @Test("sections without spacing in one column lie exactly as one run of lines")
  func plainSectionsChangeNothing() {
    var sectioned = geometry(items: 20)
    sectioned.setSections([.init(rows: 5), .init(rows: 0), .init(rows: 15)])
    #expect(sectioned == geometry(items: 20))
    sectioned.setSections([.init(rows: 20)])
    #expect(sectioned == geometry(items: 20))
  }

  @Test("headers, footers and a table header move the rows down")
  func headersAndFooters() {
    var g = geometry(items: 5)
    g.setSections(
      [.init(rows: 3, header: 30, footer: 10), .init(rows: 2, header: 30)], top: 50, bottom: 20)
    #expect(g.frame(ofRow: 0).y == 80)
    #expect(g.frame(ofRow: 2).y == 280)
    // Section 1: its header starts below section 0's footer (80 + 300 + 10).
    #expect(g.frame(ofRow: 3).y == 420)
    #expect(g.frame(ofRow: 4).y == 520)
    #expect(g.contentHeight == 640)
    #expect(g.sectionFrame(1)! == (390, 420, 620, 620))
    #expect(g.sectionFrame(2) == nil)
    // Only the header shows in [0, 80); a span over a footer and a header meets no line.
    #expect(g.rows(onLines: g.lines(from: 0, to: 80)).isEmpty)
    #expect(g.rows(onLines: g.lines(from: 381, to: 419)).isEmpty)
    #expect(g.rows(onLines: g.lines(from: 375, to: 425)) == 2..<4)
    // At rest the screen [0, 400) shows rows 0–2; row 3 starts at 420.
    #expect(g.visibleRows(at: 0) == 0..<3)
    #expect(g.visibleRows(at: 30) == 0..<4)
    #expect(g.offset(toShowRow: 3, at: .top, from: 0) == 240)  // clamped to 640 − 400
    #expect(g.offset(toShowRow: 1, at: .top, from: 0) == 180)
  }

  @Test("in a grid each section starts a new line")
  func gridSections() {
    var g = geometry(items: 9, columns: 3)
    g.setSections([.init(rows: 4), .init(rows: 5)])
    #expect(g.lineCount == 4)
    #expect(g.line(ofRow: 3) == 1)
    #expect(g.line(ofRow: 4) == 2)
    #expect(g.frame(ofRow: 4).x == 0 && g.frame(ofRow: 4).y == 200)
    #expect(g.frame(ofRow: 8).x == 100 && g.frame(ofRow: 8).y == 300)
    #expect(g.rows(onLines: 1..<3) == 3..<7)
    #expect(g.rows(onLines: 3..<9) == 7..<9)
    #expect(g.rows(onLines: 4..<6).isEmpty)
    #expect(g.contentHeight == 400)
  }

  @Test("items fill the declared sections as a hosted app's sections map them")
  func effectiveCounts() {
    #expect(TableGeometry.effectiveCounts([2, 3, 0], items: 8) == [2, 6, 0])
    #expect(TableGeometry.effectiveCounts([2, 3, 0], items: 3) == [2, 1, 0])
    #expect(TableGeometry.effectiveCounts([0, 0], items: 4) == [0, 4])
    #expect(TableGeometry.effectiveCounts([7], items: 4) == [4])
    var g = geometry(items: 5)
    g.setSections([.init(rows: 2, header: 10), .init(rows: 3, header: 10)])
    g.itemCount = 7
    #expect(g.frame(ofRow: 6).y == 10 + 200 + 10 + 400)
    g.itemCount = 1
    #expect(g.contentHeight == 10 + 100 + 10)
  }

  /// Brute force: the rows a span shows are exactly those whose frames meet it.
  @Test("visible rows are exactly the rows whose frames meet the span, at every offset")
  func visibleRowsMatchFrames() {
    let layouts: [(columns: Int, sections: [TableSectionSpacing], top: Double)] = [
      (1, [.init(rows: 3, header: 28, footer: 7), .init(rows: 0, header: 28), .init(rows: 4)], 0),
      (3, [.init(rows: 4, header: 50), .init(rows: 0), .init(rows: 7, footer: 120)], 35),
      (2, [.init(rows: 1, header: 500), .init(rows: 6, header: 0.5, footer: 0.5)], 0),
    ]
    for layout in layouts {
      let items = layout.sections.reduce(0) { $0 + $1.rows }
      var g = geometry(items: items, columns: layout.columns, margin: 30)
      g.setSections(layout.sections, top: layout.top)
      for step in -10...Int(g.contentHeight / 7) + 10 {
        let offset = Double(step) * 7
        let top = offset - 30
        let bottom = offset + 400 + 30
        let expected = (0..<items).filter { row in
          let frame = g.frame(ofRow: row)
          return frame.y < bottom && frame.y + frame.height > top
        }
        #expect(Array(g.visibleRows(at: offset)) == expected, "offset \(offset)")
      }
    }
  }
}
