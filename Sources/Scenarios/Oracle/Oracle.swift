import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// Checks the invariants of docs/scenario-format.md against what the user would see: what each frame
/// commits (the display log), what the network carried (transfer events), what the main thread
/// did (frame records) and what the table told the app (display callbacks). It never looks at a
/// loader's private state.
///
/// Checks run at every frame commit, at every transfer event and at the end of the run. The
/// report keeps the first violation per (invariant, row) and a count per invariant; each
/// violation is also traced, so the digest covers the verdict.
final class Oracle {
  let world: World
  let table: TableView
  let network: FakeNetwork
  let server: ImageServer
  let checks: [Scenario.InvariantCheck]
  /// The checked invariants' bits (`InvariantID.bit`).
  let checkedMask: UInt16
  /// The bound of `memory_budget` when it is checked (its `max`, or the device's budget).
  let memoryBound: Int64?
  /// The `within` of `eventually_loaded` when it is checked (read every frame).
  let loadedWithin: SimDuration?
  @exclusivity(unchecked) var report = ViolationReport()
  let metrics: MetricsCollector

  /// Digests of the bytes each URL's transfers delivered, whatever the outcome.
  @exclusivity(unchecked) var deliveredDigests: [String: Set<UInt64>] = [:]
  /// Digests of bytes delivered whole by a successful transfer (a rule may have corrupted them).
  @exclusivity(unchecked) var completeDigests: Set<UInt64> = []
  /// Every transfer's request identity, and which transfers delivered which bytes (to name a
  /// cross-cell culprit).
  @exclusivity(unchecked) var ledger = RequestLedger()
  @exclusivity(unchecked) var lastFrame: Int64?
  /// What each cell showed when last checked, whether that was its row's image, and the
  /// delivered-digests generation it was judged under: unchanged cells are not re-judged (a
  /// wrong image left on screen counts once, not once per frame).
  /// Indexed by cell id (the table numbers cells 0, 1, 2, … as it creates them).
  @exclusivity(unchecked) var judged: [JudgedCell?] = []
  /// Whether each cell of the frame just committed showed its row's image, in the frame's
  /// order (for the metrics; reused from frame to frame).
  @exclusivity(unchecked) var frameCorrect: [Bool] = []
  /// The interned URL of each cell of the frame just committed (parallel to `frameCorrect`).
  @exclusivity(unchecked) var frameURLIDs: [Int] = []
  /// Bumped whenever a judgement is (re)made.
  @exclusivity(unchecked) var judgedSerial = 0
  /// `digestGeneration` and `judgedSerial` when the last frame's cells were judged: if both
  /// are unchanged and the next frame repeats it, every judgement would be the same.
  @exclusivity(unchecked) var frameJudgedAt: (generation: Int, serial: Int)? = nil
  /// Bumped whenever a URL's set of delivered digests grows.
  @exclusivity(unchecked) var digestGeneration = 0
  /// Cells already reported by `eventually_loaded` in their current state (reported again
  /// only after what they show changes).
  @exclusivity(unchecked) var reportedNotLoaded: Set<Int> = []

  // eventually_loaded
  @exclusivity(unchecked) var restSince: SimTime?
  /// When each displayed cell's display began, by cell id (the table numbers its cells 0, 1,
  /// 2, …; read for every waiting cell of every frame, so an array).
  @exclusivity(unchecked) var displayedSince: [SimTime?] = []
  // Each URL's last successful, last ended and last failed transfer live in `shown`, by
  // interned URL: the check reads them for every waiting cell of every frame.
  /// URLs with a transfer that ended other than cancelled: only they may show a failure image.
  @exclusivity(unchecked) var endedURLs: Set<String> = []
  // cancel_on_end_display
  @exclusivity(unchecked) var pendingEndChecks: [PendingEndCheck] = []
  /// Rows that left (ended display, or had their prefetch cancelled), by URL: work queued for
  /// the URL afterwards while no row needs it is stale.
  @exclusivity(unchecked) var leftRows: [String: LeftRow] = [:]
  /// Transfers queued for a URL whose row had left, checked at their deadline.
  @exclusivity(unchecked) var pendingStartChecks: [(id: Int, at: SimTime)] = []
  /// Transfers already reported as stale by an end-of-display check.
  @exclusivity(unchecked) var reportedStale: Set<Int> = []
  // cache_hit_on_revisit
  @exclusivity(unchecked) var expectedCacheHits:
    [(item: Int, row: Int, cell: Int, url: String, source: ContentDigest, revisit: SimDuration?)] =
      []
  /// What each URL's image did on screen (last shown, stints, deliveries), by interned URL.
  @exclusivity(unchecked) var shown = ShownHistory()
  /// When the last memory warning was delivered.
  @exclusivity(unchecked) var lastMemoryWarning: SimTime?
  /// Rows revisited soon after showing their image, by URL, until they end display: a transfer
  /// of the URL meanwhile is a violation.
  @exclusivity(unchecked) var revisits:
    [String: (item: Int, row: Int, cell: Int, after: SimDuration)] = [:]
  // no_delivery_stall
  @exclusivity(unchecked) var awaitingCallback: [(id: Int, url: String, endedAt: SimTime)] = []
  @exclusivity(unchecked) var memoryFlagged = false
  /// Set when the queue changed during a main-thread turn: the bound is checked when the turn
  /// ends, once the layout pass has settled which rows are displayed.
  @exclusivity(unchecked) var boundedQueueDirty = false
  /// End-of-display checks came due while the table was off screen: they run at its next frame
  /// on screen.
  @exclusivity(unchecked) var endChecksDeferred = false
  /// Set by a `reload_data` event until the next frame commit: until the layout pass has run,
  /// the table displays no rows (UIKit rebuilds them at the next layout), so the bound of
  /// `bounded_queue` is not known and the check waits for it.
  @exclusivity(unchecked) var reloadPending = false
  // progress_isolation
  /// Transfers that ended cancelled (kept only while `progress_isolation` is checked).
  @exclusivity(unchecked) var cancelledTransfers: Set<Int> = []
  /// A transfer was cancelled since the last frame: an idle frame must be judged again.
  @exclusivity(unchecked) var progressDirty = false
  /// What each cell's progress view showed when last judged, by cell id (looked up, never
  /// iterated): a stale progress left on screen counts once.
  @exclusivity(unchecked) var judgedProgress: [Int: JudgedProgress] = [:]
  /// The cells of the last committed frame, for the checks at the end of the run.
  @exclusivity(unchecked) var lastCommitted: [DisplayedCell] = []
  /// The URL of an item id, including deleted items (set by the run).
  @exclusivity(unchecked) var urlOfItem: (Int) -> String? = { _ in nil }

  init(
    world: World, table: TableView, network: FakeNetwork, server: ImageServer,
    checks: [Scenario.InvariantCheck], metrics: MetricsCollector
  ) {
    self.world = world
    self.table = table
    self.network = network
    self.server = server
    self.checks = checks
    self.metrics = metrics
    checkedMask = checks.reduce(0) { $0 | $1.id.bit }
    memoryBound = Self.memoryBound(checks, device: world.device)
    loadedWithin =
      checks.lazy.compactMap { check -> SimDuration? in
        if case .eventuallyLoaded(let within) = check { within } else { nil }
      }.first
  }

  func check<T>(_ pick: (Scenario.InvariantCheck) -> T?) -> T? {
    for check in checks { if let value = pick(check) { return value } }
    return nil
  }

  func isChecked(_ id: Scenario.InvariantID) -> Bool { checkedMask & id.bit != 0 }

  /// Records a violation (and traces it).
  func flag(
    _ invariant: Scenario.InvariantID, row: Int? = nil, item: Int? = nil, cell: Int? = nil,
    urls: [String] = [], _ detail: String
  ) {
    let violation = Violation(
      invariant: invariant, time: world.now, frame: lastFrame, row: row, item: item, cell: cell,
      urls: urls.sorted(), detail: detail)
    report.record(violation)
    world.trace.record(at: world.now, "oracle.violation") {
      $0.field("invariant", invariant.rawValue)
      if let row { $0.field("row", row) }
      if let cell { $0.field("cell", cell) }
    }
  }

  // MARK: What a URL may show

  /// Whether `image` (a content image) shows bytes served for `url`: its fixture, or anything
  /// a transfer of `url` delivered.
  func shows(_ image: DisplayedImage, bytesOf url: String) -> Bool {
    shows(image, bytesOf: url, served: server.digest(for: url))
  }

  /// Whether the cell shows its row's image: a content image of bytes served for its URL
  /// (whether it decoded is `no_corrupt_image`'s concern).
  func showsCorrectImage(_ cell: DisplayedCell) -> Bool {
    showsCorrectImage(cell, served: server.digest(for: cell.url))
  }

  /// `showsCorrectImage(_:)` with the digest served for the cell's URL already looked up.
  func showsCorrectImage(_ cell: DisplayedCell, served: ContentDigest?) -> Bool {
    cell.images.contains {
      $0.kind == .content && !$0.isOutgoing && shows($0, bytesOf: cell.url, served: served)
    }
  }

  /// `shows(_:bytesOf:)` with `server.digest(for: url)` already looked up: a judgement asks
  /// about several images of one URL, and each lookup hashes the URL.
  func shows(_ image: DisplayedImage, bytesOf url: String, served: ContentDigest?) -> Bool {
    guard let source = image.provenance?.source else { return false }
    if served == source { return true }
    return deliveredDigests[url]?.contains(source.value) ?? false
  }

  /// Whether the cell shows its row's image, with its interned URL (`ShownHistory`): the cell
  /// is judged (and its images checked) only if it changed since it was last judged, and the
  /// URL is hashed only then.
  func judgement(of cell: DisplayedCell) -> (correct: Bool, urlID: Int) {
    let id = cell.cellID
    // Fields read in place: the record is compared by identity first, and nothing is copied.
    if id < judged.count, judged[id]?.generation == digestGeneration,
      judged[id]!.cell === cell || judged[id]!.cell == cell
    {
      return (judged[id]!.correct, judged[id]!.urlID)
    }
    let served = server.digest(for: cell.url)
    checkImages(of: cell, served: served)
    reportedNotLoaded.remove(id)
    let correct = showsCorrectImage(cell, served: served)
    let urlID = shown.id(cell.url)
    judged.extend(toInclude: id, with: nil)
    judged[id] = JudgedCell(
      cell: cell, correct: correct, generation: digestGeneration, urlID: urlID)
    judgedSerial += 1
    return (correct, urlID)
  }

  /// `judgement(of: cells[index])`, with the common case — the very record judged last, under
  /// the same deliveries — read in place (passing the record to a call retains it).
  func judgement(ofCellAt index: Int, in cells: [DisplayedCell]) -> (correct: Bool, urlID: Int) {
    let id = cells[index].cellID
    if id < judged.count, judged[id]?.generation == digestGeneration,
      judged[id]!.cell === cells[index]
    {
      return (judged[id]!.correct, judged[id]!.urlID)
    }
    return judgement(of: cells[index])
  }

  /// Whether the cell shows its row's image, from the last judgement (the frame just judged).
  func judgedCorrect(_ cell: DisplayedCell) -> Bool {
    let id = cell.cellID
    return (id < judged.count ? judged[id]?.correct : nil) ?? showsCorrectImage(cell)
  }

  // MARK: Transfers

  func transferEvent(_ event: TransferEvent) {
    let record = event.record
    switch event.kind {
    case .queued:
      ledger.queued(record, at: event.at, model: table.model)
      if isChecked(.noDuplicateTransfers), network.outstanding(for: record.url) > 1 {
        let row = table.model.items.firstIndex { $0.url == record.url }
        flag(
          .noDuplicateTransfers, row: row, urls: [record.url],
          "a second transfer of \(record.url) started while one was outstanding; "
            + "coalesce requests for the same URL")
      }
      checkBoundedQueue()
      checkNoTransferOnCacheHit(record.url)
      checkNoTransferOnRevisit(record.url)
      transferQueuedAfterLeaving(record)
    case .ended(let outcome):
      var digests = deliveredDigests[record.url] ?? []
      if digests.insert(record.digest).inserted {
        deliveredDigests[record.url] = digests
        digestGeneration += 1
      }
      ledger.delivered(record)
      // A cancelled transfer is no result: the URL's latest result stays what it was.
      if outcome != .cancelled {
        endedURLs.insert(record.url)
        shown.ended(
          record.url, at: event.at,
          failed: outcome != .success || !record.deliveredExactBytes)
      }
      // A successful transfer delivered its whole body, even one a `flip_bytes` rule changed:
      // a loader cannot tell such a body from the served one if it decodes.
      if outcome == .success { completeDigests.insert(record.digest) }
      if record.deliveredExactBytes { shown.succeeded(record.url, at: event.at) }
      if outcome != .cancelled { awaitingCallback.append((record.id, record.url, event.at)) }
      if outcome == .cancelled, isChecked(.progressIsolation) {
        cancelledTransfers.insert(record.id)
        progressDirty = true
      }
    case .chunk:
      ledger.chunkArrived(record)
    case .callbackRan:
      if let index = awaitingCallback.firstIndex(where: { $0.id == record.id }) {
        let waiting = awaitingCallback.remove(at: index)
        checkStall(waiting, deliveredAt: event.at)
      }
    default:
      break
    }
  }

  func requestQueueChanged() { checkBoundedQueue() }

  /// The app called `reloadData`: `bounded_queue` waits for the layout pass that displays the
  /// rows again (the next frame commit).
  func reloadBegan() { reloadPending = true }

  func checkBoundedQueue() {
    // While the main thread is in a turn (a layout pass may be half done, with rows dequeued
    // but not yet displayed), the bound is checked when the turn ends.
    // While the table is off screen (after `disappear`) it displays no rows, yet it keeps its
    // rows and cells for when it appears: the bound is judged again once it is back on screen.
    if world.main.isBusy || reloadPending || !table.isOnScreen {
      boundedQueueDirty = true
      return
    }
    guard let bound = check({ if case .boundedQueue(let max) = $0 { max } else { nil } }) else {
      return
    }
    let limit: Int
    switch bound {
    case .visible: limit = table.visibleCells.count + table.prefetchWindowCount
    case .count(let n): limit = n
    }
    let count = network.outstandingTransfers + world.requestQueueEntries
    if count > limit {
      flag(
        .boundedQueue,
        "\(count) requests outstanding or queued (\(network.outstandingTransfers) transfers, "
          + "\(world.requestQueueEntries) queued) against a bound of \(limit)"
          + (bound == .visible ? " (displayed rows plus the prefetch window)" : "")
          + "; drop or cancel requests for rows that left the screen")
    }
  }

  func checkStall(_ waiting: (id: Int, url: String, endedAt: SimTime), deliveredAt: SimTime) {
    guard let within = check({ if case .noDeliveryStall(let w) = $0 { w } else { nil } }) else {
      return
    }
    if deliveredAt - waiting.endedAt > within {
      let row = table.model.items.firstIndex { $0.url == waiting.url }
      flag(
        .noDeliveryStall, row: row, urls: [waiting.url],
        "transfer \(waiting.id) of \(waiting.url) finished on the wire at \(waiting.endedAt) but "
          + "its completion ran \(deliveredAt - waiting.endedAt) later (bound \(within)); "
          + "deliver callbacks in common run-loop modes or off the main run loop")
    }
  }

  /// Stalls still waiting now, flagged once they pass the bound.
  func checkPendingStalls() {
    guard let within = check({ if case .noDeliveryStall(let w) = $0 { w } else { nil } }) else {
      return
    }
    var remaining: [(id: Int, url: String, endedAt: SimTime)] = []
    for waiting in awaitingCallback {
      if world.now - waiting.endedAt > within {
        let row = table.model.items.firstIndex { $0.url == waiting.url }
        flag(
          .noDeliveryStall, row: row, urls: [waiting.url],
          "transfer \(waiting.id) of \(waiting.url) finished on the wire at \(waiting.endedAt) "
            + "and its completion has not run \(within) later; deliver callbacks in common "
            + "run-loop modes or off the main run loop")
      } else {
        remaining.append(waiting)
      }
    }
    awaitingCallback = remaining
  }
}

/// What a cell showed when the oracle last judged it, whether that was its row's image, the
/// delivered-digests generation it was judged under, and its interned URL.
struct JudgedCell {
  let cell: DisplayedCell
  let correct: Bool
  let generation: Int
  let urlID: Int
}

extension Oracle {
  /// `deadlock`: blocking threads that can never go on. The run ends with it.
  func deadlockFound(_ report: DeadlockReport) {
    guard isChecked(.deadlock) else { return }
    flag(.deadlock, report.summary)
  }
}
