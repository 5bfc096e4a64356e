import SimKernel
import SimNetwork
import SimTable

/// How a row left: it ended display, or the table cancelled its prefetch.
enum LeftReason {
  /// `didEndDisplaying`.
  case endedDisplay
  /// `cancelPrefetchingForRowsAt` (a row never displayed).
  case prefetchCancelled
}

/// A row that left, remembered by its URL.
struct LeftRow {
  let row: Int
  let item: Int?
  let cell: Int?
  let at: SimTime
  let reason: LeftReason

  /// For messages: `row 4 ended display at 1.2s`.
  var description: String {
    switch reason {
    case .endedDisplay: return "row \(row) ended display at \(at)"
    case .prefetchCancelled: return "row \(row)'s prefetch was cancelled at \(at)"
    }
  }
}

/// One end-of-display (or cancelled-prefetch) check, due at `at`.
struct PendingEndCheck {
  let url: String
  let row: Int
  let item: Int?
  let cell: Int?
  let at: SimTime
  let reason: LeftReason
}

/// `cancel_on_end_display`: work for a row that left is cancelled within `within`, whether it
/// was queued before the row left (checked at the deadline after the row left), or queued
/// afterwards while the row stays off screen (checked at the deadline after it was queued).
/// A row "leaves" when it ends display, and also when the table cancels its prefetch: a
/// prefetch still running after `cancelPrefetchingForRowsAt`, or started after it (Nuke
/// 9a9acd41: prefetch and cancel in the same tick, and the first prefetches ran anyway), is
/// work nobody needs.
final class CancelOnEndDisplayChecker: InvariantChecker {
  let facts: OracleFacts
  let within: SimDuration
  var hooks: OracleHooks { [.tableCallbacks, .transferQueued, .frameBegan, .turns, .finish] }

  @exclusivity(unchecked) var pendingEndChecks: [PendingEndCheck] = []
  /// Rows that left (ended display, or had their prefetch cancelled), by URL: work queued for
  /// the URL afterwards while no row needs it is stale.
  @exclusivity(unchecked) var leftRows: [String: LeftRow] = [:]
  /// Transfers queued for a URL whose row had left, checked at their deadline.
  @exclusivity(unchecked) var pendingStartChecks: [(id: Int, at: SimTime)] = []
  /// Transfers already reported as stale by an end-of-display check.
  @exclusivity(unchecked) var reportedStale: Set<Int> = []
  /// End-of-display checks came due while the table was off screen: they run at its next frame
  /// on screen.
  @exclusivity(unchecked) var endChecksDeferred = false

  init(_ facts: OracleFacts, within: SimDuration) {
    self.facts = facts
    self.within = within
  }

  func tableCallback(_ callback: TableCallback) {
    switch callback {
    case .willDisplay, .cellForRow, .manualImage:
      break
    case .didEndDisplaying(let cell, let row, let itemID, let url):
      guard let url else { return }
      rowLeft(url: url, row: row, item: itemID, cell: cell.cellID, reason: .endedDisplay)
    case .cancelPrefetching(let rows):
      for left in rows {
        rowLeft(
          url: left.url, row: left.row, item: left.item, cell: nil, reason: .prefetchCancelled)
      }
    }
  }

  func transferEvent(_ event: TransferEvent) {
    if case .queued = event.kind { transferQueuedAfterLeaving(event.record) }
  }

  func frameBegan(_ frame: CommittedFrame, reloadEnded: Bool) {
    if reloadEnded {
      runEndChecks(upTo: facts.world.now)
    } else if endChecksDeferred && facts.table.isOnScreen {
      endChecksDeferred = false
      runEndChecks(upTo: facts.world.now)
    }
  }

  /// End-of-display checks due at the end of the turn run now.
  func turnEnded() { runEndChecks(upTo: facts.world.now) }

  func finish() { runEndChecks(upTo: .distantFuture) }

  /// Whether a row in the preload range needs `url` now (`OracleFacts.isNeeded`).
  func isNeeded(_ url: String) -> Bool { facts.isNeeded(url) }

  /// A row left: its URL's outstanding work is checked at the deadline.
  func rowLeft(url: String, row: Int, item: Int?, cell: Int?, reason: LeftReason) {
    let now = facts.world.now
    leftRows[url] = LeftRow(row: row, item: item, cell: cell, at: now, reason: reason)
    pendingEndChecks.append(
      PendingEndCheck(
        url: url, row: row, item: item, cell: cell, at: now + within, reason: reason))
    scheduleCancelCheck()
  }

  /// Runs due checks after `within`; with 0, when the main-thread turn ends (or, outside any
  /// main-thread turn, at once after this event).
  ///
  /// The event holds the checker strongly until it runs (`World.tearDown` drops it): a weak
  /// capture would give it a side table, and its retains the runtime's slow path.
  func scheduleCancelCheck() {
    let world = facts.world
    if within > .zero {
      world.loop.schedule(after: within) { [self] in runEndChecks(upTo: facts.world.now) }
    } else if world.currentExecution == nil || !world.main.isBusy {
      world.loop.schedule(after: .zero) { [self] in runEndChecks(upTo: facts.world.now) }
    }
  }

  /// A transfer was queued: if its URL's row had left, it is checked at its deadline.
  func transferQueuedAfterLeaving(_ record: TransferRecord) {
    guard leftRows[record.url] != nil else { return }
    pendingStartChecks.append((record.id, facts.world.now + within))
    scheduleCancelCheck()
  }

  /// Runs end-of-display and late-start checks whose deadline has come.
  func runEndChecks(upTo now: SimTime) {
    // Nothing pending (most turns): nothing to run or defer.
    if pendingEndChecks.isEmpty && pendingStartChecks.isEmpty { return }
    // During `reloadData` the table displays no rows until its next layout pass, and while it
    // is off screen it displays none at all, so "no row needs the URL" cannot be judged: the
    // checks wait for the next frame on screen (frameBegan).
    if facts.reloadPending { return }
    if !facts.table.isOnScreen {
      endChecksDeferred = true
      return
    }
    let network = facts.network
    var remaining: [PendingEndCheck] = []
    for pending in pendingEndChecks {
      guard pending.at <= now else {
        remaining.append(pending)
        continue
      }
      // No transfer of the URL outstanding (the usual case: the loader cancelled): nothing
      // can be stale, and whether a row needs the URL (a scan of the rows) need not be asked.
      guard network.outstanding(for: pending.url) > 0, !isNeeded(pending.url) else { continue }
      let stale = network.outstandingIDs.compactMap { network.record(id: $0) }
        .filter { $0.url == pending.url && $0.queuedAt <= pending.at }
      guard !stale.isEmpty else { continue }
      for record in stale { reportedStale.insert(record.id) }
      let what =
        "\(stale.count) transfer\(stale.count > 1 ? "s" : "") of \(pending.url) kept running"
      facts.flag(
        .cancelOnEndDisplay, row: pending.row, item: pending.item, cell: pending.cell,
        urls: [pending.url],
        pending.reason == .endedDisplay
          ? "row \(pending.row) ended display but \(what); cancel work in didEndDisplaying "
            + "when no other row needs the URL"
          : "the table cancelled row \(pending.row)'s prefetch but \(what); cancel prefetches "
            + "in cancelPrefetchingForRowsAt when no other row needs the URL")
    }
    pendingEndChecks = remaining
    runStartChecks(upTo: now)
  }

  /// Transfers queued after their row left, still running at their deadline while no row
  /// needs the URL.
  func runStartChecks(upTo now: SimTime) {
    if pendingStartChecks.isEmpty { return }
    let network = facts.network
    var remaining: [(id: Int, at: SimTime)] = []
    for pending in pendingStartChecks {
      guard pending.at <= now else {
        remaining.append(pending)
        continue
      }
      guard let record = network.record(id: pending.id), record.isOutstanding,
        !reportedStale.contains(record.id), let left = leftRows[record.url],
        left.at <= record.queuedAt, !isNeeded(record.url)
      else { continue }
      reportedStale.insert(record.id)
      facts.flag(
        .cancelOnEndDisplay, row: left.row, item: left.item, cell: left.cell,
        urls: [record.url],
        "transfer \(record.id) of \(record.url) was queued at \(record.queuedAt), after "
          + "\(left.description), and still runs while no row needs it; do not start work "
          + "for rows that left (check for cancellation before a deferred start)")
    }
    pendingStartChecks = remaining
  }
}
