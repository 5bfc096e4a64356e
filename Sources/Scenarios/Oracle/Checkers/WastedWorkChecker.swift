import SimKernel
import SimPlatform

/// `no_wasted_work`: disk reads and decodes that start for a URL after every row that wanted
/// it left, while no row of the preload range wants it again (`WastedWorkLedger`), number at
/// most `max` over the run and, with `max_bytes`, move at most that many bytes. Flagged once
/// per bound, the moment the piece of work that goes over it starts: a pipeline that never
/// checks for cancellation before its next step (a disk queue and a decode queue that run
/// every request queued during a fast fling) goes over at once, and the bound (`visible`: the
/// displayed rows plus the prefetch window) leaves room for the races no loader can close —
/// a decode that was handed its bytes just before the row left.
final class WastedWorkChecker: InvariantChecker {
  let facts: OracleFacts
  let ledger: WastedWorkLedger
  let max: Scenario.QueueBound
  let maxBytes: ByteSize?
  var hooks: OracleHooks { [] }
  @exclusivity(unchecked) var countFlagged = false
  @exclusivity(unchecked) var bytesFlagged = false

  init(
    _ facts: OracleFacts, ledger: WastedWorkLedger, max: Scenario.QueueBound,
    maxBytes: ByteSize?
  ) {
    self.facts = facts
    self.ledger = ledger
    self.max = max
    self.maxBytes = maxBytes
    ledger.onWaste = { [unowned self] in wasted($0) }
  }

  /// The count bound now.
  var limit: Int {
    switch max {
    case .visible: facts.table.visibleCells.count + facts.table.prefetchWindowCount
    case .count(let count): count
    }
  }

  func wasted(_ waste: WastedWorkLedger.Waste) {
    let count = ledger.wasted.count
    if !countFlagged, count > limit {
      countFlagged = true
      facts.flag(
        .noWastedWork, urls: [waste.url],
        "\(count) disk reads and decodes (\(ledger.wastedDecodes) decodes, "
          + "\(ByteSize(bytes: ledger.wastedBytes))) started for URLs no row wanted any more, "
          + "against a bound of \(limit)"
          + (max == .visible
            ? " (displayed rows plus the "
              + "prefetch window)" : "") + "; the last: \(description(of: waste)). Check that a "
          + "request is still wanted before each queued step starts (read, decode), and drop "
          + "queued steps when it is cancelled")
    }
    if let maxBytes, !bytesFlagged, ledger.wastedBytes > maxBytes.bytes {
      bytesFlagged = true
      facts.flag(
        .noWastedWork, urls: [waste.url],
        "disk reads and decodes started for URLs no row wanted any more moved "
          + "\(ByteSize(bytes: ledger.wastedBytes)), over max_bytes \(maxBytes); the last: "
          + "\(description(of: waste))")
    }
  }

  func description(of waste: WastedWorkLedger.Waste) -> String {
    "a \(waste.kind.rawValue) of \(waste.url) (\(ByteSize(bytes: waste.bytes))) on "
      + "\(waste.thread) at \(waste.at), after its last row left at \(waste.leftAt)"
  }
}
