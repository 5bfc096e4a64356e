import SimNetwork
import SimTable

/// What a cell's progress view showed when `progress_isolation` last judged it.
struct JudgedProgress: Equatable {
  /// The progress record.
  let progress: DisplayedProgress
  /// The URL of the cell's row then.
  let url: String
  /// Whether the progress's transfer had ended cancelled then.
  let cancelled: Bool
}

/// `progress_isolation`, as docs/scenario-format.md defines it: a displayed cell's progress
/// view, when it shows a value that came from a request, shows the progress of a transfer of
/// its row's URL that has not ended cancelled. "The cell's current request", from outside:
/// the request for the URL its row has now (the table's display callbacks and the model say
/// which), served by any transfer of that URL that is still a request (a coalesced transfer
/// started for another row counts). A cancelled transfer serves no request any more, so a
/// progress report it queued before the cancel, landing afterwards, is stale (the same-URL
/// form of the bug). Judged once per state: a stale value left on screen counts once.
final class ProgressIsolationChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { [.transferEnded, .frameJudged] }
  /// Transfers that ended cancelled.
  @exclusivity(unchecked) var cancelledTransfers: Set<Int> = []
  /// A transfer was cancelled since the last frame: an idle frame must be judged again.
  @exclusivity(unchecked) var progressDirty = false
  /// What each cell's progress view showed when last judged, by cell id (looked up, never
  /// iterated): a stale progress left on screen counts once.
  @exclusivity(unchecked) var judgedProgress: [Int: JudgedProgress] = [:]

  init(_ facts: OracleFacts) { self.facts = facts }

  func transferEvent(_ event: TransferEvent) {
    guard case .ended(let outcome) = event.kind, outcome == .cancelled else { return }
    cancelledTransfers.insert(event.record.id)
    progressDirty = true
  }

  func frameJudged(_ frame: CommittedFrame) {
    // An idle frame shows what the last one showed; only a cancellation can change a verdict.
    if frame.repeatsPrevious && !progressDirty { return }
    let dirty = progressDirty
    progressDirty = false
    for index in frame.cells.indices {
      // A record shown before was judged in its first frame, and only a cancellation since
      // (`progressDirty`) can change its verdict.
      if !dirty, let built = frame.cells[index].builtFor, built != frame.frame { continue }
      let cell = frame.cells[index]
      guard let progress = cell.progress, let source = progress.url else {
        if !judgedProgress.isEmpty, cell.progress == nil { judgedProgress[cell.cellID] = nil }
        continue
      }
      let cancelled = cancelledTransfers.contains(progress.transferID)
      let state = JudgedProgress(progress: progress, url: cell.url, cancelled: cancelled)
      if judgedProgress[cell.cellID] == state { continue }
      judgedProgress[cell.cellID] = state
      if source != cell.url {
        facts.flag(
          .progressIsolation, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url, source],
          "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows the "
            + "progress of the request for \(source) (transfer \(progress.transferID)): another "
            + "request's progress; stop or ignore a request's progress reports when its view "
            + "moves on to another request")
      } else if cancelled {
        facts.flag(
          .progressIsolation, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url],
          "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows the "
            + "progress of transfer \(progress.transferID) of \(source), which was cancelled: "
            + "a cancelled request's progress; a report queued before the cancel must not reach "
            + "the view")
      }
    }
  }
}
