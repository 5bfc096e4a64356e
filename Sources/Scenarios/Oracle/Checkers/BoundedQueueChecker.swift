import SimNetwork
import SimTable

/// `bounded_queue`: outstanding transfers plus queued requests never exceed the bound (the
/// displayed rows plus the prefetch window, or a number). Work the app holds ahead of display
/// through an API made for it (a photo library's preheat) adds up to a screenful each way.
///
/// Judged whenever a transfer is queued or a request queue changes, except while the main
/// thread is in a turn (a layout pass may be half done, with rows dequeued but not yet
/// displayed), during a `reload_data` until the layout pass that displays the rows again, and
/// while the table is off screen (it displays no rows, yet keeps them for when it appears):
/// then the check waits for the end of the turn or the next frame on screen.
final class BoundedQueueChecker: InvariantChecker {
  let facts: OracleFacts
  let bound: Scenario.QueueBound
  /// A check came due while it could not be judged.
  var dirty = false
  var hooks: OracleHooks { [.transferQueued, .requestQueue, .turns, .frameBegan] }

  init(_ facts: OracleFacts, bound: Scenario.QueueBound) {
    self.facts = facts
    self.bound = bound
  }

  func transferEvent(_ event: TransferEvent) {
    if case .queued = event.kind { check() }
  }

  func requestQueueChanged() { check() }

  func frameBegan(_ frame: CommittedFrame, reloadEnded: Bool) {
    if reloadEnded, dirty { check() }
  }

  func turnSettled() {
    guard dirty else { return }
    dirty = false
    check()
  }

  func check() {
    let world = facts.world
    let table = facts.table
    if world.main.isBusy || facts.reloadPending || !table.isOnScreen {
      dirty = true
      return
    }
    let limit: Int
    switch bound {
    case .visible:
      limit = table.visibleCells.count + table.prefetchWindowCount + facts.heldAheadAllowance
    case .count(let n): limit = n
    }
    let network = facts.network
    let count = network.outstandingTransfers + world.requestQueueEntries
    if count > limit {
      facts.flag(
        .boundedQueue,
        "\(count) requests outstanding or queued (\(network.outstandingTransfers) transfers, "
          + "\(world.requestQueueEntries) queued) against a bound of \(limit)"
          + (bound == .visible
            ? " (displayed rows plus the prefetch window and work held ahead of display)" : "")
          + "; drop or cancel requests for rows that left the screen")
    }
  }
}
