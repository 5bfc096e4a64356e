import SimKernel
import SimPlatform
import Testing

@testable import SimTable

/// One golden case: options and the exact callbacks expected.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  let layoutOrder: LayoutOrder
  let reuseOrder: ReuseOrder
  let jumpDown: [String]
  let jumpBack: [String]
  let screen: [String]
  var testDescription: String { "\(layoutOrder.rawValue)/\(reuseOrder.rawValue)" }
}

@Suite("Layout pass lifecycle (golden call sequences)")
struct LifecycleTests {
  static let initialLoad = [
    "appear", "cfr c1 r0 i0", "wd c1 r0", "cfr c2 r1 i1", "wd c2 r1", "cfr c3 r2 i2", "wd c3 r2",
    "cfr c4 r3 i3", "wd c4 r3",
  ]

  // Jump from offset 0 (rows 0..<4, cells 1–4) to 250 (rows 2..<7), then back to 0.
  static let cases: [GoldenCase] = [
    GoldenCase(
      layoutOrder: .displayFirst, reuseOrder: .lifo,
      jumpDown: [
        "cfr c5 r4 i4", "wd c5 r4", "cfr c6 r5 i5", "wd c6 r5", "cfr c7 r6 i6", "wd c7 r6",
        "end c1 r0", "end c2 r1",
      ],
      jumpBack: [
        "reuse c2", "cfr c2 r0 i0", "wd c2 r0", "reuse c1", "cfr c1 r1 i1", "wd c1 r1",
        "end c5 r4", "end c6 r5", "end c7 r6",
      ],
      screen: ["0:c2", "1:c1", "2:c3", "3:c4"]),
    GoldenCase(
      layoutOrder: .displayFirst, reuseOrder: .fifo,
      jumpDown: [
        "cfr c5 r4 i4", "wd c5 r4", "cfr c6 r5 i5", "wd c6 r5", "cfr c7 r6 i6", "wd c7 r6",
        "end c1 r0", "end c2 r1",
      ],
      jumpBack: [
        "reuse c1", "cfr c1 r0 i0", "wd c1 r0", "reuse c2", "cfr c2 r1 i1", "wd c2 r1",
        "end c5 r4", "end c6 r5", "end c7 r6",
      ],
      screen: ["0:c1", "1:c2", "2:c3", "3:c4"]),
    GoldenCase(
      layoutOrder: .endFirst, reuseOrder: .lifo,
      jumpDown: [
        "end c1 r0", "end c2 r1", "reuse c2", "cfr c2 r4 i4", "wd c2 r4", "reuse c1",
        "cfr c1 r5 i5", "wd c1 r5", "cfr c5 r6 i6", "wd c5 r6",
      ],
      jumpBack: [
        "end c2 r4", "end c1 r5", "end c5 r6", "reuse c5", "cfr c5 r0 i0", "wd c5 r0",
        "reuse c1", "cfr c1 r1 i1", "wd c1 r1",
      ],
      screen: ["0:c5", "1:c1", "2:c3", "3:c4"]),
    GoldenCase(
      layoutOrder: .endFirst, reuseOrder: .fifo,
      jumpDown: [
        "end c1 r0", "end c2 r1", "reuse c1", "cfr c1 r4 i4", "wd c1 r4", "reuse c2",
        "cfr c2 r5 i5", "wd c2 r5", "cfr c5 r6 i6", "wd c5 r6",
      ],
      jumpBack: [
        "end c1 r4", "end c2 r5", "end c5 r6", "reuse c1", "cfr c1 r0 i0", "wd c1 r0",
        "reuse c2", "cfr c2 r1 i1", "wd c2 r1",
      ],
      screen: ["0:c1", "1:c2", "2:c3", "3:c4"]),
  ]

  @Test("a jump down and back runs the exact UIKit call sequence", arguments: cases)
  func jumps(_ golden: GoldenCase) throws {
    let h = try Harness {
      $0.layoutOrder = golden.layoutOrder
      $0.reuseOrder = golden.reuseOrder
    }
    try h.run(untilMs: 5)
    #expect(h.source.take() == Self.initialLoad)
    h.table.setContentOffset(250, animated: false)
    try h.run(untilMs: 15)
    #expect(h.source.take() == golden.jumpDown)
    h.table.setContentOffset(0, animated: false)
    try h.run(untilMs: 25)
    #expect(h.source.take() == golden.jumpBack)
    #expect(h.screen == golden.screen)
    h.table._checkInvariants()
  }

  @Test(
    "a slow drag settles at visible + 1 cells, reusing a leaving cell only in a later pass",
    arguments: [LayoutOrder.displayFirst, .endFirst])
  func slowDrag(order: LayoutOrder) throws {
    let h = try Harness { $0.layoutOrder = order }
    // 45 pt per 10 ms frame: offsets 45, 90, 135, 180, 225, 270.
    h.table.drag(by: 270, over: .ms(60))
    try h.run(untilMs: 5)
    _ = h.source.take()
    try h.run(untilMs: 65)
    let expected: [String] =
      order == .displayFirst
      ? [
        "cfr c5 r4 i4", "wd c5 r4",  // 10 ms
        "cfr c6 r5 i5", "wd c6 r5", "end c1 r0",  // 30 ms: no cell is free yet
        "reuse c1", "cfr c1 r6 i6", "wd c1 r6", "end c2 r1",  // 50 ms
      ]
      : [
        "cfr c5 r4 i4", "wd c5 r4",
        "end c1 r0", "reuse c1", "cfr c1 r5 i5", "wd c1 r5",
        "end c2 r1", "reuse c2", "cfr c2 r6 i6", "wd c2 r6",
      ]
    #expect(h.source.take() == expected)
    #expect(h.table.cellCounts.created == (order == .displayFirst ? 6 : 5))
    #expect(h.world.main.mode == .tracking)
    h.table.lift()
    #expect(h.world.main.mode == .default)
    #expect(!h.world.main.isScrolling)
  }

  @Test("queries: cellForRow(at:) only for displayed rows, visible cells ordered by row")
  func queries() throws {
    let h = try Harness()
    try h.run(untilMs: 5)
    #expect(h.table.indexPathsForVisibleRows.map(\.row) == [0, 1, 2, 3])
    #expect(h.table.visibleCells.map(\.cellID) == [1, 2, 3, 4])
    let cell = try #require(h.table.cellForRow(at: IndexPath(row: 2, section: 0)))
    #expect(h.table.indexPath(for: cell) == IndexPath(row: 2, section: 0))
    #expect(h.table.cellForRow(at: IndexPath(row: 4, section: 0)) == nil)
    h.table.setContentOffset(1000, animated: false)
    try h.run(untilMs: 15)
    #expect(h.table.cellForRow(at: IndexPath(row: 2, section: 0)) == nil)
    if let path = h.table.indexPath(for: cell) { #expect((10..<14).contains(path.row)) }
  }

  @Test("iOS 15 cell prefetching prepares ahead, and a row scrolled back gets willDisplay alone")
  func cellPrefetching() throws {
    let h = try Harness { $0.cellPrefetching = true }
    try h.run(untilMs: 5)
    #expect(h.source.take() == Self.initialLoad + ["cfr c5 r4 i4"])
    let prepared = try #require(h.table.cellForRow(at: IndexPath(row: 4, section: 0)))
    #expect(prepared.cellID == 5)
    #expect(h.table.visibleCells.count == 4)
    h.table.setContentOffset(150, animated: false)
    try h.run(untilMs: 15)
    #expect(
      h.source.take() == [
        "wd c5 r4", "cfr c6 r5 i5", "wd c6 r5", "end c1 r0", "cfr c7 r6 i6",
      ])
    h.table.setContentOffset(0, animated: false)
    try h.run(untilMs: 25)
    // Row 0 comes back in the cell that showed it, with no cellForRow; cell 7 was never shown.
    #expect(h.source.take() == ["wd c1 r0", "end c5 r4", "end c6 r5"])
    #expect(h.table.cellCounts.prepared == 1)
    h.table._checkInvariants()
  }

  @Test("a grid fills lines left to right and shows whole lines")
  func grid() throws {
    let h = try Harness(rows: 10) { $0.columns = 3 }
    try h.run(untilMs: 5)
    // Lines 0..<4 of 3 items, the last line holding only item 9.
    #expect(h.table.indexPathsForVisibleRows.map(\.row) == Array(0..<10))
    #expect(h.table.layout.frame(ofRow: 4).x == 131)
    #expect(h.table.layout.frame(ofRow: 4).y == 100)
  }

  @Test("memory warnings empty the pool and reach the data source; appear and disappear fan out")
  func lifecycle() throws {
    let h = try Harness()
    h.table.setContentOffset(1000, animated: false)
    try h.run(untilMs: 5)
    h.table.setContentOffset(0, animated: false)
    try h.run(untilMs: 15)
    #expect(h.table.cellCounts.pooled == 4)
    _ = h.source.take()
    h.world.deliverMemoryWarning()
    #expect(h.source.take() == ["memory"])
    #expect(h.table.cellCounts.pooled == 0)
    #expect(h.table.cellCounts.alive == 4)
    h.table.disappear()
    h.table.setContentOffset(1000, animated: false)
    try h.run(untilMs: 35)
    #expect(h.source.take() == ["disappear"])
    h.table.appear()
    try h.run(untilMs: 45)
    let events = h.source.take()
    #expect(events.first == "appear")
    #expect(events.filter { $0.hasPrefix("cfr") }.count == 4)
    h.table._checkInvariants()
  }
}
