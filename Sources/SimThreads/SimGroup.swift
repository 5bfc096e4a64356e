package import SimKernel
package import SimPlatform

/// A group of work items in virtual time: `DispatchGroup`.
///
/// `enter` and `leave` count outstanding work; `wait` parks the calling blocking thread until
/// the count is zero; `notify` runs a submission when it reaches zero (at once if it is zero).
/// A `leave` without a matching `enter` stops the process, as libdispatch does.
package final class SimGroup: BlockingResource {
  final class Entry {
    let fiber: Fiber
    let waiter = Waiter()
    var timedOut = false
    init(fiber: Fiber) { self.fiber = fiber }
  }

  /// The name reports use.
  package let name: String
  /// Work entered and not yet left.
  package private(set) var count = 0
  var waiters: [Entry] = []
  var notifications: [() -> Void] = []

  /// An empty group.
  package init(name: String = "group") { self.name = name }

  package var resourceDescription: String { "group \"\(name)\"" }
  package var holders: [SimThread] { [] }

  /// One more piece of outstanding work.
  package func enter() { count += 1 }

  /// One piece of work done; at zero, wakes every waiter (in the scheduler's seeded order) and
  /// runs every notification, in the order they were made.
  package func leave() {
    precondition(count > 0, "SimGroup \"\(name)\": leave() without a matching enter()")
    count -= 1
    guard count == 0 else { return }
    // The waiters go on at this instant in the scheduler's seeded order (the platform wakes
    // them together and leaves open which runs first).
    let waiting = waiters.first.map { $0.fiber.scheduler.seededOrder(waiters) } ?? []
    waiters.removeAll()
    for entry in waiting { entry.fiber.scheduler.wake(entry.waiter) }
    let notifying = notifications
    notifications.removeAll()
    for submit in notifying { submit() }
  }

  /// Waits until no work is outstanding.
  package func wait() { _ = wait(timeout: nil) }

  /// Waits at most `timeout` (nil: for ever); false if work was still outstanding then.
  package func wait(timeout: SimDuration?) -> Bool {
    if count == 0 { return true }
    if let timeout, timeout <= .zero { return false }
    let fiber = Blocking.fiber(for: "group wait")
    let scheduler = fiber.scheduler
    let entry = Entry(fiber: fiber)
    waiters.append(entry)
    var handle: EventHandle?
    if let timeout {
      handle = scheduler.loop.schedule(after: timeout) { [self] in
        guard let index = waiters.firstIndex(where: { $0 === entry }) else { return }
        waiters.remove(at: index)
        entry.timedOut = true
        entry.waiter.complete()
      }
    }
    let resumed = scheduler.park(
      fiber, reason: "group", on: self, timed: timeout != nil, detail: name,
      waitingFor: entry.waiter
    ) { execution, resume in
      execution.wait(for: entry.waiter, then: resume)
    }
    if let handle, !entry.timedOut { scheduler.loop.cancel(handle) }
    if !resumed {
      waiters.removeAll { $0 === entry }
      return false
    }
    return !entry.timedOut
  }

  /// Calls `submit` when no work is outstanding: now if none is, else at the `leave` that
  /// empties the group. `submit` enqueues the notification's block on its queue.
  package func notify(_ submit: @escaping () -> Void) {
    if count == 0 {
      submit()
    } else {
      notifications.append(submit)
    }
  }
}
