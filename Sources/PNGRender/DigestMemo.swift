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
/// A different array with the same bytes as a remembered one (a body a delegate accumulated
/// chunk by chunk from a served fixture, say) is recognised too: by its length and a sample of
/// its first and last bytes, then confirmed by comparing every byte (`memcmp`, an order of
/// magnitude cheaper than FNV-1a's byte-serial loop).
final class DigestMemo: Sendable {
  struct Key: Hashable {
    var address: UInt
    var count: Int
  }

  /// The length of some bytes and a digest of their first and last `sampleLength` bytes.
  struct Shape: Hashable {
    var count: Int
    var sample: UInt64
  }

  struct State {
    var digests: [Key: (bytes: [UInt8], digest: UInt64)] = [:]
    /// The remembered arrays by shape (several when different bytes share a shape).
    var byShape: [Shape: [Key]] = [:]
    var order: [Key] = []
    var head = 0
    var retainedBytes = 0
  }

  /// The process's memo: at most 4,096 arrays and 48 MB retained (fixtures are shared by
  /// every run through `FixtureStore`, so this holds one array per fixture, not one per run).
  static let shared = DigestMemo(capacity: 4_096, byteLimit: 48_000_000)

  /// Arrays shorter than this are hashed directly: cheaper than a lookup.
  static let minimumLength = 4_096
  /// Bytes sampled at each end for `Shape`.
  static let sampleLength = 256

  let capacity: Int
  let byteLimit: Int
  let state = Mutex(State())

  init(capacity: Int, byteLimit: Int) {
    self.capacity = capacity
    self.byteLimit = byteLimit
  }

  /// The FNV-1a 64 digest of `bytes`: from the memo if these bytes were remembered, otherwise
  /// computed (and not stored: arrays seen once are not worth retaining).
  func digest(of bytes: [UInt8]) -> UInt64 {
    guard bytes.count >= Self.minimumLength else {
      return bytes.withUnsafeBytes { FNV1a64.hash($0) }
    }
    let key = Self.key(bytes)
    if let known = state.withLock({ $0.digests[key]?.digest }) { return known }
    let shape = Self.shape(bytes)
    let candidates = state.withLock { state in
      (state.byShape[shape] ?? []).compactMap { state.digests[$0] }
    }
    for candidate in candidates where Self.equal(candidate.bytes, bytes) {
      return candidate.digest
    }
    return bytes.withUnsafeBytes { FNV1a64.hash($0) }
  }

  /// Computes the digest of `bytes` and remembers it, retaining the array: for bytes that will
  /// be handed around many times, such as the fixtures a run serves.
  @discardableResult
  func remember(_ bytes: [UInt8]) -> UInt64 {
    let digest = digest(of: bytes)
    guard bytes.count >= Self.minimumLength, bytes.count <= byteLimit / 8 else { return digest }
    let key = Self.key(bytes)
    state.withLock { state in
      guard state.digests[key] == nil else { return }
      state.digests[key] = (bytes, digest)
      state.byShape[Self.shape(bytes), default: []].append(key)
      state.order.append(key)
      state.retainedBytes += bytes.count
      while state.order.count - state.head > capacity || state.retainedBytes > byteLimit {
        let oldest = state.order[state.head]
        if let removed = state.digests.removeValue(forKey: oldest) {
          state.retainedBytes -= removed.bytes.count
          let shape = Self.shape(removed.bytes)
          state.byShape[shape]?.removeAll { $0 == oldest }
          if state.byShape[shape]?.isEmpty == true { state.byShape[shape] = nil }
        }
        state.head += 1
      }
      if state.head > capacity {
        state.order.removeFirst(state.head)
        state.head = 0
      }
    }
    return digest
  }

  /// The length of `bytes` and the FNV-1a digest of their first and last `sampleLength` bytes
  /// (`bytes` has at least `minimumLength`, so the two samples do not overlap).
  static func shape(_ bytes: [UInt8]) -> Shape {
    bytes.withUnsafeBytes { raw in
      let head = UnsafeRawBufferPointer(rebasing: raw[..<sampleLength])
      let tail = UnsafeRawBufferPointer(rebasing: raw[(raw.count - sampleLength)...])
      return Shape(
        count: raw.count, sample: FNV1a64.hash(tail, continuing: FNV1a64.hash(head)))
    }
  }

  /// Whether `a` and `b` hold the same bytes (same length assumed by the caller's shape).
  static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
    }
  }

  static func key(_ bytes: [UInt8]) -> Key {
    bytes.withUnsafeBufferPointer {
      Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count)
    }
  }
}
