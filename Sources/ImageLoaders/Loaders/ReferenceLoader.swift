import SimKernel
import SimNetwork
import SimPlatform
package import SimTable

/// `reference`: CellSim's own best practice, which must pass every invariant on every
/// scenario and under fuzzing (docs/design.md, Loaders). It models no article; each rule
/// names the invariant of `docs/scenario-format.md` it answers.
///
/// - **Identity check** (`no_cross_cell_image`): a cell remembers the URL it represents
///   (`Cell.representedURL`, set in `cellForRow`); a finished load sets its image only on
///   displayed cells that still represent that URL.
/// - **Synchronous cache hit** (`cache_hit_on_revisit`): `cellForRow` and `willDisplay` look
///   the memory cache up and set a hit at once, so the first frame that shows the row shows
///   the image, and no transfer starts.
/// - **One transfer per URL** (`no_duplicate_transfers`): loads are coalesced per URL, with a
///   list of claims — displayed cells and prefetch-window rows.
/// - **Cancellation** (`cancel_on_end_display`, `bounded_queue`): `didEndDisplaying`,
///   `prepareForReuse` and `cancelPrefetchingForRows` drop their claims; a load with no claim
///   left is cancelled at once, inside that main-thread turn. `didChangeData` drops the
///   prefetch claims of items deleted from the prefetch window or whose URL changed (UIKit
///   sends no `cancelPrefetchingForRowsAt` for them), so no retry revives an unneeded URL.
///   Transfers start only for displayed or prefetch-window rows, on the main-queue turn after the
///   layout pass, so the rows that left are cancelled before the rows that entered start.
/// - **Prefetching** when the table offers it (option `prefetch`), at low priority; a displayed
///   row joining a prefetch load raises it to the default priority.
/// - **Off the main thread** (`no_delivery_stall`, `frame_budget`, `memory_budget`): network
///   callbacks run on a concurrent worker queue, which never waits for the main run loop; the
///   body is decoded there, downsampled by the decoder service to an aspect-fill of the cell's
///   pixel size (`TableView.imagePixelSize`), and only the decoded image goes to the main
///   queue.
/// - **LRU memory cache bounded by decoded cost** (option `memory_cache`), emptied on a memory
///   warning.
/// - **Progress** (option `progress`, `progress_isolation`): downloads become delegate tasks
///   whose chunks update the progress views of the displayed cells waiting for that load, and
///   only while it is the URL's current load (a report of a cancelled or superseded task is
///   dropped); `cellForRow` resets the progress view to 0.
/// - **Bounded retry with backoff** (`eventually_loaded`): timeouts, resets, offline and HTTP
///   5xx are retried up to `retries` times, after `retry_backoff`, doubling each time. The
///   failure image shows from the first failure (a retry that succeeds replaces it), so a row
///   never waits blank with nothing outstanding; HTTP 4xx and undecodable bodies fail for
///   good at once.
package final class ReferenceLoader: CatalogLoader {
  /// A cell that knows which URL it represents and whether it shows that URL's image.
  package final class Cell: TableCell {
    /// The URL of the item the cell was last configured for.
    package internal(set) var representedURL: String?
    /// The item the cell was last configured for.
    package internal(set) var representedItemID: Int?
    /// The URL whose content image the cell shows now, if any.
    package internal(set) var loadedURL: String?
    /// Called by `prepareForReuse`: the loader drops the cell's claim.
    var onReuse: ((Cell) -> Void)?

    /// A cell that represents nothing.
    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    /// Drops the cell's claim on its load and clears what it shows.
    package override func prepareForReuse() {
      onReuse?(self)
      representedURL = nil
      representedItemID = nil
      loadedURL = nil
      imageView.image = nil
    }
  }

  /// `reference`.
  package static let name = "reference"
  /// One line for `cellsim loaders`.
  package static let summary =
    "best practice: identity check, cancel on end display and reuse, coalescing, LRU cost "
    + "cache, off-main downsampling, prefetching, retry with backoff, failure image"
  /// Options: the cache size, retries and backoff, and prefetching.
  package static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "memory_cache", .size, default: "50MB",
      "the memory cache's limit on decoded bytes (0: no limit)"),
    LoaderOptionSpec(
      "retries", .integer(0...10), default: "2",
      "retries after a transient failure (timeout, reset, offline, HTTP 5xx)"),
    LoaderOptionSpec(
      "retry_backoff", .duration, default: "200ms",
      "the wait before the first retry; it doubles for each later one"),
    LoaderOptionSpec(
      "prefetch", .bool, default: "true",
      "load prefetch-window rows when the table offers prefetching"),
    LoaderOptionSpec(
      "progress", .bool, default: "false",
      "show each download's progress in the progress views of the cells waiting for it"),
  ]

  /// The platform the loader runs on.
  let environment: LoaderEnvironment
  /// Option `retries`.
  let retries: Int
  /// Option `retry_backoff`: the first retry's wait.
  let backoff: SimDuration
  /// Option `prefetch`.
  let prefetches: Bool
  /// Option `progress`: the session of progress-reporting downloads (delegate tasks on a
  /// serial queue) and the queue that decodes their bodies; nil when the option is off, so
  /// that nothing of it exists in runs without progress.
  let progress: (session: SimulatedURLSession, decoding: SimulatedQueue)?
  /// Decoded images by URL, least recently used evicted first, cost = decoded bytes.
  let cache: MemoryCache<Image>
  /// Where network callbacks run and bodies are decoded.
  let session: SimulatedURLSession
  /// Loads in progress, by URL (looked up only, never iterated).
  var loads: [String: URLLoad] = [:]
  /// URLs whose load waits for the next main-queue turn to start, in claim order.
  var toStart: [String] = []
  /// Whether a flush is queued on the main queue.
  var flushScheduled = false
  /// The URL each cell claims, by cell id.
  var cellClaims: [Int: String] = [:]
  /// The URL each prefetch-window item claims, by item id.
  var prefetchClaims: [Int: String] = [:]
  /// The table, remembered from its callbacks. Held strongly: the table holds its data
  /// source weakly, as UIKit's does, so this makes no cycle (and a weak reference would give
  /// the table a side table, putting every retain of it on the runtime's slow path).
  var table: TableView?
  /// The failure image, made on first use.
  var failureImage: Image?

  /// A loader per `options`.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    retries = options.integer("retries")
    backoff = options.duration("retry_backoff")
    prefetches = options.bool("prefetch")
    cache = environment.memoryCache(
      name: "reference.memory", totalCostLimit: options.size("memory_cache"), policy: .lru,
      evictsOnMemoryWarning: false)
    let callbacks = environment.concurrentQueue(label: "reference.network")
    session = environment.urlSession(callbackQueue: .queue(callbacks))
    if options.bool("progress") {
      let delegateQueue = environment.serialQueue(label: "reference.progress")
      progress = (environment.urlSession(callbackQueue: .queue(delegateQueue)), callbacks)
    } else {
      progress = nil
    }
  }

  // MARK: Table callbacks

  /// Represents the item's URL; a cache hit is shown at once.
  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    self.table = table
    if cell.onReuse == nil { cell.onReuse = { [weak self] in self?.releaseCell($0) } }
    releaseCell(cell)
    cell.representedURL = item.url
    cell.representedItemID = item.id
    cell.loadedURL = nil
    // A new request: the progress bar starts empty (a plain value names no request).
    if progress != nil { cell.progressView.progress = 0 }
    if let image = cache.value(forKey: item.url) {
      show(image, in: cell, url: item.url)
    } else {
      cell.imageView.image = nil
    }
  }

  /// Shows a cache hit, or claims the URL's load for this cell. The row leaves the prefetch
  /// window by being displayed (the table sends no cancel for it), so its prefetch claim is
  /// dropped — also when the cell, prepared by cell prefetching, already shows the image.
  package func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    self.table = table
    guard let url = cell.representedURL, cell.loadedURL != url else {
      if let itemID = cell.representedItemID { releasePrefetch(itemID) }
      return
    }
    if let image = cache.value(forKey: url) {
      show(image, in: cell, url: url)
      if let itemID = cell.representedItemID { releasePrefetch(itemID) }
      return
    }
    claim(url, by: .cell(cell.cellID))
    if let itemID = cell.representedItemID { releasePrefetch(itemID) }
  }

  /// Drops the cell's claim; a load nobody needs any more is cancelled now.
  package func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    releaseCell(cell)
  }

  /// The app sets its own image on the cell: the cell's claim is dropped (its load is
  /// cancelled if nobody else needs it) and the cell stops representing the URL, so no later
  /// completion overwrites the manual image (SDWebImage #3011, Kingfisher #1457).
  package func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    releaseCell(cell)
    cell.representedURL = nil
    cell.loadedURL = nil
  }

  /// The app changed its data: prefetch claims of items deleted from the prefetch window, or
  /// whose URL changed, are dropped (their loads are cancelled if nobody else needs them), and
  /// a window item whose URL changed is claimed under its new URL.
  package func didChangeData(in table: TableView) {
    self.table = table
    dropStalePrefetchClaims(table)
  }

  /// Claims the rows' URLs at low priority, unless cached.
  package func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    self.table = table
    guard prefetches else { return }
    dropStalePrefetchClaims(table)
    for indexPath in indexPaths {
      guard let item = table.item(at: indexPath), prefetchClaims[item.id] == nil else { continue }
      if cache.peekValue(forKey: item.url) != nil { continue }
      prefetchClaims[item.id] = item.url
      claim(item.url, by: .prefetch(item.id))
    }
  }

  /// Drops the rows' prefetch claims.
  package func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    for indexPath in indexPaths {
      if let item = table.item(at: indexPath) { releasePrefetch(item.id) }
    }
    dropStalePrefetchClaims(table)
  }

  /// Empties the memory cache.
  package func didReceiveMemoryWarning() {
    cache.removeAllValues()
  }

  // MARK: Showing

  /// Sets a content image of `url` on `cell`.
  func show(_ image: Image, in cell: Cell, url: String) {
    cell.imageView.image = image
    cell.loadedURL = url
  }

  /// The displayed cells that represent `url`, in row order.
  func displayedCells(representing url: String) -> [Cell] {
    guard let table else { return [] }
    return table.visibleCells.compactMap { $0 as? Cell }.filter { $0.representedURL == url }
  }

  /// The failure image, made once at the cell's pixel size.
  func failure() -> Image {
    if let failureImage { return failureImage }
    let size = table?.imagePixelSize ?? (width: 1, height: 1)
    let image = environment.failureImage(width: size.width, height: size.height)
    failureImage = image
    return image
  }

  // MARK: Claims

  /// Drops the claim of `cell`, if it has one. Its progress bar, which showed the load it
  /// waited for, goes back to empty: the cell no longer waits for that load, which may now be
  /// cancelled, and a bar left at a cancelled request's value is that request's progress
  /// (`progress_isolation`; found by fuzzing with the option on: a `set_image`, or a prepared
  /// cell displayed again without `cellForRow`, kept the stale value).
  func releaseCell(_ cell: Cell) {
    guard let url = cellClaims.removeValue(forKey: cell.cellID) else { return }
    if progress != nil { cell.progressView.progress = 0 }
    release(url, by: .cell(cell.cellID))
  }

  /// Drops the prefetch claim of item `itemID`, if it has one.
  func releasePrefetch(_ itemID: Int) {
    guard let url = prefetchClaims.removeValue(forKey: itemID) else { return }
    release(url, by: .prefetch(itemID))
  }

  /// Drops prefetch claims that no longer match the table's prefetch window, in item order:
  /// items no longer in it (rows deleted from it get no `cancelPrefetching`), and items whose
  /// URL changed, which are claimed again under their new URL unless it is cached.
  func dropStalePrefetchClaims(_ table: TableView) {
    var window: [Int: String] = [:]
    for indexPath in table.prefetchWindow {
      if let item = table.item(at: indexPath) { window[item.id] = item.url }
    }
    var changed: [(itemID: Int, url: String)] = []
    for itemID in prefetchClaims.keys.sorted() {
      guard let claimed = prefetchClaims[itemID], window[itemID] != claimed else { continue }
      releasePrefetch(itemID)
      if let url = window[itemID] { changed.append((itemID, url)) }
    }
    for (itemID, url) in changed where prefetchClaims[itemID] == nil {
      if cache.peekValue(forKey: url) != nil { continue }
      prefetchClaims[itemID] = url
      claim(url, by: .prefetch(itemID))
    }
  }
}
