import SimKernel
import SimPlatform
import Testing

@testable import SimTable

/// `cell_timing: paced`: a frame's entering cells configured one after another over the frame.
@Suite("Paced cell work")
struct PacedLayoutTests {
  /// The instant of each `cellForRow` and `willDisplay`, with the recorded line.
  final class TimingSource: TableDataSource {
    var world: World?
    var lines: [(at: SimTime, line: String)] = []
    var onCellForRow: ((TableCell, Int) -> Void)?

    func cellForRow(
      _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
    ) {
      lines.append((world!.now, "cfr c\(cell.cellID) r\(indexPath.row)"))
      onCellForRow?(cell, indexPath.row)
    }
    func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
      lines.append((world!.now, "wd c\(cell.cellID) r\(indexPath.row)"))
    }
    func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
      lines.append((world!.now, "end c\(cell.cellID) r\(indexPath.row)"))
    }
  }

  func harness(paced: Bool) throws -> (World, TimingSource, TableView) {
    let world = World(device: testDevice())
    let source = TimingSource()
    source.world = world
    var options = TableConfiguration()
    options.rowHeight = 100
    options.pacedCellWork = paced
    let table = try TableView(
      world: world, model: TableModel(count: 40), configuration: options, dataSource: source)
    return (world, source, table)
  }

  @Test("each entering cell is configured once the cells before it are paid for")
  func pacedTimes() throws {
    let (world, source, table) = try harness(paced: true)
    try world.run(until: SimTime.zero + .ms(5))
    let device = world.device
    let perNewCell = device.cellForRowNew + device.willDisplay + device.layoutPerCell
    let cfr = source.lines.filter { $0.line.hasPrefix("cfr") }
    #expect(cfr.map(\.line) == ["cfr c1 r0", "cfr c2 r1", "cfr c3 r2", "cfr c4 r3"])
    for (index, entry) in cfr.enumerated() {
      #expect(entry.at == SimTime.zero + perNewCell * Int64(index), "\(entry.line)")
    }
    // The same calls in the same order as at the vsync; then the jump reuses cells paced too.
    source.lines.removeAll()
    table.setContentOffset(1000, animated: false)
    try world.run(until: SimTime.zero + .ms(15))
    let jump = source.lines
    #expect(jump.count == 12, "\(jump.map(\.line))")
    #expect(jump.first?.at == SimTime.zero + .ms(10))
    #expect(Set(jump.filter { $0.line.hasPrefix("cfr") }.map(\.at)).count == 4)
    let ends = jump.filter { $0.line.hasPrefix("end") }
    let lastEnter = jump.filter { $0.line.hasPrefix("wd") }.last!.at
    #expect(ends.count == 4)
    #expect(
      ends.allSatisfy { $0.at == lastEnter + perNewCell },
      "leaving rows end once the last entering one is paid for")
    table._checkInvariants()
  }

  @Test("vsync timing (the default) configures the whole frame at the vsync")
  func vsyncTimes() throws {
    let (world, source, table) = try harness(paced: false)
    try world.run(until: SimTime.zero + .ms(5))
    #expect(source.lines.allSatisfy { $0.at == .zero })
    #expect(source.lines.count == 8)
    table._checkInvariants()
  }

  @Test("a background check between two cells sees the pass half done")
  func halfDonePass() throws {
    let (world, source, table) = try harness(paced: true)
    try world.run(until: SimTime.zero + .ms(5))
    table.setContentOffset(1000, animated: false)
    var seen: [Int?] = []
    // A worker looks at row 11's cell while the jump's pass is between its cells: the jump's
    // first cell is new (600 + 10 + 80 µs), so row 11 comes 690 µs after the vsync.
    world.loop.schedule(at: SimTime.zero + .ms(10) + .us(300)) {
      seen.append(table.cellForRow(at: IndexPath(row: 11, section: 0))?.itemID)
      do {
        try table.reloadRows([10])
        seen.append(-1)
      } catch {
        #expect("\(error)".contains("layout pass"), "\(error)")
      }
    }
    try world.run(until: SimTime.zero + .ms(15))
    #expect(seen == [nil], "row 11 is not configured yet, and the reload is refused")
    #expect(table.cellForRow(at: IndexPath(row: 11, section: 0))?.itemID == 11)
    _ = source
    table._checkInvariants()
  }
}
