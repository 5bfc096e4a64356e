import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

@testable import ImageLoaders

/// A small device with round numbers: a 400 pt tall screen at 100 Hz (a frame every 10 ms),
/// so 100 pt rows show four at a time.
func loaderTestDevice() -> DeviceProfile {
  var device = DeviceProfile.iPhone15Pro
  device.screenHeight = 400
  device.refreshHz = 100
  return device
}

/// `ms` milliseconds after the start of a run.
func ms(_ value: Int64) -> SimTime { .zero + .ms(value) }

/// The URL of item `id` in the harness.
func itemURL(_ id: Int) -> String { "https://img.test/\(id).png" }

/// The PNG bytes item `id` serves: 16 × 16 pixels of a colour no other id has.
func itemBytes(_ id: Int) -> [UInt8] {
  let pixel: [UInt8] = [UInt8(id % 256), UInt8(id / 256), 77, 255]
  let pixels = (0..<256).flatMap { _ in pixel }
  return try! PNGEncoder.encode(Bitmap(width: 16, height: 16, pixels: pixels))
}

/// A frame in which a displayed cell showed a content image that is not its row's.
struct WrongImage: CustomStringConvertible {
  /// When the frame committed.
  let time: SimTime
  /// The row the cell showed.
  let row: Int
  /// The item at that row.
  let itemID: Int
  /// The cell.
  let cellID: Int
  /// The URL whose bytes the image came from, or nil for bytes no URL serves.
  let shownURL: String?

  /// For failure messages.
  var description: String {
    "t=\(time) row \(row) (item \(itemID), cell \(cellID)) showed \(shownURL ?? "unknown bytes")"
  }
}

/// One loader in one world: a fake network serving a distinct PNG per URL, a table of 100 pt
/// rows on a 400 pt screen, and a watch on every committed frame and transfer.
final class LoaderHarness {
  /// The world.
  let world: World
  /// The fake network.
  let network: FakeNetwork
  /// The table.
  let table: TableView
  /// The loader and its data source.
  let instance: LoaderInstance
  /// The bytes each URL serves.
  let bodies: [String: [UInt8]]
  /// The URL whose bytes have each digest.
  let owners: [ContentDigest: String]
  /// Every sighting of a wrong image, in commit order.
  private(set) var wrongImages: [WrongImage] = []
  /// Every committed frame, in order.
  private(set) var frames: [CommittedFrame] = []
  /// Wire end and final-callback times of each transfer, by id.
  private(set) var ends: [Int: SimTime] = [:]
  private(set) var callbacks: [Int: SimTime] = [:]
  /// The most transfers plus request-queue entries ever outstanding at once.
  private(set) var peakOutstanding = 0

  /// Builds the harness. `items` gives the table's items (default: ids `0..<rows`, each with
  /// its own URL); every URL of `0..<rows + 20` and of `items` serves bytes.
  init(
    loader name: String, options: [(key: String, value: LoaderOptionValue)] = [],
    rows: Int = 60, items: [TableItem]? = nil, seed: UInt64 = 0,
    script: NetworkScript = NetworkScript(latency: .fixed(.ms(50))),
    configure: (inout TableConfiguration) -> Void = { _ in }
  ) throws {
    var bodies: [String: [UInt8]] = [:]
    for id in 0..<(rows + 20) { bodies[itemURL(id)] = itemBytes(id) }
    self.bodies = bodies
    var owners: [ContentDigest: String] = [:]
    for (url, bytes) in bodies { owners[ContentDigest(of: bytes)] = url }
    self.owners = owners
    world = World(seed: seed, device: loaderTestDevice())
    network = try FakeNetwork(world: world, script: script) { bodies[$0] }
    let environment = LoaderEnvironment(world: world, network: network)
    let entry = try LoaderCatalog.builtIn.entry(named: name)
    let validated = try entry.validate(options)
    var configuration = TableConfiguration()
    configuration.rowHeight = 100
    configure(&configuration)
    entry.adjust(&configuration, options: validated, device: world.device)
    instance = try entry.make(environment: environment, options: validated)
    let model = items.map { TableModel(items: $0) } ?? TableModel(count: rows)
    table = try TableView(
      world: world, model: model, configuration: configuration,
      dataSource: instance.dataSource)
    table.displayLog.subscribe { [unowned self] frame in inspect(frame) }
    network.subscribe { [unowned self] event in observe(event) }
  }

  /// Runs the world until `ms` milliseconds after the start.
  func run(untilMs value: Int64) throws {
    try world.run(until: ms(value))
  }

  /// Runs `action` at `ms` milliseconds after the start.
  func at(_ value: Int64, _ action: @escaping (TableView) throws -> Void) {
    world.loop.schedule(at: ms(value)) { [table] in try! action(table) }
  }

  /// The loader object, cast.
  func loader<L>(as type: L.Type) -> L { instance.loader as! L }

  /// The digest of the bytes `url` serves.
  func digest(_ url: String) -> ContentDigest? { bodies[url].map { ContentDigest(of: $0) } }

  /// Whether the displayed cell at `row` shows its own image now.
  func showsOwnImage(row: Int) -> Bool {
    guard let cell = table.cellForRow(at: IndexPath(row: row, section: 0)),
      let item = table.item(at: IndexPath(row: row, section: 0)),
      let source = cell.imageView.image?.provenance?.source
    else { return false }
    return source == digest(item.url)
  }

  /// The kind of image the displayed cell at `row` shows, if any.
  func imageKind(row: Int) -> Image.Kind? {
    table.cellForRow(at: IndexPath(row: row, section: 0))?.imageView.image?.kind
  }

  /// Transfers created for `url`.
  func transfers(of url: String) -> [TransferRecord] {
    network.records.filter { $0.url == url }
  }

  /// The longest wait between a transfer's end on the wire and its final callback.
  var longestDeliveryDelay: SimDuration {
    ends.keys.sorted().reduce(.zero) { longest, id in
      guard let end = ends[id], let callback = callbacks[id] else { return longest }
      return max(longest, callback - end)
    }
  }

  private func inspect(_ frame: CommittedFrame) {
    frames.append(frame)
    for cell in frame.cells {
      for image in cell.images where image.kind == .content {
        guard let source = image.provenance?.source, source != digest(cell.url) else { continue }
        wrongImages.append(
          WrongImage(
            time: frame.time, row: cell.indexPath.row, itemID: cell.itemID, cellID: cell.cellID,
            shownURL: owners[source]))
      }
    }
  }

  private func observe(_ event: TransferEvent) {
    switch event.kind {
    case .ended(let outcome) where outcome != .cancelled: ends[event.record.id] = event.at
    case .callbackRan: callbacks[event.record.id] = event.at
    default: break
    }
    peakOutstanding = max(
      peakOutstanding, network.outstandingTransfers + world.requestQueueEntries)
  }
}
