import ImageLoaders
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// A small correct loader that prefetches, for `cancel_on_end_display`'s blind spots, with a `flaw`
/// option:
/// - `deferred-prefetch`: prefetches start 100 ms later without checking whether the table
///   cancelled them meanwhile (Nuke 9a9acd41: prefetch and cancel in the same tick, and the
///   first prefetches ran anyway).
/// - `ignore-cancel-prefetch`: `cancelPrefetchingForRowsAt` does nothing.
/// - `retry-cancelled`: a cancelled transfer is retried 50 ms later, for a row that has left.
final class PrefetchTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-prefetch"
  static let summary = "a small correct prefetching loader for tests, with one optional flaw"
  static let optionSpecs = [
    LoaderOptionSpec(
      "flaw", .choice(["none", "deferred-prefetch", "ignore-cancel-prefetch", "retry-cancelled"]),
      default: "none", "the one rule to break")
  ]

  let env: LoaderEnvironment
  let flaw: String
  let cache: MemoryCache<Image>
  let session: SimulatedURLSession
  var tasks: [String: SimulatedDataTask] = [:]
  var cellClaims: [Int: String] = [:]
  var prefetchClaims: Set<String> = []
  weak var table: TableView?

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    flaw = options.choice("flaw")
    cache = environment.memoryCache(name: "images", totalCostLimit: 50_000_000, policy: .lru)
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    self.table = table
    release(cell)
    cell.representedURL = item.url
    cell.imageView.image = cache.value(forKey: item.url)
  }

  func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let url = cell.representedURL else { return }
    // A displayed row gets no cancelPrefetching: its prefetch claim becomes the cell's.
    prefetchClaims.remove(url)
    guard cell.imageView.image == nil else { return }
    cellClaims[cell.cellID] = url
    start(url)
  }

  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    release(cell)
  }

  func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    self.table = table
    let urls = indexPaths.compactMap { table.item(at: $0)?.url }
      .filter { cache.peekValue(forKey: $0) == nil }
    if flaw == "deferred-prefetch" {
      env.main.asyncAfter(.ms(100)) { [self] _ in
        for url in urls {
          prefetchClaims.insert(url)
          start(url)
        }
      }
      return
    }
    for url in urls {
      prefetchClaims.insert(url)
      start(url)
    }
  }

  func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    guard flaw != "ignore-cancel-prefetch" else { return }
    for url in indexPaths.compactMap({ table.item(at: $0)?.url }) {
      prefetchClaims.remove(url)
      cancelIfUnclaimed(url)
    }
  }

  func release(_ cell: Cell) {
    guard let url = cellClaims.removeValue(forKey: cell.cellID) else { return }
    cancelIfUnclaimed(url)
  }

  func cancelIfUnclaimed(_ url: String) {
    guard !prefetchClaims.contains(url), !cellClaims.values.contains(url) else { return }
    tasks.removeValue(forKey: url)?.cancel()
  }

  func start(_ url: String) {
    guard tasks[url] == nil, cache.peekValue(forKey: url) == nil else { return }
    let size = table?.imagePixelSize ?? (width: 64, height: 64)
    let target = DecodeTarget.aspectFill(width: size.width, height: size.height)
    let task = session.dataTask(with: url) { [weak self] execution, result in
      guard let self else { return }
      switch result {
      case .success(let response):
        env.decoder.decode(response.body, target: target, on: execution) { decoded in
          self.env.main.async { _ in self.finish(url, decoded.mapError { $0 as Error }) }
        }
      case .failure(.cancelled):
        if flaw == "retry-cancelled" {
          env.main.asyncAfter(.ms(50)) { _ in self.start(url) }
        }
      case .failure(let error):
        env.main.async { _ in self.finish(url, .failure(error)) }
      }
    }
    tasks[url] = task
    task.resume()
  }

  func finish(_ url: String, _ result: Result<Image, Error>) {
    guard tasks[url] != nil else { return }
    tasks[url] = nil
    prefetchClaims.remove(url)
    let size = table?.imagePixelSize ?? (width: 64, height: 64)
    let image: Image
    switch result {
    case .success(let decoded):
      image = decoded
      cache.setValue(
        decoded, forKey: url, cost: Int64(decoded.pixelWidth * decoded.pixelHeight * 4))
    case .failure:
      image = env.failureImage(width: size.width, height: size.height)
    }
    for cell in (table?.visibleCells ?? []).compactMap({ $0 as? Cell })
    where cell.representedURL == url {
      cell.imageView.image = image
    }
    for (id, claimed) in cellClaims.sorted(by: { $0.key < $1.key }) where claimed == url {
      cellClaims[id] = nil
    }
  }
}
