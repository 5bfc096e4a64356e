public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// SDWebImage #3364 (fixing a regression of PR #3362, in 5.13.0): when a thumbnail and the
/// full-size image of one URL load at the same time, the thumbnail is written to the memory
/// cache under the full-size image's key. SDWebImage #3866 reported the same wrong key again
/// in 2026, on the path that decodes a thumbnail from the full-size data on disk.
///
/// Reported symptom: a view that asks for the full-size image of a URL shows the small
/// thumbnail another view asked for, upscaled and blurry, from the memory cache. Mechanism, as
/// modelled: PR #3362 made every pipeline share one download per URL; when it ends, each caller
/// decodes its own variant, in the order they asked, on the downloader's queue. The thumbnail
/// caller then stored its image under the URL's full-size key, over the full-size image stored
/// a moment before. The next request for the full-size image hits the memory cache and gets
/// the thumbnail. With `fixed: true` each variant is stored under its own key (the URL plus
/// the thumbnail size), as the fix does.
///
/// Rows of items with an even id show the cell-sized image (an aspect-fill of the table's
/// image size), rows of odd items a 64-px thumbnail; a scenario
/// makes two such rows share a URL (`images.shared`). Each cell declares the variant it wants
/// (`LoaderEnvironment.declareVariant(_:for:)`), so `no_cross_cell_image` judges variants.
public final class SDWebImage3364Loader: CatalogLoader {
  /// A cell that remembers its current load.
  public final class Cell: TableCell {
    /// The current load's token.
    var token: Token?
  }

  /// One caller's place on a shared download.
  final class Token {}

  /// One download of a URL, shared by every caller, and their callbacks.
  final class Download {
    var callbacks: [(variant: ImageVariant, completion: (Image?) -> Void)] = []
  }

  public static let name = "sdwebimage-3364"
  public static let summary =
    "SDWebImage #3364: a thumbnail loaded with the full-size image is cached under its key"
  public static let optionSpecs = [ReportedBugs.fixedOption]
  /// The largest side, in pixels, of the thumbnails odd items' rows show.
  static let thumbnailSize = 64

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

  /// The variant a row of `item` shows: the cell-sized image for even ids, a thumbnail for odd.
  func variant(of item: TableItem, in table: TableView) -> ImageVariant {
    guard item.id % 2 == 0 else { return ImageVariant(target: .maxPixelSize(Self.thumbnailSize)) }
    let size = table.imagePixelSize
    return ImageVariant(target: .aspectFill(width: size.width, height: size.height))
  }

  /// The memory-cache key of `variant` of `url`: the URL for the cell-sized image, the URL and
  /// the thumbnail size for a thumbnail (SDWebImage's `SDThumbnailedKeyForKey`).
  func key(_ url: String, _ variant: ImageVariant) -> String {
    if case .maxPixelSize(let size) = variant.target { return url + "-Thumbnail(\(size))" }
    return url
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.token = nil
    let url = item.url
    let variant = variant(of: item, in: table)
    environment.declareVariant(variant, for: cell)
    if let cached = cache.value(forKey: key(url, variant)) {
      cell.imageView.image = cached
      return
    }
    let size = table.imagePixelSize
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    let token = Token()
    cell.token = token
    download(url, variant: variant) { image in
      guard cell.token === token, let image else { return }
      cell.token = nil
      cell.imageView.image = image
    }
  }

  /// `loadImageWithURL:options:context:…`: joins the URL's download, or starts it. When it
  /// ends, each caller's variant is decoded in turn on the downloader's queue, stored in the
  /// memory cache, and handed to the caller on the main queue.
  func download(_ url: String, variant: ImageVariant, completion: @escaping (Image?) -> Void) {
    if let existing = downloads[url] {
      existing.callbacks.append((variant, completion))
      return
    }
    let download = Download()
    download.callbacks.append((variant, completion))
    downloads[url] = download
    let environment = self.environment
    let task = session.dataTask(with: url) { [weak self] execution, result in
      environment.main.async(label: "sdwebimage-3364.ended") { _ in
        guard let self else { return }
        self.downloads[url] = nil
        guard case .success(let response) = result else {
          for callback in download.callbacks { callback.completion(nil) }
          return
        }
        self.decodeEach(download.callbacks, of: url, body: response.body)
      }
    }
    task.resume()
  }

  /// Decodes each caller's variant of `body` in turn on one global-queue block, then stores
  /// and delivers it on the main queue.
  func decodeEach(
    _ callbacks: [(variant: ImageVariant, completion: (Image?) -> Void)], of url: String,
    body: [UInt8]
  ) {
    let environment = self.environment
    environment.globalQueue().async(label: "sdwebimage-3364.decode") { [weak self] execution in
      for callback in callbacks {
        environment.decoder.decode(body, target: callback.variant.target, on: execution) {
          decoded in
          let image = try? decoded.get()
          environment.main.async(label: "sdwebimage-3364.store") { _ in
            guard let self, let image else {
              callback.completion(nil)
              return
            }
            // The bug: the thumbnail goes under the full-size image's key.
            let storeKey = self.fixed ? self.key(url, callback.variant) : url
            self.cache.setValue(
              image, forKey: storeKey, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
            callback.completion(image)
          }
        }
      }
    }
  }
}
