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
///   and before a manual image. Not on disappear: UIKit keeps a covered view's cells
///   displayed, and a load cancelled there had to be transferred again when the view came back
///   (`eventually_loaded`, found by fuzzing); the callback `reference` keeps loading too.
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
/// - **Prefetching** when the table offers it (option `prefetch`): a task per prefetch-window
///   row loads through the pipeline at low priority into the memory cache; cancelling it
///   (`cancelPrefetchingForRows`, or the row leaving the window without one, as deleted rows
///   do) releases its claim. A row that becomes displayed hands its prefetch over to the cell's
///   task, which joins the same load (raising it to the default priority) before the prefetch
///   is cancelled, so the transfer never stops in between.
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
    /// The prefetch of the cell's row, handed over to the cell's task when it was displayed;
    /// cancelled with the cell's task if that ends before taking the claim over.
    var handedOverPrefetch: Task<Void, Never>?

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
      handedOverPrefetch?.cancel()
      handedOverPrefetch = nil
    }
  }

  package nonisolated static let name = "async-reference"
  package nonisolated static let summary =
    "async best practice: a task per cell cancelled on reuse and end display, a check after "
    + "each await, coalescing in an actor, LRU cost cache, off-main downsampling, retry on the "
    + "injected clock, low-priority prefetching"
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
    LoaderOptionSpec(
      "prefetch", .bool, default: "true",
      "load prefetch-window rows at low priority when the table offers prefetching"),
  ]

  let environment: AsyncLoaderEnvironment
  let pipeline: ImagePipeline
  let cache: MemoryCache<Image>
  let retries: Int
  let backoff: SimDuration
  /// Option `prefetch`.
  let prefetching: Bool
  /// Prefetches in flight, by item id.
  var prefetches: [Int: Prefetch] = [:]
  /// Counts prefetches started, so an old prefetch never forgets a newer one.
  var prefetchGeneration = 0
  var failureImage: Image?
  /// The cells' image size in pixels, from the table.
  var pixelSize = (width: 1, height: 1)
  /// The table, from its last `willDisplay` (to show a load in every displayed cell of its URL).
  weak var table: TableView?

  package init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    pipeline = ImagePipeline(environment: environment)
    cache = environment.platform.memoryCache(
      name: "async-reference.memory", totalCostLimit: options.size("memory_cache"),
      policy: .lru, evictsOnMemoryWarning: false)
    retries = options.integer("retries")
    backoff = options.duration("retry_backoff")
    prefetching = options.bool("prefetch")
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
    self.table = table
    // The row leaves the prefetch window by being displayed (the table sends no cancel for it).
    let prefetch = table.item(at: indexPath).flatMap { prefetches.removeValue(forKey: $0.id) }
    guard let url = cell.representedURL, cell.loadedURL != url, cell.task == nil else {
      prefetch?.task.cancel()
      return
    }
    if let image = cache.value(forKey: url) {
      prefetch?.task.cancel()
      show(image, in: cell, url: url)
      return
    }
    pixelSize = table.imagePixelSize
    let target = DecodeTarget.aspectFill(width: pixelSize.width, height: pixelSize.height)
    cell.generation += 1
    let generation = cell.generation
    let handedOver: Task<Void, Never>?
    if let prefetch, prefetch.url == url {
      handedOver = prefetch.task
    } else {
      prefetch?.task.cancel()
      handedOver = nil
    }
    cell.handedOverPrefetch = handedOver
    cell.task = Task(name: "row \(indexPath.row) \(url)") {
      await load(url, target, into: cell, replacing: handedOver)
      if cell.generation == generation { finish(cell) }
    }
  }

  package func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.cancelTask()
  }

  package func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.cancelTask()
    cell.representedURL = nil
    cell.loadedURL = nil
  }

  package func didReceiveMemoryWarning() { cache.removeAllValues() }

  // MARK: Prefetching

  /// Starts a low-priority load for each row not cached and not prefetched already.
  package func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    guard prefetching else { return }
    dropStalePrefetches(table)
    pixelSize = table.imagePixelSize
    let target = DecodeTarget.aspectFill(width: pixelSize.width, height: pixelSize.height)
    for indexPath in indexPaths {
      guard let item = table.item(at: indexPath), prefetches[item.id] == nil,
        cache.peekValue(forKey: item.url) == nil
      else { continue }
      prefetch(item, target: target)
    }
  }

  /// Cancels prefetches of items deleted from the prefetch window or whose URL changed.
  package func didChangeData(in table: TableView) { dropStalePrefetches(table) }

  /// Cancels the rows' prefetches, and those of rows that left the window without a cancel.
  package func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    for indexPath in indexPaths {
      guard let item = table.item(at: indexPath) else { continue }
      prefetches.removeValue(forKey: item.id)?.task.cancel()
    }
    dropStalePrefetches(table)
  }

  /// Starts the prefetch of `item`: through the pipeline at low priority, into the cache.
  func prefetch(_ item: TableItem, target: DecodeTarget) {
    let url = item.url
    let id = item.id
    prefetchGeneration += 1
    let generation = prefetchGeneration
    let task = Task(name: "prefetch \(id) \(url)") {
      let image = try? await pipeline.image(
        for: url, target: target, priority: SimulatedDataTask.lowPriority)
      if let image, !Task.isCancelled {
        cache.setValue(
          image, forKey: url, cost: Int64(image.pixelWidth) * Int64(image.pixelHeight) * 4)
        showInOtherDisplayedCells(image, url: url)
      }
      if prefetches[id]?.generation == generation { prefetches[id] = nil }
    }
    prefetches[id] = Prefetch(url: url, generation: generation, task: task)
  }

  /// Cancels prefetches of items no longer in the table's prefetch window, or whose URL
  /// changed (rows deleted from the window get no `cancelPrefetching`), in item order.
  func dropStalePrefetches(_ table: TableView) {
    guard !prefetches.isEmpty else { return }
    var window: [Int: String] = [:]
    for indexPath in table.prefetchWindow {
      if let item = table.item(at: indexPath) { window[item.id] = item.url }
    }
    for id in prefetches.keys.sorted() where window[id] != prefetches[id]?.url {
      prefetches.removeValue(forKey: id)?.task.cancel()
    }
  }

  // MARK: The cell's task

  /// Loads `url` for `cell`, retrying transient failures; after every await it goes on only if
  /// the task is not cancelled and the cell still represents `url`.
  /// `replacing` is the row's prefetch, whose claim the first attempt takes over.
  func load(
    _ url: String, _ target: DecodeTarget, into cell: Cell, replacing: Task<Void, Never>? = nil
  ) async {
    var attempt = 0
    var replacing = replacing
    while true {
      do {
        let image = try await pipeline.image(for: url, target: target, replacing: replacing)
        replacing = nil
        guard isCurrent(cell, url) else { return }
        cache.setValue(
          image, forKey: url, cost: Int64(image.pixelWidth) * Int64(image.pixelHeight) * 4)
        show(image, in: cell, url: url)
        showInOtherDisplayedCells(image, url: url)
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
  }

  func show(_ image: Image, in cell: Cell, url: String) {
    cell.imageView.image = image
    cell.loadedURL = url
  }

  /// Shows `image` in the displayed cells that represent `url` without showing it, in row
  /// order: a row whose own load failed for good (it shows the failure image, and has no task
  /// any more) gets the image when another row's load of the same URL succeeds, as the
  /// callback `reference` delivers a load to every displayed cell that represents its URL.
  func showInOtherDisplayedCells(_ image: Image, url: String) {
    guard let table else { return }
    for case let other as Cell in table.visibleCells
    where other.representedURL == url && other.loadedURL != url {
      // Its own task (waiting to retry, or joined to a load now done) has nothing left to do.
      other.cancelTask()
      show(image, in: other, url: url)
    }
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

/// A prefetch in flight: the URL it loads and its task.
struct Prefetch {
  /// The URL the prefetch loads.
  var url: String
  /// Which prefetch this is (`AsyncReferenceLoader.prefetchGeneration`).
  var generation: Int
  /// The prefetch's task.
  var task: Task<Void, Never>
}
