import PNGRender
import SimKernel
import SimPlatform
import SimTable

/// Disk reads and decodes done for URLs no row wanted any more: the `wasted_work` metrics and
/// the facts `no_wasted_work` judges. Kept for every run, whatever it checks.
///
/// A piece of work (`WorkReport`) is **wasted** when, at the instant it starts:
/// - it serves a URL `u` (below) that a row wanted and then let go — the row ended display, or
///   the table cancelled its prefetch — before that instant, and
/// - no row of the preload range needs `u` (`OracleFacts.isNeeded`: the displayed rows, the
///   prefetch window, the loader's declared preload range), as `cancel_on_end_display` reads
///   it.
///
/// Work that started while its URL was still wanted is never wasted, even if the row leaves
/// while it runs (a started step cannot be stopped). When the work was queued does not matter:
/// work queued before the row left and work queued after it (a later step of the same
/// pipeline) are both work for a request that was over.
///
/// Which URL a piece of work serves, with no help from the loader:
/// - a disk read: its key; a decode of exactly the bytes a disk read returned or a data
///   task's completion handler got, on the same execution or on the one that dispatched the
///   decode's block (`SimulatedQueue.async` carries it on): the read's key or the task's URL
///   (`WorkReport.sourceKey`) — when a URL of the run serves something under that very string
///   (loaders key disk caches by URL);
/// - otherwise, by content: the URLs served with the bytes' digest (a read's bytes, a decode's
///   source). Bytes several URLs serve (rows sharing a fixture) are wasted only if a URL that
///   left serves them and no URL a row needs does: the benefit of the doubt.
///
/// Not judged (never wasted): work while a `reload_data` waits for its layout pass or the
/// table is off screen, when no row is displayed and "no row needs it" means nothing.
final class WastedWorkLedger {
  /// One piece of wasted work, for messages.
  struct Waste {
    let kind: WorkReport.Kind
    let url: String
    let bytes: Int64
    let at: SimTime
    let leftAt: SimTime
    let thread: String
  }

  let facts: OracleFacts
  /// When each URL was last let go by a row (ended display, prefetch cancelled).
  @exclusivity(unchecked) var leftAt: [String: SimTime] = [:]
  /// URLs let go whose served digest is not yet in `leftByDigest` (indexed on demand: a digest
  /// lookup may stamp a `unique_bytes` fixture).
  @exclusivity(unchecked) var unindexed: [String] = []
  /// The URLs let go, by the digest of what they serve.
  @exclusivity(unchecked) var leftByDigest: [UInt64: [String]] = [:]
  /// Wasted work so far, in order.
  @exclusivity(unchecked) private(set) var wasted: [Waste] = []
  /// Their bytes.
  @exclusivity(unchecked) private(set) var wastedBytes: Int64 = 0
  /// Called with each piece of wasted work as it starts (the checker's hook).
  @exclusivity(unchecked) var onWaste: ((Waste) -> Void)?

  init(facts: OracleFacts) { self.facts = facts }

  /// Wasted decodes so far.
  var wastedDecodes: Int { wasted.count { $0.kind == .decode } }

  /// A display callback: rows that leave let their URL go.
  func tableCallback(_ callback: TableCallback) {
    switch callback {
    case .didEndDisplaying(_, _, _, let url):
      if let url { letGo(url) }
    case .cancelPrefetching(let rows):
      for row in rows { letGo(row.url) }
    case .willDisplay, .cellForRow, .manualImage:
      break
    }
  }

  func letGo(_ url: String) {
    if leftAt[url] == nil { unindexed.append(url) }
    leftAt[url] = facts.world.now
  }

  /// A disk read or decode starts now.
  func workStarted(_ report: WorkReport) {
    if leftAt.isEmpty || facts.reloadPending || !facts.table.isOnScreen { return }
    guard let (url, left) = attribute(report) else { return }
    let waste = Waste(
      kind: report.kind, url: url, bytes: report.bytes, at: facts.world.now, leftAt: left,
      thread: report.thread)
    wasted.append(waste)
    wastedBytes += report.bytes
    onWaste?(waste)
  }

  /// The URL the work serves and when it was let go, if the work is wasted.
  func attribute(_ report: WorkReport) -> (String, SimTime)? {
    if let key = report.sourceKey, facts.server.digest(for: key) != nil {
      guard let left = leftAt[key], !facts.isNeeded(key) else { return nil }
      return (key, left)
    }
    guard let source = report.source ?? report.readBytes.map({ ContentDigest(of: $0) }) else {
      return nil
    }
    indexLeftURLs()
    guard let candidates = leftByDigest[source.value] else { return nil }
    for needed in facts.neededURLs() where facts.server.digest(for: needed) == source {
      return nil
    }
    // The URL let go most recently (of equal instants, the first let go), for messages.
    var best: (String, SimTime)?
    for url in candidates {
      guard let left = leftAt[url] else { continue }
      if best == nil || left > best!.1 { best = (url, left) }
    }
    return best
  }

  /// Indexes the URLs let go since the last digest lookup by what they serve.
  func indexLeftURLs() {
    for url in unindexed {
      guard let digest = facts.server.digest(for: url) else { continue }
      leftByDigest[digest.value, default: []].append(url)
    }
    unindexed.removeAll()
  }
}
