import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

extension Oracle {
  /// Checks a committed frame: what every displayed cell shows, rows waiting for images,
  /// expected cache hits, and decoded memory.
  func frameCommitted(_ frame: CommittedFrame) {
    lastFrame = frame.frame
    if reloadPending && table.isOnScreen {
      // The layout pass has rebuilt the displayed rows: the deferred bound check can run (at
      // the end of this turn). A reload while the table is off screen waits for the first
      // frame after it appears.
      reloadPending = false
      if boundedQueueDirty { checkBoundedQueue() }
      runEndChecks(upTo: world.now)
    } else if endChecksDeferred && table.isOnScreen {
      endChecksDeferred = false
      runEndChecks(upTo: world.now)
    }
    updateRest()
    shown.beginFrame()
    if frame.repeatsPrevious, let at = frameJudgedAt, at.generation == digestGeneration,
      at.serial == judgedSerial, frameCorrect.count == frame.cells.count
    {
      // An idle frame: the same records as the last one, judged under the same deliveries,
      // so every judgement would hit; only the shown-image history moves on.
      for index in frameCorrect.indices where frameCorrect[index] {
        shown.shown(frameURLIDs[index], at: frame.time)
      }
    } else {
      frameCorrect.removeAll(keepingCapacity: true)
      frameURLIDs.removeAll(keepingCapacity: true)
      for index in frame.cells.indices {
        let judgement = judgement(ofCellAt: index, in: frame.cells)
        frameCorrect.append(judgement.correct)
        frameURLIDs.append(judgement.urlID)
        if judgement.correct { shown.shown(judgement.urlID, at: frame.time) }
      }
      frameJudgedAt = (digestGeneration, judgedSerial)
    }
    checkProgress(frame)
    checkCacheHits(frame)
    checkEventuallyLoaded(
      frame.cells, deadlineIsNow: false, correct: frameCorrect, urlIDs: frameURLIDs)
    checkMemory()
    checkPendingStalls()
    lastCommitted = frame.cells
  }

  /// A piece of main-thread work ended (the turn is over): end-of-display checks due at the
  /// end of the turn, and queue-bound checks deferred during it, run now.
  func mainWorkEnded() {
    runEndChecks(upTo: world.now)
    if boundedQueueDirty {
      boundedQueueDirty = false
      checkBoundedQueue()
    }
  }

  func updateRest() {
    let atRest = table.scrollState == .idle
    if atRest, restSince == nil {
      restSince = world.now
    } else if !atRest {
      restSince = nil
    }
  }

  /// Checks the images `cell` shows against its request; `served` is the digest served for its
  /// URL (`server.digest(for:)`), looked up once by the caller.
  func checkImages(of cell: DisplayedCell, served: ContentDigest?) {
    // A failure image belongs to a request that ended in failure (or delivered bytes that did
    // not decode): one shown before any transfer of the row's URL ended is another request's
    // (SDWebImage #3363: an asynchronous callback puts the old request's image over the new).
    if isChecked(.noCrossCellImage),
      cell.images.contains(where: { $0.kind == .failure && !$0.isOutgoing }),
      !endedURLs.contains(cell.url)
    {
      flag(
        .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url],
        "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows a failure "
          + "image though no transfer of \(cell.url) has ended: another request's failure; "
          + "check that the cell still represents the request's item before setting, and "
          + "clear the image on reuse")
    }
    // A placeholder made for one request belongs to that request's URL; a shared placeholder
    // (no request URL) is legitimate anywhere.
    if isChecked(.noCrossCellImage),
      let whose = cell.images.first(where: {
        $0.kind == .placeholder && !$0.isOutgoing && $0.requestURL.map { $0 != cell.url } == true
      })?.requestURL
    {
      flag(
        .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url, whose],
        "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows the "
          + "placeholder of the request for \(whose): another request's placeholder; check that "
          + "the cell still represents the request's item before setting it")
    }
    // A placeholder made for one request before the cell's current `cellForRow` was made for
    // an earlier request, even when the URL is the same (SDWebImage #3363: the old request's
    // asynchronous cancel callback puts its placeholder over the new request's view).
    if isChecked(.noCrossCellImage),
      cell.images.contains(where: {
        $0.kind == .placeholder && !$0.isOutgoing && $0.requestURL == cell.url
          && ($0.requestEpoch ?? .max) < cell.configuration
      })
    {
      flag(
        .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
        urls: [cell.url],
        "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows a "
          + "placeholder made for an earlier request of \(cell.url), before the cell's current "
          + "cellForRow: another request's placeholder; a callback of a cancelled or superseded "
          + "request must not touch the view")
    }
    for image in cell.images where image.kind == .content {
      guard let source = image.provenance?.source else { continue }
      // An image is another request's only if some other request (or another URL's fixture)
      // accounts for its bytes; bytes nobody delivered are a corruption, reported once, by
      // `no_corrupt_image`.
      if isChecked(.noCrossCellImage), !shows(image, bytesOf: cell.url, served: served),
        let whose = culprit(of: source, shownFor: cell.url)
      {
        flag(
          .noCrossCellImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url] + whose.urls,
          "cell \(cell.cellID) at row \(cell.indexPath.row) (item \(cell.itemID)) shows \(whose.text)"
            + (image.isOutgoing ? " (fading out)" : "")
            + "; check that the cell still represents the request's item before setting")
      }
      if isChecked(.noCorruptImage), !image.rendered || !completeDigests.contains(source.value) {
        flag(
          .noCorruptImage, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
          urls: [cell.url],
          "cell \(cell.cellID) at row \(cell.indexPath.row) shows an image decoded from bytes "
            + "that no complete, successful transfer delivered"
            + (image.rendered ? "" : " (the decode failed: the user sees a broken image)")
            + "; decode only whole, successful responses")
      }
    }
  }

  // MARK: eventually_loaded

  /// `eventually_loaded`, as docs/scenario-format.md defines it: at rest, a displayed row whose URL
  /// is servable must, within `within` of the later of (rest began, the row was displayed),
  /// show its image, have a transfer of its URL outstanding, or show the failure image after
  /// its URL's latest transfer failed; and it must show its image within `within` of the end of
  /// a successful transfer of its URL that ended while it was displayed. At the end of the run
  /// the same holds whether or not the table is at rest (a moving table counts from the row's
  /// display): a row still within its allowance is not judged.
  ///
  /// `correct`, when given, is `judgedCorrect` of each cell, already known (the frame's
  /// judgements): a correct cell is then skipped without copying its record. `urlIDs`, when
  /// given, is each cell's interned URL (`shown.id`), also already known.
  func checkEventuallyLoaded(
    _ cells: [DisplayedCell], deadlineIsNow: Bool, correct: [Bool]? = nil,
    urlIDs: [Int]? = nil
  ) {
    guard let within = loadedWithin else { return }
    guard deadlineIsNow || restSince != nil else { return }
    // Only rows whose URL is servable are judged; that test costs the most (the script's
    // rules are matched), so it comes last, right before a row would be flagged.
    for index in cells.indices {
      if let correct, correct[index] { continue }
      let cell = cells[index]
      guard !judgedCorrect(cell), !showsManualImage(cell) else { continue }
      let displayed =
        (cell.cellID < displayedSince.count ? displayedSince[cell.cellID] : nil) ?? world.now
      // At the end of the run a table still moving counts from the row's display.
      let since = max(restSince ?? displayed, displayed)
      let urlID = urlIDs?[index] ?? shown.id(cell.url)
      let history = shown.records[urlID]
      if let success = history.lastSuccessEnd, success >= displayed {
        // The bytes arrived while the row was on screen: the loader has `within` from then to
        // show them (decoding takes time), and no more; the end of the run does not shorten it.
        if world.now - success >= within, network.isServable(cell.url) {
          flagNotLoaded(
            cell, reason: "a successful transfer of its URL ended \(world.now - success) ago")
        }
        continue
      }
      // A transfer of the URL ended while the row was displayed, less than `within` ago, with
      // a failure or a body that may not decode: the loader is still hearing of it (a hop to
      // the main thread) or decoding it, and has `within` to show its image or the failure.
      if let ended = history.lastEnded, ended >= displayed, world.now - ended < within {
        continue
      }
      // A row displayed less than `within` ago (or at rest for less) is still within its
      // allowance, at the end of the run too: a run may end between a transfer's end and the
      // frame that shows its image, or between a layout pass and the start it queued.
      guard world.now - since >= within, network.isServable(cell.url) else { continue }
      if network.outstanding(for: cell.url) > 0 { continue }
      if history.lastFailed && cell.images.contains(where: { $0.kind == .failure }) { continue }
      flagNotLoaded(
        cell,
        reason: deadlineIsNow
          ? "the run ended \(world.now - since) after it was displayed"
          : "it has been displayed at rest for \(world.now - since)")
    }
  }

  /// Whether the cell shows an image the app set by hand (`set_image`): a legitimate final
  /// state, which the loader need not replace.
  func showsManualImage(_ cell: DisplayedCell) -> Bool {
    cell.images.contains { $0.kind == .manual && !$0.isOutgoing }
  }

  func flagNotLoaded(_ cell: DisplayedCell, reason: String) {
    guard reportedNotLoaded.insert(cell.cellID).inserted else { return }
    flag(
      .eventuallyLoaded, row: cell.indexPath.row, item: cell.itemID, cell: cell.cellID,
      urls: [cell.url],
      "row \(cell.indexPath.row) (item \(cell.itemID)) does not show the image of \(cell.url) "
        + "though \(reason); make sure every displayed row ends with its image, a request in "
        + "flight, or the failure image")
  }

  // MARK: Display callbacks

  func tableCallback(_ callback: TableCallback) {
    switch callback {
    case .willDisplay(let cell, let row, let itemID, let url):
      displayedSince.extend(toInclude: cell.cellID, with: nil)
      displayedSince[cell.cellID] = world.now
      metrics.rowDisplayed(itemID: itemID, at: world.now)
      expectCacheHit(cell: cell, row: row, itemID: itemID, url: url)
    case .didEndDisplaying(let cell, let row, let itemID, let url):
      if cell.cellID < displayedSince.count { displayedSince[cell.cellID] = nil }
      if let url, revisits[url]?.cell == cell.cellID { revisits[url] = nil }
      // A row that leaves before a frame showed it had no first frame to judge: its
      // expectation lapses (kept, it would judge a later, unrelated display of the item).
      expectedCacheHits.removeAll { $0.cell == cell.cellID }
      if let itemID { metrics.rowEnded(itemID: itemID, at: world.now) }
      guard let url else { return }
      rowLeft(url: url, row: row, item: itemID, cell: cell.cellID, reason: .endedDisplay)
    case .cancelPrefetching(let rows):
      for left in rows {
        rowLeft(
          url: left.url, row: left.row, item: left.item, cell: nil, reason: .prefetchCancelled)
      }
    }
  }

  // MARK: cache_hit_on_revisit

  // MARK: memory_budget, frame_budget

  /// The bound of `memory_budget` among `checks`, if it is checked: its `max`, or the
  /// device's budget.
  static func memoryBound(_ checks: [Scenario.InvariantCheck], device: DeviceProfile) -> Int64? {
    for case .memoryBudget(let max) in checks { return max?.bytes ?? device.memoryBudget }
    return nil
  }

  func checkMemory() {
    guard !memoryFlagged, let limit = memoryBound, world.memory.peakBytes > limit else { return }
    memoryFlagged = true
    flag(
      .memoryBudget,
      "decoded images peaked at \(ByteSize(bytes: world.memory.peakBytes)) against a budget of "
        + "\(ByteSize(bytes: limit)); downsample to the cell's size and bound caches by cost")
  }

  /// The checks due at the end of the run.
  func finish() {
    runEndChecks(upTo: .distantFuture)
    checkPendingStalls()
    checkMemory()
    checkEventuallyLoaded(lastCommitted, deadlineIsNow: true)
    if let maxRatio = check({ if case .frameBudget(let r) = $0 { r } else { nil } }) {
      let stats = world.main.frameStats
      if stats.appHitchRatio > maxRatio {
        flag(
          .frameBudget,
          "hitch ratio \(Self.format(stats.appHitchRatio)) ms/s beyond the table's own layout "
            + "work (\(Self.format(stats.hitchRatio)) ms/s in all) over "
            + "\(Self.format(stats.scrollingTime.seconds)) s of scrolling exceeds "
            + "\(Self.format(maxRatio)) ms/s (\(stats.hitches) hitches); move decoding and "
            + "resizing off the main thread")
      }
    }
  }

  static func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
