import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Process-wide memo of content digests by array storage, so the same bytes moving through the
/// simulator (a fixture served, delivered, decoded) are hashed once, not at every hop. Only
/// arrays explicitly remembered (`ContentDigest.remembering`) are kept.
///
/// The key is the array's storage address and length. The memo keeps a copy of each array it
/// has seen, so that storage can be neither freed and reused for other bytes nor mutated in
/// place (a mutation of a shared array copies it to new storage first): a key therefore always
/// names the same bytes. Bounded; the oldest entries go first. The result is identical to
/// hashing, so the memo changes wall time only.
///
/// Bytes that are not a remembered array but begin like one are recognised too, by their first
/// `sampleLength` bytes: a body a delegate accumulated chunk by chunk from a served fixture
/// (the same bytes in new storage), a body cut short by a reset or a truncation (a prefix), or
/// one with flipped bytes. Comparing them with the remembered bytes (`memcmp`, an order of
/// magnitude cheaper than FNV-1a's byte-serial loop) finds how far they agree; the digest then
/// resumes from the remembered array's hash state at the last checkpoint before the first
/// difference (one every `checkpointStride` bytes), so only the rest is hashed. Equal bytes
/// cost no hashing at all.
final class DigestMemo: Sendable {
  struct Key: Hashable {
    var address: UInt
    var count: Int
  }

  struct Entry {
    var bytes: [UInt8]
    var digest: UInt64
    /// The FNV-1a state after each whole `checkpointStride` bytes: `checkpoints[k]` after the
    /// first `k × checkpointStride` bytes (`checkpoints[0]` is the offset basis).
    var checkpoints: [UInt64]
  }

  struct State {
    var digests: [Key: Entry] = [:]
    /// The remembered arrays by the digest of their first `sampleLength` bytes.
    var byHead: [UInt64: [Key]] = [:]
    var order: [Key] = []
    var head = 0
    var retainedBytes = 0
    /// The last few arrays hashed (`recentCapacity`, oldest overwritten first), with the
    /// digest of their first `sampleLength` bytes.
    var recent: [(head: UInt64, entry: Entry)] = []
    var recentNext = 0
  }

  /// The process's memo: at most 4,096 arrays and 48 MB retained (fixtures are shared by
  /// every run through `FixtureStore`, so this holds one array per fixture, not one per run).
  static let shared = DigestMemo(capacity: 4_096, byteLimit: 48_000_000)

  /// Arrays shorter than this are hashed directly: cheaper than a lookup.
  static let minimumLength = 4_096
  /// Leading bytes that index remembered arrays.
  static let sampleLength = 256
  /// Bytes between saved hash states.
  static let checkpointStride = 4_096
  /// Arrays hashed last kept (a body no remembered array holds: corrupted, truncated): the
  /// network and then the decoder each ask for the digest of the same delivered bytes, the
  /// second time in other storage (the loader's accumulated body), and the second answer is
  /// then a `memcmp` instead of hashing everything after the first difference again.
  static let recentCapacity = 4
  /// Arrays longer than this are not kept.
  static let recentByteLimit = 4_000_000

  let capacity: Int
  let byteLimit: Int
  let state = Mutex(State())

  init(capacity: Int, byteLimit: Int) {
    self.capacity = capacity
    self.byteLimit = byteLimit
  }

  /// The FNV-1a 64 digest of `bytes`: from the memo if these bytes were remembered or hashed
  /// lately, resumed from a remembered array they begin like, otherwise computed (and kept
  /// among the last `recentCapacity` hashed, not remembered for good).
  func digest(of bytes: [UInt8]) -> UInt64 {
    guard bytes.count >= Self.minimumLength else {
      return bytes.withUnsafeBytes { FNV1a64.hash($0) }
    }
    if let known = state.withLock({ $0.digests[Self.key(bytes)]?.digest }) { return known }
    // Resume from the candidate that agrees with `bytes` the longest.
    let head = Self.headSample(bytes)
    var best: (entry: Entry, blocks: Int)?
    for candidate in candidates(head: head) {
      let blocks = Self.equalBlocks(candidate.bytes, bytes)
      if blocks == -1 { return candidate.digest }
      if blocks > 0, blocks > best?.blocks ?? 0 { best = (candidate, blocks) }
    }
    // Hash what differs (all of it when nothing agrees), saving the states a later near-copy
    // resumes from.
    var checkpoints =
      best.map { Array($0.entry.checkpoints[...$0.blocks]) } ?? [FNV1a64.offsetBasis]
    let digest = Self.hash(bytes, from: best?.blocks ?? 0, continuing: &checkpoints)
    if bytes.count <= Self.recentByteLimit {
      let entry = Entry(bytes: bytes, digest: digest, checkpoints: checkpoints)
      state.withLock { state in
        if state.recent.count < Self.recentCapacity {
          state.recent.append((head, entry))
        } else {
          state.recent[state.recentNext] = (head, entry)
        }
        state.recentNext = (state.recentNext + 1) % Self.recentCapacity
      }
    }
    return digest
  }

  /// The FNV-1a digest of `bytes`, resumed at the start of block `block` from
  /// `checkpoints[block]` (which holds the states up to it), appending the state after every
  /// later whole block.
  static func hash(_ bytes: [UInt8], from block: Int, continuing checkpoints: inout [UInt64])
    -> UInt64
  {
    bytes.withUnsafeBytes { raw in
      var hash = checkpoints[block]
      var offset = block * checkpointStride
      while offset < raw.count {
        let end = min(offset + checkpointStride, raw.count)
        hash = FNV1a64.hash(UnsafeRawBufferPointer(rebasing: raw[offset..<end]), continuing: hash)
        if end - offset == checkpointStride { checkpoints.append(hash) }
        offset = end
      }
      return hash
    }
  }

  /// A remembered array holding the same bytes as `bytes` (sharing its storage costs nothing),
  /// or `bytes` itself when none does.
  func canonical(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= Self.minimumLength else { return bytes }
    if state.withLock({ $0.digests[Self.key(bytes)] != nil }) { return bytes }
    return candidates(beginningLike: bytes).first {
      $0.bytes.count == bytes.count && Self.equalBlocks($0.bytes, bytes) == -1
    }?.bytes ?? bytes
  }

  /// The remembered arrays whose first `sampleLength` bytes hash like those of `bytes`.
  func candidates(beginningLike bytes: [UInt8]) -> [Entry] {
    let head = Self.headSample(bytes)
    return state.withLock { state in (state.byHead[head] ?? []).compactMap { state.digests[$0] } }
  }

  /// The remembered arrays, then the recently hashed ones, whose first `sampleLength` bytes
  /// hash to `head`.
  func candidates(head: UInt64) -> [Entry] {
    state.withLock { state in
      (state.byHead[head] ?? []).compactMap { state.digests[$0] }
        + state.recent.lazy.filter { $0.head == head }.map(\.entry)
    }
  }

  /// Computes the digest of `bytes` and remembers it, retaining the array: for bytes that will
  /// be handed around many times, such as the fixtures a run serves.
  @discardableResult
  func remember(_ bytes: [UInt8]) -> UInt64 {
    guard bytes.count >= Self.minimumLength, bytes.count <= byteLimit / 8 else {
      return digest(of: bytes)
    }
    let key = Self.key(bytes)
    if let known = state.withLock({ $0.digests[key]?.digest }) { return known }
    let entry = Self.entry(bytes)
    state.withLock { state in
      guard state.digests[key] == nil else { return }
      state.digests[key] = entry
      state.byHead[Self.headSample(bytes), default: []].append(key)
      state.order.append(key)
      state.retainedBytes += bytes.count
      while state.order.count - state.head > capacity || state.retainedBytes > byteLimit {
        let oldest = state.order[state.head]
        if let removed = state.digests.removeValue(forKey: oldest) {
          state.retainedBytes -= removed.bytes.count
          let head = Self.headSample(removed.bytes)
          state.byHead[head]?.removeAll { $0 == oldest }
          if state.byHead[head]?.isEmpty == true { state.byHead[head] = nil }
        }
        state.head += 1
      }
      if state.head > capacity {
        state.order.removeFirst(state.head)
        state.head = 0
      }
    }
    return entry.digest
  }

  /// The digest of `bytes` with the hash state at every checkpoint.
  static func entry(_ bytes: [UInt8]) -> Entry {
    var checkpoints: [UInt64] = [FNV1a64.offsetBasis]
    checkpoints.reserveCapacity(bytes.count / checkpointStride + 1)
    let digest = hash(bytes, from: 0, continuing: &checkpoints)
    return Entry(bytes: bytes, digest: digest, checkpoints: checkpoints)
  }

  /// The FNV-1a digest of the first `sampleLength` bytes (`bytes` has at least
  /// `minimumLength`).
  static func headSample(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { FNV1a64.hash(UnsafeRawBufferPointer(rebasing: $0[..<sampleLength])) }
  }

  /// -1 if `a` and `b` hold the same bytes; otherwise how many whole `checkpointStride`-byte
  /// blocks they share at the start (blocks within both lengths).
  static func equalBlocks(_ a: [UInt8], _ b: [UInt8]) -> Int {
    a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in
        let common = min(x.count, y.count)
        var blocks = 0
        while (blocks + 1) * checkpointStride <= common,
          memcmp(
            x.baseAddress! + blocks * checkpointStride, y.baseAddress! + blocks * checkpointStride,
            checkpointStride) == 0
        {
          blocks += 1
        }
        let done = blocks * checkpointStride
        if x.count == y.count,
          done == common
            || memcmp(x.baseAddress! + done, y.baseAddress! + done, common - done) == 0
        {
          return -1
        }
        return blocks
      }
    }
  }

  static func key(_ bytes: [UInt8]) -> Key {
    bytes.withUnsafeBufferPointer {
      Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count)
    }
  }
}
