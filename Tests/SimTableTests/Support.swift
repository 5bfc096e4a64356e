import SimKernel
import SimPlatform
import SimTable

/// A cell that logs `prepareForReuse` into its data source's log.
final class RecordingCell: TableCell {
  var log: (() -> Void)?

  override func prepareForReuse() { log?() }
}

/// A data source that records every callback as a short line: `cfr c5 r4 i4`, `reuse c1`,
/// `wd c5 r4`, `end c1 r0`, `prefetch 14,15`, `cancel 15`, `appear`, `disappear`, `memory`.
final class RecordingDataSource: TableDataSource {
  var events: [String] = []
  /// Sets a placeholder image of this pixel size in `cellForRow`, if given.
  var placeholderSize: Int?
  var world: World?

  func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type { RecordingCell.self }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    if let cell = cell as? RecordingCell, cell.log == nil {
      cell.log = { [unowned self, unowned cell] in events.append("reuse c\(cell.cellID)") }
    }
    events.append("cfr c\(cell.cellID) r\(indexPath.row) i\(item.id)")
    if let size = placeholderSize, let world {
      cell.imageView.image = Image(kind: .placeholder, width: size, height: size, world: world)
    }
  }
  func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    events.append("wd c\(cell.cellID) r\(indexPath.row)")
  }
  func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    events.append("end c\(cell.cellID) r\(indexPath.row)")
  }
  func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    events.append("prefetch " + indexPaths.map { String($0.row) }.joined(separator: ","))
  }
  func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    events.append("cancel " + indexPaths.map { String($0.row) }.joined(separator: ","))
  }
  func didReceiveMemoryWarning(in table: TableView) { events.append("memory") }
  func viewWillAppear(_ table: TableView) { events.append("appear") }
  func viewDidDisappear(_ table: TableView) { events.append("disappear") }

  /// Returns the events so far and forgets them.
  func take() -> [String] {
    defer { events.removeAll() }
    return events
  }
}

/// A small device with round numbers: a 400 pt tall screen at 100 Hz (a frame every 10 ms).
func testDevice(hz: Int = 100, height: Double = 400) -> DeviceProfile {
  var device = DeviceProfile.iPhone15Pro
  device.screenHeight = height
  device.refreshHz = hz
  return device
}

/// A world, a recording data source and a table of `rows` rows 100 pt high (4 visible).
struct Harness {
  let world: World
  let source: RecordingDataSource
  let table: TableView

  init(
    rows: Int = 40, hz: Int = 100, configure: (inout TableConfiguration) -> Void = { _ in }
  ) throws {
    world = World(device: testDevice(hz: hz))
    source = RecordingDataSource()
    source.world = world
    var options = TableConfiguration()
    options.rowHeight = 100
    configure(&options)
    table = try TableView(
      world: world, model: TableModel(count: rows), configuration: options, dataSource: source)
  }

  /// Runs until `ms` milliseconds after the start.
  func run(untilMs ms: Int64) throws {
    try world.run(until: SimTime(nanoseconds: ms * 1_000_000))
  }

  /// Schedules `action` at `ms` milliseconds after the start.
  func at(_ ms: Double, _ action: @escaping () -> Void) {
    world.loop.schedule(at: SimTime(nanoseconds: Int64(ms * 1_000_000)), action)
  }

  /// The displayed rows and their cells, as `row:cell` strings.
  var screen: [String] {
    table.visibleCells.map { "\(table.indexPath(for: $0)!.row):c\($0.cellID)" }
  }
}
