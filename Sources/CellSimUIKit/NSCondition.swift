import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `NSCondition`, over SimThreads' `SimCondition`: `wait` releases the lock,
/// parks the calling blocking thread in virtual time until `signal` or `broadcast`, and takes
/// the lock back before it returns.
open class NSCondition: NSLocking, @unchecked Sendable {
  /// The condition's name, for reports.
  open var name: String?
  /// The condition in each world it is used in.
  let conditions = PerWorld<SimCondition>()

  /// A new condition, unlocked.
  public init() {}

  /// The condition of the calling world (stops, naming `api`, outside any).
  func condition(_ api: StaticString) -> SimCondition {
    let world = SimulationContext.world(for: api)
    return conditions.value(in: world) {
      SimCondition(name: name ?? "NSCondition", world: world)
    }
  }

  /// Takes the condition's lock.
  open func lock() { condition("NSCondition.lock()").lock() }

  /// Releases the condition's lock.
  open func unlock() { condition("NSCondition.unlock()").unlock() }

  /// Releases the lock, waits for a signal, and takes the lock back.
  open func wait() { condition("NSCondition.wait()").wait() }

  /// As `wait()`, until the virtual wall clock reaches `limit` at most; false if it did first.
  open func wait(until limit: Date) -> Bool {
    let condition = condition("NSCondition.wait(until:)")
    let now = VirtualClock.now(for: "NSCondition.wait(until:)")
    return condition.wait(timeout: VirtualClock.delay(until: limit, now: now))
  }

  /// Wakes one waiter, if any: a seeded choice of the world's (the platform promises no order).
  open func signal() { condition("NSCondition.signal()").signal() }

  /// Wakes every waiter; which goes on first is a seeded choice of the world's.
  open func broadcast() { condition("NSCondition.broadcast()").broadcast() }
}
