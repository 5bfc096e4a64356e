import SimKernel
import Testing

@testable import SimPlatform
@testable import SimTable

/// The table's frame observers and memory-warning subscriber capture it unowned (a weak
/// capture would give it a side table, slowing every retain of it) and its `deinit` removes
/// them: a table its owner drops must be freed and must stop observing, with no trap.
@Suite("Table lifetime")
struct TableLifetimeTests {
  /// A world and a data source that outlive a 40-row table, which `use` receives and then
  /// drops; returns a weak reference to it.
  func dropTable(
    in world: World, source: RecordingDataSource, _ use: (TableView) throws -> Void
  ) throws -> () -> TableView? {
    weak var dropped: TableView?
    do {
      let table = try TableView(
        world: world, model: TableModel(count: 40), configuration: TableConfiguration(),
        dataSource: source)
      dropped = table
      try use(table)
    }
    return { dropped }
  }

  @Test("a dropped table is freed, its observers go with it, and later frames run without it")
  func droppedTableStopsObserving() throws {
    let world = World(device: testDevice())
    let source = RecordingDataSource()
    let dropped = try dropTable(in: world, source: source) { table in
      #expect(world.main.frames.observers.count == 3)
      try world.run(for: .ms(50))
      table.fling(velocity: 3_000)
      try world.run(for: .ms(200))
    }
    #expect(dropped() == nil)
    #expect(world.main.frames.observers.isEmpty)
    #expect(world.reports.subscribers.allSatisfy { $0.isEmpty })
    #expect(source.take().contains("appear"))
    try world.run(for: .ms(500))
    world.deliverMemoryWarning()
    #expect(source.take().isEmpty)
  }

  @Test("a table is freed while a fling it started is still pending, once the fling has run")
  func flingHoldsTableUntilItRuns() throws {
    let world = World(device: testDevice())
    let source = RecordingDataSource()  // held here: the table holds its data source weakly
    let dropped = try dropTable(in: world, source: source) { table in
      try world.run(for: .ms(20))
      table.fling(velocity: 3_000)
    }
    // The fling's release, 50 ms later, holds the table until it has run.
    #expect(dropped() != nil)
    try world.run(for: .ms(100))
    #expect(dropped() == nil)
    #expect(world.main.frames.observers.isEmpty)
    try world.run(for: .s(2))
    withExtendedLifetime(source) {}
  }
}
