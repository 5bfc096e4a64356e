import Foundation
import SimPlatform
import SimThreads

/// Dispatch's `DispatchGroup`, over SimThreads' `SimGroup`: `enter` and `leave` count
/// outstanding work; `wait` parks the calling blocking thread in virtual time until the count
/// is zero; `notify` submits a block when it reaches zero. A `leave` without a matching `enter`
/// stops the process, as libdispatch does.
public final class DispatchGroup: @unchecked Sendable {
  /// The group in each world it is used in.
  let groups = PerWorld<SimGroup>()

  /// An empty group.
  public init() {}

  /// The group's `SimGroup` in `world`.
  func simGroup(in world: World) -> SimGroup {
    groups.value(in: world) { SimGroup(name: "DispatchGroup") }
  }

  /// The group's `SimGroup` in the calling world (stops, naming `api`, outside any).
  func simGroup(_ api: StaticString) -> SimGroup {
    simGroup(in: SimulationContext.world(for: api))
  }

  /// One more piece of outstanding work.
  public func enter() { simGroup("DispatchGroup.enter()").enter() }

  /// One piece of work done; at zero, waiters wake and notifications are submitted.
  public func leave() { simGroup("DispatchGroup.leave()").leave() }

  /// Waits until no work is outstanding.
  public func wait() { simGroup("DispatchGroup.wait()").wait() }

  /// Waits until no work is outstanding or `timeout` comes.
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
    let group = simGroup("DispatchGroup.wait(timeout:)")
    let now = VirtualClock.now(for: "DispatchGroup.wait(timeout:)")
    let limit = VirtualClock.delay(untilUptime: timeout.uptimeNanoseconds, now: now)
    return group.wait(timeout: limit) ? .success : .timedOut
  }

  /// Waits until no work is outstanding or the wall-clock `wallTimeout` comes.
  public func wait(wallTimeout timeout: DispatchWallTime) -> DispatchTimeoutResult {
    let group = simGroup("DispatchGroup.wait(wallTimeout:)")
    let now = VirtualClock.now(for: "DispatchGroup.wait(wallTimeout:)")
    let limit = VirtualClock.delay(untilWall: timeout.nanosecondsSince1970, now: now)
    return group.wait(timeout: limit) ? .success : .timedOut
  }

  /// Submits `work` to `queue` when no work is outstanding (at once if none is).
  @preconcurrency
  public func notify(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
    execute work: @escaping @Sendable () -> Void
  ) {
    let world = SimulationContext.world(for: "DispatchGroup.notify")
    simGroup(in: world).notify {
      queue.submit(in: world, delay: nil, group: nil, flags: flags, work)
    }
  }

  /// Submits `work` to `queue` when no work is outstanding.
  public func notify(queue: DispatchQueue, work: DispatchWorkItem) {
    let world = SimulationContext.world(for: "DispatchGroup.notify")
    simGroup(in: world).notify {
      queue.submit(in: world, delay: nil, group: nil, flags: work.flags) { work.perform() }
    }
  }
}
