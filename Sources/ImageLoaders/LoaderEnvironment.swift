import PNGRender
public import SimKernel
public import SimNetwork
public import SimPlatform
public import SimTable

/// Everything a loader may use: the simulated platform's queues, network APIs, decoder,
/// caches and clock, shaped like their iOS originals.
///
/// Loaders keep their caches in platform `MemoryCache`/`DiskCache` instances and their pending
/// requests in platform `RequestQueue`s made here, so the oracle can see them.
public final class LoaderEnvironment {
  /// The simulated world.
  package let world: World
  /// The fake network.
  package let network: FakeNetwork

  /// An environment over `world` and `network`.
  package init(world: World, network: FakeNetwork) {
    self.world = world
    self.network = network
  }

  // MARK: Clock, device, randomness

  /// The current virtual time.
  public var now: SimTime { world.now }
  /// The device.
  public var device: DeviceProfile { world.device }
  /// A keyed random stream of the loader's own, independent of every other stream of the run.
  public func random(_ key: String) -> RandomStream { world.random.stream("loader", key) }

  // MARK: Threads and queues

  /// The main thread: `main.async`, `main.asyncAfter`, run-loop sources and timers.
  public var main: MainThread { world.main }
  /// The main-thread (or worker) execution running now, if any: charge costs with `spend`.
  public var currentExecution: Execution? { world.currentExecution }
  /// A global concurrent queue (`dispatch_get_global_queue`).
  public func globalQueue() -> SimulatedQueue { world.globalQueue() }
  /// A new serial queue.
  public func serialQueue(label: String) -> SimulatedQueue { world.serialQueue(label: label) }
  /// A new concurrent queue with an optional width.
  public func concurrentQueue(label: String, width: Int? = nil) -> SimulatedQueue {
    world.concurrentQueue(label: label, width: width)
  }
  /// A new operation queue.
  public func operationQueue(name: String? = nil) -> SimulatedOperationQueue {
    world.operationQueue(name: name)
  }
  /// `OperationQueue.main`: a serial operation queue on the main thread.
  public func mainOperationQueue() -> SimulatedOperationQueue { world.mainOperationQueue() }

  /// A display link (`CADisplayLink`): `callback` runs on the main thread at every vsync from
  /// the next frame on, inside the frame, after the scroll position updates and before the
  /// layout pass, until you call `invalidate()` on the link (the main thread keeps it until
  /// then, as the run loop keeps a CADisplayLink). Animated-image views step their frames so.
  public func displayLink(_ callback: @escaping (DisplayLink.Tick) -> Void) -> DisplayLink {
    DisplayLink(main: world.main, callback)
  }

  // MARK: Network

  /// A URL session whose callbacks run on `callbackQueue` (nil: a serial operation queue, as
  /// URLSession makes when given none).
  public func urlSession(callbackQueue: CallbackQueue? = nil) -> SimulatedURLSession {
    SimulatedURLSession(network: network, callbackQueue: callbackQueue)
  }

  /// An NSURLConnection on the main run loop; with `startImmediately: false`, schedule it in
  /// modes and start it yourself.
  public func connection(
    url: String, delegate: SimulatedURLConnectionDelegate, startImmediately: Bool = true
  ) -> SimulatedURLConnection {
    SimulatedURLConnection(
      url: url, delegate: delegate, network: network, startImmediately: startImmediately)
  }

  /// `dataWithContentsOfURL`: a blocking fetch holding the calling worker for the whole
  /// transfer; nothing can cancel it.
  public func fetchSynchronously(
    _ url: String, on execution: Execution,
    completion: @escaping (Result<[UInt8], NetworkError>) -> Void
  ) {
    network.fetchSynchronously(url, on: execution, completion: completion)
  }

  // MARK: Images

  /// The decoder service: decode or downsample as a step on the calling thread.
  public var decoder: DecoderService { world.decoder }
  /// `UIImage(data:)`: lazy, decoded on the main thread at first display; nil for bytes
  /// without a PNG header.
  public func image(data: [UInt8]) -> Image? { Image(data: data) }
  /// A partial preview of `prefix`, the bytes a transfer has delivered so far (a progressive
  /// loader's `CGImageSourceCreateIncremental` image): lazy like `image(data:)`, decoded at
  /// first display with a partial decode (the rows so far, or an interlaced image's coarse
  /// passes); nil until the PNG header has arrived. For a decode now, on the calling thread,
  /// use `decoder.decodePartial(_:target:on:completion:)`.
  public func image(partialData prefix: [UInt8]) -> Image? { Image(partialData: prefix) }
  /// A placeholder image of the given pixel size, shared by every request: legitimate in any
  /// cell (a static placeholder set in `cellForRow`).
  public func placeholderImage(width: Int, height: Int) -> Image {
    Image(kind: .placeholder, width: width, height: height, world: world)
  }
  /// A placeholder made for the request of `url` (a per-request placeholder, as
  /// `sd_setImage(with:placeholderImage:)` takes one per call). The oracle's
  /// `no_cross_cell_image` flags it whenever a cell shows it at a row whose URL is not `url`.
  public func placeholderImage(width: Int, height: Int, for url: String) -> Image {
    Image(kind: .placeholder, width: width, height: height, world: world, requestURL: url)
  }
  /// Declares the loader's own preload range: the `rowsBefore` rows before the first visible
  /// row and the `rowsAfter` rows after the last, whose work the loader keeps on purpose (a
  /// node-based list's preload range is wider than the table's prefetching). The oracle's
  /// `cancel_on_end_display` then counts a row in that range as needing its URL, beside the
  /// visible rows and the table's prefetch window. Call it again to change it; negative
  /// counts stop the process.
  public func declarePreloadRange(rowsBefore: Int, rowsAfter: Int) {
    precondition(
      rowsBefore >= 0 && rowsAfter >= 0,
      "declarePreloadRange: negative row count (\(rowsBefore), \(rowsAfter))")
    world.declaredPreloadRange = (rowsBefore, rowsAfter)
    world.trace.record(at: world.now, "loader.preload_range") {
      $0.field("before", rowsBefore)
      $0.field("after", rowsAfter)
    }
  }

  /// Declares a request of the loader's own API for `url`, starting now: call `ended(_:)` on
  /// it exactly where the loader calls the request's completion, and the oracle's
  /// `one_terminal_callback` checks that it ends exactly once.
  public func declareRequest(for url: String) -> DeclaredRequest {
    DeclaredRequest(url: url, world: world)
  }
  /// Declares which variant of its URL's image `cell`'s current request wants: the size it
  /// resamples to and the processing it applies (`ImageVariant`). Call it where the loader
  /// starts the cell's request, usually in `cellForRow`; each `cellForRow` of the cell clears
  /// it. The oracle's `no_cross_cell_image` then accepts in that cell only an image of that
  /// variant (`ImageProvenance.variant`), and `cache_hit_on_revisit` counts only such an image
  /// as a hit. A cell with no declaration accepts any variant of its URL, so a loader that
  /// never declares keeps the meaning it had: one variant per URL.
  public func declareVariant(_ variant: ImageVariant, for cell: TableCell) {
    cell.declareVariant(variant)
  }
  /// An image of the app's own (not loaded from a URL), as `imageView.image = myImage` sets:
  /// the oracle's `manual_image_kept` keeps it from being replaced until the loader is asked
  /// for the cell again.
  public func manualImage(width: Int, height: Int) -> Image {
    Image(kind: .manual, width: width, height: height, world: world)
  }
  /// A "failed to load" image of the given pixel size.
  public func failureImage(width: Int, height: Int) -> Image {
    Image(kind: .failure, width: width, height: height, world: world)
  }

  // MARK: Caches and request queues

  /// A memory cache registered with the world (visible to the oracle).
  public func memoryCache<Value>(
    name: String, countLimit: Int = 0, totalCostLimit: Int64 = 0,
    policy: MemoryCache<Value>.Policy = .insertionOrder, evictsOnMemoryWarning: Bool = true
  ) -> MemoryCache<Value> {
    MemoryCache(
      world: world, name: name, countLimit: countLimit, totalCostLimit: totalCostLimit,
      policy: policy, evictsOnMemoryWarning: evictsOnMemoryWarning)
  }

  /// A disk cache with the device's disk latency.
  public func diskCache(name: String, byteLimit: Int64? = nil) -> DiskCache {
    DiskCache(world: world, name: name, byteLimit: byteLimit)
  }

  /// A pending-request queue (seed 000), counted by the oracle's `bounded_queue`.
  public func requestQueue<Element>(order: RequestQueue<Element>.Order, capacity: Int?)
    -> RequestQueue<Element>
  {
    RequestQueue(world: world, order: order, capacity: capacity)
  }
}
