import SimNetwork

/// `no_duplicate_transfers`: a second transfer of a URL never starts while one is outstanding.
final class DuplicateTransfersChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { .transferQueued }

  init(_ facts: OracleFacts) { self.facts = facts }

  func transferEvent(_ event: TransferEvent) {
    guard case .queued = event.kind else { return }
    let record = event.record
    guard facts.network.outstanding(for: record.url) > 1 else { return }
    let row = facts.table.row(expecting: record.url)
    facts.flag(
      .noDuplicateTransfers, row: row, urls: [record.url],
      "a second transfer of \(record.url) started while one was outstanding; "
        + "coalesce requests for the same URL")
  }
}
