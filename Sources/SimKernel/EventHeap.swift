/// A binary min-heap of event entries on one contiguous, manually managed buffer.
///
/// The kernel only ever needs the minimum, so a plain binary heap beats a min-max heap, and
/// sifting with a hole (moving entries, not swapping them) halves the writes. Raw storage
/// avoids Swift's dynamic exclusivity checks on every access from the loop's methods; entries
/// are 24-byte trivial values, so no initialization bookkeeping is needed.
final class EventHeap {
  @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<EventLoop.Entry>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// The smallest entry, if any.
  @inline(__always) var min: EventLoop.Entry? { count > 0 ? base[0] : nil }

  /// Every entry, in no particular order.
  var unordered: UnsafeBufferPointer<EventLoop.Entry> {
    UnsafeBufferPointer(start: base, count: count)
  }

  @inline(__always)
  func push(_ entry: EventLoop.Entry) {
    if count == capacity { grow() }
    var hole = count
    count += 1
    while hole > 0 {
      let parent = (hole &- 1) >> 1
      let above = base[parent]
      if !(entry < above) { break }
      base[hole] = above
      hole = parent
    }
    base[hole] = entry
  }

  /// Removes and returns the smallest entry. The heap must not be empty.
  @inline(__always)
  func popMin() -> EventLoop.Entry {
    let top = base[0]
    count -= 1
    if count > 0 { siftDownFromRoot(base[count]) }
    return top
  }

  /// Removes the smallest entry. The heap must not be empty.
  @inline(__always)
  func removeMin() {
    count -= 1
    if count > 0 { siftDownFromRoot(base[count]) }
  }

  /// Fills the root's hole with `entry` (the former last entry), Floyd's way: the hole first
  /// sinks to a leaf along the smaller children (one comparison per level), then `entry` rises
  /// from there. The last entry of a heap usually belongs near the bottom, so it rarely rises
  /// far, and this costs about half the comparisons of sifting `entry` down. Keys
  /// `(time, seq)` are unique, so every correct heap pops the same order.
  @inline(__always)
  private func siftDownFromRoot(_ entry: EventLoop.Entry) {
    var hole = 0
    let n = count
    var child = 1
    while child &+ 1 < n {
      let right = child &+ 1
      if base[right] < base[child] { child = right }
      base[hole] = base[child]
      hole = child
      child = 2 &* hole &+ 1
    }
    if child < n {
      base[hole] = base[child]
      hole = child
    }
    while hole > 0 {
      let parent = (hole &- 1) >> 1
      let above = base[parent]
      if !(entry < above) { break }
      base[hole] = above
      hole = parent
    }
    base[hole] = entry
  }

  private func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<EventLoop.Entry>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Checks the heap property; stops with a message if it is broken.
  func _checkInvariants() {
    for index in 1..<max(count, 1) {
      precondition(
        !(base[index] < base[(index - 1) / 2]), "EventHeap: entry \(index) is below its parent")
    }
  }
}
