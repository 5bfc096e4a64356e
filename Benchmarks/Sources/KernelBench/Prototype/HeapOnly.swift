import HeapModule

/// The heap alone, without closures or slots: push `keys` in order, then pop them all. Shows
/// how much of an event's cost is the priority queue itself.
enum HeapOnly {
  /// Pushes and pops `keys` through HeapModule's `Heap`; returns a checksum of the pop order.
  static func heapModule(_ keys: [Int64]) -> UInt64 {
    var heap = Heap<HeapEntry>()
    for (seq, key) in keys.enumerated() {
      heap.insert(.init(time: key, seq: UInt64(seq), slot: 0, generation: 0))
    }
    var digest = OrderDigest()
    while let entry = heap.popMin() { digest.add(entry.time) }
    return digest.value
  }

  /// Pushes and pops `keys` through one of the prototype queues.
  static func queue<Queue: EntryQueue>(_ keys: [Int64], _ type: Queue.Type) -> UInt64 {
    let heap = Queue()
    for (seq, key) in keys.enumerated() {
      heap.push(.init(time: key, seq: UInt64(seq), slot: 0, generation: 0))
    }
    var digest = OrderDigest()
    while let entry = heap.popMin() { digest.add(entry.time) }
    return digest.value
  }
}

extension HeapEntry: Comparable {
  static func == (a: Self, b: Self) -> Bool { a.time == b.time && a.seq == b.seq }
}
