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

/// A small correct loader for the runner's tests — identity check, coalescing, cancel when no
/// displayed row needs a URL, an LRU cache by cost, downsampling off the main thread, a failure
/// image, synchronous cache hits — with a `flaw` option that breaks exactly one rule, so each
/// invariant can be shown able to fail. (The catalog's `reference` is the full version.)
final class CorrectTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-correct"
  static let summary = "a small correct loader for tests, with one optional flaw"
  static let optionSpecs = [
    LoaderOptionSpec(
      "flaw",
      .choice([
        "none", "late-set", "lazy-decode", "drop-requests", "no-cancel", "greedy", "no-coalesce",
        "async-cache", "slow-callbacks", "leak", "half-body",
      ]), default: "none", "the one rule to break")
  ]

  final class Job {
    var task: SimulatedDataTask?
    var cells: [Weak] = []
    var everAttached: [Weak] = []
  }

  struct Weak {
    weak var cell: Cell?
  }

  let env: LoaderEnvironment
  let flaw: String
  let cache: MemoryCache<Image>
  let session: SimulatedURLSession
  let callbackQueue: SimulatedQueue
  var jobs: [String: Job] = [:]
  var leaked: [Image] = []
  var started = 0
  var pixelSize = (width: 64, height: 64)

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    flaw = options.choice("flaw")
    cache = environment.memoryCache(name: "images", totalCostLimit: 20_000_000, policy: .lru)
    callbackQueue =
      flaw == "slow-callbacks"
      ? environment.serialQueue(label: "callbacks") : environment.globalQueue()
    session = environment.urlSession(callbackQueue: .queue(callbackQueue))
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    pixelSize = table.imagePixelSize
    detach(cell)
    cell.representedURL = item.url
    if let image = cache.value(forKey: item.url) {
      if flaw == "async-cache" {
        cell.imageView.image = nil
        env.main.async { _ in if cell.representedURL == item.url { cell.imageView.image = image } }
      } else {
        cell.imageView.image = image
      }
      return
    }
    cell.imageView.image = nil
    attach(cell, url: item.url)
    if flaw == "greedy" {
      for ahead in 1...30 {
        if let next = table.item(at: IndexPath(row: indexPath.row + ahead, section: 0)),
          jobs[next.url] == nil,
          cache.value(forKey: next.url) == nil
        {
          start(Job(), url: next.url)
        }
      }
    }
  }

  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    if flaw != "no-cancel" { detach(cell) }
  }

  func attach(_ cell: Cell, url: String) {
    let key = flaw == "no-coalesce" ? "\(url)#\(cell.cellID)" : url
    if let job = jobs[key] {
      job.cells.append(Weak(cell: cell))
      job.everAttached.append(Weak(cell: cell))
      return
    }
    let job = Job()
    job.cells.append(Weak(cell: cell))
    job.everAttached.append(Weak(cell: cell))
    jobs[key] = job
    started += 1
    if flaw == "drop-requests" && started > 3 { return }
    start(job, url: url, key: key)
  }

  func start(_ job: Job, url: String, key: String? = nil) {
    let key = key ?? url
    jobs[key] = job
    let target = DecodeTarget.aspectFill(width: pixelSize.width, height: pixelSize.height)
    let task = session.dataTask(with: url) { [weak self] execution, result in
      guard let self else { return }
      if flaw == "slow-callbacks" { execution.spend(.ms(400)) }
      switch result {
      case .success(let response)
      where flaw == "lazy-decode" || flaw == "leak" || flaw == "half-body":
        // half-body: the loader itself keeps only part of the body (bytes no transfer
        // delivered whole or as a chunk-boundary prefix).
        let body =
          flaw == "half-body"
          ? Array(response.body.prefix(response.body.count / 2 + 7)) : response.body
        let lazy = env.image(data: body)
        env.main.async { _ in
          self.finish(
            key, url: url, job: job, lazy.map { .success($0) } ?? .failure(PNGError.notPNG))
        }
      case .success(let response):
        env.decoder.decode(response.body, target: target, on: execution) { decoded in
          self.env.main.async { _ in
            self.finish(key, url: url, job: job, decoded.mapError { $0 as Error })
          }
        }
      case .failure(.cancelled):
        break
      case .failure(let error):
        env.main.async { _ in self.finish(key, url: url, job: job, .failure(error)) }
      }
    }
    job.task = task
    task.resume()
  }

  func detach(_ cell: Cell) {
    guard let url = cell.representedURL else { return }
    for (key, job) in jobs.sorted(by: { $0.key < $1.key }) where key.hasPrefix(url) {
      job.cells.removeAll { $0.cell === cell || $0.cell == nil }
      if job.cells.isEmpty {
        job.task?.cancel()
        jobs[key] = nil
      }
    }
    cell.representedURL = nil
  }

  func finish(_ key: String, url: String, job: Job, _ result: Result<Image, Error>) {
    // The late-set flaw forgets that the job was abandoned: its result still lands.
    guard flaw == "late-set" || jobs[key] === job else { return }
    if jobs[key] === job { jobs[key] = nil }
    let image: Image
    switch result {
    case .success(let decoded):
      image = decoded
      if flaw == "leak" { leaked.append(decoded) }
      cache.setValue(
        decoded, forKey: url, cost: Int64(decoded.pixelWidth * decoded.pixelHeight * 4))
    case .failure:
      image = env.failureImage(width: pixelSize.width, height: pixelSize.height)
    }
    let targets = flaw == "late-set" ? job.everAttached : job.cells
    for entry in targets {
      if let cell = entry.cell, flaw == "late-set" || cell.representedURL == url {
        cell.imageView.image = image
      }
    }
  }
}
