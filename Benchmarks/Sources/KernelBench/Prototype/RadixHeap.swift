/// A radix heap on the 128-bit key `(time, seq)` (Ahuja, Mehlhorn, Orlin and Tarjan).
///
/// It works for a simulator because keys are monotone: a new event has `time >= now` and a
/// `seq` larger than every earlier one, so its key is never below the last key popped. Bucket
/// `b` holds keys whose highest bit differing from the last popped key is bit `b - 1`; popping
/// empties the lowest non-empty bucket into lower buckets around its minimum. Every access is
/// an append or a linear scan of a contiguous array, so a million pending events cost far
/// fewer cache misses than a comparison heap's root-to-leaf walks. Order is exactly
/// `(time, seq)`, as in `EventLoop`.
final class RadixHeap: EntryQueue {
  private var buckets = [[HeapEntry]](repeating: [], count: 129)
  private var lastTime: UInt64 = 0
  private var lastSeq: UInt64 = 0
  private var count = 0

  init() {}

  @inline(__always)
  private func bucket(of entry: HeapEntry) -> Int {
    let timeBits = UInt64(bitPattern: entry.time) ^ lastTime
    if timeBits != 0 { return 129 - timeBits.leadingZeroBitCount }
    let seqBits = entry.seq ^ lastSeq
    return seqBits == 0 ? 0 : 65 - seqBits.leadingZeroBitCount
  }

  func push(_ entry: HeapEntry) {
    buckets[bucket(of: entry)].append(entry)
    count += 1
  }

  func popMin() -> HeapEntry? {
    if count == 0 { return nil }
    if buckets[0].isEmpty { refill() }
    count -= 1
    return buckets[0].removeLast()
  }

  /// Empties the lowest non-empty bucket: its minimum becomes the last key, and every entry
  /// moves to a lower bucket relative to it.
  private func refill() {
    var index = 1
    while buckets[index].isEmpty { index += 1 }
    var moving = buckets[index]
    buckets[index] = []
    var minimum = moving[0]
    for entry in moving.dropFirst() where entry < minimum { minimum = entry }
    lastTime = UInt64(bitPattern: minimum.time)
    lastSeq = minimum.seq
    for entry in moving { buckets[bucket(of: entry)].append(entry) }
    moving.removeAll(keepingCapacity: true)
    buckets[index] = moving
  }
}
