import Foundation
import SimThreads

/// Dispatch's `DispatchWorkItem`: a block that can be submitted, performed, waited for,
/// notified on and cancelled, in the world's virtual time.
///
/// Cancelling (Dispatch: "cancellation causes any future execution of the work item to return
/// immediately, but does not affect any execution of the work item that is already in
/// progress") only sets `isCancelled`: an item whose turn comes after that returns at once,
/// and still counts as performed for `wait` and `notify`. `qos` and flags are accepted;
/// `.barrier` makes the item run alone on a custom concurrent queue (see `DispatchQueue`).
public final class DispatchWorkItem: @unchecked Sendable {
  /// The block `perform()` runs.
  let block: @Sendable () -> Void
  /// The flags it was made with (`.barrier` is honoured when it is submitted).
  let flags: DispatchWorkItemFlags
  /// Whether `cancel()` was called.
  public private(set) var isCancelled = false
  /// Whether the item has been performed once (or returned at once, cancelled).
  var isDone = false
  /// In each world it is waited for: a group entered until the item is done.
  let completions = PerWorld<SimGroup>()

  /// A work item running `block`.
  @preconcurrency
  public init(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    block: @escaping @Sendable () -> Void
  ) {
    self.block = block
    self.flags = flags
  }

  /// Runs the block on the calling thread (returns at once if cancelled), then wakes waiters and
  /// submits notifications.
  public func perform() {
    if !isCancelled { block() }
    guard !isDone else { return }
    isDone = true
    if let world = SimulationContext.world, let group = completions.existing(in: world) {
      group.leave()
    }
  }

  /// Marks the item cancelled: a later turn of it returns at once.
  public func cancel() { isCancelled = true }

  /// The completion group in the calling world: entered until the item is done.
  func completion(_ api: StaticString) -> SimGroup {
    let world = SimulationContext.world(for: api)
    return completions.value(in: world) {
      let group = SimGroup(name: "DispatchWorkItem")
      if !isDone { group.enter() }
      return group
    }
  }

  /// Waits until the item has been performed.
  public func wait() {
    completion("DispatchWorkItem.wait()").wait()
  }

  /// Waits until the item has been performed or `timeout` comes.
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
    let group = completion("DispatchWorkItem.wait(timeout:)")
    let now = VirtualClock.now(for: "DispatchWorkItem.wait(timeout:)")
    let limit = VirtualClock.delay(untilUptime: timeout.uptimeNanoseconds, now: now)
    return group.wait(timeout: limit) ? .success : .timedOut
  }

  /// Waits until the item has been performed or the wall-clock `wallTimeout` comes.
  public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult {
    let group = completion("DispatchWorkItem.wait(wallTimeout:)")
    let now = VirtualClock.now(for: "DispatchWorkItem.wait(wallTimeout:)")
    let limit = VirtualClock.delay(untilWall: wallTimeout.nanosecondsSince1970, now: now)
    return group.wait(timeout: limit) ? .success : .timedOut
  }

  /// Submits `execute` to `queue` once the item has been performed.
  @preconcurrency
  public func notify(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
    execute: @escaping @Sendable () -> Void
  ) {
    let world = SimulationContext.world(for: "DispatchWorkItem.notify")
    completion("DispatchWorkItem.notify").notify {
      queue.submit(in: world, delay: nil, group: nil, flags: flags, execute)
    }
  }

  /// Submits `execute` to `queue` once the item has been performed.
  public func notify(queue: DispatchQueue, execute: DispatchWorkItem) {
    let world = SimulationContext.world(for: "DispatchWorkItem.notify")
    completion("DispatchWorkItem.notify").notify {
      queue.submit(in: world, delay: nil, group: nil, flags: execute.flags) { execute.perform() }
    }
  }
}
