import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// `cache_hit_on_revisit`. Two ways a row's image is known to be at hand when the row comes
/// back on screen:
/// - a `MemoryCache` of the loader holds a decoded image of the URL (the reading without
///   `revisit`);
/// - the row's image was committed whole within `revisit` (default 5 s) before, with no memory
///   warning since (parameter `revisit`): whatever the loader's cache design, the user just saw
///   the image, so a blank first frame or a new transfer is a violation. A loader with no
///   memory cache (`naive`) is caught by this; `revisit: none` keeps only the first rule.
final class CacheHitOnRevisitChecker: InvariantChecker {
  let facts: OracleFacts
  /// The `revisit` window (nil: `revisit: none`).
  let revisit: SimDuration?
  var hooks: OracleHooks { [.tableCallbacks, .memoryWarning, .transferQueued, .frameJudged] }

  /// Rows expected to show their image in their first frame back on screen.
  @exclusivity(unchecked) var expectedCacheHits:
    [(
      item: Int, row: Int, cell: Int, url: String, source: ContentDigest,
      revisit: SimDuration?, variant: ImageVariant?
    )] = []
  /// When the last memory warning was delivered.
  @exclusivity(unchecked) var lastMemoryWarning: SimTime?
  /// Rows revisited soon after showing their image, by URL, until they end display: a transfer
  /// of the URL meanwhile is a violation.
  @exclusivity(unchecked) var revisits:
    [String: (item: Int, row: Int, cell: Int, after: SimDuration)] = [:]

  init(_ facts: OracleFacts, revisit: SimDuration?) {
    self.facts = facts
    self.revisit = revisit
  }

  func tableCallback(_ callback: TableCallback) {
    switch callback {
    case .willDisplay(let cell, let row, let itemID, let url):
      expectCacheHit(cell: cell, row: row, itemID: itemID, url: url)
    case .didEndDisplaying(let cell, _, _, let url):
      if let url, revisits[url]?.cell == cell.cellID { revisits[url] = nil }
      // A row that leaves before a frame showed it had no first frame to judge: its
      // expectation lapses (kept, it would judge a later, unrelated display of the item).
      expectedCacheHits.removeAll { $0.cell == cell.cellID }
    case .cancelPrefetching, .cellForRow, .manualImage:
      break
    }
  }

  /// A memory warning arrived: no image obtained before it is expected to be at hand.
  func memoryWarningDelivered() { lastMemoryWarning = facts.world.now }

  func transferEvent(_ event: TransferEvent) {
    guard case .queued = event.kind else { return }
    checkNoTransferOnCacheHit(event.record.url)
    checkNoTransferOnRevisit(event.record.url)
  }

  func expectCacheHit(cell: TableCell, row: Int, itemID: Int, url: String) {
    guard let served = facts.server.digest(for: url) else { return }
    if memoryCacheHolds(url, source: served, variant: cell.requestedVariant) {
      expectedCacheHits.append((itemID, row, cell.cellID, url, served, nil, cell.requestedVariant))
      return
    }
    // Excused by a memory warning any time after the shown image's bytes arrived (the last
    // successful transfer of the URL before the frame that last showed it; without one, the
    // start of its last unbroken run of frames on screen), even if the image stayed on screen
    // or in a prepared cell after the warning: a view holds it, the caches may have been purged.
    let lastShown = facts.shown.lastShown(url)
    let obtained = facts.shown.shownObtained(url) ?? lastShown
    let now = facts.world.now
    guard let revisit, let shown = lastShown, now - shown <= revisit,
      lastMemoryWarning.map({ warning in obtained.map { warning < $0 } ?? false }) ?? true
    else { return }
    let after = now - shown
    expectedCacheHits.append(
      (itemID, row, cell.cellID, url, served, after, cell.requestedVariant))
    revisits[url] = (itemID, row, cell.cellID, after)
  }

  func frameJudged(_ frame: CommittedFrame) {
    guard !expectedCacheHits.isEmpty else { return }
    var remaining = expectedCacheHits
    remaining.removeAll()
    for expected in expectedCacheHits {
      guard let shown = frame.cells.first(where: { $0.itemID == expected.item }) else {
        remaining.append(expected)
        continue
      }
      // Only the variant the cell's request wants counts as a hit.
      let hit = shown.images.contains {
        $0.kind == .content && !$0.isOutgoing && facts.isRequestedVariant($0, in: shown)
          && (expected.revisit == nil
            ? $0.provenance?.source == expected.source : facts.shows($0, bytesOf: expected.url))
      }
      // A manual image (`set_image`) is the app's choice; a cell that comes back without
      // being configured again (prepared by cell prefetching) rightly still shows it.
      let manual = shown.images.contains { $0.kind == .manual && !$0.isOutgoing }
      guard !hit, !manual else { continue }
      let why =
        expected.revisit.map {
          "\($0) after it last showed its image, with no memory warning since"
        } ?? "while a memory cache held its decoded image"
      facts.flag(
        .cacheHitOnRevisit, row: shown.indexPath.row, item: expected.item, cell: shown.cellID,
        urls: [expected.url],
        "row \(shown.indexPath.row) (item \(expected.item)) came back on screen \(why), but "
          + "its first frame did not show it; "
          + (expected.revisit == nil
            ? "set cached images synchronously in cellForRow/willDisplay"
            : "keep decoded images in a memory cache and set hits synchronously"))
    }
    expectedCacheHits = remaining
  }

  /// Whether a live memory cache holds, under the key `url`, a decoded content image of the
  /// bytes `source` (of `variant`, when the cell's request declared one): identical bytes
  /// served under another URL are another URL's image, and another variant is another
  /// request's.
  func memoryCacheHolds(_ url: String, source: ContentDigest, variant: ImageVariant? = nil)
    -> Bool
  {
    facts.world.liveMemoryCaches.contains { cache in
      guard let image = cache.peekValue(forKey: url) as? Image,
        let provenance = image.provenance
      else { return false }
      return image.kind == .content && provenance.source == source
        && variant.map { provenance.variant == $0 } ?? true
    }
  }

  /// A transfer of `url` started while a row expected to show it from a memory cache has not
  /// yet been committed. Judged by what the caches hold when the transfer starts: a memory
  /// warning may have emptied them meanwhile (the table off screen commits no frame, so such
  /// an expectation can wait for long), and then fetching again is right.
  func checkNoTransferOnCacheHit(_ url: String) {
    guard let expected = expectedCacheHits.first(where: { $0.url == url && $0.revisit == nil }),
      memoryCacheHolds(url, source: expected.source, variant: expected.variant)
    else { return }
    facts.flag(
      .cacheHitOnRevisit, row: expected.row, item: expected.item, cell: expected.cell,
      urls: [url],
      "a transfer of \(url) started although a memory cache held its decoded image; "
        + "look in the cache before fetching")
  }

  /// A transfer of a URL whose row came back on screen soon after showing its image, while
  /// the row is still displayed.
  func checkNoTransferOnRevisit(_ url: String) {
    guard let revisit = revisits.removeValue(forKey: url) else { return }
    facts.flag(
      .cacheHitOnRevisit, row: revisit.row, item: revisit.item, cell: revisit.cell,
      urls: [url],
      "a transfer of \(url) started although row \(revisit.row) came back on screen "
        + "\(revisit.after) after it last showed its image, with no memory warning since; "
        + "keep decoded images in a memory cache and look there before fetching")
  }
}
