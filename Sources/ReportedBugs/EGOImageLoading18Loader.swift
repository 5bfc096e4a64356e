public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// EGOImageLoading #18: the image connections run in the default run-loop mode, so no image
/// appears until scrolling stops.
///
/// Reported symptom: while the user drags the list, rows stay on their placeholder; the images
/// all appear at once when the finger lifts. Mechanism: each load is an NSURLConnection
/// created on the main thread with `startImmediately: YES`, which schedules it in
/// `NSDefaultRunLoopMode`. While a scroll view tracks a touch the main run loop runs in
/// `UITrackingRunLoopMode`, so the connection's delegate callbacks (and with them the image)
/// wait although the bytes have arrived. With `fixed: true` the connection is created with
/// `startImmediately: NO`, scheduled in `NSRunLoopCommonModes` and then started, so its
/// callbacks also run while tracking.
///
/// The loader keeps one connection per URL with the views observing it, sets the image with
/// `UIImage(data:)` (decoded at first display) and keeps finished images in a memory cache.
public final class EGOImageLoading18Loader: CatalogLoader {
  /// A cell that remembers the URL its image view observes.
  public final class Cell: TableCell {
    /// The URL the image view wants.
    var url: String?
  }

  /// One connection and the data it has received.
  final class Load: SimulatedURLConnectionDelegate {
    weak var owner: EGOImageLoading18Loader?
    var data: [UInt8] = []
    var status = 200
    var observers: [Cell] = []

    func connection(
      _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution
    ) { self.status = status }

    func connection(
      _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
    ) { self.data += data }

    func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution) {
      owner?.finished(connection.url, load: self)
    }

    func connection(
      _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
      execution: Execution
    ) { owner?.loads[connection.url] = nil }
  }

  public static let name = "egoimageloading-18"
  public static let summary =
    "EGOImageLoading #18: connections in the default run-loop mode wait for scrolling to stop"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let cache: MemoryCache<Image>
  var loads: [String: Load] = [:]

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    cache = environment.memoryCache(name: "ego.images", policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    cell.url = url
    if let cached = cache.value(forKey: url) {
      cell.imageView.image = cached
      return
    }
    let size = table.imagePixelSize
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    if let load = loads[url] {
      load.observers.append(cell)
      return
    }
    let load = Load()
    load.owner = self
    load.observers.append(cell)
    loads[url] = load
    if fixed {
      let connection = environment.connection(url: url, delegate: load, startImmediately: false)
      connection.schedule(inModes: .common)
      connection.start()
    } else {
      _ = environment.connection(url: url, delegate: load)
    }
  }

  /// The connection finished: cache the image and hand it to the views still observing it.
  func finished(_ url: String, load: Load) {
    loads[url] = nil
    guard load.status == 200, let image = environment.image(data: load.data) else { return }
    cache.setValue(image, forKey: url, cost: Int64(load.data.count))
    for cell in load.observers where cell.url == url { cell.imageView.image = image }
  }
}
