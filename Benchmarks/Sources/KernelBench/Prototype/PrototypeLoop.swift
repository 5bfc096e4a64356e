import SimKernel

/// How many children each heap node has, fixed at compile time so that index arithmetic
/// specializes to shifts.
protocol HeapArity {
  static var arity: Int { get }
}

/// A binary heap.
enum Binary: HeapArity { static var arity: Int { 2 } }
/// A 4-ary heap: half the depth of a binary one, and a node's 4 children (96 bytes) span
/// about two cache lines.
enum Quaternary: HeapArity { static var arity: Int { 4 } }

/// A prototype of `EventLoop` for measurement only, generic over its priority queue: the same `(time, seq)` order, slots with
/// generations for cancellation and stale-entry skipping, but a hand-written d-ary min-heap on
/// one contiguous buffer instead of HeapModule's min-max heap, and unsafe buffers instead of
/// arrays for the heap and the slots (no uniqueness checks, no exclusivity bookkeeping on
/// element writes). Recorded here to back the recommendation in README-kernel.md; the real
/// kernel is `SimKernel.EventLoop`.
final class PrototypeLoop<Queue: EntryQueue> {
  typealias Entry = HeapEntry

  struct Slot {
    var action: (() -> Void)?
    var generation: UInt32 = 0
  }

  private(set) var now: SimTime = .zero
  private(set) var eventsRun = 0

  private let heap = Queue()
  private var slots: UnsafeMutablePointer<Slot>
  private var slotCount = 0
  private var slotCapacity: Int
  private var freeSlots: [UInt32] = []
  private var nextSeq: UInt64 = 0

  init() {
    slotCapacity = 16
    slots = .allocate(capacity: slotCapacity)
  }

  deinit {
    slots.deinitialize(count: slotCount)
    slots.deallocate()
  }

  @discardableResult
  func schedule(at time: SimTime, _ action: @escaping () -> Void) -> EventHandle? {
    precondition(time >= now, "schedule(at:) in the past")
    insert(time: time.nanoseconds, action)
    return nil
  }

  @discardableResult
  func schedule(after delay: SimDuration, _ action: @escaping () -> Void) -> EventHandle? {
    precondition(delay.nanoseconds >= 0, "negative delay")
    insert(time: now.nanoseconds + delay.nanoseconds, action)
    return nil
  }

  func runUntilIdle() {
    while let entry = heap.popMin() {
      let index = Int(entry.slot)
      guard slots[index].generation == entry.generation, let action = slots[index].action else {
        continue
      }
      now = SimTime(nanoseconds: entry.time)
      eventsRun += 1
      slots[index].action = nil
      slots[index].generation &+= 1
      freeSlots.append(entry.slot)
      action()
    }
  }

  private func insert(time: Int64, _ action: @escaping () -> Void) {
    let index: Int
    if let free = freeSlots.popLast() {
      index = Int(free)
      slots[index].action = action
    } else {
      if slotCount == slotCapacity { growSlots() }
      index = slotCount
      (slots + index).initialize(to: Slot(action: action))
      slotCount += 1
    }
    let seq = nextSeq
    nextSeq &+= 1
    heap.push(Entry(time: time, seq: seq, slot: UInt32(index), generation: slots[index].generation))
  }

  private func growSlots() {
    let bigger = UnsafeMutablePointer<Slot>.allocate(capacity: slotCapacity * 2)
    bigger.moveInitialize(from: slots, count: slotCount)
    slots.deallocate()
    slots = bigger
    slotCapacity *= 2
  }
}

/// A priority queue of heap entries, popped in `(time, seq)` order.
protocol EntryQueue: AnyObject {
  init()
  func push(_ entry: HeapEntry)
  func popMin() -> HeapEntry?
}

/// A heap entry, as in `EventLoop`: 24 bytes, no reference counting.
struct HeapEntry {
  var time: Int64
  var seq: UInt64
  var slot: UInt32
  var generation: UInt32

  @inline(__always) static func < (a: HeapEntry, b: HeapEntry) -> Bool {
    a.time != b.time ? a.time < b.time : a.seq < b.seq
  }
}

/// A d-ary min-heap of `HeapEntry` on one contiguous unsafe buffer, sifting with a hole
/// (moves, not swaps). A class so that the buffer is freed; single-owner, not copyable in
/// spirit.
final class DAryHeap<Arity: HeapArity>: EntryQueue {
  private var heap: UnsafeMutablePointer<HeapEntry>
  private var heapCount = 0
  private var heapCapacity = 16

  init() { heap = .allocate(capacity: heapCapacity) }
  deinit { heap.deallocate() }

  @inline(__always)
  func push(_ entry: HeapEntry) {
    if heapCount == heapCapacity {
      let bigger = UnsafeMutablePointer<HeapEntry>.allocate(capacity: heapCapacity * 2)
      bigger.moveInitialize(from: heap, count: heapCount)
      heap.deallocate()
      heap = bigger
      heapCapacity *= 2
    }
    let heap = self.heap
    var hole = heapCount
    heapCount += 1
    while hole > 0 {
      let parent = (hole - 1) / Arity.arity
      if !(entry < heap[parent]) { break }
      heap[hole] = heap[parent]
      hole = parent
    }
    heap[hole] = entry
  }

  @inline(__always)
  func popMin() -> HeapEntry? {
    if heapCount == 0 { return nil }
    let heap = self.heap
    let top = heap[0]
    heapCount -= 1
    let count = heapCount
    if count == 0 { return top }
    let last = heap[count]
    var hole = 0
    while true {
      let first = hole * Arity.arity + 1
      if first >= count { break }
      var best = first
      let end = min(first + Arity.arity, count)
      var child = first + 1
      while child < end {
        if heap[child] < heap[best] { best = child }
        child += 1
      }
      if !(heap[best] < last) { break }
      heap[hole] = heap[best]
      hole = best
    }
    heap[hole] = last
    return top
  }
}
