public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// YYWebImage #79 and SDWebImage PR #699: a cancelled operation's completion, already on its way
/// to the main queue, still sets its image, after the reused view's new one.
///
/// Reported symptom: while scrolling, a reused cell briefly (or for good) shows the image of
/// the row it showed before. Mechanism: the cell cancels its image operation in
/// `prepareForReuse`. Cancelling stops the download, but a completion that the operation had
/// already submitted (the bytes had arrived and were being decoded, or the block was waiting
/// on the main queue) is not taken back, and the block sets its image without asking whether
/// its operation was cancelled. When the new row's image came first (from the memory cache, or
/// a faster download), the stale block runs after it and replaces it. With `fixed: true`, as
/// in SDWebImage PR #699, the block does nothing when its operation was cancelled ("if we
/// would call the completedBlock, there could be a race condition between this block and
/// another completedBlock for the same object").
///
/// Modelled as an operation per load: a URLSession on a global queue, a downsampling decode
/// there, a main-queue block that stores the image in the memory cache and sets it, and a
/// placeholder while loading. There is no other identity check, as in the libraries then.
public final class YYWebImage79Loader: CatalogLoader {
  /// A cell that cancels its image operation when it is reused.
  public final class Cell: TableCell {
    /// The image operation of the row the cell shows.
    var operation: Operation?

    /// `[imageView yy_cancelCurrentImageRequest]` in `prepareForReuse`.
    public override func prepareForReuse() {
      operation?.cancel()
      operation = nil
    }
  }

  /// One image operation: a download, then a decode, then a main-queue block.
  final class Operation {
    var task: SimulatedDataTask?
    private(set) var isCancelled = false

    func cancel() {
      isCancelled = true
      task?.cancel()
    }
  }

  public static let name = "yywebimage-79"
  public static let summary =
    "YYWebImage/SDWebImage before PR #699: a cancelled operation's queued block still sets"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "yy.images", policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    if let cached = cache.value(forKey: url) {
      cell.imageView.image = cached
      return
    }
    let size = table.imagePixelSize
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    let operation = Operation()
    let (environment, cache, fixed) = (self.environment, self.cache, self.fixed)
    operation.task = session.dataTask(with: url) { execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { outcome in
        environment.main.async { _ in
          if fixed && operation.isCancelled { return }
          guard case .success(let image)? = outcome else { return }
          cache.setValue(image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          cell.imageView.image = image
        }
      }
    }
    cell.operation = operation
    operation.task?.resume()
  }
}
