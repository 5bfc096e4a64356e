import ImageLoaders
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// A cell that remembers which URL it represents.
final class RepresentingCell: TableCell {
  var representedURL: String?
}

/// A small correct loader for the runner's tests: identity check, coalescing, cancel when no
/// displayed row needs a URL, an LRU cache by cost, downsampling off the main thread, a failure
/// image, synchronous cache hits. (The catalog's `reference` is the full version.)
final class CorrectTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-correct"
  static let summary = "a small correct loader for tests"

  final class Job {
    var task: SimulatedDataTask?
    var cells: [Weak] = []
  }

  struct Weak {
    weak var cell: Cell?
  }

  let env: LoaderEnvironment
  let cache: MemoryCache<Image>
  let session: SimulatedURLSession
  var jobs: [String: Job] = [:]
  var pixelSize = (width: 64, height: 64)
  /// Options tests flip to break exactly one rule.
  var cancelsOnEndDisplay = true

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    cache = environment.memoryCache(name: "images", totalCostLimit: 40_000_000, policy: .lru)
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    pixelSize = table.imagePixelSize
    detach(cell)
    cell.representedURL = item.url
    if let image = cache.value(forKey: item.url) {
      cell.imageView.image = image
      return
    }
    cell.imageView.image = nil
    attach(cell, url: item.url)
  }

  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    if cancelsOnEndDisplay { detach(cell) }
  }

  func attach(_ cell: Cell, url: String) {
    if let job = jobs[url] {
      job.cells.append(Weak(cell: cell))
      return
    }
    let job = Job()
    job.cells.append(Weak(cell: cell))
    jobs[url] = job
    let target = DecodeTarget.aspectFill(width: pixelSize.width, height: pixelSize.height)
    let task = session.dataTask(with: url) { [weak self] execution, result in
      guard let self else { return }
      switch result {
      case .success(let response):
        env.decoder.decode(response.body, target: target, on: execution) { decoded in
          self.env.main.async { _ in self.finish(url, job: job, decoded.mapError { $0 as Error }) }
        }
      case .failure(.cancelled):
        break
      case .failure(let error):
        env.main.async { _ in self.finish(url, job: job, .failure(error)) }
      }
    }
    job.task = task
    task.resume()
  }

  func detach(_ cell: Cell) {
    guard let url = cell.representedURL, let job = jobs[url] else { return }
    job.cells.removeAll { $0.cell === cell || $0.cell == nil }
    if job.cells.isEmpty {
      job.task?.cancel()
      jobs[url] = nil
    }
    cell.representedURL = nil
  }

  func finish(_ url: String, job: Job, _ result: Result<Image, Error>) {
    guard jobs[url] === job else { return }
    jobs[url] = nil
    let image: Image
    switch result {
    case .success(let decoded):
      image = decoded
      cache.setValue(
        decoded, forKey: url, cost: Int64(decoded.pixelWidth * decoded.pixelHeight * 4))
    case .failure:
      image = env.failureImage(width: pixelSize.width, height: pixelSize.height)
    }
    for entry in job.cells {
      if let cell = entry.cell, cell.representedURL == url { cell.imageView.image = image }
    }
  }
}
