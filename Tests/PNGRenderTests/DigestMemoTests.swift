import Testing

@testable import PNGRender

@Suite("Digest memo")
struct DigestMemoTests {
  /// Deterministic pseudo-random bytes (a different `seed` gives different bytes).
  static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
  }

  static func hashed(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { FNV1a64.hash($0) } }

  @Test("a copy of a remembered array, built byte by byte in new storage, gets the same digest")
  func recognisesEqualContent() {
    let memo = DigestMemo(capacity: 16, byteLimit: 10_000_000)
    let served = Self.bytes(50_000, seed: 1)
    #expect(memo.remember(served) == Self.hashed(served))
    // A delegate accumulating chunks: new storage, same bytes.
    var accumulated: [UInt8] = []
    for start in stride(from: 0, to: served.count, by: 4_096) {
      accumulated += served[start..<min(start + 4_096, served.count)]
    }
    #expect(DigestMemo.key(accumulated) != DigestMemo.key(served))
    #expect(memo.digest(of: accumulated) == Self.hashed(served))
  }

  @Test(
    "bytes that begin like a remembered array but differ later get the digest of their own bytes",
    arguments: [300, 4_095, 4_096, 25_000, 49_999])
  func differentLater(at index: Int) {
    let memo = DigestMemo(capacity: 16, byteLimit: 10_000_000)
    let served = Self.bytes(50_000, seed: 2)
    memo.remember(served)
    var altered = served
    altered[index] &+= 1
    #expect(DigestMemo.headSample(altered) == DigestMemo.headSample(served))
    #expect(DigestMemo.equalBlocks(served, altered) == index / DigestMemo.checkpointStride)
    #expect(memo.digest(of: altered) == Self.hashed(altered))
    #expect(memo.digest(of: altered) != Self.hashed(served))
  }

  @Test(
    "a prefix or an extension of a remembered array gets the digest of its own bytes",
    arguments: [4_096, 4_097, 8_192, 12_000, 19_999, 20_001, 30_000])
  func prefixesAndExtensions(count: Int) {
    let memo = DigestMemo(capacity: 16, byteLimit: 10_000_000)
    let served = Self.bytes(20_000, seed: 3)
    memo.remember(served)
    let other =
      count <= served.count
      ? Array(served.prefix(count)) : served + Self.bytes(count - served.count, seed: 9)
    #expect(memo.digest(of: other) == Self.hashed(other))
  }

  @Test("unrelated bytes, and bytes differing in the first sample, are hashed in full")
  func unrelated() {
    let memo = DigestMemo(capacity: 16, byteLimit: 10_000_000)
    let served = Self.bytes(20_000, seed: 3)
    memo.remember(served)
    var early = served
    early[10] &+= 1
    for other in [Self.bytes(20_000, seed: 4), early] {
      #expect(memo.digest(of: other) == Self.hashed(other))
    }
  }

  @Test(
    "bytes hashed lately are recognised in other storage, with their own checkpoints",
    arguments: [10, 300, 9_000])
  func recent(at index: Int) {
    let memo = DigestMemo(capacity: 16, byteLimit: 10_000_000)
    let served = Self.bytes(30_000, seed: 7)
    memo.remember(served)
    var corrupted = served
    corrupted[index] ^= 0x5A
    #expect(memo.digest(of: corrupted) == Self.hashed(corrupted))
    let kept = memo.state.withLock { $0.recent }
    #expect(kept.count == 1)
    #expect(kept.first?.entry.checkpoints == DigestMemo.entry(corrupted).checkpoints)
    // The loader's accumulated copy of the same bytes: equal to the kept one.
    let accumulated = corrupted.map { $0 }
    #expect(DigestMemo.key(accumulated) != DigestMemo.key(corrupted))
    #expect(
      memo.candidates(head: DigestMemo.headSample(accumulated)).contains {
        DigestMemo.equalBlocks($0.bytes, accumulated) == -1
      })
    #expect(memo.digest(of: accumulated) == Self.hashed(corrupted))
    // A later change of the kept bytes resumes from the kept checkpoints.
    var again = accumulated
    again[25_000] ^= 1
    #expect(memo.digest(of: again) == Self.hashed(again))
    // Only the last few are kept.
    for seed in 0..<UInt64(DigestMemo.recentCapacity + 2) {
      _ = memo.digest(of: Self.bytes(5_000, seed: 100 + seed))
    }
    #expect(memo.state.withLock { $0.recent.count } == DigestMemo.recentCapacity)
  }

  @Test("checkpoints hold the hash state after each whole block")
  func checkpoints() {
    let bytes = Self.bytes(3 * DigestMemo.checkpointStride + 17, seed: 5)
    let entry = DigestMemo.entry(bytes)
    #expect(entry.digest == Self.hashed(bytes))
    #expect(entry.checkpoints.count == 4)
    for (k, state) in entry.checkpoints.enumerated() {
      #expect(state == Self.hashed(Array(bytes.prefix(k * DigestMemo.checkpointStride))))
    }
  }

  @Test("canonical storage: equal bytes come back in the remembered array, others unchanged")
  func canonical() {
    let memo = DigestMemo(capacity: 16, byteLimit: 10_000_000)
    let served = Self.bytes(30_000, seed: 6)
    memo.remember(served)
    var rebuilt: [UInt8] = []
    for start in stride(from: 0, to: served.count, by: 1_000) {
      rebuilt += served[start..<min(start + 1_000, served.count)]
    }
    let shared = memo.canonical(rebuilt)
    #expect(shared == served)
    #expect(DigestMemo.key(shared) == DigestMemo.key(served))
    var flipped = rebuilt
    flipped[20_000] ^= 0xFF
    let short = Array(served.prefix(20_000))
    let small = Array(served.prefix(100))
    for other in [flipped, short, small] {
      let result = memo.canonical(other)
      #expect(result == other)
      #expect(DigestMemo.key(result) == DigestMemo.key(other))
    }
  }

  @Test("an evicted array is no longer recognised by content, and nothing else breaks")
  func eviction() {
    let memo = DigestMemo(capacity: 2, byteLimit: 10_000_000)
    let arrays = (0..<4).map { Self.bytes(8_192, seed: 10 + UInt64($0)) }
    for array in arrays { memo.remember(array) }
    let state = memo.state.withLock { $0 }
    #expect(state.digests.count == 2)
    #expect(state.byHead.values.reduce(0) { $0 + $1.count } == 2)
    for array in arrays {
      #expect(memo.digest(of: Array(array[...])) == Self.hashed(array))
    }
  }
}
