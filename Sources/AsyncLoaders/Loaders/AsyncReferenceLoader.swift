package import ImageLoaders
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
package import SimTable

/// `async-reference`: CellSim's best practice written with Swift concurrency, which must pass
/// the invariants scenarios as `reference` does.
///
/// - **A task per cell** (`no_cross_cell_image`, `cancel_on_end_display`): started in
///   `willDisplay`, kept by the cell, cancelled in `prepareForReuse`, `didEndDisplaying`,
///   before a manual image, and on disappear.
/// - **A check after each await**: the task sets anything on its cell only if it is not
///   cancelled and the cell still represents the URL.
/// - **Coalesced requests in an actor** (`no_duplicate_transfers`): `ImagePipeline` shares one
///   load per URL and cancels it with its last claimant, synchronously inside the cancelling
///   callback, so a transfer nobody needs stops in that main-thread turn.
/// - **A memory cache read synchronously on the main actor** (`cache_hit_on_revisit`): an LRU
///   `MemoryCache` by decoded cost, looked up in `cellForRow` and `willDisplay`, as Nuke reads
///   its memory cache synchronously before starting a task; emptied on a memory warning.
/// - **Off the main actor** (`frame_budget`): fetch and downsample to the cell's pixel size run
///   on simulated workers; only the finished image reaches the main actor.
/// - **Bounded retry with backoff on the injected clock** (`eventually_loaded`): transient
///   failures (timeout, reset, offline, HTTP 5xx) are retried up to `retries` times after
///   `retry_backoff`, doubling, slept on `environment.clock`; the failure image shows from the
///   first failure.
/// - No prefetching (the callback `reference` prefetches; this loader loads displayed rows).
@MainActor
package final class AsyncReferenceLoader: AsyncCatalogLoader {
  /// A cell that knows the URL it represents and owns its task.
  package final class Cell: TableCell {
    /// The URL of the item the cell was last configured for.
    package internal(set) var representedURL: String?
    /// The URL whose content image the cell shows, if any.
    var loadedURL: String?
    /// The cell's load, if one runs.
    var task: Task<Void, Never>?
    /// Counts the tasks started for the cell, so an old task never clears a newer one.
    var generation = 0

    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    /// Cancels the cell's task and clears what it shows.
    package override func prepareForReuse() {
      cancelTask()
      representedURL = nil
      loadedURL = nil
      imageView.image = nil
    }

    func cancelTask() {
      task?.cancel()
      task = nil
    }
  }

  package nonisolated static let name = "async-reference"
  package nonisolated static let summary =
    "async best practice: a task per cell cancelled on reuse and end display, a check after "
    + "each await, coalescing in an actor, LRU cost cache, off-main downsampling, retry on the "
    + "injected clock"
  package nonisolated static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "memory_cache", .size, default: "50MB",
      "the memory cache's limit on decoded bytes (0: no limit)"),
    LoaderOptionSpec(
      "retries", .integer(0...10), default: "2",
      "retries after a transient failure (timeout, reset, offline, HTTP 5xx)"),
    LoaderOptionSpec(
      "retry_backoff", .duration, default: "200ms",
      "the wait before the first retry, on the injected clock; it doubles for each later one"),
  ]

  let environment: AsyncLoaderEnvironment
  let pipeline: ImagePipeline
  let cache: MemoryCache<Image>
  let retries: Int
  let backoff: SimDuration
  /// Cells with a task, by cell id, to cancel on disappear.
  var cellsWithTasks: [Int: Cell] = [:]
  var failureImage: Image?
  /// The cells' image size in pixels, from the table.
  var pixelSize = (width: 1, height: 1)

  package init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    pipeline = ImagePipeline(environment: environment)
    cache = environment.platform.memoryCache(
      name: "async-reference.memory", totalCostLimit: options.size("memory_cache"),
      policy: .lru, evictsOnMemoryWarning: false)
    retries = options.integer("retries")
    backoff = options.duration("retry_backoff")
  }

  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.cancelTask()
    cell.representedURL = item.url
    cell.loadedURL = nil
    if let image = cache.value(forKey: item.url) {
      show(image, in: cell, url: item.url)
    } else {
      cell.imageView.image = nil
    }
  }

  package func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let url = cell.representedURL, cell.loadedURL != url, cell.task == nil else { return }
    if let image = cache.value(forKey: url) {
      show(image, in: cell, url: url)
      return
    }
    pixelSize = table.imagePixelSize
    let target = DecodeTarget.aspectFill(width: pixelSize.width, height: pixelSize.height)
    cellsWithTasks[cell.cellID] = cell
    cell.generation += 1
    let generation = cell.generation
    cell.task = Task(name: "row \(indexPath.row) \(url)") {
      await load(url, target, into: cell)
      if cell.generation == generation { finish(cell) }
    }
  }

  package func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.cancelTask()
    cellsWithTasks[cell.cellID] = nil
  }

  package func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.cancelTask()
    cell.representedURL = nil
    cell.loadedURL = nil
  }

  package func didReceiveMemoryWarning() { cache.removeAllValues() }

  package func viewDidDisappear() {
    for id in cellsWithTasks.keys.sorted() { cellsWithTasks[id]?.cancelTask() }
    cellsWithTasks.removeAll()
  }

  // MARK: The cell's task

  /// Loads `url` for `cell`, retrying transient failures; after every await it goes on only if
  /// the task is not cancelled and the cell still represents `url`.
  func load(_ url: String, _ target: DecodeTarget, into cell: Cell) async {
    var attempt = 0
    while true {
      do {
        let image = try await pipeline.image(for: url, target: target)
        guard isCurrent(cell, url) else { return }
        cache.setValue(
          image, forKey: url, cost: Int64(image.pixelWidth) * Int64(image.pixelHeight) * 4)
        show(image, in: cell, url: url)
        return
      } catch {
        guard isCurrent(cell, url) else { return }
        showFailure(in: cell)
        guard attempt < retries, Self.isTransient(error) else { return }
      }
      let wait = SimDuration(nanoseconds: backoff.nanoseconds << attempt)
      attempt += 1
      do {
        try await environment.clock.sleep(for: .nanoseconds(wait.nanoseconds))
      } catch {
        return
      }
      guard isCurrent(cell, url) else { return }
    }
  }

  /// The task may still act on `cell`: it is not cancelled and the cell still shows `url`'s row.
  func isCurrent(_ cell: Cell, _ url: String) -> Bool {
    !Task.isCancelled && cell.representedURL == url
  }

  /// The cell's latest task ended: the cell no longer has a task to cancel.
  func finish(_ cell: Cell) {
    cell.task = nil
    cellsWithTasks[cell.cellID] = nil
  }

  func show(_ image: Image, in cell: Cell, url: String) {
    cell.imageView.image = image
    cell.loadedURL = url
  }

  func showFailure(in cell: Cell) {
    let image =
      failureImage
      ?? environment.platform.failureImage(width: pixelSize.width, height: pixelSize.height)
    failureImage = image
    cell.imageView.image = image
    cell.loadedURL = nil
  }

  /// Timeouts, resets, offline and HTTP 5xx are worth another try.
  nonisolated static func isTransient(_ error: any Error) -> Bool {
    switch error as? NetworkError {
    case .timedOut, .connectionReset, .offline: return true
    case .http(let status): return status >= 500
    case .cancelled, nil: return false
    }
  }
}
