import PNGRender
import SimKernel
import SimTable

/// `eventually_loaded`, as docs/scenario-format.md defines it: at rest, a displayed row whose
/// URL is servable must, within `within` of the later of (rest began, the row was displayed),
/// show its image, have a transfer of its URL outstanding, or show the failure image after its
/// URL's latest transfer failed; and it must show its image within `within` of the end of a
/// successful transfer of its URL that ended while it was displayed. At the end of the run the
/// same holds whether or not the table is at rest (a moving table counts from the row's
/// display): a row still within its allowance is not judged.
final class EventuallyLoadedChecker: InvariantChecker {
  let facts: OracleFacts
  let within: SimDuration
  var hooks: OracleHooks { [.frameBegan, .cellJudged, .tableCallbacks, .frameJudged, .runEnd] }

  /// Since when the table has been at rest, if it is.
  @exclusivity(unchecked) var restSince: SimTime?
  /// When each displayed cell's display began, by cell id (the table numbers its cells 0, 1,
  /// 2, …; read for every waiting cell of every frame, so an array).
  @exclusivity(unchecked) var displayedSince: [SimTime?] = []
  /// Cells already reported in their current state (reported again only after what they show
  /// changes).
  @exclusivity(unchecked) var reportedNotLoaded: Set<Int> = []

  init(_ facts: OracleFacts, within: SimDuration) {
    self.facts = facts
    self.within = within
  }

  func frameBegan(_ frame: CommittedFrame, reloadEnded: Bool) {
    let atRest = facts.table.scrollState == .idle
    if atRest, restSince == nil {
      restSince = facts.world.now
    } else if !atRest {
      restSince = nil
    }
  }

  /// What the cell shows changed: it may be reported again.
  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?) {
    reportedNotLoaded.remove(cell.cellID)
  }

  func tableCallback(_ callback: TableCallback) {
    switch callback {
    case .willDisplay(let cell, _, _, _):
      displayedSince.extend(toInclude: cell.cellID, with: nil)
      displayedSince[cell.cellID] = facts.world.now
    case .didEndDisplaying(let cell, _, _, _):
      if cell.cellID < displayedSince.count { displayedSince[cell.cellID] = nil }
    case .cancelPrefetching, .cellForRow, .manualImage:
      break
    }
  }

  func frameJudged(_ frame: CommittedFrame) {
    check(frame.cells, deadlineIsNow: false, correct: facts.frameCorrect, urlIDs: facts.frameURLIDs)
  }

  func judgeRunEnd() {
    check(facts.lastCommitted, deadlineIsNow: true)
  }

  /// Judges `cells`. `correct`, when given, is `judgedCorrect` of each cell, already known (the
  /// frame's judgements): a correct cell is then skipped without copying its record. `urlIDs`,
  /// when given, is each cell's interned URL (`shown.id`), also already known.
  func check(
    _ cells: [DisplayedCell], deadlineIsNow: Bool, correct: [Bool]? = nil, urlIDs: [Int]? = nil
  ) {
    guard deadlineIsNow || restSince != nil else { return }
    let now = facts.world.now
    let network = facts.network
    // Only rows whose URL is servable are judged; that test costs the most (the script's
    // rules are matched), so it comes last, right before a row would be flagged.
    for index in cells.indices {
      if let correct, correct[index] { continue }
      let cell = cells[index]
      guard !facts.judgedCorrect(cell), !facts.showsManualImage(cell) else { continue }
      let displayed =
        (cell.cellID < displayedSince.count ? displayedSince[cell.cellID] : nil) ?? now
      // At the end of the run a table still moving counts from the row's display.
      let since = max(restSince ?? displayed, displayed)
      let history = facts.shownRecord(urlIDs?[index], url: cell.url)
      if let success = history.lastSuccessEnd, success >= displayed {
        // The bytes arrived while the row was on screen: the loader has `within` from then to
        // show them (decoding takes time), and no more; the end of the run does not shorten it.
        if now - success >= within, network.isServable(cell.url) {
          flagNotLoaded(
            cell, reason: "a successful transfer of its URL ended \(now - success) ago")
        }
        continue
      }
      // A transfer of the URL ended while the row was displayed, less than `within` ago, with
      // a failure or a body that may not decode: the loader is still hearing of it (a hop to
      // the main thread) or decoding it, and has `within` to show its image or the failure.
      if let ended = history.lastEnded, ended >= displayed, now - ended < within {
        continue
      }
      // A row displayed less than `within` ago (or at rest for less) is still within its
      // allowance, at the end of the run too: a run may end between a transfer's end and the
      // frame that shows its image, or between a layout pass and the start it queued.
      guard now - since >= within, network.isServable(cell.url) else { continue }
      if network.outstanding(for: cell.url) > 0 || network.isWaitingInClient(cell.url) {
        continue
      }
      if history.lastFailed && cell.images.contains(where: { $0.kind == .failure }) {
        continue
      }
      flagNotLoaded(
        cell,
        reason: deadlineIsNow
          ? "the run ended \(now - since) after it was displayed"
          : "it has been displayed at rest for \(now - since)")
    }
  }

  func flagNotLoaded(_ cell: DisplayedCell, reason: String) {
    guard reportedNotLoaded.insert(cell.cellID).inserted else { return }
    facts.flag(
      .eventuallyLoaded, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
      urls: [cell.url],
      "row \(cell.indexPath.row) (item \(cell.itemID)) does not show the image of \(cell.url) "
        + "though \(reason); make sure every displayed row ends with its image, a request in "
        + "flight, or the failure image")
  }
}
