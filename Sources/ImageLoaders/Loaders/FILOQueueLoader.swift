import SimNetwork
import SimPlatform
package import SimTable

/// `filo-queue`: seed 000 (`shared/seeds/000_047f8003c6c90680.txt`, "The efficient way to load
/// and render images in the UITableViewCell", points 1–6 and the toolkit summary).
///
/// Rules, each from a numbered point:
/// - Point 1, manual drawing: CellSim has no subviews to flatten; the cell "renders" when it
///   is configured (`cellForRow`, the moment UIKit would ask it to draw).
/// - Point 2: "Each time cell is rendered, it checks the cache of downloaded images. If image
///   is not present, cell schedules request to download it. Cell should remember the request
///   URL" (`Cell.requestURL`).
/// - Point 3: "FILO queue with async NSURLConnection delegate. Async API uses the main thread":
///   connections scheduled on the main run loop in its default mode (NSURLConnection's
///   default; the article names no other). "No NSOperations, no background threads".
/// - Point 4: "The queue size should be limited by a maximum number of visible cells … the
///   head of the queue is truncated each time new request is added": a platform FILO
///   `RequestQueue` whose capacity is the most cells the screen can show at once (option
///   `queue_capacity` overrides it). Truncated requests are simply dropped.
/// - Point 5: "Download callback should lookup [tableView visibleCells] to find the exact cell
///   which requests the downloaded image … You cannot just call [tableView reloadData]".
/// - Point 6: a downloaded-images cache and a pre-rendered-images cache: "each time cell draws
///   itself and finds the downloaded image, it should rescale and crop the image. The rescaled
///   image should be put in the cache". That drawing is main-thread work (the article's
///   `UIGraphicsBeginImageContext` in `drawInRect:`), so the rescale — and the lazy decode of
///   the downloaded image before it — runs on the main thread through the decoder service, to
///   an aspect-fill crop of the cell's pixel size. "If the downloaded image is already sized as
///   needed, this step could be omitted": an image of exactly that size is used as it is.
/// - "discard pending downloads for invisible cells" (summary): only *pending* ones, by
///   truncation. Nothing cancels a connection that has started, so it runs to the end even
///   when its cell has left.
///
/// Where the article is silent, CellSim's choices:
/// - How many connections run at once is not said. A queue from which requests are taken
///   implies a small number; the default is 2 (option `connections`), so the FILO order
///   matters and requests wait in the queue instead of all being on the wire.
/// - Both caches are plain, unbounded caches (no limit is mentioned) that ignore memory
///   warnings (the article never mentions them; a dictionary cache does not react). The
///   downloaded cache holds the `UIImage(data:)` objects, which keep their full decoded
///   bitmap once drawn.
/// - A failed download, an HTTP error or an undecodable body is dropped: no retry, no failure
///   image. A request already in flight is not queued again; a queued one moves to the tail.
package final class FILOQueueLoader: CatalogLoader {
  /// A cell that remembers the URL it requested (point 2).
  package final class Cell: TableCell {
    /// The URL of the image this cell draws.
    package var requestURL: String?

    /// A cell with no request.
    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }
  }

  /// `filo-queue`.
  package static let name = "filo-queue"
  /// Seed 000.
  package static let seed: String? = "000"
  /// One line for `cellsim loaders`.
  package static let summary =
    "async connections on the main run loop fed by a FILO queue bounded by the visible "
    + "cells; visibleCells lookup; downloaded and pre-rendered caches"
  /// Options: connections at once and the queue's capacity.
  package static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "connections", .integer(1...16), default: "2",
      "connections running at once (the article does not say)"),
    LoaderOptionSpec(
      "queue_capacity", .integer(0...1000), default: "0",
      "the FILO queue's capacity; 0: the most cells the screen shows at once (the article's)"),
  ]

  /// The platform the loader runs on.
  let environment: LoaderEnvironment
  /// Option `connections`: the most connections running at once.
  let connectionLimit: Int
  /// Option `queue_capacity` (0: the most visible cells).
  let capacityOption: Int
  /// The downloaded-images cache (point 6), keyed by URL.
  let downloaded: MemoryCache<Image>
  /// The pre-rendered-images cache (point 6), keyed by URL.
  let prerendered: MemoryCache<Image>
  /// The FILO queue of pending requests (points 3–4), made at the first `cellForRow`, when
  /// the table's geometry is known.
  var pending: RequestQueue<String>?
  /// Connections running now, oldest first.
  var active: [(url: String, connection: SimulatedURLConnection)] = []
  /// The table, remembered from `cellForRow` for the download callbacks (point 5).
  weak var table: TableView?

  /// A loader per `options`.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    connectionLimit = options.integer("connections")
    capacityOption = options.integer("queue_capacity")
    downloaded = environment.memoryCache(name: "filo.downloaded", evictsOnMemoryWarning: false)
    prerendered = environment.memoryCache(name: "filo.prerendered", evictsOnMemoryWarning: false)
  }

  /// The cell remembers its URL and draws (point 2).
  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    self.table = table
    cell.requestURL = item.url
    cell.imageView.image = nil
    if let execution = environment.currentExecution, execution.thread.isMain {
      draw(cell, url: item.url, table: table, on: execution)
    } else {
      // Configured outside any main-thread turn (a mutation applied by the event loop): the
      // cell draws on the next turn, as a view marked `setNeedsDisplay` would.
      environment.main.async(label: "filo.draw") { [self] execution in
        guard cell.requestURL == item.url else { return }
        draw(cell, url: item.url, table: table, on: execution)
      }
    }
  }

  /// Point 6 then point 2: the pre-rendered image; else the downloaded image, rescaled and
  /// cropped on the main thread and cached; else a request.
  func draw(_ cell: Cell, url: String, table: TableView, on execution: Execution) {
    if let image = prerendered.value(forKey: url) {
      cell.imageView.image = image
      return
    }
    guard let image = downloaded.value(forKey: url) else {
      request(url, table: table)
      return
    }
    let size = table.imagePixelSize
    if image.pixelWidth == size.width && image.pixelHeight == size.height {
      prerendered.setValue(image, forKey: url)
      cell.imageView.image = image
      return
    }
    environment.decoder.resample(
      image, to: .aspectFill(width: size.width, height: size.height), on: execution
    ) { [self] rendered in
      prerendered.setValue(rendered, forKey: url)
      if cell.requestURL == url { cell.imageView.image = rendered }
    }
  }

  // MARK: The request queue (points 3–5)

  /// Queues a request for `url` at the tail (newest), truncating the head, then starts what
  /// the connection limit allows.
  func request(_ url: String, table: TableView) {
    if active.contains(where: { $0.url == url }) { return }
    let queue = pendingQueue(for: table)
    queue.remove(key: url)
    queue.push(key: url, url)
    startConnections()
  }

  /// The queue, made on first use with the capacity of point 4.
  func pendingQueue(for table: TableView) -> RequestQueue<String> {
    if let pending { return pending }
    let capacity = capacityOption > 0 ? capacityOption : Self.maximumVisibleCells(table.layout)
    let queue = environment.requestQueue(order: .filo, capacity: capacity) as RequestQueue<String>
    pending = queue
    return queue
  }

  /// The most cells that can be visible at once: a window of the viewport's height (plus any
  /// preload margin) meets at most `ceil(height / rowHeight) + 1` lines.
  static func maximumVisibleCells(_ layout: TableGeometry) -> Int {
    let height = layout.viewportHeight + 2 * layout.preloadMargin
    let lines = Int((height / layout.rowHeight).rounded(.up)) + 1
    return max(1, lines * layout.columns)
  }

  /// Starts the newest pending requests while fewer than `connections` run.
  func startConnections() {
    guard let pending else { return }
    while active.count < connectionLimit, let entry = pending.pop() {
      let url = entry.value
      // Weak: the connection retains its delegate, and the loader retains the connection.
      let download = FILODownload { [weak self] execution, image in
        self?.finished(url, image: image, on: execution)
      }
      active.append((url, environment.connection(url: url, delegate: download)))
    }
  }

  /// Point 5: caches the download, finds the visible cells that requested it and redraws
  /// them, then starts the next request.
  func finished(_ url: String, image: Image?, on execution: Execution) {
    active.removeAll { $0.url == url }
    if let image, let table {
      downloaded.setValue(image, forKey: url)
      for case let cell as Cell in table.visibleCells where cell.requestURL == url {
        draw(cell, url: url, table: table, on: execution)
      }
    }
    startConnections()
  }
}

/// Seed 000's "async NSURLConnection delegate": collects the body and, when the connection
/// ends, reports a lazy image (nil for an HTTP error, a failure or bytes that are no image).
final class FILODownload: SimulatedURLConnectionDelegate {
  /// The HTTP status of the response.
  var status = 0
  /// The body so far.
  var data: [UInt8] = []
  /// Called once, on the main thread, when the connection ends.
  let finished: (Execution, Image?) -> Void

  /// A delegate reporting to `finished`.
  init(finished: @escaping (Execution, Image?) -> Void) { self.finished = finished }

  /// Records the status.
  func connection(
    _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution
  ) {
    self.status = status
  }

  /// Appends the chunk.
  func connection(
    _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
  ) {
    self.data.append(contentsOf: data)
  }

  /// Reports the image (nil unless the status is 200 and the body is a PNG).
  func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution) {
    let body = data
    data = []
    let image = status == 200 ? Image(data: body) : nil
    finished(execution, image)
  }

  /// Reports no image: the download failed.
  func connection(
    _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
    execution: Execution
  ) {
    data = []
    finished(execution, nil)
  }
}
