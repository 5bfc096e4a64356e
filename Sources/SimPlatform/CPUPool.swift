/// The CPU slots that background work competes for: `device.cores` of them.
///
/// CPU and threads are different resources, as in GCD: a CPU-bound step needs a slot and waits,
/// first come first served, when none is free; a blocked wait holds its thread but no slot.
/// The main thread has its own core and never takes a slot.
package final class CPUPool {
  /// The number of slots.
  package let slots: Int
  /// Slots in use now.
  @exclusivity(unchecked) package private(set) var inUse = 0
  /// The most slots ever in use at once.
  @exclusivity(unchecked) package private(set) var peakInUse = 0
  @exclusivity(unchecked) var waiters: [() -> Void] = []
  @exclusivity(unchecked) var waitHead = 0

  init(slots: Int) {
    precondition(slots >= 1, "CPUPool: a device needs at least one core")
    self.slots = slots
  }

  /// Steps waiting for a slot.
  package var waiting: Int { waiters.count - waitHead }

  /// Calls `granted` now if a slot is free, or when one frees up, in request order.
  func acquire(_ granted: @escaping () -> Void) {
    if inUse < slots {
      take()
      granted()
    } else {
      waiters.append(granted)
    }
  }

  /// Gives a slot back; the longest waiter, if any, gets it at this instant.
  func release() {
    precondition(inUse > 0, "CPUPool.release(): no slot is in use")
    inUse -= 1
    guard waitHead < waiters.count else { return }
    let next = waiters[waitHead]
    waitHead += 1
    if waitHead > 64 && waitHead * 2 > waiters.count {
      waiters.removeFirst(waitHead)
      waitHead = 0
    }
    take()
    next()
  }

  func take() {
    inUse += 1
    peakInUse = max(peakInUse, inUse)
  }

  /// Checks that slot accounting is consistent; stops with a message if not.
  package func _checkInvariants() {
    precondition(inUse >= 0 && inUse <= slots, "CPUPool: \(inUse) of \(slots) slots in use")
    precondition(waiting == 0 || inUse == slots, "CPUPool: steps wait while a slot is free")
  }
}
