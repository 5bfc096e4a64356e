public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// SDWebImage PR #468 ("Canceling the SDWebImageOperation will also cancel the disk cache query
/// operation", 2013; Kingfisher #2495, 2026, reports the same of its disk cache): a cancelled
/// load's disk query still reads and decodes the image.
///
/// Reported symptom: with large images in a table, "pulling the disk image from cache and
/// decoding it was taking a considerable amount of time … these queries were stacking up and
/// causing memory pressure". Mechanism: each `sd_setImageWithURL:` queued a disk query — read
/// the file, decode it — on the cache's serial I/O queue; cancelling the load (the row ended
/// display, the cell was reused) cancelled the download operation but not the query, so a fast
/// fling over a disk-cached list queued one read and one decode per row passed and the queue
/// ran every one of them, long after their rows were gone, before the rows on screen. With
/// `fixed: true`, as the PR did with an `NSOperation` sentinel the manager cancels, a query
/// whose load was cancelled does nothing: it checks before the read and again before the
/// decode.
///
/// Each view cancels its load when its row ends display and before it loads another URL. A hit
/// in the memory cache shows at once; otherwise the disk query runs, and a disk miss downloads
/// the image (decoded on the callback queue, stored on disk). Images reach the main queue and
/// show only in a cell still loading that URL.
public final class SDWebImage468Loader: CatalogLoader {
  /// A cell whose image view holds its current load.
  public final class Cell: TableCell {
    /// The current load.
    var load: Load?
  }

  /// One view's load: its URL, and whether it was cancelled (the PR's sentinel operation).
  final class Load {
    let url: String
    var isCancelled = false
    var task: SimulatedDataTask?
    init(url: String) { self.url = url }
  }

  public static let name = "sdwebimage-468"
  public static let summary =
    "SDWebImage before PR #468: a cancelled load's disk query still reads and decodes"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let memory: MemoryCache<Image>
  /// `SDImageCache`'s disk cache, by URL.
  let disk: DiskCache
  /// `SDImageCache`'s serial I/O queue: every disk query runs there, in order.
  let ioQueue: SimulatedQueue

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    memory = environment.memoryCache(name: "sdwebimage.memory", countLimit: 30, policy: .lru)
    disk = environment.diskCache(name: "sdwebimage.disk")
    ioQueue = environment.serialQueue(label: "com.hackemist.SDWebImageCache")
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cancelCurrentLoad(of: cell)
    let url = item.url
    if let cached = memory.value(forKey: url) {
      cell.imageView.image = cached
      return
    }
    cell.imageView.image = nil
    let load = Load(url: url)
    cell.load = load
    let size = table.imagePixelSize
    let deliver: (Image) -> Void = { [weak self] image in
      self?.environment.main.async(label: "sdwebimage.completed") { _ in
        guard let self else { return }
        self.memory.setValue(
          image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
        guard cell.load === load else { return }
        cell.load = nil
        cell.imageView.image = image
      }
    }
    // `queryDiskCacheForKey:done:` on the I/O queue.
    let (disk, decoder, fixed) = (disk, environment.decoder, fixed)
    ioQueue.async(label: "sdwebimage.query") { [weak self] execution in
      // The fix: a cancelled load's query does nothing.
      if fixed && load.isCancelled { return }
      disk.read(url, on: execution) { bytes in
        guard let bytes else {
          execution.then { self?.download(load, size: size, deliver: deliver) }
          return
        }
        if fixed && load.isCancelled { return }
        decoder.decode(
          bytes, target: .aspectFill(width: size.width, height: size.height), on: execution
        ) { decoded in
          if case .success(let image) = decoded { deliver(image) }
        }
      }
    }
  }

  public func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cancelCurrentLoad(of: cell)
  }

  /// `sd_cancelCurrentImageLoad`: marks the load cancelled and cancels its download.
  func cancelCurrentLoad(of cell: Cell) {
    guard let load = cell.load else { return }
    cell.load = nil
    load.isCancelled = true
    load.task?.cancel()
  }

  /// A disk miss: downloads the image, stores its bytes on disk and decodes it, unless the load
  /// was cancelled meanwhile (the download's own cancellation, which SDWebImage always had).
  func download(
    _ load: Load, size: (width: Int, height: Int), deliver: @escaping (Image) -> Void
  ) {
    environment.main.async(label: "sdwebimage.download") { [weak self] _ in
      guard let self, !load.isCancelled else { return }
      let (disk, decoder) = (disk, environment.decoder)
      load.task = session.dataTask(with: load.url) { execution, result in
        guard case .success(let response) = result else { return }
        disk.write(load.url, bytes: response.body, on: execution)
        decoder.decode(
          response.body, target: .aspectFill(width: size.width, height: size.height),
          on: execution
        ) { decoded in
          if case .success(let image) = decoded { deliver(image) }
        }
      }
      load.task?.resume()
    }
  }
}
