import Synchronization

/// Process-wide memo of content digests by array storage, so the same bytes moving through the
/// simulator (a fixture served, delivered, decoded) are hashed once, not at every hop.
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
  }

  /// The process's memo.
  static let shared = DigestMemo(capacity: 8_192)

  /// Arrays shorter than this are hashed directly: cheaper than a lookup.
  static let minimumLength = 4_096

  let capacity: Int
  let state = Mutex(State())

  init(capacity: Int) { self.capacity = capacity }

  /// The FNV-1a 64 digest of `bytes`.
  func digest(of bytes: [UInt8]) -> UInt64 {
    guard bytes.count >= Self.minimumLength else {
      return bytes.withUnsafeBytes { FNV1a64.hash($0) }
    }
    let key = bytes.withUnsafeBufferPointer {
      Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count)
    }
    if let known = state.withLock({ $0.digests[key]?.digest }) { return known }
    let digest = bytes.withUnsafeBytes { FNV1a64.hash($0) }
    state.withLock { state in
      guard state.digests[key] == nil else { return }
      state.digests[key] = (bytes, digest)
      state.order.append(key)
      if state.order.count - state.head > capacity {
        state.digests[state.order[state.head]] = nil
        state.head += 1
        if state.head > capacity {
          state.order.removeFirst(state.head)
          state.head = 0
        }
      }
    }
    return digest
  }
}
