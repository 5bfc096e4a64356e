public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// AlamofireImage #17: setting the same URL twice on one image view cancels the shared request,
/// and the view keeps its placeholder for good.
///
/// Reported symptom: images never appear in cells that set their image twice (here, as app
/// code often does, in `cellForRow` and again in `willDisplay`); the placeholder stays.
/// Mechanism: `af_setImageWithURL` first cancels the view's active request receipt. That
/// receipt was the only one on its download, so the downloader cancels the download, but the
/// download stays registered under its URL until its cancelled response comes back. The second
/// call then asks the downloader for the same URL, is merged into the cancelled download, and
/// receives its cancellation error, which the image view ignores as a deliberate cancel. With
/// `fixed: true`, as AlamofireImage then did, the image view returns early when the URL equals
/// the URL of its active request.
///
/// The downloader merges requests per URL, decodes on a global queue and calls its handlers on
/// the main queue; a memory cache holds finished images.
public final class AlamofireImage17Loader: CatalogLoader {
  /// A cell whose image view holds its active request receipt.
  public final class Cell: TableCell {
    /// `af_activeRequestReceipt`.
    var activeReceipt: Receipt?
  }

  /// A request receipt: the URL and the handler's id.
  struct Receipt {
    let url: String
    let id: Int
  }

  /// One merged download and the handlers waiting for it.
  final class Download {
    var task: SimulatedDataTask?
    var handlers: [(id: Int, completion: (Result<Image, NetworkError>) -> Void)] = []
  }

  public static let name = "alamofireimage-17"
  public static let summary =
    "AlamofireImage #17: the same URL set twice cancels the merged download; placeholder for good"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>
  var downloads: [String: Download] = [:]
  var nextReceiptID = 0

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "alamofireimage.images", policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    setImage(item.url, on: cell, table: table)
  }

  public func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let item = table.item(at: indexPath) else { return }
    setImage(item.url, on: cell, table: table)
  }

  /// `af_setImageWithURL(_:placeholderImage:)`.
  func setImage(_ url: String, on cell: Cell, table: TableView) {
    if fixed, cell.activeReceipt?.url == url { return }
    if let active = cell.activeReceipt {
      cancel(active)
      cell.activeReceipt = nil
    }
    if let cached = cache.value(forKey: url) {
      cell.imageView.image = cached
      return
    }
    let size = table.imagePixelSize
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    nextReceiptID += 1
    let receipt = Receipt(url: url, id: nextReceiptID)
    download(receipt, table: table) { result in
      guard cell.activeReceipt?.id == receipt.id else { return }
      cell.activeReceipt = nil
      // A cancellation is deliberate: the view leaves its placeholder.
      if case .success(let image) = result { cell.imageView.image = image }
    }
    cell.activeReceipt = receipt
  }

  /// `ImageDownloader.downloadImage(URLRequest:completion:)`: merged per URL.
  func download(
    _ receipt: Receipt, table: TableView,
    completion: @escaping (Result<Image, NetworkError>) -> Void
  ) {
    let url = receipt.url
    if let existing = downloads[url] {
      existing.handlers.append((receipt.id, completion))
      return
    }
    let download = Download()
    download.handlers.append((receipt.id, completion))
    downloads[url] = download
    let environment = self.environment
    download.task = session.dataTask(with: url) { [weak self] execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { outcome in
        environment.main.async { _ in
          guard let self else { return }
          if self.downloads[url] === download { self.downloads[url] = nil }
          let delivered: Result<Image, NetworkError> = outcome ?? .failure(.connectionReset)
          if case .success(let image) = delivered {
            self.cache.setValue(
              image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          }
          for handler in download.handlers { handler.completion(delivered) }
        }
      }
    }
    download.task?.resume()
  }

  /// `ImageDownloader.cancelRequestForRequestReceipt(_:)`: the handler goes; a download left
  /// with no handler is cancelled but stays registered until its response comes back.
  func cancel(_ receipt: Receipt) {
    guard let download = downloads[receipt.url] else { return }
    download.handlers.removeAll { $0.id == receipt.id }
    if download.handlers.isEmpty { download.task?.cancel() }
  }
}
