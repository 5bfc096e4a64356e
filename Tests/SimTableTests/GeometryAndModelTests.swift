import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Geometry, model, pool and costs")
struct GeometryAndModelTests {
  func geometry(items: Int = 100, columns: Int = 1, margin: Double = 0) -> TableGeometry {
    TableGeometry(
      rowHeight: 100, columns: columns, viewportWidth: 300, viewportHeight: 400,
      preloadMargin: margin, itemCount: items)
  }

  @Test("visible rows are the lines that intersect the viewport, preload margin included")
  func visibleRows() {
    #expect(geometry().visibleRows(at: 0) == 0..<4)
    #expect(geometry().visibleRows(at: 50) == 0..<5)
    #expect(geometry().visibleRows(at: -80) == 0..<4)
    #expect(geometry(margin: 400).visibleRows(at: 1_000) == 6..<18)
    #expect(geometry(items: 10, columns: 3).visibleRows(at: 0) == 0..<10)
    #expect(geometry(items: 3).visibleRows(at: 0) == 0..<3)
    #expect(geometry(items: 0).visibleRows(at: 0) == 0..<0)
  }

  @Test("content size, clamping and scroll-to positions")
  func offsets() {
    let g = geometry()
    #expect(g.contentHeight == 10_000)
    #expect(g.maxOffset == 9_600)
    #expect(g.clamp(-5) == 0)
    #expect(g.clamp(20_000) == 9_600)
    #expect(g.offset(toShowRow: 10, at: .top, from: 0) == 1_000)
    #expect(g.offset(toShowRow: 10, at: .middle, from: 0) == 850)
    #expect(g.offset(toShowRow: 10, at: .bottom, from: 0) == 700)
    #expect(g.offset(toShowRow: 2, at: .none, from: 0) == 0)
    #expect(g.offset(toShowRow: 10, at: .none, from: 0) == 700)
    #expect(g.offset(toShowRow: 99, at: .top, from: 0) == 9_600)
    #expect(geometry(items: 2).maxOffset == 0)
  }

  @Test("the model names new items after the largest id and fills the URL template")
  func model() {
    var model = TableModel(count: 3, urlTemplate: "https://x.test/{id}/a-{id}.png")
    #expect(model[2].url == "https://x.test/2/a-2.png")
    let made = model.makeItems(count: 2)
    #expect(made.map(\.id) == [3, 4])
    #expect(TableModel(items: [TableItem(id: 7, url: "u")]).nextID == 8)
    #expect(TableModel.url(for: 5, template: "plain") == "plain")
  }

  @Test("the FIFO pool hands cells out oldest first and does not grow without bound")
  func fifoPool() throws {
    let world = World(device: testDevice())
    var pool = ReusePool(order: .fifo)
    let cells = (1...3).map {
      TableCell(reuseIdentifier: "Cell", context: TableCell.Context(world: world, cellID: $0))
    }
    for cell in cells { pool.enqueue(cell) }
    let first = pool.dequeue("Cell")
    #expect(first?.cellID == 1)
    let other = pool.dequeue("Other")
    #expect(other == nil)
    for _ in 0..<1_000 {
      let next = pool.dequeue("Cell")
      let cell = try #require(next)
      cell.placement = .new
      pool.enqueue(cell)
    }
    pool._checkInvariants()
    #expect(pool.count == 2)
    #expect(pool.queues[0].count < 64)
    let released = pool.removeAll()
    #expect(released == 2)
  }

  @Test("cell callbacks are charged to the frame: new cells, willDisplay and layout per cell")
  func costs() throws {
    let h = try Harness()
    var frames: [FrameRecord] = []
    h.world.reports.subscribe { if case .frame(let record) = $0 { frames.append(record) } }
    try h.run(untilMs: 5)
    let device = h.world.device
    let perCell = device.cellForRowNew + device.willDisplay + device.layoutPerCell
    #expect(frames.first?.commit == SimTime.zero + perCell * 4)
    #expect(h.world.main.busyTime == perCell * 4)
  }

  @Test("scrolling time covers touch-down through the end of deceleration")
  func scrollingTime() throws {
    let h = try Harness(rows: 1_000) { $0.startOffset = 5_000 }
    h.table.touch()
    h.at(100) { h.table.release(velocity: 1_000) }
    try h.run(untilMs: 5_000)
    let stopMs = 100 + DeterministicMath.log(0.01) / DeterministicMath.log(0.998)
    let scrolling = h.world.main.frameStats.scrollingTime.milliseconds
    #expect(abs(scrolling - stopMs) <= 10)
  }

  @Test("an invalid configuration is refused with every problem named")
  func invalidConfiguration() {
    var options = TableConfiguration()
    options.rowHeight = 0
    options.columns = 0
    #expect(throws: TableError.self) {
      _ = try TableView(
        world: World(), model: TableModel(count: 1), configuration: options,
        dataSource: EmptyDataSource())
    }
    #expect(options.problems.count == 2)
  }
}
