import Foundation
import SimThreads

/// Dispatch's `DispatchSemaphore`, over SimThreads' `SimSemaphore`: `wait` takes a unit,
/// parking the calling blocking thread in virtual time while none is left; `signal` gives one
/// back and wakes the longest waiter. An uncontended `wait` and every `signal` work from any
/// code of the world; a `wait` that must block needs blocking code.
public final class DispatchSemaphore: @unchecked Sendable {
  /// The value each world's semaphore starts at.
  let initialValue: Int
  /// The semaphore in each world it is used in.
  let semaphores = PerWorld<SimSemaphore>()

  /// A semaphore starting at `value` (zero or more).
  public init(value: Int) {
    precondition(value >= 0, "DispatchSemaphore: a negative starting value (\(value))")
    initialValue = value
  }

  /// The semaphore of the calling world (stops, naming `api`, outside any).
  func semaphore(_ api: StaticString) -> SimSemaphore {
    let world = SimulationContext.world(for: api)
    return semaphores.value(in: world) {
      SimSemaphore(value: initialValue, name: "DispatchSemaphore")
    }
  }

  /// Takes a unit, waiting as long as it takes.
  public func wait() { semaphore("DispatchSemaphore.wait()").wait() }

  /// Takes a unit, waiting until `timeout` at most.
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
    let semaphore = semaphore("DispatchSemaphore.wait(timeout:)")
    let now = VirtualClock.now(for: "DispatchSemaphore.wait(timeout:)")
    let limit = VirtualClock.delay(untilUptime: timeout.uptimeNanoseconds, now: now)
    return semaphore.wait(timeout: limit) ? .success : .timedOut
  }

  /// Takes a unit, waiting until the wall-clock `wallTimeout` at most.
  public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult {
    let semaphore = semaphore("DispatchSemaphore.wait(wallTimeout:)")
    let now = VirtualClock.now(for: "DispatchSemaphore.wait(wallTimeout:)")
    let limit = VirtualClock.delay(untilWall: wallTimeout.nanosecondsSince1970, now: now)
    return semaphore.wait(timeout: limit) ? .success : .timedOut
  }

  /// Gives a unit back; returns 1 if a waiting thread was woken, else 0.
  @discardableResult
  public func signal() -> Int { semaphore("DispatchSemaphore.signal()").signal() }
}
