import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Random scrolls and mutations keep the table consistent")
struct PropertyTests {
  /// Runs one randomized case: random options, then random gestures, mutations and lifecycle
  /// events for 1.2 simulated seconds, checking the table's invariants after every frame and
  /// every mutation, and the display log's consistency with the model at every commit.
  static func runCase(seed: UInt64) throws {
    let world = World(seed: seed, device: seed % 2 == 0 ? testDevice() : testDevice(hz: 120))
    var random = world.random.stream("table-property")
    var options = TableConfiguration()
    options.rowHeight = [60.0, 100, 137.5][Int(random.next(below: 3))]
    options.columns = Int(random.int(in: 1...3))
    options.layoutOrder = random.bool(probability: 0.5) ? .displayFirst : .endFirst
    options.reuseOrder = random.bool(probability: 0.5) ? .lifo : .fifo
    options.cellPrefetching = random.bool(probability: 0.5)
    options.prefetching = random.bool(probability: 0.5)
    options.prefetchDistance = Int(random.int(in: 0...6))
    options.preloadMargin = random.bool(probability: 0.3) ? 200 : 0
    options.edges = random.bool(probability: 0.5) ? .bounce : .clamp
    options.displayLogCapacity = 0
    let source = RecordingDataSource()
    source.world = world
    source.placeholderSize = random.bool(probability: 0.5) ? 1 : nil
    let table = try TableView(
      world: world, model: TableModel(count: Int(random.int(in: 0...60))),
      configuration: options, dataSource: source)
    table.displayLog.subscribe { frame in
      for cell in frame.cells {
        precondition(table.model.items[cell.indexPath.row].id == cell.itemID, "seed \(seed)")
      }
    }
    world.main.addFrameObserver(.commit) { _ in
      table._checkInvariants()
      source.events.removeAll(keepingCapacity: true)
    }
    var at: Int64 = 0
    for _ in 0..<12 {
      at += random.int(in: 0...100_000_000)
      let choice = random.next(below: 18)
      let a = Int(random.int(in: -2...70))
      let b = Int(random.int(in: -2...70))
      world.loop.schedule(at: SimTime(nanoseconds: at)) {
        apply(choice, a, b, table: table, world: world)
        table._checkInvariants()
      }
    }
    try world.run(until: SimTime(nanoseconds: 1_200_000_000))
    table._checkInvariants()
  }

  static func apply(_ choice: UInt64, _ a: Int, _ b: Int, table: TableView, world: World) {
    switch choice {
    case 0: table.drag(by: Double(a * 40 - 1_200), over: .ms(Int64(abs(b) * 3)))
    case 1: table.release(velocity: Double(b * 150 - 4_000))
    case 2: table.fling(velocity: Double(a * 200 - 6_000))
    case 3: table.touch()
    case 4: table.lift()
    case 5: _ = try? table.scroll(toRow: a, animated: b % 2 == 0)
    case 6: table.statusBarTap()
    case 7: _ = try? table.insertRows(at: a, count: abs(b) % 4 + 1)
    case 8: _ = try? table.deleteRows(at: a, count: abs(b) % 3 + 1)
    case 9: _ = try? table.moveRow(from: a, to: b)
    case 10: _ = try? table.reloadRows([a, b].filter { $0 != b || $0 != a })
    case 11: _ = try? table.reloadData()
    case 12: _ = try? table.setURL("https://img.test/x\(b).png", forRow: a)
    case 13: _ = try? table.setManualImage(forRow: a)
    case 14: world.deliverMemoryWarning()
    case 15: b % 2 == 0 ? table.disappear() : table.appear()
    case 16: table.setContentOffset(Double(a * 97), animated: b % 2 == 0)
    default: table.drag(by: Double(b * 25), over: .ms(Int64(abs(a) * 4)))
    }
  }

  @Test("invariants hold after every frame and mutation, over 500 seeds")
  func randomized() throws {
    for seed in UInt64(0)..<500 {
      try Self.runCase(seed: seed)
    }
  }
}
