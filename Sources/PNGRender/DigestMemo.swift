import Synchronization

/// Process-wide memo of content digests by array storage, so the same bytes moving through the
/// simulator (a fixture served, delivered, decoded) are hashed once, not at every hop. Only
/// arrays explicitly remembered (`ContentDigest.remembering`) are kept.
///
/// The key is the array's storage address and length. The memo keeps a copy of each array it
/// has seen, so that storage can be neither freed and reused for other bytes nor mutated in
/// place (a mutation of a shared array copies it to new storage first): a key therefore always
/// names the same bytes. Bounded; the oldest entries go first. The result is identical to
/// hashing, so the memo changes wall time only.
final class DigestMemo: Sendable {
  struct Key: Hashable {
    var address: UInt
    var count: Int
  }

  struct State {
    var digests: [Key: (bytes: [UInt8], digest: UInt64)] = [:]
    var order: [Key] = []
    var head = 0
    var retainedBytes = 0
  }

  /// The process's memo: at most 4,096 arrays and 48 MB retained (fixtures are shared by
  /// every run through `FixtureStore`, so this holds one array per fixture, not one per run).
  static let shared = DigestMemo(capacity: 4_096, byteLimit: 48_000_000)

  /// Arrays shorter than this are hashed directly: cheaper than a lookup.
  static let minimumLength = 4_096

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
    if let known = state.withLock({ $0.digests[Self.key(bytes)]?.digest }) { return known }
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
      state.order.append(key)
      state.retainedBytes += bytes.count
      while state.order.count - state.head > capacity || state.retainedBytes > byteLimit {
        let oldest = state.order[state.head]
        state.retainedBytes -= state.digests[oldest]?.bytes.count ?? 0
        state.digests[oldest] = nil
        state.head += 1
      }
      if state.head > capacity {
        state.order.removeFirst(state.head)
        state.head = 0
      }
    }
    return digest
  }

  static func key(_ bytes: [UInt8]) -> Key {
    bytes.withUnsafeBufferPointer {
      Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count)
    }
  }
}
