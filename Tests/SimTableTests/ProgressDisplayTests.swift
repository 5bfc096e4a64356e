import SimKernel
import SimPlatform
import Testing

@testable import SimTable

/// Cells' progress views in the display log and the trace, and the configuration number of
/// each cell's current request.
@Suite("Progress views and configurations in the display log")
struct ProgressDisplayTests {
  func table(_ world: World) throws -> (TableView, RecordingDataSource) {
    let source = RecordingDataSource()
    source.world = world
    var options = TableConfiguration()
    options.rowHeight = 100
    options.displayLogCapacity = 1
    let table = try TableView(
      world: world, model: TableModel(count: 40), configuration: options, dataSource: source)
    return (table, source)
  }

  @Test("a progress view nobody touches adds nothing to the records or the trace")
  func untouched() throws {
    let world = World(device: testDevice(hz: 100), trace: .full)
    let (table, source) = try table(world)
    defer { withExtendedLifetime(source) {} }
    try world.run(until: .zero + .ms(50))
    #expect(table.displayLog.last?.cells.allSatisfy { $0.progress == nil } == true)
    #expect(!world.trace.fullText.contains("table.progress"))
  }

  @Test("a request's progress is recorded with its source, and traced once per change")
  func recorded() throws {
    let world = World(device: testDevice(hz: 100), trace: .full)
    let (table, source) = try table(world)
    defer { withExtendedLifetime(source) {} }
    try world.run(until: .zero + .ms(15))
    let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    let half = RequestProgress(completed: 1, total: 2, url: "https://img.test/1.png", transferID: 3)
    world.main.async { _ in cell.progressView.setProgress(half, animated: true) }
    try world.run(until: .zero + .ms(45))
    let record = try #require(table.displayLog.last?.cells[1].progress)
    #expect(record.url == "https://img.test/1.png" && record.transferID == 3)
    #expect(record.summary == "0.500@https://img.test/1.png#3")
    world.main.async { _ in cell.progressView.isHidden = true }
    try world.run(until: .zero + .ms(75))
    #expect(table.displayLog.last?.cells[1].progress == nil)
    let lines = world.trace.fullText.split(separator: "\n").filter { $0.contains("table.progress") }
    #expect(lines.count == 2)
    #expect(lines.first?.contains("0.500@https://img.test/1.png#3") == true)
    #expect(lines.last?.contains("progress=hidden") == true)
  }

  @Test("every cellForRow is a new configuration, numbered in the world's order")
  func configurations() throws {
    let world = World(device: testDevice(hz: 100))
    let (table, source) = try table(world)
    defer { withExtendedLifetime(source) {} }
    try world.run(until: .zero + .ms(15))
    let first = try #require(table.displayLog.last?.cells.map(\.configuration))
    #expect(first == Array(1...UInt64(first.count)))
    world.main.async { _ in try? table.reloadData() }
    try world.run(until: .zero + .ms(45))
    let again = try #require(table.displayLog.last?.cells.map(\.configuration))
    #expect(again.allSatisfy { $0 > UInt64(first.count) })
    #expect(world.cellConfigurations == UInt64(first.count + again.count))
  }

  @Test("a plain value prints in thousandths without a source")
  func plainSummary() {
    #expect(DisplayedProgress(value: 0.25, source: nil).summary == "0.250")
    #expect(DisplayedProgress(value: 1, source: nil).summary == "1.000")
    #expect(DisplayedProgress(value: 0.0004, source: nil).summary == "0.000")
  }
}
