import PNGRender
import SimNetwork
package import SimPlatform
package import SimTable

/// `runloop-buffered`: seed 003 (`shared/seeds/003_74dfaf7254389c54.txt`, "Easy UITableView
/// optimizations"), its three points.
///
/// Rules, each from the article:
/// - Point 1, "NSURLConnection on scrolling run loop source": a connection created on the main
///   thread "is scheduled to execute in the NSDefaultRunLoopMode", so "no downloads complete
///   while the view is scrolling". Option `mode: common` is the article's solution 2
///   (`scheduleInRunLoop:forMode:` with `NSRunLoopCommonModes` after
///   `initWithRequest:delegate:startImmediately:NO`).
/// - Point 2, "UITableView buffering": "make your table view twice as tall" so rows load
///   before they show. CellSim's `preload_margin` extends the table equally above and below
///   the screen, so the margin is half the extra height on each side (`adjust`); option
///   `buffer_percent` sets the extra height as a percentage of the screen height (100: twice
///   as tall). The article's inset trick puts all the extra below; a symmetric margin is the
///   closest the table models.
/// - Point 3, "Background Image Rendering": `imageByRenderingData:ofImageType:completion:`
///   decodes the data to a full-size bitmap (`CGBitmapContextCreate` with the image's own
///   width and height) on `s_imageRenderQ`, a `DISPATCH_QUEUE_SERIAL` queue, then
///   `dispatch_async(dispatch_get_main_queue())` calls the block, which does
///   `_imageView.image = image` with no check of what the cell shows now. The article notes
///   the serial queue "is just my choice. You can easily just use the
///   dispatch_get_global_queue": option `render_queue: global`. A failed decode hands the
///   block nil, and the block sets nil. The `NSPUIImageType_Auto` edit auto-detects the type;
///   CellSim serves only PNG.
/// - The cell owns the download (`- (void) loadImagery { // ... download logic }` is a method
///   of the "Custom cell implementation"), and hands the data to `completeLoadImagery:` when
///   the connection finishes. The download logic is elided; CellSim's reading: each
///   configuration starts a connection whose delegate calls back into the cell, no earlier
///   connection is cancelled, the data is passed on whatever the HTTP status (the elided code
///   shows no status check), and a failed connection passes nothing. Configuring a cell first
///   clears its image, since the article's aim is to "avoid showing table view cells with
///   blank content" only until the content arrives.
package final class RunLoopBufferedLoader: CatalogLoader {
  /// `runloop-buffered`.
  package static let name = "runloop-buffered"
  /// Seed 003.
  package static let seed: String? = "003"
  /// One line for `cellsim loaders`.
  package static let summary =
    "NSURLConnection in the default run-loop mode, a table twice the screen height, "
    + "background rendering on a serial queue; no identity check"
  /// Options: the connection's run-loop mode, the buffer and the render queue.
  package static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "mode", .choice(["default", "common"]), default: "default",
      "run-loop mode of the connections: default (waits while scrolling) or common"),
    LoaderOptionSpec(
      "buffer_percent", .integer(0...400), default: "100",
      "extra table height as a percentage of the screen height (100: twice as tall)"),
    LoaderOptionSpec(
      "render_queue", .choice(["serial", "global"]), default: "serial",
      "the rendering queue: the article's serial queue, or a global queue"),
  ]

  /// The platform the loader runs on.
  let environment: LoaderEnvironment
  /// Option `mode`: the connections' run-loop modes.
  let modes: RunLoopModes
  /// `s_imageRenderQ` (or the global queue).
  let renderQueue: SimulatedQueue

  /// A loader per `options`.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    modes = options.choice("mode") == "common" ? .common : .default
    renderQueue =
      options.choice("render_queue") == "global"
      ? environment.globalQueue()
      : environment.serialQueue(label: "UIImage+ASyncRendering_Queue")
  }

  /// Point 2: the table extends `buffer_percent / 2` of the screen height above and below the
  /// screen (a scenario's larger `preload_margin` is kept).
  package static func adjust(
    _ configuration: inout TableConfiguration, options: LoaderOptions, device: DeviceProfile
  ) {
    let margin = device.screenHeight * Double(options.integer("buffer_percent")) / 200
    configuration.preloadMargin = max(configuration.preloadMargin, margin)
  }

  /// Clears the image and starts the cell's download (`loadImagery`).
  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.imageView.image = nil
    let download = ImageryDownload { [self] data in completeLoadImagery(data, cell: cell) }
    let connection = environment.connection(
      url: item.url, delegate: download, startImmediately: false)
    connection.schedule(inModes: modes)
    connection.start()
  }

  /// `completeLoadImagery:`: renders in the background, then `_imageView.image = image`.
  func completeLoadImagery(_ data: [UInt8], cell: TableCell) {
    imageByRenderingData(data) { image in cell.imageView.image = image }
  }

  /// `+[UIImage imageByRenderingData:ofImageType:completion:]`: a full-size decode on the
  /// render queue, then the block on the main queue with the image or nil.
  func imageByRenderingData(_ data: [UInt8], completion: @escaping (Image?) -> Void) {
    let environment = environment
    renderQueue.async(label: "render") { execution in
      environment.decoder.decode(data, target: .fullSize, on: execution) { result in
        let image = try? result.get()
        environment.main.async(label: "render.completion") { _ in completion(image) }
      }
    }
  }
}

/// The elided "download logic" of seed 003's cell: an NSURLConnection delegate that collects
/// the body and hands it on when the connection finishes.
final class ImageryDownload: SimulatedURLConnectionDelegate {
  /// The body so far.
  var data: [UInt8] = []
  /// `completeLoadImagery:`, called when the connection finishes.
  let finished: ([UInt8]) -> Void

  /// A delegate reporting to `finished`.
  init(finished: @escaping ([UInt8]) -> Void) { self.finished = finished }

  /// Starts a new body, sized for the response's expected length (as `NSMutableData
  /// dataWithCapacity:expectedContentLength` does; without it, every body waiting for the
  /// serial render queue held up to twice its size of this process's memory).
  func connection(
    _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution
  ) {
    data = []
    if connection.expectedContentLength > 0 {
      data.reserveCapacity(Int(connection.expectedContentLength))
    }
  }

  /// Appends the chunk.
  func connection(
    _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
  ) {
    self.data.append(contentsOf: data)
  }

  /// Hands the body on, whatever the status.
  ///
  /// The body waits for the serial render queue, behind every other finished download (the
  /// loader never cancels): on `fling-1000` hundreds of them. A body equal to the bytes the
  /// network served is handed on in their storage, so this process does not hold a second
  /// copy of each; the bytes, and so everything simulated, are the same.
  func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution) {
    let body = ContentDigest.sharedStorage(for: data)
    data = []
    finished(body)
  }

  /// Drops the body: a failed download hands nothing on (CellSim's reading of the elided logic).
  func connection(
    _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
    execution: Execution
  ) {
    data = []
  }
}
