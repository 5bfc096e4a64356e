import Foundation
import SimKernel
import SimPlatform
import SimThreads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DispatchQueue {
  /// Schedules `work` on the queue, as blocking code on the queue's simulated thread;
  /// `group`, if given, is entered now and left when `work` returns. `qos` and `flags` are
  /// accepted and ignored, except `.barrier` on a custom concurrent queue, which runs `work`
  /// alone there (see `DispatchQueue`).
  @preconcurrency
  public func async(
    group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified,
    flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable () -> Void
  ) {
    submit("DispatchQueue.async", delay: nil, group: group, flags: flags, work)
  }

  /// Schedules `workItem` on the queue; a cancelled item returns at once when its turn comes.
  public func async(execute workItem: DispatchWorkItem) {
    submit("DispatchQueue.async", delay: nil, flags: workItem.flags) { workItem.perform() }
  }

  /// Schedules `workItem` on the queue, entering `group` until it ends.
  public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {
    submit("DispatchQueue.async", delay: nil, group: group, flags: workItem.flags) {
      workItem.perform()
    }
  }

  /// Enqueues `work` at `deadline`, in virtual time (at once if it has passed; never for
  /// `distantFuture`).
  @preconcurrency
  public func asyncAfter(
    deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    execute work: @escaping @Sendable () -> Void
  ) {
    let now = VirtualClock.now(for: "DispatchQueue.asyncAfter")
    let delay = VirtualClock.delay(untilUptime: deadline.uptimeNanoseconds, now: now)
    submit("DispatchQueue.asyncAfter", delay: delay, delayed: true, flags: flags, work)
  }

  /// Enqueues `execute` at `deadline`, in virtual time.
  public func asyncAfter(deadline: DispatchTime, execute: DispatchWorkItem) {
    let now = VirtualClock.now(for: "DispatchQueue.asyncAfter")
    let delay = VirtualClock.delay(untilUptime: deadline.uptimeNanoseconds, now: now)
    submit("DispatchQueue.asyncAfter", delay: delay, delayed: true, flags: execute.flags) {
      execute.perform()
    }
  }

  /// Enqueues `work` at the wall-clock `wallDeadline`, in virtual time.
  @preconcurrency
  public func asyncAfter(
    wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified,
    flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable () -> Void
  ) {
    let now = VirtualClock.now(for: "DispatchQueue.asyncAfter")
    let delay = VirtualClock.delay(untilWall: wallDeadline.nanosecondsSince1970, now: now)
    submit("DispatchQueue.asyncAfter", delay: delay, delayed: true, flags: flags, work)
  }

  /// Enqueues `execute` at the wall-clock `wallDeadline`, in virtual time.
  public func asyncAfter(wallDeadline: DispatchWallTime, execute: DispatchWorkItem) {
    let now = VirtualClock.now(for: "DispatchQueue.asyncAfter")
    let delay = VirtualClock.delay(untilWall: wallDeadline.nanosecondsSince1970, now: now)
    submit("DispatchQueue.asyncAfter", delay: delay, delayed: true, flags: execute.flags) {
      execute.perform()
    }
  }

  // MARK: sync

  /// Runs `work` on the calling thread once the queue's turn comes (on a serial queue, after
  /// every block enqueued before), and returns its result. Only blocking code may call it. A
  /// `sync` onto the serial queue the caller runs on, or onto the main queue from the main
  /// thread, never returns: the run ends with a deadlock naming the queue.
  public func sync<T>(execute work: () throws -> T) rethrows -> T {
    try syncHelper(execute: work, rescue: { throw $0 })
  }

  /// `sync(execute:)` with flags: `.barrier` on a custom concurrent queue waits until every
  /// block enqueued before has ended and runs alone (the writer of a reader-writer cache);
  /// other flags are accepted and ignored.
  public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
    try syncHelper(
      barrier: flags.contains(.barrier) && kind == .concurrent, execute: work,
      rescue: { throw $0 })
  }

  /// Runs `workItem` on the calling thread once the queue's turn comes (alone, for a
  /// `.barrier` item on a custom concurrent queue).
  public func sync(execute workItem: DispatchWorkItem) {
    syncHelper(
      barrier: workItem.flags.contains(.barrier) && kind == .concurrent,
      execute: { workItem.perform() }, rescue: { _ in })
  }

  /// Runs `work` through the simulated `sync`, catching its error so the simulated call
  /// (which does not rethrow) can return, then rethrows it through `rescue`.
  private func syncHelper<T>(
    barrier: Bool = false, execute work: () throws -> T, rescue: (any Error) throws -> T
  ) rethrows -> T {
    let world = SimulationContext.world(for: "DispatchQueue.sync")
    SimulationContext.requireBlocking("DispatchQueue.sync")
    var outcome: Result<T, any Error>?
    switch target(in: world) {
    case .main(let main):
      main.sync(label: "main.sync") {
        QueueContext.run(on: self) { outcome = Result { try work() } }
      }
    case .queue(let queue):
      queue.sync(label: "sync", barrier: barrier) {
        QueueContext.run(on: self) { outcome = Result { try work() } }
      }
    }
    switch outcome {
    case .success(let value): return value
    case .failure(let error): return try rescue(error)
    case nil:
      preconditionFailure("CellSimUIKit: DispatchQueue.sync on \"\(label)\" returned unrun")
    }
  }
}

/// The queues the calling OS thread's code runs on now, innermost last: the queue of the
/// block it runs, then any queue it entered with `sync`. Blocking code runs on one carrier
/// thread from start to end, so a thread-local stack follows it exactly.
enum QueueContext {
  /// One OS thread's stack of queues.
  final class Stack {
    /// The queues, innermost last.
    var queues: [DispatchQueue] = []
  }

  /// The thread-local slot holding each thread's stack (released when the thread ends).
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
      guard let raw else { return }
      Unmanaged<Stack>.fromOpaque(raw).release()
    }
    precondition(status == 0, "CellSimUIKit: pthread_key_create failed (\(status))")
    return key
  }()

  /// The calling thread's stack, made at its first use.
  static var stack: Stack {
    if let raw = pthread_getspecific(key) {
      return Unmanaged<Stack>.fromOpaque(raw).takeUnretainedValue()
    }
    let stack = Stack()
    pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
    return stack
  }

  /// Runs `body` as code running on `queue`.
  static func run(on queue: DispatchQueue, _ body: () -> Void) {
    let stack = stack
    stack.queues.append(queue)
    defer { stack.queues.removeLast() }
    body()
  }

  /// The queue the calling code runs on: the innermost on the stack, else the main queue for
  /// code on the world's main thread (a callback the platform runs there), else none.
  static func innermost(in world: World?) -> DispatchQueue? {
    if let queue = stack.queues.last { return queue }
    guard let world, SimulationContext.currentThread(in: world)?.isMain == true else { return nil }
    return DispatchQueue.main
  }

  /// Whether the calling code runs on `queue` (directly or through `sync`), or on a queue whose
  /// targets include it (GCD's `dispatch_assert_queue` checks the target hierarchy).
  static func isRunning(on queue: DispatchQueue) -> Bool {
    stack.queues.contains { running in
      var current: DispatchQueue? = running
      while let candidate = current {
        if candidate === queue { return true }
        current = candidate.targetQueue
      }
      return false
    }
  }
}
