public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// SDWebImage #1113 and #1576 (fixed by PR #883): two views share one coalesced download; one
/// cancels, and the other never gets its image.
///
/// Reported symptom: when several cells show the same URL, a cell that scrolls away leaves the
/// others blank (placeholder) for good. Mechanism: the downloader runs one operation per URL
/// and keeps every caller's callbacks on it. Cancelling one view's load cancelled that shared
/// operation and dropped the URL's callbacks, so the views still on screen never hear back and
/// never ask again. With `fixed: true`, as PR #883 did with per-caller download tokens,
/// cancelling removes only the caller's own callbacks and cancels the operation only when no
/// caller is left.
///
/// Each view cancels its load when its row ends display and before it loads another URL, as
/// `sd_cancelCurrentImageLoad` does. Images are decoded on a global queue, delivered on the
/// main queue, kept in a memory cache, and a placeholder shows while loading.
public final class SDWebImage1113Loader: CatalogLoader {
  /// A cell whose image view holds the token of its current load.
  public final class Cell: TableCell {
    /// The current load.
    var token: Token?
  }

  /// One caller's place on a shared download.
  final class Token {
    let url: String
    init(url: String) { self.url = url }
  }

  /// One coalesced download and its callers' callbacks.
  final class Download {
    var task: SimulatedDataTask?
    var callbacks: [(token: Token, completion: (Image) -> Void)] = []
  }

  public static let name = "sdwebimage-1113"
  public static let summary =
    "SDWebImage before PR #883: one view cancelling a coalesced download starves the others"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>
  var downloads: [String: Download] = [:]

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "sdwebimage.images", policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cancelCurrentLoad(of: cell)
    let url = item.url
    if let cached = cache.value(forKey: url) {
      cell.imageView.image = cached
      return
    }
    let size = table.imagePixelSize
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    let token = Token(url: url)
    cell.token = token
    download(token, table: table) { image in
      guard cell.token === token else { return }
      cell.token = nil
      cell.imageView.image = image
    }
  }

  public func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cancelCurrentLoad(of: cell)
  }

  /// `sd_cancelCurrentImageLoad`.
  func cancelCurrentLoad(of cell: Cell) {
    guard let token = cell.token else { return }
    cell.token = nil
    guard let download = downloads[token.url] else { return }
    if fixed {
      download.callbacks.removeAll { $0.token === token }
      guard download.callbacks.isEmpty else { return }
    }
    download.task?.cancel()
    downloads[token.url] = nil
  }

  /// `downloadImageWithURL:…completed:`: one download per URL, callbacks added to it.
  func download(_ token: Token, table: TableView, completion: @escaping (Image) -> Void) {
    let url = token.url
    if let existing = downloads[url] {
      existing.callbacks.append((token, completion))
      return
    }
    let download = Download()
    download.callbacks.append((token, completion))
    downloads[url] = download
    let environment = self.environment
    download.task = session.dataTask(with: url) { [weak self] execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { outcome in
        environment.main.async { _ in
          guard let self, self.downloads[url] === download else { return }
          self.downloads[url] = nil
          guard case .success(let image)? = outcome else { return }
          self.cache.setValue(
            image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          for callback in download.callbacks { callback.completion(image) }
        }
      }
    }
    download.task?.resume()
  }
}
