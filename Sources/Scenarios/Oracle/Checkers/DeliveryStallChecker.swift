import SimKernel
import SimNetwork
import SimTable

/// `no_delivery_stall`: a transfer's completion runs within `within` of the transfer's end on
/// the wire (a completion held by a run-loop mode, or never delivered, stalls the row).
final class DeliveryStallChecker: InvariantChecker {
  let facts: OracleFacts
  let within: SimDuration
  var hooks: OracleHooks { [.transferEnded, .transferCallbacks, .frameJudged, .finish] }
  /// Transfers that ended and whose completion has not run yet.
  @exclusivity(unchecked) var awaitingCallback: [(id: Int, url: String, endedAt: SimTime)] = []

  init(_ facts: OracleFacts, within: SimDuration) {
    self.facts = facts
    self.within = within
  }

  func transferEvent(_ event: TransferEvent) {
    let record = event.record
    switch event.kind {
    case .ended(let outcome):
      if outcome != .cancelled { awaitingCallback.append((record.id, record.url, event.at)) }
    case .callbackRan:
      if let index = awaitingCallback.firstIndex(where: { $0.id == record.id }) {
        let waiting = awaitingCallback.remove(at: index)
        check(waiting, deliveredAt: event.at)
      }
    default:
      break
    }
  }

  func frameJudged(_ frame: CommittedFrame) { checkPending() }

  func finish() { checkPending() }

  func check(_ waiting: (id: Int, url: String, endedAt: SimTime), deliveredAt: SimTime) {
    guard deliveredAt - waiting.endedAt > within else { return }
    let row = facts.table.row(expecting: waiting.url)
    facts.flag(
      .noDeliveryStall, row: row, urls: [waiting.url],
      "transfer \(waiting.id) of \(waiting.url) finished on the wire at \(waiting.endedAt) but "
        + "its completion ran \(deliveredAt - waiting.endedAt) later (bound \(within)); "
        + "deliver callbacks in common run-loop modes or off the main run loop")
  }

  /// Stalls still waiting now, flagged once they pass the bound.
  func checkPending() {
    guard !awaitingCallback.isEmpty else { return }
    let now = facts.world.now
    var remaining: [(id: Int, url: String, endedAt: SimTime)] = []
    for waiting in awaitingCallback {
      if now - waiting.endedAt > within {
        let row = facts.table.row(expecting: waiting.url)
        facts.flag(
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
