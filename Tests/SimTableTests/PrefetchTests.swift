import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Prefetching (UITableViewDataSourcePrefetching)")
struct PrefetchTests {
  @Test("rows ahead are announced nearest first, and a reversal cancels the ones left behind")
  func orderAndReversal() throws {
    let h = try Harness(rows: 100) {
      $0.prefetching = true
      $0.prefetchDistance = 3
      $0.startOffset = 1_000
    }
    try h.run(untilMs: 5)
    #expect(h.source.take().suffix(1) == ["prefetch 14,15,16"])
    #expect(h.table.prefetchWindow.map(\.row) == [14, 15, 16])
    // Down one row: row 14 enters display (no cancel for it), row 17 joins the window.
    h.table.setContentOffset(1_100, animated: false)
    try h.run(untilMs: 15)
    #expect(h.source.take() == ["cfr c5 r14 i14", "wd c5 r14", "end c1 r10", "prefetch 17"])
    // Reverse: the rows below are cancelled, the rows above announced nearest first.
    h.table.setContentOffset(1_050, animated: false)
    try h.run(untilMs: 25)
    #expect(
      h.source.take() == [
        "reuse c1", "cfr c1 r10 i10", "wd c1 r10", "cancel 15,16,17", "prefetch 9,8,7",
      ])
    #expect(h.table.prefetchWindow.map(\.row) == [9, 8, 7])
    #expect(h.table.prefetchWindowCount == 3)
  }

  @Test("the window stays put while the table rests, and is empty when prefetching is off")
  func resting() throws {
    let h = try Harness(rows: 100) { $0.prefetching = true }
    try h.run(untilMs: 200)
    #expect(
      h.source.take().filter { $0.hasPrefix("prefetch") } == ["prefetch 4,5,6,7,8,9,10,11,12,13"])
    let off = try Harness(rows: 100)
    try off.run(untilMs: 20)
    #expect(off.table.prefetchWindow.isEmpty)
  }

  @Test("an insert above shifts the window's index paths without cancelling")
  func windowFollowsMutations() throws {
    let h = try Harness(rows: 100) {
      $0.prefetching = true
      $0.prefetchDistance = 2
    }
    try h.run(untilMs: 5)
    _ = h.source.take()
    try h.table.insertRows(at: 0, count: 1)
    #expect(h.table.prefetchWindow.map(\.row) == [5, 6])
    try h.run(untilMs: 15)
    // The row pushed off screen (item 3, now row 4) joins the window; item 5 (row 6) leaves it.
    let events = h.source.take()
    #expect(events.contains("cancel 6"))
    #expect(events.contains("prefetch 4"))
  }
}
