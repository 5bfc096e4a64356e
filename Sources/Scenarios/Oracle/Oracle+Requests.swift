import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// One request, as the oracle names it: the URL, and the row and item that had that URL and
/// the time when the transfer was queued (a culprit is named by request identity,
/// not by content, since two rows may share bytes).
struct RequestIdentity: Equatable {
  /// The transfer's id.
  let id: Int
  /// The URL requested.
  let url: String
  /// The row whose item had the URL when the transfer was queued (nil: no row had it).
  let row: Int?
  /// That row's item.
  let item: Int?
  /// When the transfer was queued.
  let at: SimTime

  /// For messages: `the image requested for row 3 (item 3, https://…/3.png) at 1.2s`.
  var description: String {
    let whose = row.map { "row \($0) (item \(item ?? -1), \(url))" } ?? url
    return "the image requested for \(whose) at \(at)"
  }
}

/// Which requests delivered which bytes: each transfer's identity, and for every digest of
/// bytes a transfer delivered — its whole body, or a prefix of it at a chunk boundary (what a
/// progressive decoder sees) — the transfers that delivered them, in delivery order.
///
/// Prefix digests are computed lazily (`indexPrefixes`), only when an image's bytes are not
/// accounted for by whole bodies, and incrementally, so a run hashes each byte at most once.
struct RequestLedger {
  var requests: [Int: RequestIdentity] = [:]
  var deliveredBy: [UInt64: [Int]] = [:]
  /// For each transfer, the body offsets at which chunks ended, not yet indexed.
  var unindexedChunkEnds: [Int: [Int]] = [:]
  /// For each transfer, the running FNV-1a of its served bytes and how many are folded in.
  var prefixHashers: [Int: (hasher: StableHasher, count: Int)] = [:]

  /// Records that a chunk of a transfer ended at body offset `end`.
  mutating func chunkArrived(_ record: TransferRecord) {
    unindexedChunkEnds[record.id, default: []].append(Int(record.bytes))
  }

  /// Indexes the chunk-boundary prefixes delivered so far, hashing the bytes each URL serves
  /// (a prefix of a body a rule corrupts is not recognised, which only loses a culprit's name).
  mutating func indexPrefixes(served: (String) -> [UInt8]?) {
    guard !unindexedChunkEnds.isEmpty else { return }
    for id in unindexedChunkEnds.keys.sorted() {
      guard let ends = unindexedChunkEnds[id], let url = requests[id]?.url,
        let bytes = served(url)
      else { continue }
      var state = prefixHashers[id] ?? (StableHasher(), 0)
      for end in ends where end > state.count && end <= bytes.count {
        state.hasher.combine(bytes: bytes[state.count..<end])
        state.count = end
        var ids = deliveredBy[state.hasher.value] ?? []
        if ids.last != id {
          ids.append(id)
          deliveredBy[state.hasher.value] = ids
        }
      }
      prefixHashers[id] = state
    }
    unindexedChunkEnds.removeAll()
  }

  /// Records a queued transfer, with the row and item that had its URL then.
  mutating func queued(_ record: TransferRecord, at time: SimTime, table: TableView) {
    let row = table.row(expecting: record.url)
    requests[record.id] = RequestIdentity(
      id: record.id, url: record.url, row: row, item: row.map { table.model.items[$0].id },
      at: time)
  }

  /// Records the bytes a transfer has delivered so far (at a chunk or at its end).
  mutating func delivered(_ record: TransferRecord) {
    var ids = deliveredBy[record.digest] ?? []
    if ids.last != record.id {
      ids.append(record.id)
      deliveredBy[record.digest] = ids
    }
  }

  /// Whether a transfer of `url` delivered `digest` (whole, or as a prefix).
  func transfer(of url: String, delivered digest: UInt64) -> Bool {
    deliveredBy[digest]?.contains { requests[$0]?.url == url } ?? false
  }

  /// The requests of URLs other than `url` that delivered `digest`, most recent first.
  func others(than url: String, delivered digest: UInt64) -> [RequestIdentity] {
    (deliveredBy[digest] ?? []).reversed().compactMap { requests[$0] }.filter { $0.url != url }
  }
}

extension OracleFacts {
  /// Who an image shown in a cell of `cellURL` belongs to, when it is not the cell's own: the
  /// requests that delivered its bytes, most recent first, named by request identity; failing
  /// that, the URLs whose fixture serves them. Nil when a transfer of the cell's own URL
  /// delivered them (a progressive preview of its own request), or when no request and no URL
  /// accounts for them (a decode of bytes nobody delivered: `no_corrupt_image`'s concern, not
  /// a cross-cell image).
  func culprit(of source: ContentDigest, shownFor cellURL: String) -> (
    text: String, urls: [String]
  )? {
    ledger.indexPrefixes { server.bytes(for: $0) }
    if ledger.transfer(of: cellURL, delivered: source.value) { return nil }
    let requests = ledger.others(than: cellURL, delivered: source.value)
    if !requests.isEmpty {
      let first: [RequestIdentity] = Array(requests.prefix(2))
      var named: String = first.map { $0.description }.joined(separator: ", or ")
      if requests.count > 2 { named += " (or \(requests.count - 2) more)" }
      return (named, first.map { $0.url })
    }
    let urls: [String] = server.urlsServing(source).filter { $0 != cellURL }
    guard !urls.isEmpty else { return nil }
    let items: [String] = table.model.items.filter { urls.contains(table.expectedURL(of: $0)) }
      .map { String($0.id) }
    var text = "the image served for " + urls.prefix(2).joined(separator: ", ")
    if !items.isEmpty {
      text += " (item" + (items.count > 1 ? "s " : " ") + items.prefix(3).joined(separator: ", ")
      text += ")"
    }
    return (text, Array(urls.prefix(2)))
  }
}
