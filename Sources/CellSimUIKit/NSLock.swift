import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `NSLock`, over SimThreads' `SimLock`: a contended `lock()` parks the calling
/// blocking thread in virtual time; locking it twice on one thread never returns ("calling
/// lock twice on the same thread will lock up the thread permanently"), so the run ends with a
/// deadlock naming the lock.
///
/// `lock(before:)` polls every millisecond of virtual time until the limit, so a waiter may take
/// the lock up to 1 ms after it is freed (SimLock has no timed wait). Which waiter owns a freed
/// lock next is a seeded choice of the world's, as pthread mutexes promise no order.
open class NSLock: NSLocking, @unchecked Sendable {
  /// The lock's name, for reports (`lock "name"`).
  open var name: String?
  /// Whether the owner may lock it again.
  let recursive: Bool
  /// The lock in each world it is used in.
  let locks = PerWorld<SimLock>()

  /// A new unlocked lock.
  public init() { recursive = false }

  /// A lock, recursive or not.
  init(recursive: Bool) { self.recursive = recursive }

  /// The lock of the calling world (stops, naming `api`, outside any).
  func simLock(_ api: StaticString) -> SimLock {
    let world = SimulationContext.world(for: api)
    return locks.value(in: world) {
      SimLock(
        name: name ?? (recursive ? "NSRecursiveLock" : "NSLock"), recursive: recursive,
        world: world)
    }
  }

  /// Takes the lock, waiting while another thread holds it.
  open func lock() { simLock("NSLock.lock()").lock() }

  /// Releases the lock.
  open func unlock() { simLock("NSLock.unlock()").unlock() }

  /// Takes the lock if it is free; never waits.
  open func `try`() -> Bool { simLock("NSLock.try()").tryLock() }

  /// Takes the lock, waiting until `limit` at most (polling; see the type's note). False if the
  /// limit came first.
  open func lock(before limit: Date) -> Bool {
    let lock = simLock("NSLock.lock(before:)")
    while true {
      if lock.tryLock() { return true }
      let now = VirtualClock.now(for: "NSLock.lock(before:)")
      let left = VirtualClock.delay(until: limit, now: now) ?? .ms(1)
      guard left > .zero else { return false }
      SimulationContext.requireBlocking("NSLock.lock(before:)")
      Blocking.sleep(for: min(.ms(1), left))
    }
  }
}

/// Foundation's `NSRecursiveLock`: an `NSLock` that the owning thread may take again; it is
/// free once unlocked as many times as it was locked.
open class NSRecursiveLock: NSLock, @unchecked Sendable {
  /// A new unlocked recursive lock.
  public override init() { super.init(recursive: true) }
}
