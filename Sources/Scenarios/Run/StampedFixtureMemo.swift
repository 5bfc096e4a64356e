import FixtureGenerator
import PNGRender
import Synchronization

/// Process-wide memo of stamped fixtures (`images: {unique_bytes: true}`), by content: the key
/// is the digest of the fixture's bytes and the URL, so every scenario and every loader of a
/// suite or a comparison that serves the same fixture at the same URL stamps and encodes it
/// once. Bounded by bytes; the oldest entries go first. The result is a pure function of the
/// key, so the memo changes wall time only.
final class StampedFixtureMemo: Sendable {
  struct Key: Hashable {
    var source: UInt64
    var url: String
  }

  struct State {
    var entries: [Key: (bytes: [UInt8], digest: ContentDigest)?] = [:]
    var order: [Key] = []
    var head = 0
    var retainedBytes = 0
    /// Decoded fixtures by digest, prepared for stamping (nil: does not decode), so a fixture
    /// decodes once however many URLs it is stamped for. Few: a suite uses a handful of fixtures.
    var decoded: [UInt64: URLStamp.Base?] = [:]
    var decodedOrder: [UInt64] = []
  }

  /// Decoded fixtures kept at most.
  static let decodedCapacity = 32

  /// The process's memo: at most 48 MB of stamped bytes (a run keeps the stamped bytes it
  /// serves itself; the memo only saves stamping them again in later runs).
  static let shared = StampedFixtureMemo(byteLimit: 48_000_000)

  let byteLimit: Int
  let state = Mutex(State())

  init(byteLimit: Int) { self.byteLimit = byteLimit }

  /// The stamped bytes of `fixture` (whose digest is `source`) for `url`, and their digest;
  /// nil when the fixture does not decode.
  func stamped(_ fixture: [UInt8], source: ContentDigest, url: String) -> (
    bytes: [UInt8], digest: ContentDigest
  )? {
    let key = Key(source: source.value, url: url)
    if let cached = state.withLock({ $0.entries[key] }) { return cached }
    let result = decodedFixture(fixture, source: source)
      .flatMap { URLStamp.stamp($0, key: url) }
      .map { ($0, ContentDigest.remembering($0)) }
    state.withLock { state in
      guard state.entries[key] == nil else { return }
      state.entries[key] = .some(result)
      state.order.append(key)
      state.retainedBytes += result?.0.count ?? 0
      while state.retainedBytes > byteLimit, state.head < state.order.count - 1 {
        let oldest = state.order[state.head]
        state.head += 1
        if let removed = state.entries.removeValue(forKey: oldest) {
          state.retainedBytes -= removed?.bytes.count ?? 0
        }
      }
      if state.head > 1_024 && state.head * 2 > state.order.count {
        state.order.removeFirst(state.head)
        state.head = 0
      }
    }
    return result
  }

  /// The fixture decoded and prepared for stamping, from the memo when it was before.
  func decodedFixture(_ fixture: [UInt8], source: ContentDigest) -> URLStamp.Base? {
    if let known = state.withLock({ $0.decoded[source.value] }) { return known }
    let bitmap = (try? PNGDecoder().decode(fixture).bitmap).map(URLStamp.Base.init)
    state.withLock { state in
      guard state.decoded[source.value] == nil else { return }
      state.decoded[source.value] = .some(bitmap)
      state.decodedOrder.append(source.value)
      if state.decodedOrder.count > Self.decodedCapacity {
        state.decoded[state.decodedOrder.removeFirst()] = nil
      }
    }
    return bitmap
  }
}
