import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import Testing

@testable import ImageLoaders

/// Seed loaders whose articles claim a benefit: what holds, and what does not.
@Suite("Seed loaders: claimed benefits and their limits")
struct SeedLoaderBehaviourTests {
  /// A long drag starting at 100 ms (the run loop tracks until 1.2 s) over a 50 ms network.
  func dragging(_ mode: String) throws -> LoaderHarness {
    let harness = try LoaderHarness(loader: "runloop-buffered", options: [("mode", .string(mode))])
    harness.at(100) { $0.drag(by: 600, over: .ms(1000)) }
    harness.at(1200) { $0.lift() }
    try harness.run(untilMs: 2500)
    return harness
  }

  @Test("runloop-buffered: in the default mode no download completes during a drag")
  func runloopDefaultModeStalls() throws {
    let harness = try dragging("default")
    // Downloads that ended on the wire during the drag waited for the drag to end.
    #expect(harness.longestDeliveryDelay > .ms(250))
    let during = harness.frames.filter { $0.time > ms(400) && $0.time < ms(1150) }
    let loadedDuringDrag = during.last?.cells.filter { cell in
      cell.indexPath.row >= 6 && cell.images.contains { $0.kind == .content }
    }
    #expect(loadedDuringDrag?.isEmpty == true)
    // After the drag every buffered row loads.
    for row in harness.table.indexPathsForVisibleRows.map(\.row) {
      #expect(harness.showsOwnImage(row: row), "row \(row)")
    }
  }

  @Test("runloop-buffered: with mode: common, downloads complete while the drag goes on")
  func runloopCommonModeDelivers() throws {
    let harness = try dragging("common")
    #expect(harness.longestDeliveryDelay < .ms(250))
    let late = harness.frames.last { $0.time < ms(1150) }
    let loaded = late?.cells.filter { cell in
      cell.indexPath.row >= 6 && cell.images.contains { $0.kind == .content }
    }
    #expect(loaded?.isEmpty == false)
  }

  @Test("runloop-buffered: the table is twice the screen height, so rows load before they show")
  func runloopBuffering() throws {
    let harness = try LoaderHarness(loader: "runloop-buffered")
    #expect(harness.table.configuration.preloadMargin == 200)
    try harness.run(untilMs: 500)
    // Rows 0–5 are displayed (the screen shows 0–3; the margin adds two below).
    #expect(harness.table.indexPathsForVisibleRows.map(\.row) == Array(0..<6))
    #expect(harness.showsOwnImage(row: 5))
    let unbuffered = try LoaderHarness(
      loader: "runloop-buffered", options: [("buffer_percent", .number(0))])
    #expect(unbuffered.table.configuration.preloadMargin == 0)
  }

  @Test("runloop-buffered: rendering runs on one serial queue, off the main thread")
  func runloopRendersInBackground() throws {
    let harness = try LoaderHarness(loader: "runloop-buffered")
    try harness.run(untilMs: 500)
    #expect(harness.world.decodes.decodes > 0)
    #expect(harness.world.decodes.mainThreadDecodes == 0)
  }

  @Test("filo-queue: the FILO queue stays bounded by the visible cells and truncates its head")
  func filoQueueBoundedAndTruncates() throws {
    let script = NetworkScript(latency: .fixed(.ms(400)))
    let harness = try LoaderHarness(loader: "filo-queue", rows: 200, script: script)
    harness.at(100) { $0.fling(velocity: 6000) }
    try harness.run(untilMs: 6000)
    let loader = harness.loader(as: FILOQueueLoader.self)
    let queue = try #require(loader.pending)
    // 400 pt of 100 pt rows: at most five cells show at once.
    #expect(queue.capacity == 5)
    #expect(queue.truncations > 0)
    // `peakDepth` also counts the instant between a push and the truncation it causes.
    #expect(queue.peakDepth <= 5 + 1)
    // In-flight connections are not in the queue and are never cancelled: the total can pass
    // the queue's capacity by the number of connections.
    #expect(harness.peakOutstanding <= 5 + 2)
    #expect(harness.network.records.allSatisfy { !$0.cancelled })
    // The visibleCells lookup never puts an image in the wrong cell.
    #expect(harness.wrongImages.isEmpty)
  }

  @Test("filo-queue: pre-rendering rescales on the main thread and fills both caches")
  func filoQueueRendersOnMain() throws {
    let harness = try LoaderHarness(loader: "filo-queue")
    try harness.run(untilMs: 1000)
    for row in 0..<4 { #expect(harness.showsOwnImage(row: row), "row \(row)") }
    let loader = harness.loader(as: FILOQueueLoader.self)
    #expect(loader.downloaded.count == 4 && loader.prerendered.count == 4)
    #expect(harness.world.decodes.mainThreadDecodes == 4)
    let shown = try #require(
      harness.table.cellForRow(at: IndexPath(row: 0, section: 0))?.imageView.image)
    let size = harness.table.imagePixelSize
    #expect(shown.pixelWidth == size.width && shown.pixelHeight == size.height)
  }

  @Test("filo-queue: both caches keep every image, through memory warnings too")
  func filoQueueCachesAreUnbounded() throws {
    let harness = try LoaderHarness(loader: "filo-queue", rows: 60)
    for step in 1...10 {
      harness.at(Int64(step) * 300) { $0.setContentOffset(Double(step) * 400, animated: false) }
    }
    harness.at(3400) { $0.world.deliverMemoryWarning() }
    try harness.run(untilMs: 4000)
    let loader = harness.loader(as: FILOQueueLoader.self)
    #expect(loader.downloaded.count == 44 && loader.prerendered.count == 44)
    // Each downloaded image keeps its full bitmap once drawn, beside its pre-rendered copy.
    let size = harness.table.imagePixelSize
    let perRow = Int64(16 * 16 * 4 + size.width * size.height * 4)
    #expect(harness.world.memory.liveBytes >= 44 * perRow)
  }
}
