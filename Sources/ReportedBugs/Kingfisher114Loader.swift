public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// Kingfisher #114 (fixed by PR #116): a memory-cache hit is delivered asynchronously, so the
/// placeholder shows for a frame.
///
/// Reported symptom: calling `reloadData` on a table whose images are all in the memory cache
/// makes every image flash: the placeholder appears for a frame, then the image comes back.
/// Mechanism: `kf_setImageWithURL` sets the placeholder, then asks the manager for the image;
/// the manager finds it in the memory cache but calls the completion handler through
/// `dispatch_async(dispatch_get_main_queue())`, even though it is already on the main thread.
/// The block runs on a later run-loop turn, after the frame with the placeholder has been
/// committed. With `fixed: true`, as in PR #116, a completion on the main thread runs at once
/// (Kingfisher's `dispatch_async_safely_main_queue`), so the cached image is set before the
/// frame commits.
///
/// Downloads go through a URLSession on a global queue and a downsampling decode there; the
/// completion checks that the view still wants the URL (`kf_webURL`), as Kingfisher does.
public final class Kingfisher114Loader: CatalogLoader {
  /// A cell whose image view remembers the URL it wants (`kf_webURL`).
  public final class Cell: TableCell {
    /// The URL the image view wants.
    var webURL: String?
  }

  public static let name = "kingfisher-114"
  public static let summary =
    "Kingfisher before PR #116: a memory-cache hit is set on a later turn, after a placeholder"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "kingfisher.images", policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    let size = table.imagePixelSize
    cell.webURL = url
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    let completion: (Image) -> Void = { image in
      guard cell.webURL == url else { return }
      cell.imageView.image = image
    }
    if let cached = cache.value(forKey: url) {
      if fixed {
        completion(cached)  // already on the main thread: call it now
      } else {
        environment.main.async { _ in completion(cached) }
      }
      return
    }
    let (environment, cache) = (self.environment, self.cache)
    session.dataTask(with: url) { execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { outcome in
        environment.main.async { _ in
          guard case .success(let image)? = outcome else { return }
          cache.setValue(image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          completion(image)
        }
      }
    }.resume()
  }
}
