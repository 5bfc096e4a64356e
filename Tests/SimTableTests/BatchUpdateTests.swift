import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Batch updates: several changes in one update, numbered as UIKit numbers them")
struct BatchUpdateTests {
  /// A table at rest showing rows 0..<4 in cells 1–4, with the initial load forgotten.
  func loaded() throws -> Harness {
    let h = try Harness()
    try h.run(untilMs: 5)
    _ = h.source.take()
    return h
  }

  @Test("deletes and moves name rows before the update, inserts after; one pass of callbacks")
  func mixed() throws {
    let h = try loaded()
    var batch = RowBatch()
    batch.deleted = [1]
    batch.inserted = [0]
    batch.moved = [RowMove(from: 3, to: 1)]
    try h.table.performBatch(batch)
    // New row 0 is new; row 1 is old row 3, moved; the survivors 0, 2, 4… fill the rest.
    #expect(Array(h.table.model.items.prefix(5).map(\.id)) == [40, 3, 0, 2, 4])
    #expect(h.table.model.count == 40)
    #expect(h.source.take() == ["cfr c5 r0 i40", "wd c5 r0", "end c2 r1"])
    // The moved and surviving cells kept their content; only their rows changed.
    #expect(h.screen == ["0:c5", "1:c4", "2:c1", "3:c3"])
    h.table._checkInvariants()
  }

  @Test("a reloaded row that shifts is asked for again at its new row; its old cell ends last")
  func reloadThatShifts() throws {
    let h = try loaded()
    var batch = RowBatch()
    batch.reloaded = [1]
    batch.inserted = [0]
    try h.table.performBatch(batch)
    #expect(Array(h.table.model.items.prefix(4).map(\.id)) == [40, 0, 1, 2])
    #expect(
      h.source.take() == [
        "cfr c5 r0 i40", "wd c5 r0", "cfr c6 r2 i1", "wd c6 r2", "end c4 r4", "end c2 r1",
      ])
    #expect(h.screen == ["0:c5", "1:c1", "2:c6", "3:c3"])
    h.table._checkInvariants()
  }

  @Test("one plain change is applied by its own operation, so its trace is unchanged")
  func plainChanges() throws {
    func ops(_ change: (TableView) throws -> Void) throws -> [String] {
      let world = World(seed: 1, device: testDevice(), trace: .full)
      let source = RecordingDataSource()
      source.world = world
      var options = TableConfiguration()
      options.rowHeight = 100
      let table = try TableView(
        world: world, model: TableModel(count: 40), configuration: options, dataSource: source)
      try world.run(until: SimTime(nanoseconds: 5_000_000))
      try change(table)
      return world.trace.fullText.split(separator: "\n").filter { $0.contains("table.update") }
        .map(String.init)
    }
    var inserts = RowBatch()
    inserts.inserted = [2, 3, 4]
    #expect(
      try ops { try $0.performBatch(inserts) } == ops { _ = try $0.insertRows(at: 2, count: 3) })
    var block = RowBatch()
    block.moved = [RowMove(from: 0, to: 5), RowMove(from: 1, to: 6)]
    #expect(try ops { try $0.performBatch(block) } == ops { try $0.moveRows(0..<2, to: 5) })
    var scattered = RowBatch()
    scattered.deleted = [1, 3]
    let general = try ops { try $0.performBatch(scattered) }
    #expect(general.count == 1)
    #expect(general.first?.contains("op=batch") == true, "\(general)")
  }

  @Test("a reconfigured row is found where the batch put it; a reloaded or deleted one is not")
  func rowsAfter() throws {
    var batch = RowBatch()
    batch.inserted = [0]
    batch.deleted = [4]
    batch.reloaded = [1]
    batch.moved = [RowMove(from: 3, to: 1)]
    // Before: 0 1 2 3 4 5. After: new, 3, 0, 1 (reloaded), 2, 5.
    let after = try batch.rowsAfter([0, 1, 2, 3, 4, 5], rowCount: 6)
    #expect(after == [2, nil, 4, 1, nil, 5])
    #expect(throws: TableError.self) { try batch.rowsAfter([6], rowCount: 6) }
  }

  @Test("a row given two roles, or named outside the table, is refused and nothing changes")
  func refused() throws {
    let h = try loaded()
    let before = h.table.model
    var twoRoles = RowBatch()
    twoRoles.deleted = [2]
    twoRoles.reloaded = [2]
    #expect(throws: TableError.self) { try h.table.performBatch(twoRoles) }
    var outside = RowBatch()
    outside.deleted = [0]
    outside.inserted = [40]  // 40 rows after the update: valid rows are 0..<40
    #expect(throws: TableError.self) { try h.table.performBatch(outside) }
    var sameDestination = RowBatch()
    sameDestination.inserted = [1]
    sameDestination.moved = [RowMove(from: 5, to: 1)]
    #expect(throws: TableError.self) { try h.table.performBatch(sameDestination) }
    #expect(h.table.model == before)
    #expect(h.source.take().isEmpty)
  }

  func pick(_ random: inout RandomStream, _ range: ClosedRange<Int>) -> Int {
    Int(random.int(in: Int64(range.lowerBound)...Int64(range.upperBound)))
  }

  @Test("random batches match a row-by-row reading of UIKit's rule and keep the table sound")
  func randomBatches() throws {
    var random = SeededRandom(seed: 42).stream("batches")
    for _ in 0..<200 {
      let h = try loaded()
      let old = h.table.model.items.map(\.id)
      var batch = RowBatch()
      var taken = Set<Int>()
      for _ in 0..<pick(&random, 0...4) {
        let row = pick(&random, 0...(old.count - 1))
        if taken.insert(row).inserted { batch.deleted.insert(row) }
      }
      var movedFrom: [Int] = []
      for _ in 0..<pick(&random, 0...3) {
        let row = pick(&random, 0...(old.count - 1))
        if taken.insert(row).inserted { movedFrom.append(row) }
      }
      let newCount = old.count - batch.deleted.count + pick(&random, 0...4)
      let insertedCount = newCount - (old.count - batch.deleted.count)
      var destinations = Set<Int>()
      while destinations.count < insertedCount + movedFrom.count {
        destinations.insert(pick(&random, 0...(newCount - 1)))
      }
      var slots = Array(destinations).sorted()
      for index in 0..<slots.count {
        let other = pick(&random, index...(slots.count - 1))
        slots.swapAt(index, other)
      }
      for (index, from) in movedFrom.enumerated() {
        batch.moved.append(RowMove(from: from, to: slots[index]))
      }
      batch.inserted = Set(slots[movedFrom.count...])
      let after = try batch.rowsAfter(Array(old.indices), rowCount: old.count)
      try h.table.performBatch(batch)
      // UIKit's rule, read directly: each new row is an inserted one, a moved one, or the next
      // survivor in the old order.
      var survivors = old.indices.filter { !taken.contains($0) }.map { old[$0] }.makeIterator()
      var expected: [Int?] = []
      for row in 0..<newCount {
        if batch.inserted.contains(row) {
          expected.append(nil)
        } else if let move = batch.moved.first(where: { $0.to == row }) {
          expected.append(old[move.from])
        } else {
          expected.append(survivors.next())
        }
      }
      let ids = h.table.model.items.map(\.id)
      #expect(ids.count == newCount)
      for (row, id) in expected.enumerated() {
        if let id { #expect(ids[row] == id) } else { #expect(ids[row] >= old.count) }
      }
      // Where each old row went, as a reconfigure inside the batch finds it.
      for (row, id) in old.enumerated() {
        if batch.deleted.contains(row) {
          #expect(after[row] == nil)
        } else if let new = after[row] {
          #expect(ids[new] == id)
        } else {
          Issue.record("row \(row) survived the batch but has no place after it")
        }
      }
      h.table._checkInvariants()
    }
  }
}
