extension EventLoop {
  /// Checks the loop's internal consistency and stops the process with a message if it is
  /// broken. O(n); meant for tests and checked builds.
  ///
  /// - The heap property holds.
  /// - Every live heap entry is in the future or now, and has a unique `seq` below `nextSeq`.
  /// - Every pending slot is referenced by exactly one live heap entry.
  /// - The free list holds exactly the empty slots, each once.
  /// - `pendingCount` equals the number of pending slots.
  package func _checkInvariants() {
    heap._checkInvariants()
    var liveEntriesPerSlot = [Int](repeating: 0, count: slots.count)
    var seqs = Set<UInt64>()
    for entry in heap.unordered {
      precondition(entry.seq < nextSeq, "heap entry seq \(entry.seq) was never issued")
      precondition(seqs.insert(entry.seq).inserted, "duplicate seq \(entry.seq) in the heap")
      precondition(Int(entry.slot) < slots.count, "heap entry names a missing slot")
      if isLive(entry) {
        precondition(
          entry.time >= now.nanoseconds,
          "a pending event at t=\(entry.time)ns is in the past (now is \(now))")
        liveEntriesPerSlot[Int(entry.slot)] += 1
      }
    }
    var pending = 0
    var free = Set(slots.freeSlots)
    precondition(free.count == slots.freeCount, "a slot is on the free list twice")
    for index in 0..<slots.count {
      if slots.isOccupied(index) {
        pending += 1
        precondition(
          liveEntriesPerSlot[index] == 1,
          "pending slot \(index) has \(liveEntriesPerSlot[index]) live heap entries, not 1")
        precondition(!free.contains(UInt32(index)), "pending slot \(index) is on the free list")
      } else {
        precondition(
          free.remove(UInt32(index)) != nil, "empty slot \(index) is not on the free list")
      }
    }
    precondition(free.isEmpty, "the free list names slots that are in use")
    precondition(
      pending == pendingCount, "pendingCount is \(pendingCount) but \(pending) slots are pending")
  }
}
