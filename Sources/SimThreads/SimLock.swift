package import SimKernel
package import SimPlatform

/// A lock with an owner and waiters, in virtual time: `NSLock`, `NSRecursiveLock`,
/// `pthread_mutex_t`, `os_unfair_lock`, `objc_sync_enter`.
///
/// An uncontended `lock` takes the lock at once, from any simulated thread. A contended one
/// parks the calling blocking thread until the owner unlocks; ownership then passes straight
/// to one waiter, the seeded choice of the world's scheduler (the platform promises no order),
/// which goes on at the same instant. A non-recursive lock locked again
/// by its owner never returns (`NSLock`: "calling lock twice on the same thread will lock up
/// the thread permanently"): the run ends with a `deadlock`. So does a cycle of threads each
/// waiting for a lock another one holds, the moment it closes.
package final class SimLock: BlockingResource {
  final class Entry {
    let fiber: Fiber
    let waiter = Waiter()
    init(fiber: Fiber) { self.fiber = fiber }
  }

  /// The name reports use.
  package let name: String
  /// Whether the owner may lock again (`NSRecursiveLock`).
  package let isRecursive: Bool
  /// The world, to tell which simulated thread non-blocking code runs on.
  unowned(unsafe) let world: World?
  /// The owning thread, if locked.
  package private(set) var owner: SimThread?
  /// How many times the owner holds it (1 unless recursive).
  package private(set) var depth = 0
  var waiters: [Entry] = []

  /// A lock named `name`. Pass the world when non-blocking code (a step-API callback) may take
  /// it too, so its owner is known.
  package init(name: String = "lock", recursive: Bool = false, world: World? = nil) {
    self.name = name
    self.isRecursive = recursive
    self.world = world
  }

  package var resourceDescription: String {
    (isRecursive ? "recursive lock" : "lock") + " \"\(name)\""
  }
  package var holders: [SimThread] { owner.map { [$0] } ?? [] }

  /// Whether the lock is held.
  package var isLocked: Bool { depth > 0 }

  func callingThread() -> SimThread? {
    BlockingThreads.currentThread ?? world?.currentThread
  }

  /// Takes the lock, waiting while another thread (or, for a plain lock, this one) holds it.
  package func lock() {
    let me = callingThread()
    if depth == 0 {
      owner = me
      depth = 1
      return
    }
    if isRecursive, let me, owner === me {
      depth += 1
      return
    }
    let fiber = Blocking.fiber(for: "lock (contended)")
    let entry = Entry(fiber: fiber)
    waiters.append(entry)
    let resumed = fiber.scheduler.park(
      fiber, reason: "lock", on: self, detail: name, waitingFor: entry.waiter
    ) { execution, resume in
      execution.wait(for: entry.waiter, then: resume)
    }
    if !resumed {
      // Tearing down: nothing else runs; grant it so the body can unwind.
      waiters.removeAll { $0 === entry }
      owner = fiber.thread
      depth = 1
    }
  }

  /// Takes the lock if it is free (or, recursive, held by the caller); never waits.
  package func tryLock() -> Bool {
    let me = callingThread()
    if depth == 0 {
      owner = me
      depth = 1
      return true
    }
    if isRecursive, let me, owner === me {
      depth += 1
      return true
    }
    return false
  }

  /// Releases the lock; a waiter, if any, owns it next. Which one is the seeded choice of the
  /// world's scheduler (`pickWaiter`): `pthread_mutex_unlock`, under `NSLock`, promises no
  /// order among waiters, and real contention often lets a later arrival in first.
  ///
  /// An unlock from a thread other than the owner is refused: the lock stays with its owner and
  /// the trace records `lock.unlock_refused`, naming the lock, the owner and the caller. Apple
  /// documents such an unlock as undefined behaviour; what Darwin does is an error-checking
  /// mutex's answer (`NSLock` logs "unlocked from thread which did not lock it", and
  /// `pthread_mutex_unlock` and `objc_sync_exit` return an error), so the lock stays held and
  /// whoever waits for it next waits for the owner (a `deadlock`, if the owner never unlocks).
  /// `os_unfair_lock` crashes instead; the layer does not model that difference.
  package func unlock() {
    guard depth > 0 else {
      // NSLock documents this as an error it logs; nothing is held, so nothing changes.
      return
    }
    if let owner, let caller = callingThread(), caller !== owner {
      refuseForeignUnlock(owner: owner, caller: caller)
      return
    }
    depth -= 1
    guard depth == 0 else { return }
    guard !waiters.isEmpty else {
      owner = nil
      return
    }
    let next = waiters.remove(at: waiters[0].fiber.scheduler.pickWaiter(among: waiters.count))
    owner = next.fiber.thread
    depth = 1
    next.fiber.scheduler.wake(next.waiter)
  }

  func refuseForeignUnlock(owner: SimThread, caller: SimThread) {
    guard let world = world ?? BlockingThreads.currentFiber?.scheduler.world else { return }
    world.trace.record(at: world.now, "lock.unlock_refused") {
      $0.field("lock", name)
      $0.field("owner", owner.name)
      $0.field("caller", caller.name)
    }
  }

  /// Runs `body` holding the lock (`NSLocking.withLock`).
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A condition variable with its lock, in virtual time: `NSCondition`.
///
/// `wait` releases the lock and parks until `signal` or `broadcast` wakes it, then takes the
/// lock back (waiting for it if needed) before it returns.
package final class SimCondition: BlockingResource {
  final class Entry {
    let fiber: Fiber
    let waiter = Waiter()
    var timedOut = false
    init(fiber: Fiber) { self.fiber = fiber }
  }

  /// The condition's lock.
  package let mutex: SimLock
  var waiters: [Entry] = []

  /// A condition named `name`.
  package init(name: String = "condition", world: World? = nil) {
    mutex = SimLock(name: name, world: world)
  }

  package var resourceDescription: String { "condition \"\(mutex.name)\"" }
  package var holders: [SimThread] { [] }

  package func lock() { mutex.lock() }
  package func unlock() { mutex.unlock() }

  /// Releases the lock, waits for a signal, and takes the lock back.
  package func wait() { _ = wait(timeout: nil) }

  /// As `wait()`, for at most `timeout` (nil: for ever); false if the time ran out first.
  package func wait(timeout: SimDuration?) -> Bool {
    let fiber = Blocking.fiber(for: "condition wait")
    let entry = Entry(fiber: fiber)
    waiters.append(entry)
    let scheduler = fiber.scheduler
    if let timeout {
      scheduler.loop.schedule(after: max(timeout, .zero)) { [self] in
        guard let index = waiters.firstIndex(where: { $0 === entry }) else { return }
        waiters.remove(at: index)
        entry.timedOut = true
        entry.waiter.complete()
      }
    }
    mutex.unlock()
    let resumed = scheduler.park(
      fiber, reason: "condition", on: self, timed: timeout != nil, detail: mutex.name,
      waitingFor: entry.waiter
    ) { execution, resume in
      execution.wait(for: entry.waiter, then: resume)
    }
    if !resumed { waiters.removeAll { $0 === entry } }
    mutex.lock()
    return resumed && !entry.timedOut
  }

  /// Wakes one waiter, if any: the seeded choice of the world's scheduler (`pickWaiter`), as
  /// `pthread_cond_signal` under `NSCondition` wakes "at least one" waiter, in no set order.
  package func signal() {
    guard !waiters.isEmpty else { return }
    let scheduler = waiters[0].fiber.scheduler
    let entry = waiters.remove(at: scheduler.pickWaiter(among: waiters.count))
    scheduler.wake(entry.waiter)
  }

  /// Wakes every waiter; they go on in the scheduler's seeded order (`seededOrder`).
  package func broadcast() {
    guard let scheduler = waiters.first?.fiber.scheduler else { return }
    let all = scheduler.seededOrder(waiters)
    waiters.removeAll()
    for entry in all { scheduler.wake(entry.waiter) }
  }
}
