import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// Who needs a URL's load: a displayed cell (by cell id) or a prefetch-window item (by id).
enum Claimant: Equatable {
  /// A displayed cell, by `cellID`.
  case cell(Int)
  /// A prefetch-window row, by item id.
  case prefetch(Int)

  /// Whether a displayed cell claims.
  var isCell: Bool {
    if case .cell = self { return true }
    return false
  }
}

/// One URL's load in the reference loader: its claims, its current data task and its retry
/// state. One load per URL at a time, however many cells and rows need it.
final class URLLoad {
  /// The URL loaded.
  let url: String
  /// Who needs it, in claim order; the load is cancelled when this becomes empty.
  var claimants: [Claimant] = []
  /// The data task in flight, if any.
  var task: SimulatedDataTask?
  /// Increments with each task started; a callback of an older task is stale.
  var generation = 0
  /// Failed attempts so far.
  var failures = 0
  /// Whether a retry is scheduled.
  var waitingToRetry = false
  /// Whether the load waits for the next flush to start.
  var queuedToStart = false

  /// A load of `url` with no claim yet.
  init(url: String) { self.url = url }
}

extension ReferenceLoader {
  // MARK: Claiming and releasing

  /// Records that `claimant` needs `url`, creating its load; a new load starts on the next
  /// main-queue turn. A displayed cell raises a prefetch load to the default priority.
  func claim(_ url: String, by claimant: Claimant) {
    if case .cell(let cellID) = claimant { cellClaims[cellID] = url }
    let load: URLLoad
    if let existing = loads[url] {
      load = existing
    } else {
      load = URLLoad(url: url)
      loads[url] = load
    }
    if !load.claimants.contains(claimant) { load.claimants.append(claimant) }
    if claimant.isCell, let task = load.task { task.priority = SimulatedDataTask.defaultPriority }
    if load.task == nil, !load.waitingToRetry, !load.queuedToStart {
      load.queuedToStart = true
      toStart.append(url)
      scheduleFlush()
    }
  }

  /// Drops `claimant`'s claim on `url`; when none is left, the load is cancelled now.
  func release(_ url: String, by claimant: Claimant) {
    guard let load = loads[url] else { return }
    load.claimants.removeAll { $0 == claimant }
    guard load.claimants.isEmpty else { return }
    end(load)
  }

  /// Forgets `load`, cancels its task and drops every claim on its URL.
  func end(_ load: URLLoad) {
    if loads[load.url] === load { loads[load.url] = nil }
    load.waitingToRetry = false
    load.queuedToStart = false
    let task = load.task
    load.task = nil
    task?.cancel()
    cellClaims = cellClaims.filter { $0.value != load.url }
    prefetchClaims = prefetchClaims.filter { $0.value != load.url }
  }

  /// Starts queued loads on the next main-queue turn, after the layout pass that claimed
  /// them has ended the rows that left.
  func scheduleFlush() {
    guard !flushScheduled else { return }
    flushScheduled = true
    environment.main.async(label: "reference.start") { [weak self] _ in self?.flush() }
  }

  /// Starts every queued load still claimed, in claim order.
  func flush() {
    flushScheduled = false
    let urls = toStart
    toStart = []
    for url in urls {
      guard let load = loads[url], load.queuedToStart else { continue }
      load.queuedToStart = false
      if load.task == nil, !load.waitingToRetry, !load.claimants.isEmpty { start(load) }
    }
  }

  // MARK: Loading

  /// Starts a data task for `load`: default priority if a displayed cell needs it, low if only
  /// prefetching does.
  func start(_ load: URLLoad) {
    guard let table else { return }
    let size = table.imagePixelSize
    load.generation += 1
    let generation = load.generation
    let task: SimulatedDataTask
    if let progress {
      task = progressTask(for: load, generation: generation, size: size, progress: progress)
    } else {
      task = session.dataTask(with: load.url) { [weak self] execution, result in
        self?.received(
          result.map(\.body), for: load, generation: generation, size: size, on: execution)
      }
    }
    task.priority =
      load.claimants.contains { $0.isCell }
      ? SimulatedDataTask.defaultPriority : SimulatedDataTask.lowPriority
    load.task = task
    task.resume()
  }

  /// On the callback worker: decodes a body, downsampled to the cell's pixel size, and hands
  /// the outcome to the main queue. A cancelled task's completion is ignored.
  func received(
    _ result: Result<[UInt8], NetworkError>, for load: URLLoad, generation: Int,
    size: (width: Int, height: Int), on execution: Execution
  ) {
    let environment = environment
    switch result {
    case .failure(.cancelled):
      return
    case .failure(let error):
      environment.main.async(label: "reference.failed") { [weak self] _ in
        self?.failed(load, generation: generation, error: error)
      }
    case .success(let body):
      let target = DecodeTarget.aspectFill(width: size.width, height: size.height)
      environment.decoder.decode(body, target: target, on: execution) { decoded in
        environment.main.async(label: "reference.loaded") { [weak self] _ in
          switch decoded {
          case .success(let image): self?.loaded(image, for: load)
          case .failure: self?.failed(load, generation: generation, error: nil)
          }
        }
      }
    }
  }

  /// On the main thread: caches the image, shows it in every displayed cell that represents
  /// its URL, and ends the URL's load (any newer load of it is no longer needed).
  func loaded(_ image: Image, for load: URLLoad) {
    let url = load.url
    let cost = Int64(image.pixelWidth) * Int64(image.pixelHeight) * 4
    cache.setValue(image, forKey: url, cost: cost)
    for cell in displayedCells(representing: url) { show(image, in: cell, url: url) }
    end(load)
    if let current = loads[url] { end(current) }
  }

  /// On the main thread: shows the failure image in the displayed cells that represent the
  /// URL and do not show its image, then retries a transient failure after a backoff, or
  /// gives up. `error` is nil for an undecodable body. Stale callbacks are ignored.
  func failed(_ load: URLLoad, generation: Int, error: NetworkError?) {
    guard loads[load.url] === load, load.generation == generation else { return }
    load.task = nil
    for cell in displayedCells(representing: load.url) where cell.loadedURL != load.url {
      cell.imageView.image = failure()
    }
    guard let error, Self.isTransient(error), load.failures < retries else {
      end(load)
      return
    }
    load.failures += 1
    load.waitingToRetry = true
    let delay = backoff * Int64(1 << min(load.failures - 1, 20))
    environment.main.asyncAfter(delay, label: "reference.retry") { [weak self] _ in
      guard let self, loads[load.url] === load, load.waitingToRetry else { return }
      load.waitingToRetry = false
      if !load.claimants.isEmpty { start(load) }
    }
  }

  /// Timeouts, resets, offline and HTTP 5xx are worth retrying; HTTP 4xx is not.
  static func isTransient(_ error: NetworkError) -> Bool {
    switch error {
    case .timedOut, .connectionReset, .offline: true
    case .http(let status): (500...599).contains(status)
    case .cancelled: false
    }
  }
}
