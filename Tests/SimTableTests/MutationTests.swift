import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Data-source mutations (UIKit batch-update semantics)")
struct MutationTests {
  /// A table at rest showing rows 0..<4 in cells 1–4, with the initial load forgotten.
  func loaded(_ configure: (inout TableConfiguration) -> Void = { _ in }) throws -> Harness {
    let h = try Harness(configure: configure)
    try h.run(untilMs: 5)
    _ = h.source.take()
    return h
  }

  @Test("an insert shifts surviving cells, and a captured index path now names another item")
  func insert() throws {
    let h = try loaded()
    let captured = IndexPath(row: 2, section: 0)
    #expect(h.table.item(at: captured)?.id == 2)
    let cellShowingItem0 = try #require(h.table.cellForRow(at: IndexPath(row: 0, section: 0)))
    let inserted = try h.table.insertRows(at: 0, count: 2)
    #expect(inserted.map(\.id) == [40, 41])
    #expect(inserted.map(\.url) == ["https://img.test/40.png", "https://img.test/41.png"])
    #expect(
      h.source.take() == [
        "cfr c5 r0 i40", "wd c5 r0", "cfr c6 r1 i41", "wd c6 r1", "end c3 r4", "end c4 r5",
      ])
    #expect(h.screen == ["0:c5", "1:c6", "2:c1", "3:c2"])
    // The index path captured before the insert now names item 0, in the cell that kept it.
    #expect(h.table.item(at: captured)?.id == 0)
    #expect(h.table.cellForRow(at: captured) === cellShowingItem0)
    #expect(cellShowingItem0.itemID == 0)
    h.table._checkInvariants()
  }

  @Test("a delete ends the row with its old index path; the row pulled in gets a new cell first")
  func delete() throws {
    let h = try loaded()
    try h.table.deleteRows(at: 1)
    #expect(h.source.take() == ["cfr c5 r3 i4", "wd c5 r3", "end c2 r1"])
    #expect(h.screen == ["0:c1", "1:c3", "2:c4", "3:c5"])
    #expect(h.table.model.items.prefix(4).map(\.id) == [0, 2, 3, 4])
    h.table._checkInvariants()
  }

  @Test("with end_first, a deleted row's cell can serve the row pulled in")
  func deleteEndFirst() throws {
    let h = try loaded { $0.layoutOrder = .endFirst }
    try h.table.deleteRows(at: 1)
    #expect(h.source.take() == ["end c2 r1", "reuse c2", "cfr c2 r3 i4", "wd c2 r3"])
  }

  @Test("a move carries the cell's content; a row moved off screen ends at its new index path")
  func move() throws {
    let h = try loaded()
    try h.table.moveRow(from: 0, to: 10)
    #expect(h.source.take() == ["cfr c5 r3 i4", "wd c5 r3", "end c1 r10"])
    #expect(h.screen == ["0:c2", "1:c3", "2:c4", "3:c5"])
    try h.table.moveRow(from: 3, to: 1)
    #expect(h.source.take().isEmpty)
    #expect(h.screen == ["0:c2", "1:c5", "2:c3", "3:c4"])
    h.table._checkInvariants()
  }

  @Test("a block of rows moves in one update: cells keep their content, no row between is asked")
  func moveBlock() throws {
    let h = try loaded()
    // Rows 0 and 1 go after row 3: the screen shows 2, 3, 0, 1 with the same cells.
    try h.table.moveRows(0..<2, to: 2)
    #expect(h.source.take().isEmpty)
    #expect(h.screen == ["0:c3", "1:c4", "2:c1", "3:c2"])
    #expect(h.table.model.items.prefix(5).map(\.id) == [2, 3, 0, 1, 4])
    // Back up: the rows at 2 and 3 go to the top.
    try h.table.moveRows(2..<4, to: 0)
    #expect(h.source.take().isEmpty)
    #expect(h.table.model.items.prefix(5).map(\.id) == [0, 1, 2, 3, 4])
    // A block moved off screen: its cells end, the rows pulled in are asked for.
    try h.table.moveRows(0..<2, to: 20)
    #expect(h.source.take().count == 6)
    #expect(h.table.model.items[20...21].map(\.id) == [0, 1])
    #expect(throws: TableError.rowOutOfRange(operation: "moveRows", row: 39, count: 40)) {
      try h.table.moveRows(0..<2, to: 39)
    }
    h.table._checkInvariants()
  }

  @Test("a reloaded row always gets a different cell, dequeued before the old one returns")
  func reload() throws {
    let h = try loaded()
    try h.table.reloadRows([2])
    #expect(h.source.take() == ["cfr c5 r2 i2", "wd c5 r2", "end c3 r2"])
    try h.table.reloadRows([2])
    // The pool now holds cell 3, so the reload reuses it — never cell 5 itself.
    #expect(h.source.take() == ["reuse c3", "cfr c3 r2 i2", "wd c3 r2", "end c5 r2"])
    #expect(h.screen == ["0:c1", "1:c2", "2:c3", "3:c4"])
    try h.table.reloadRows([20])  // not displayed: nothing to do on screen
    #expect(h.source.take().isEmpty)
    h.table._checkInvariants()
  }

  @Test("a reconfigured row keeps its cell: cellForRow again, no reuse, no display callbacks")
  func reconfigure() throws {
    let h = try loaded()
    let before = try #require(h.table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let configuration = before.configuration
    try h.table.reconfigureRows([2])
    try h.table.reconfigureRows([2, 1])
    // Twice in one turn, each time with the same cell and a new configuration.
    #expect(h.source.take() == ["cfr c3 r2 i2", "cfr c3 r2 i2", "cfr c2 r1 i1"])
    #expect(h.table.cellForRow(at: IndexPath(row: 2, section: 0)) === before)
    #expect(before.configuration > configuration)
    #expect(h.screen == ["0:c1", "1:c2", "2:c3", "3:c4"])
    try h.table.reconfigureRows([20])  // no cell: nothing to do
    #expect(h.source.take().isEmpty)
    #expect(throws: TableError.duplicateRow(operation: "reconfigureRows", row: 1)) {
      try h.table.reconfigureRows([1, 1])
    }
    #expect(throws: TableError.rowOutOfRange(operation: "reconfigureRows", row: 40, count: 40)) {
      try h.table.reconfigureRows([40])
    }
    h.table._checkInvariants()
  }

  @Test("set_url changes the model and reloads the row")
  func setURL() throws {
    let h = try loaded()
    try h.table.setURL("https://img.test/other.png", forRow: 1)
    #expect(h.source.take() == ["cfr c5 r1 i1", "wd c5 r1", "end c2 r1"])
    #expect(h.table.item(at: IndexPath(row: 1, section: 0))?.url == "https://img.test/other.png")
    #expect(h.table.item(at: IndexPath(row: 1, section: 0))?.id == 1)
  }

  @Test("reloadData ends every cell bottom to top at the next pass, and cells come back reordered")
  func reloadData() throws {
    let h = try loaded()
    try h.table.reloadData()
    #expect(h.table.visibleCells.isEmpty)
    #expect(h.table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(h.source.take().isEmpty)
    try h.run(untilMs: 15)
    #expect(
      h.source.take() == [
        "end c4 r3", "end c3 r2", "end c2 r1", "end c1 r0",
        "reuse c4", "cfr c4 r0 i0", "wd c4 r0", "reuse c3", "cfr c3 r1 i1", "wd c3 r1",
        "reuse c2", "cfr c2 r2 i2", "wd c2 r2", "reuse c1", "cfr c1 r3 i3", "wd c1 r3",
      ])
    #expect(h.screen == ["0:c4", "1:c3", "2:c2", "3:c1"])
    h.table._checkInvariants()
  }

  @Test("reloadData ends cells with their old index paths even after a later insert")
  func reloadDataThenInsert() throws {
    let h = try loaded()
    try h.table.reloadData()
    try h.table.insertRows(at: 0, count: 1)
    try h.run(untilMs: 15)
    let events = h.source.take()
    #expect(Array(events.prefix(4)) == ["end c4 r3", "end c3 r2", "end c2 r1", "end c1 r0"])
    #expect(events.contains("cfr c4 r0 i40"))
  }

  @Test("invalid rows throw typed errors and change nothing")
  func errors() throws {
    let h = try loaded()
    #expect(throws: TableError.rowOutOfRange(operation: "deleteRows", row: 40, count: 40)) {
      try h.table.deleteRows(at: 40)
    }
    #expect(throws: TableError.rowOutOfRange(operation: "insertRows", row: 41, count: 40)) {
      try h.table.insertRows(at: 41, count: 1)
    }
    #expect(throws: TableError.invalidCount(operation: "deleteRows", row: 38, count: 5, rows: 40)) {
      try h.table.deleteRows(at: 38, count: 5)
    }
    #expect(throws: TableError.duplicateRow(operation: "reloadRows", row: 1)) {
      try h.table.reloadRows([1, 1])
    }
    #expect(throws: TableError.rowOutOfRange(operation: "moveRow", row: 40, count: 40)) {
      try h.table.moveRow(from: 0, to: 40)
    }
    #expect(throws: TableError.rowOutOfRange(operation: "setURL", row: -1, count: 40)) {
      try h.table.setURL("x", forRow: -1)
    }
    #expect(throws: TableError.self) {
      try h.table.insertRows([TableItem(id: 3, url: "u")], at: 0)
    }
    #expect(h.table.model == TableModel(count: 40))
    #expect(h.source.take().isEmpty)
    #expect(
      TableError.rowOutOfRange(operation: "deleteRows", row: 40, count: 40).description
        == "deleteRows: row 40 is out of range; the table has 40 rows (valid rows are 0..<40)")
  }

  @Test("a mutation from inside a layout callback is refused")
  func reentrancy() throws {
    final class Meddler: TableDataSource {
      var error: TableError?
      func cellForRow(
        _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
      ) {
        do { try table.reloadData() } catch { self.error = error }
      }
    }
    let world = World(device: testDevice())
    let source = Meddler()
    let table = try TableView(world: world, model: TableModel(count: 10), dataSource: source)
    try world.run(until: SimTime(nanoseconds: 1_000_000))
    #expect(source.error == .mutationDuringLayout(operation: "reloadData"))
    table._checkInvariants()
  }

  @Test("a manual image set by the app shows in the row's cell")
  func manualImage() throws {
    let h = try loaded { $0.displayLogCapacity = 4 }
    #expect(try h.table.setManualImage(forRow: 1))
    #expect(try !h.table.setManualImage(forRow: 30))
    try h.run(untilMs: 15)
    let frame = try #require(h.table.displayLog.last)
    #expect(frame.cells[1].images.map(\.kind) == [.manual])
    #expect(frame.cells[0].images.isEmpty)
  }
}
