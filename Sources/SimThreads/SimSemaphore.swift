package import SimKernel
package import SimPlatform

/// A counting semaphore in virtual time: `DispatchSemaphore`.
///
/// `wait` takes one unit, parking the calling thread while none is left; `signal` gives one
/// back, waking the waiter that has waited longest. A woken waiter goes on at the same instant,
/// after the signalling code (an event at `now`). Any thread, blocking or not, may signal.
///
/// First in, first out, unlike locks and conditions (whose next thread is a seeded choice): on
/// Apple's platforms libdispatch backs a semaphore's waiters with a Mach semaphore created
/// with `SYNC_POLICY_FIFO` (libdispatch, `src/semaphore.c`), so waiters wake in arrival order.
package final class SimSemaphore: BlockingResource {
  final class Entry {
    let fiber: Fiber
    let waiter = Waiter()
    var timeout: EventHandle?
    var timedOut = false
    init(fiber: Fiber) { self.fiber = fiber }
  }

  /// The name reports use.
  package let name: String
  /// The units left; negative: that many threads wait.
  package private(set) var value: Int
  var waiters: [Entry] = []

  /// A semaphore starting at `value` (zero or more), as `DispatchSemaphore(value:)`.
  package init(value: Int, name: String = "semaphore") {
    precondition(value >= 0, "SimSemaphore: a negative starting value (\(value))")
    self.value = value
    self.name = name
  }

  package var resourceDescription: String { "semaphore \"\(name)\"" }
  package var holders: [SimThread] { [] }

  /// Takes a unit, waiting as long as it takes.
  package func wait() {
    _ = wait(timeout: nil)
  }

  /// Takes a unit, waiting at most `timeout` of virtual time (nil: for ever). False if the time
  /// ran out first (the unit is then not taken), as `.timedOut`.
  package func wait(timeout: SimDuration?) -> Bool {
    value -= 1
    if value >= 0 { return true }
    if let timeout, timeout <= .zero {
      value += 1
      return false
    }
    let fiber = Blocking.fiber(for: "semaphore wait")
    let scheduler = fiber.scheduler
    let entry = Entry(fiber: fiber)
    waiters.append(entry)
    if let timeout {
      entry.timeout = scheduler.loop.schedule(after: timeout) { [self] in
        guard let index = waiters.firstIndex(where: { $0 === entry }) else { return }
        waiters.remove(at: index)
        value += 1
        entry.timedOut = true
        entry.waiter.complete()
      }
    }
    let resumed = scheduler.park(
      fiber, reason: "semaphore", on: self, timed: timeout != nil, detail: name,
      waitingFor: entry.waiter
    ) { execution, resume in
      execution.wait(for: entry.waiter, then: resume)
    }
    if !resumed {
      if let index = waiters.firstIndex(where: { $0 === entry }) {
        waiters.remove(at: index)
        value += 1
      }
      return false
    }
    return !entry.timedOut
  }

  /// Gives a unit back; wakes the longest waiter, if any. Returns 1 if a thread was woken,
  /// else 0, as `DispatchSemaphore.signal()`.
  @discardableResult
  package func signal() -> Int {
    value += 1
    guard !waiters.isEmpty else { return 0 }
    let entry = waiters.removeFirst()
    let scheduler = entry.fiber.scheduler
    if let timeout = entry.timeout { scheduler.loop.cancel(timeout) }
    scheduler.wake(entry.waiter)
    return 1
  }
}
