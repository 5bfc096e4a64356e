/// The actions of pending events, in reusable slots on manually managed storage.
///
/// A slot's generation increases every time it is vacated, so a stale heap entry or handle
/// (whose generation no longer matches) is recognised in O(1). Raw storage keeps the hot path
/// free of Swift's dynamic exclusivity checks.
final class SlotTable {
  /// What a pending event does: run a closure, or call a target with a tag (no allocation).
  enum Action {
    case closure(() -> Void)
    case target(any EventTarget, Int)

    @inline(__always) func perform() {
      switch self {
      case .closure(let body): body()
      case .target(let target, let tag): target.fire(tag: tag)
      }
    }
  }

  /// One slot: its action, repeat interval and generation side by side, so the loop touches
  /// one cache line per event instead of one in each of three arrays (with a million pending
  /// events, slots are read in random order and every separate array was a cache miss).
  struct Slot {
    var action: Action?
    var interval: Int64
    var generation: UInt32
  }

  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
  @exclusivity(unchecked) private var freeList: UnsafeMutablePointer<UInt32>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private(set) var freeCount = 0
  @exclusivity(unchecked) private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = capacity
    slots = .allocate(capacity: capacity)
    freeList = .allocate(capacity: capacity)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
    freeList.deallocate()
  }

  /// Puts `action` in a free slot and returns the slot and its generation.
  @inline(__always)
  func occupy(_ action: consuming Action, interval: Int64) -> (UInt32, UInt32) {
    let slot: Int
    if freeCount > 0 {
      freeCount -= 1
      slot = Int(freeList[freeCount])
      slots[slot].action = consume action
      slots[slot].interval = interval
    } else {
      if count == capacity { grow() }
      slot = count
      count += 1
      (slots + slot).initialize(to: Slot(action: consume action, interval: interval, generation: 0))
    }
    return (UInt32(truncatingIfNeeded: slot), slots[slot].generation)
  }

  /// Empties a slot and makes its generation stale.
  @inline(__always)
  func vacate(_ slot: UInt32) {
    let index = Int(slot)
    slots[index].action = nil
    slots[index].generation &+= 1
    freeList[freeCount] = slot
    freeCount += 1
  }

  /// Whether `slot` holds a pending event of `generation`.
  @inline(__always)
  func isPending(_ slot: UInt32, generation: UInt32) -> Bool {
    let index = Int(slot)
    return index < count && slots[index].generation == generation && slots[index].action != nil
  }

  /// The action of `slot` if it holds a pending event of `generation`.
  @inline(__always)
  func actionIfPending(_ slot: UInt32, generation: UInt32) -> Action? {
    let index = Int(slot)
    guard slots[index].generation == generation else { return nil }
    return slots[index].action
  }

  /// Takes the action out of `slot` (which must be pending with `generation`) and vacates
  /// the slot, moving the closure rather than copying it, so firing a one-shot event costs no
  /// extra retain and release.
  @inline(__always)
  func take(_ slot: UInt32) -> Action? {
    let index = Int(slot)
    let action = slots[index].action.take()
    slots[index].generation &+= 1
    freeList[freeCount] = slot
    freeCount += 1
    return action
  }

  /// The generation of `slot` now.
  @inline(__always)
  func generation(_ slot: UInt32) -> UInt32 { slots[Int(slot)].generation }

  /// Whether `slot` holds an action.
  @inline(__always)
  func hasAction(_ slot: UInt32) -> Bool { slots[Int(slot)].action != nil }

  /// The repeat interval of `slot` (0 for one-shot events).
  @inline(__always)
  func interval(_ slot: UInt32) -> Int64 { slots[Int(slot)].interval }

  /// The slots on the free list, for invariant checks.
  var freeSlots: UnsafeBufferPointer<UInt32> {
    UnsafeBufferPointer(start: freeList, count: freeCount)
  }

  /// Whether `slot` is occupied, for invariant checks.
  func isOccupied(_ slot: Int) -> Bool { slots[slot].action != nil }

  private func grow() {
    let newCapacity = capacity * 2
    slots = Self.regrow(slots, count: count, to: newCapacity)
    freeList = Self.regrow(freeList, count: freeCount, to: newCapacity)
    capacity = newCapacity
  }

  private static func regrow<T>(_ old: UnsafeMutablePointer<T>, count: Int, to capacity: Int)
    -> UnsafeMutablePointer<T>
  {
    let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
    new.moveInitialize(from: old, count: count)
    old.deallocate()
    return new
  }
}
