import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// What every invariant checker may read: the world, the table and the network it judges, what
/// each URL's transfers delivered, the request ledger, what each URL's image did on screen,
/// and whether each displayed cell shows its row's image.
///
/// Only the oracle changes these facts, as events arrive and before it tells the checkers of
/// them; a checker reads them and keeps its own state. A checker reports a violation with
/// `flag`, the one way into the report and the trace.
final class OracleFacts {
  let world: World
  let table: TableView
  let network: FakeNetwork
  let server: ImageServer
  /// The invariants checked, as the scenario gives them.
  let checks: [Scenario.InvariantCheck]
  /// Whether the loader hears the app's `set_image` (`willSetImageManually`). A hosted UIKit
  /// screen does not: its code never set that image, so no rule holds it to it.
  @exclusivity(unchecked) var loaderHearsManualImages = true

  /// The violations found so far.
  @exclusivity(unchecked) private(set) var report = ViolationReport()
  /// The serial of the last frame committed.
  @exclusivity(unchecked) private(set) var lastFrame: Int64?
  /// The cells of the last committed frame, for the checks at the end of the run.
  @exclusivity(unchecked) private(set) var lastCommitted: [DisplayedCell] = []
  /// Set by a `reload_data` event until the next frame commit on screen: until the layout pass
  /// has run, the table displays no rows (UIKit rebuilds them at the next layout).
  @exclusivity(unchecked) private(set) var reloadPending = false
  /// The URL of an item id, including deleted items (set by the run).
  @exclusivity(unchecked) private(set) var urlOfItem: (Int) -> String? = { _ in nil }

  /// Digests of the bytes each URL's transfers delivered, whatever the outcome.
  @exclusivity(unchecked) private(set) var deliveredDigests: [String: Set<UInt64>] = [:]
  /// Digests of bytes delivered whole by a successful transfer (a rule may have corrupted them).
  @exclusivity(unchecked) private(set) var completeDigests: Set<UInt64> = []
  /// Every transfer's request identity, and which transfers delivered which bytes (to name a
  /// cross-cell culprit). Its prefix index is built lazily, by `culprit`.
  @exclusivity(unchecked) var ledger = RequestLedger()
  /// URLs with a transfer that ended other than cancelled: only they may show a failure image.
  @exclusivity(unchecked) private(set) var endedURLs: Set<String> = []
  /// What each URL's image did on screen (last shown, stints, deliveries), by interned URL.
  @exclusivity(unchecked) private(set) var shown = ShownHistory()
  /// Bumped whenever a URL's set of delivered digests grows.
  @exclusivity(unchecked) private(set) var digestGeneration = 0

  /// What each cell showed when last judged, whether that was its row's image, and the
  /// delivered-digests generation it was judged under: unchanged cells are not re-judged (a
  /// wrong image left on screen counts once, not once per frame). Indexed by cell id (the table
  /// numbers cells 0, 1, 2, … as it creates them).
  @exclusivity(unchecked) private(set) var judged: [JudgedCell?] = []
  /// Whether each cell of the frame just committed showed its row's image, in the frame's
  /// order (for the metrics and `eventually_loaded`; reused from frame to frame).
  @exclusivity(unchecked) private(set) var frameCorrect: [Bool] = []
  /// The interned URL of each cell of the frame just committed (parallel to `frameCorrect`).
  @exclusivity(unchecked) private(set) var frameURLIDs: [Int] = []
  /// Bumped whenever a judgement is (re)made.
  @exclusivity(unchecked) private(set) var judgedSerial = 0
  /// `digestGeneration` and `judgedSerial` when the last frame's cells were judged: if both
  /// are unchanged and the next frame repeats it, every judgement would be the same.
  @exclusivity(unchecked) private(set) var frameJudgedAt: (generation: Int, serial: Int)? = nil

  init(
    world: World, table: TableView, network: FakeNetwork, server: ImageServer,
    checks: [Scenario.InvariantCheck]
  ) {
    self.world = world
    self.table = table
    self.network = network
    self.server = server
    self.checks = checks
  }

  /// The first check that `pick` accepts, picked (a checker reads its parameters so).
  func check<T>(_ pick: (Scenario.InvariantCheck) -> T?) -> T? {
    for check in checks { if let value = pick(check) { return value } }
    return nil
  }

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

  /// Whether the cell shows its row's image: a content image of bytes served for its URL, of
  /// the variant its request wants when the loader declared one (whether it decoded is
  /// `no_corrupt_image`'s concern).
  func showsCorrectImage(_ cell: DisplayedCell) -> Bool {
    showsCorrectImage(cell, served: server.digest(for: cell.url))
  }

  /// `showsCorrectImage(_:)` with the digest served for the cell's URL already looked up.
  func showsCorrectImage(_ cell: DisplayedCell, served: ContentDigest?) -> Bool {
    cell.images.contains {
      $0.kind == .content && !$0.isOutgoing && shows($0, bytesOf: cell.url, served: served)
        && isRequestedVariant($0, in: cell)
    }
  }

  /// Whether `image` is the variant `cell`'s current request wants: always, when the loader
  /// declared none (`LoaderEnvironment.declareVariant(_:for:)`; one variant per URL).
  func isRequestedVariant(_ image: DisplayedImage, in cell: DisplayedCell) -> Bool {
    guard let wanted = cell.requestedVariant else { return true }
    return image.provenance?.variant == wanted
  }

  /// `shows(_:bytesOf:)` with `server.digest(for: url)` already looked up: a judgement asks
  /// about several images of one URL, and each lookup hashes the URL.
  /// A partial preview (`ImageProvenance.partialBytes`) is the row's image only when its bytes
  /// are the whole body (served, or delivered by a successful transfer of `url`): a preview of a
  /// prefix, even of the row's own transfer, is not yet its image.
  func shows(_ image: DisplayedImage, bytesOf url: String, served: ContentDigest?) -> Bool {
    guard let provenance = image.provenance else { return false }
    let source = provenance.source
    if served == source { return true }
    guard deliveredDigests[url]?.contains(source.value) ?? false else { return false }
    return !provenance.isPartial || completeDigests.contains(source.value)
  }

  /// Whether some transfer delivered exactly the bytes of `source`: its whole body, or a prefix
  /// of it at a chunk boundary (what a progressive loader has when a chunk arrives). Builds the
  /// ledger's prefix index as far as the transfers have gone.
  func someTransferDelivered(_ source: ContentDigest) -> Bool {
    ledger.indexPrefixes { server.bytes(for: $0) }
    return ledger.deliveredBy[source.value] != nil
  }

  /// Whether the cell shows its row's image, from the last judgement (the frame just judged).
  func judgedCorrect(_ cell: DisplayedCell) -> Bool {
    let id = cell.cellID
    return (id < judged.count ? judged[id]?.correct : nil) ?? showsCorrectImage(cell)
  }

  /// Whether the cell shows an image the app set by hand (`set_image`): a legitimate final
  /// state, which the loader need not replace.
  func showsManualImage(_ cell: DisplayedCell) -> Bool {
    cell.images.contains { $0.kind == .manual && !$0.isOutgoing }
  }

  /// The shown-image history of URL `id` (interned), or of `url` when no id is given (an empty
  /// history for a URL never shown or delivered).
  func shownRecord(_ id: Int?, url: String) -> ShownHistory.Record {
    if let id { return shown.records[id] }
    if let id = shown.ids[url] { return shown.records[id] }
    return ShownHistory.Record()
  }

  // MARK: What rows need

  /// Whether a displayed row, a prefetch-window row, a row of the loader's declared preload
  /// range, or a row within a screenful of the visible ones whose work the app holds ahead of
  /// display (`World.heldAhead`) needs `url` now: the preload range of `cancel_on_end_display`
  /// and `no_wasted_work`.
  func isNeeded(_ url: String) -> Bool {
    let table = self.table
    if table.visibleCells.contains(where: { cell in cell.itemID.flatMap(urlOfItem) == url })
      || table.prefetchWindow.contains(where: {
        table.item(at: $0).map(table.expectedURL(of:)) == url
      })
    {
      return true
    }
    if let rows = declaredPreloadRows(),
      rows.contains(where: { table.expectedURL(of: table.model.items[$0]) == url })
    {
      return true
    }
    guard world.heldAhead[url] != nil, let rows = rowsWithinAScreenful() else { return false }
    return rows.contains { table.expectedURL(of: table.model.items[$0]) == url }
  }

  /// The rows within a screenful (as many rows as are visible) before the first visible row and
  /// after the last, the visible ones included: where work the app holds ahead of display (a
  /// photo library's preheat, `World.heldAhead`) is still needed. Apple's sample preheats half
  /// a screen each way.
  func rowsWithinAScreenful() -> Range<Int>? {
    guard let (first, last) = visibleRowBounds() else { return nil }
    let span = last - first + 1
    return max(0, first - span)..<min(table.numberOfRows, last + span + 1)
  }

  /// The first and last visible rows, if any row is visible.
  private func visibleRowBounds() -> (first: Int, last: Int)? {
    let visible = table.indexPathsForVisibleRows.map(\.row)
    guard let first = visible.min(), let last = visible.max() else { return nil }
    return (first, last)
  }

  /// How much work held ahead of display counts toward `bounded_queue`'s bound: the held URLs,
  /// up to a screenful each way (twice the visible rows).
  var heldAheadAllowance: Int {
    min(world.heldAhead.count, 2 * table.visibleCells.count)
  }

  /// The URLs the rows of the preload range need now (`isNeeded`), in row order, repeats
  /// included.
  func neededURLs() -> [String] {
    let table = self.table
    var urls = table.visibleCells.compactMap { cell in cell.itemID.flatMap(urlOfItem) }
    for indexPath in table.prefetchWindow {
      if let item = table.item(at: indexPath) { urls.append(table.expectedURL(of: item)) }
    }
    if let rows = declaredPreloadRows() {
      for row in rows { urls.append(table.expectedURL(of: table.model.items[row])) }
    }
    if !world.heldAhead.isEmpty, let rows = rowsWithinAScreenful() {
      for row in rows {
        let url = table.expectedURL(of: table.model.items[row])
        if world.heldAhead[url] != nil { urls.append(url) }
      }
    }
    return urls
  }

  /// The rows of the loader's declared preload range around the visible rows, if it declared
  /// one and rows are visible.
  private func declaredPreloadRows() -> Range<Int>? {
    guard let range = world.declaredPreloadRange, let (first, last) = visibleRowBounds() else {
      return nil
    }
    return max(0, first - range.rowsBefore)..<min(table.numberOfRows, last + range.rowsAfter + 1)
  }

  // MARK: Changes, made by the oracle only

  /// Records what a transfer event tells about deliveries and outcomes.
  func record(_ event: TransferEvent) {
    let record = event.record
    switch event.kind {
    case .queued:
      ledger.queued(record, at: event.at, table: table)
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
    case .chunk:
      ledger.chunkArrived(record)
    default:
      break
    }
  }

  /// A warm start put the bytes `url` serves (`digest`) in a cache before the run: they count
  /// as delivered whole by a successful transfer of `url` in an earlier session, so an image
  /// decoded from them is no corrupt image.
  func warmStarted(_ url: String, digest: ContentDigest) {
    completeDigests.insert(digest.value)
    var digests = deliveredDigests[url] ?? []
    if digests.insert(digest.value).inserted {
      deliveredDigests[url] = digests
      digestGeneration += 1
    }
  }

  /// Starts a frame's judgement: the serial, and the shown-image history's next frame.
  func beginFrame(_ frame: CommittedFrame) {
    lastFrame = frame.frame
    shown.beginFrame()
  }

  /// A `reload_data` began, or the layout pass after it ran on screen.
  func setReloadPending(_ pending: Bool) { reloadPending = pending }

  /// The frame's judgements are done; `cells` are what it committed.
  func endFrame(_ cells: [DisplayedCell]) { lastCommitted = cells }

  /// Sets the run's item-to-URL lookup.
  func setURLOfItem(_ lookup: @escaping (Int) -> String?) { urlOfItem = lookup }

  /// Judges every cell of `frame` (each only if it changed since it was last judged), calling
  /// `judge` for each cell judged anew with the digest served for its URL; fills
  /// `frameCorrect` and `frameURLIDs`, and moves the shown-image history on.
  func judgeCells(
    of frame: CommittedFrame, _ judge: (DisplayedCell, ContentDigest?) -> Void
  ) {
    if frame.repeatsPrevious, let at = frameJudgedAt, at.generation == digestGeneration,
      at.serial == judgedSerial, frameCorrect.count == frame.cells.count
    {
      // An idle frame: the same records as the last one, judged under the same deliveries,
      // so every judgement would hit; only the shown-image history moves on.
      for index in frameCorrect.indices where frameCorrect[index] {
        shown.shown(frameURLIDs[index], at: frame.time, imageSetAt: frame.cells[index].imageSetAt)
      }
      return
    }
    frameCorrect.removeAll(keepingCapacity: true)
    frameURLIDs.removeAll(keepingCapacity: true)
    for index in frame.cells.indices {
      let judgement = judgement(ofCellAt: index, in: frame.cells, judge)
      frameCorrect.append(judgement.correct)
      frameURLIDs.append(judgement.urlID)
      if judgement.correct {
        shown.shown(judgement.urlID, at: frame.time, imageSetAt: frame.cells[index].imageSetAt)
      }
    }
    frameJudgedAt = (digestGeneration, judgedSerial)
  }

  /// Whether the cell shows its row's image, with its interned URL (`ShownHistory`): the cell
  /// is judged (and `judge` called) only if it changed since it was last judged, and the URL
  /// is hashed only then.
  func judgement(
    of cell: DisplayedCell, _ judge: (DisplayedCell, ContentDigest?) -> Void
  ) -> (correct: Bool, urlID: Int) {
    let id = cell.cellID
    // Fields read in place: the record is compared by identity first, and nothing is copied.
    if id < judged.count, judged[id]?.generation == digestGeneration,
      judged[id]!.cell === cell || judged[id]!.cell == cell
    {
      return (judged[id]!.correct, judged[id]!.urlID)
    }
    let served = server.digest(for: cell.url)
    judge(cell, served)
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
  func judgement(
    ofCellAt index: Int, in cells: [DisplayedCell],
    _ judge: (DisplayedCell, ContentDigest?) -> Void
  ) -> (correct: Bool, urlID: Int) {
    let id = cells[index].cellID
    if id < judged.count, judged[id]?.generation == digestGeneration,
      judged[id]!.cell === cells[index]
    {
      return (judged[id]!.correct, judged[id]!.urlID)
    }
    return judgement(of: cells[index], judge)
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
