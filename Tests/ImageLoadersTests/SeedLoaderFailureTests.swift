import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import Testing

@testable import ImageLoaders

/// Each seed loader reproduces a failure mode its article, its comments or its code imply,
/// judged from what the frames committed and what the network carried.
@Suite("Seed loaders: characteristic failures")
struct SeedLoaderFailureTests {
  @Test("naive: after a scroll on a slow network, a recycled cell shows another row's image")
  func naiveShowsAnotherRowsImage() throws {
    let script = NetworkScript(latency: .uniform(min: .ms(100), max: .ms(900)))
    let harness = try LoaderHarness(loader: "naive", seed: 7, script: script)
    harness.at(100) { $0.drag(by: 1500, over: .ms(600)) }
    harness.at(700) { $0.release(velocity: 0) }
    try harness.run(untilMs: 4000)
    let wrong = try #require(harness.wrongImages.first, "naive never showed a wrong image")
    #expect(wrong.shownURL != nil)
    // No cancel: every row that passed by was fetched to the end.
    #expect(harness.network.records.allSatisfy { !$0.cancelled })
  }

  @Test(
    "block-operation: a cancel cannot stop a running fetch, so its image lands in the reused cell")
  func blockOperationCancelCannotStopFetch() throws {
    let script = NetworkScript(latency: .fixed(.ms(300)))
    let harness = try LoaderHarness(loader: "block-operation", script: script)
    // Rows 0–3 fetch from t=0 and fill the queue's width of 4. Two rows at a time scroll in:
    // rows 6–9 reuse the cells of rows 0–3 (whose operations are running: the cancel only
    // sets a flag), and rows 10–11 reuse those of rows 4–5 (whose operations are waiting:
    // the cancel skips them).
    for (step, time) in [50, 100, 150, 200].enumerated() {
      harness.at(Int64(time)) { $0.setContentOffset(Double(step + 1) * 200, animated: false) }
    }
    try harness.run(untilMs: 2000)
    for id in 0..<4 {
      #expect(harness.transfers(of: itemURL(id)).map(\.outcome) == [.success])
    }
    for id in 4..<6 {
      #expect(harness.transfers(of: itemURL(id)).isEmpty, "row \(id) started despite its cancel")
    }
    let wrong = try #require(harness.wrongImages.first)
    #expect(wrong.time >= ms(300) && wrong.time < ms(400))
    #expect(wrong.shownURL.map { url in (0..<4).map(itemURL).contains(url) } == true)
  }

  @Test(
    "image-provider: the captured index path is visible again in another cell, so the old cell gets the image"
  )
  func imageProviderStaleIndexPath() throws {
    let rule = NetworkRule(match: itemURL(0), latency: .fixed(.ms(1000)))
    let script = NetworkScript(latency: .fixed(.ms(50)), rules: [rule])
    let harness = try LoaderHarness(loader: "image-provider", script: script)
    harness.at(100) { $0.setContentOffset(800, animated: false) }
    harness.at(300) { $0.setContentOffset(0, animated: false) }
    try harness.run(untilMs: 2500)
    let wrong = try #require(harness.wrongImages.first, "no stale-index-path image")
    #expect(wrong.shownURL == itemURL(0))
    #expect(wrong.row != 0)
    // Row 0 came back before its image was cached: a second provider, a second transfer
    // while the first was still outstanding.
    let transfers = harness.transfers(of: itemURL(0))
    #expect(transfers.count == 2)
    #expect(transfers[1].queuedAt < transfers[0].endedAt!)
  }

  @Test("image-provider: with cancel: true, a scrolled-away provider never completes")
  func imageProviderCancelOption() throws {
    let rule = NetworkRule(match: itemURL(0), latency: .fixed(.ms(1000)))
    let script = NetworkScript(latency: .fixed(.ms(50)), rules: [rule])
    let harness = try LoaderHarness(
      loader: "image-provider", options: [("cancel", .bool(true))], script: script)
    harness.at(100) { $0.setContentOffset(800, animated: false) }
    harness.at(300) { $0.setContentOffset(0, animated: false) }
    try harness.run(untilMs: 2500)
    #expect(harness.wrongImages.isEmpty)
    // The running blocking fetch still went to the end: only the scale step was skipped.
    #expect(harness.transfers(of: itemURL(0)).map(\.outcome) == [.success, .success])
    #expect(harness.showsOwnImage(row: 0))
  }

  @Test("wwdc211: a cancelled operation's weak reference is nil at the check, so the check passes")
  func wwdc211WeakOperationIsNil() throws {
    let rule = NetworkRule(match: itemURL(0), latency: .fixed(.ms(600)))
    let script = NetworkScript(latency: .fixed(.ms(50)), rules: [rule])
    let harness = try LoaderHarness(loader: "wwdc211", script: script)
    // Row 0 leaves: its running operation is cancelled and dropped from the dictionary.
    harness.at(100) { $0.setContentOffset(1000, animated: false) }
    // An item is inserted at the top while row 0 is away, then the top comes back: the
    // captured index path [0, 0] now shows the new item.
    harness.at(200) { _ = try $0.insertRows(at: 0, count: 1) }
    harness.at(300) { $0.setContentOffset(0, animated: false) }
    try harness.run(untilMs: 1500)
    // The cancelled fetch ran to the end (nothing stops `dataWithContentsOfURL`) ...
    #expect(harness.transfers(of: itemURL(0)).first?.outcome == .success)
    // ... and, with the weak reference nil, `!weakOp.isCancelled` held: its image went to
    // the cell at [0, 0], which shows the inserted item.
    let wrong = try #require(harness.wrongImages.first, "the cancelled operation set nothing")
    #expect(wrong.row == 0 && wrong.shownURL == itemURL(0))
    #expect(wrong.time >= ms(600))
  }

  @Test("wwdc211: an index path captured before an insert names another item when the load ends")
  func wwdc211IndexPathBeforeInsert() throws {
    let rule = NetworkRule(match: itemURL(1), latency: .fixed(.ms(400)))
    let script = NetworkScript(latency: .fixed(.ms(50)), rules: [rule])
    let harness = try LoaderHarness(loader: "wwdc211", script: script)
    harness.at(100) { _ = try $0.insertRows(at: 0, count: 1) }
    try harness.run(untilMs: 1500)
    // Item 1 moved to row 2; its image went to row 1, which shows item 0.
    let wrong = try #require(harness.wrongImages.first)
    #expect(wrong.row == 1 && wrong.itemID == 0 && wrong.shownURL == itemURL(1))
    #expect(!harness.showsOwnImage(row: 2))
  }
}
