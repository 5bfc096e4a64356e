import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import Testing

@testable import ImageLoaders

/// The reference loader's rules, one by one.
@Suite("Reference loader")
struct ReferenceLoaderTests {
  @Test("a row that ends display has its transfer cancelled in the same main-thread turn")
  func cancelsOnEndDisplay() throws {
    let harness = try LoaderHarness(
      loader: "reference", script: NetworkScript(latency: .fixed(.ms(1000))))
    harness.at(100) { $0.setContentOffset(800, animated: false) }
    try harness.run(untilMs: 2000)
    for id in 0..<4 {
      let records = harness.transfers(of: itemURL(id))
      #expect(records.map(\.outcome) == [.cancelled], "row \(id)")
      // The jump applies at the 100 ms frame; its layout pass ends the rows.
      #expect(records.first?.endedAt == ms(100), "row \(id)")
    }
    for row in 8..<12 { #expect(harness.showsOwnImage(row: row), "row \(row)") }
  }

  @Test("rows that share a URL share one transfer")
  func coalescesPerURL() throws {
    let items = (0..<40).map { TableItem(id: $0, url: itemURL($0 < 4 ? 0 : $0)) }
    let harness = try LoaderHarness(loader: "reference", items: items)
    try harness.run(untilMs: 500)
    #expect(harness.transfers(of: itemURL(0)).count == 1)
    for row in 0..<4 { #expect(harness.showsOwnImage(row: row), "row \(row)") }
  }

  @Test("a revisited row shows its cached image in its first frame and starts no transfer")
  func hitsCacheOnRevisit() throws {
    let harness = try LoaderHarness(loader: "reference")
    harness.at(500) { $0.setContentOffset(800, animated: false) }
    harness.at(1000) { $0.setContentOffset(0, animated: false) }
    try harness.run(untilMs: 1500)
    #expect(harness.transfers(of: itemURL(0)).count == 1)
    let back = try #require(
      harness.frames.first { $0.time >= ms(1000) && $0.cells.contains { $0.indexPath.row == 0 } })
    let row0 = try #require(back.cells.first { $0.indexPath.row == 0 })
    #expect(row0.images.map(\.kind) == [.content])
    #expect(harness.wrongImages.isEmpty)
  }

  @Test("transient failures are retried with backoff until the image loads")
  func retriesTransientFailures() throws {
    let rules = [
      NetworkRule(match: itemURL(1), fail: .timeout, after: .ms(100), times: 1),
      NetworkRule(match: itemURL(2), fail: .status(503), times: 2),
      NetworkRule(match: itemURL(3), fail: .resetAfter(bytes: 10), times: 1),
    ]
    let harness = try LoaderHarness(
      loader: "reference", script: NetworkScript(latency: .fixed(.ms(50)), rules: rules))
    try harness.run(untilMs: 2000)
    #expect(harness.transfers(of: itemURL(1)).count == 2)
    #expect(harness.transfers(of: itemURL(2)).count == 3)
    #expect(harness.transfers(of: itemURL(3)).count == 2)
    for row in 0..<4 { #expect(harness.showsOwnImage(row: row), "row \(row)") }
    // The second retry of item 2 waited twice the first backoff (200 ms, then 400 ms).
    let attempts = harness.transfers(of: itemURL(2))
    #expect(attempts[2].queuedAt - attempts[1].endedAt! >= .ms(400))
  }

  @Test("a permanent failure, or retries used up, shows the failure image")
  func showsFailureImage() throws {
    let rules = [
      NetworkRule(match: itemURL(1), fail: .status(404)),
      NetworkRule(match: itemURL(2), fail: .timeout, after: .ms(50)),
      NetworkRule(match: itemURL(3), corrupt: .truncate),
    ]
    let harness = try LoaderHarness(
      loader: "reference", script: NetworkScript(latency: .fixed(.ms(50)), rules: rules))
    try harness.run(untilMs: 3000)
    #expect(harness.transfers(of: itemURL(1)).count == 1)
    #expect(harness.transfers(of: itemURL(2)).count == 3)
    #expect(harness.transfers(of: itemURL(3)).count == 1)
    for row in 1...3 { #expect(harness.imageKind(row: row) == .failure, "row \(row)") }
    #expect(harness.showsOwnImage(row: 0))
  }

  @Test("images are downsampled to the cell's pixel size off the main thread, and cached by cost")
  func downsamplesOffMain() throws {
    let harness = try LoaderHarness(loader: "reference")
    try harness.run(untilMs: 500)
    let image = try #require(
      harness.table.cellForRow(at: IndexPath(row: 0, section: 0))?.imageView.image)
    let size = harness.table.imagePixelSize
    #expect(image.pixelWidth == size.width && image.pixelHeight == size.height)
    #expect(harness.world.decodes.decodes == 4 && harness.world.decodes.mainThreadDecodes == 0)
    let loader = harness.loader(as: ReferenceLoader.self)
    #expect(loader.cache.count == 4)
    #expect(loader.cache.totalCost == Int64(4 * size.width * size.height * 4))
  }

  @Test("the memory cache is LRU, bounded by decoded bytes, and emptied on a memory warning")
  func cacheBoundsAndPurge() throws {
    let harness = try LoaderHarness(
      loader: "reference", options: [("memory_cache", .string("1MB"))])
    for step in 1...5 {
      harness.at(Int64(step) * 300) { $0.setContentOffset(Double(step) * 400, animated: false) }
    }
    try harness.run(untilMs: 1800)
    let loader = harness.loader(as: ReferenceLoader.self)
    #expect(loader.cache.policy == .lru)
    #expect(loader.cache.totalCost <= 1_000_000)
    #expect(loader.cache.evictions > 0)
    harness.world.deliverMemoryWarning()
    #expect(loader.cache.count == 0)
  }

  @Test("prefetch-window rows load at low priority and show at once when scrolled in")
  func prefetches() throws {
    let harness = try LoaderHarness(loader: "reference") {
      $0.prefetching = true
      $0.prefetchDistance = 4
    }
    harness.at(1000) { $0.setContentOffset(400, animated: false) }
    try harness.run(untilMs: 1500)
    for id in 4..<8 {
      let records = harness.transfers(of: itemURL(id))
      #expect(records.count == 1 && records.first?.priority == 0.25, "row \(id)")
    }
    let shown = try #require(harness.frames.first { $0.time >= ms(1000) })
    #expect(shown.cells.allSatisfy { $0.images.map(\.kind) == [.content] })
  }
}
