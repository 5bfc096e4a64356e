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

  let capacity: Int
  let byteLimit: Int
  let state = Mutex(State())

  init(capacity: Int, byteLimit: Int) {
    self.capacity = capacity
    self.byteLimit = byteLimit
  }

  /// The FNV-1a 64 digest of `bytes`: from the memo if these bytes were remembered, resumed
  /// from a remembered array they begin like, otherwise computed (and not stored: arrays seen
  /// once are not worth retaining).
  func digest(of bytes: [UInt8]) -> UInt64 {
    guard bytes.count >= Self.minimumLength else {
      return bytes.withUnsafeBytes { FNV1a64.hash($0) }
    }
    if let known = state.withLock({ $0.digests[Self.key(bytes)]?.digest }) { return known }
    // Resume from the candidate that agrees with `bytes` the longest.
    var resume: (state: UInt64, offset: Int) = (FNV1a64.offsetBasis, 0)
    for candidate in candidates(beginningLike: bytes) {
      let blocks = Self.equalBlocks(candidate.bytes, bytes)
      if blocks == -1 { return candidate.digest }
      let offset = blocks * Self.checkpointStride
      if offset > resume.offset { resume = (candidate.checkpoints[blocks], offset) }
    }
    return bytes.withUnsafeBytes { raw in
      FNV1a64.hash(
        UnsafeRawBufferPointer(rebasing: raw[resume.offset...]), continuing: resume.state)
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
    let digest = bytes.withUnsafeBytes { raw in
      var hash = FNV1a64.offsetBasis
      var offset = 0
      while offset < raw.count {
        let end = min(offset + checkpointStride, raw.count)
        hash = FNV1a64.hash(UnsafeRawBufferPointer(rebasing: raw[offset..<end]), continuing: hash)
        if end - offset == checkpointStride { checkpoints.append(hash) }
        offset = end
      }
      return hash
    }
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
