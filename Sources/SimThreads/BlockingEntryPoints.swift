package import SimKernel
package import SimPlatform

extension SimulatedQueue {
  /// Enqueues blocking code: `body` runs on a real thread that stands for the worker the item
  /// gets, and may park in the middle (`Blocking.sleep`, a semaphore, a lock, a fetch, `sync`).
  /// The worker stays busy, in virtual time, until `body` returns. A `barrier` block runs alone
  /// on a concurrent queue (see `SimulatedQueue.async(label:barrier:_:)`).
  package func async(
    label: String? = nil, barrier: Bool = false, blocking body: @escaping () -> Void
  ) {
    let label = label ?? self.label
    // The fiber records the queue it runs on, whatever the width: a serial queue's `sync` onto
    // itself and a barrier's wait both look for the fibers running on the queue.
    let queue = ObjectIdentifier(self)
    async(label: label, barrier: barrier) { [unowned(unsafe) world = owningWorld] execution in
      BlockingThreads.of(world).start(execution, label: label, queue: queue, body)
    }
  }

  /// `dispatch_sync` from blocking code: waits for the queue's turn (on a serial queue, until
  /// every item enqueued before has ended), then runs `body` on the calling thread while the
  /// queue counts it as running. A `sync` onto a serial queue that the calling code runs on
  /// never returns (libdispatch traps it): the run ends with a `deadlock` naming the queue. A
  /// `barrier` sync waits until every item before it has ended, and runs alone.
  package func sync<Result>(
    label: String = "sync", barrier: Bool = false, _ body: () throws -> Result
  ) rethrows -> Result {
    let fiber = Blocking.fiber(for: "sync")
    let scheduler = fiber.scheduler
    let id = ObjectIdentifier(self)
    let resource = QueueResource(queue: self, scheduler: scheduler, barrier: barrier)
    if width == 1, fiber.queues.contains(id) {
      // Never returns while the world runs: the cycle check ends the run.
      let never = Waiter()
      _ = scheduler.park(
        fiber, reason: "sync", on: resource, detail: self.label, waitingFor: never
      ) { execution, resume in
        // Nothing completes it: the thread holds its worker until the run ends.
        execution.wait(for: never, then: resume)
      }
      return try body()
    }
    let waiter = Waiter()
    var end: (() -> Void)?
    enqueueSync(label: label, barrier: barrier) { turnEnd in
      end = turnEnd
      if Blocking.canBlock, BlockingThreads.currentFiber === fiber {
        waiter.complete()
      } else {
        scheduler.wake(waiter)
      }
    }
    if !waiter.isComplete {
      _ = scheduler.park(
        fiber, reason: "sync", on: resource, detail: self.label, waitingFor: waiter
      ) { execution, resume in
        execution.wait(for: waiter, then: resume)
      }
    }
    fiber.queues.append(id)
    defer {
      fiber.queues.removeLast()
      end?()
    }
    return try body()
  }
}

/// A queue as something to wait for: `sync` waits for its turn. On a serial queue, the threads
/// running on it hold it.
final class QueueResource: BlockingResource {
  unowned let queue: SimulatedQueue
  unowned let scheduler: BlockingThreads
  /// Whether the wait is a barrier's, which waits for every block running on the queue.
  let barrier: Bool

  init(queue: SimulatedQueue, scheduler: BlockingThreads, barrier: Bool = false) {
    self.queue = queue
    self.scheduler = scheduler
    self.barrier = barrier
  }

  var resourceDescription: String { "queue \"\(queue.label)\"" }

  /// The threads running on the queue, for a serial queue's turn or a barrier's: a barrier
  /// `sync` from a block of the same concurrent queue waits for itself, a deadlock.
  var holders: [SimThread] {
    guard queue.width == 1 || barrier else { return [] }
    let id = ObjectIdentifier(queue)
    return scheduler.fibers.filter { $0.queues.contains(id) && $0.phase != .finished }
      .map(\.thread)
  }
}

extension MainThread {
  /// Main-queue `async` of blocking code: `body` runs on the main thread on a later turn, on a
  /// real thread that may park; the main thread is busy (no turn, no frame) until it returns.
  package func async(label: String = "main.async", blocking body: @escaping () -> Void) {
    async(label: label) { execution in
      BlockingThreads.of(execution.world).start(execution, label: label, queue: mainQueueID, body)
    }
  }

  /// Main-queue `asyncAfter` of blocking code.
  package func asyncAfter(
    _ delay: SimDuration, label: String = "main.asyncAfter", blocking body: @escaping () -> Void
  ) {
    asyncAfter(delay, label: label) { execution in
      BlockingThreads.of(execution.world).start(execution, label: label, queue: mainQueueID, body)
    }
  }

  /// A run-loop timer of blocking code in `modes`: each firing runs `body` on the main thread,
  /// on a real thread that may park, as a main-queue block does (see `scheduleTimer`).
  @discardableResult
  package func scheduleTimer(
    after delay: SimDuration, repeating interval: SimDuration?, inModes modes: RunLoopModes,
    label: String = "timer", blocking body: @escaping () -> Void
  ) -> RunLoopTimer {
    scheduleTimer(after: delay, repeating: interval, inModes: modes, label: label) { execution in
      BlockingThreads.of(execution.world).start(execution, label: label, queue: mainQueueID, body)
    }
  }

  /// A run-loop source of blocking code in `modes` (`RunLoop.perform(inModes:block:)`).
  package func perform(
    inModes modes: RunLoopModes, label: String = "source", blocking body: @escaping () -> Void
  ) {
    perform(inModes: modes, label: label) { execution in
      BlockingThreads.of(execution.world).start(execution, label: label, queue: mainQueueID, body)
    }
  }

  /// `DispatchQueue.main.sync` from blocking code on another thread: `body` runs on the main
  /// thread on a later turn, and the caller waits for it. From the main thread it never
  /// returns (libdispatch traps it): the run ends with a `deadlock`.
  package func sync<Result>(label: String = "main.sync", _ body: () -> Result) -> Result {
    let fiber = Blocking.fiber(for: "main sync")
    let scheduler = fiber.scheduler
    let resource = MainQueueResource(scheduler: scheduler)
    if fiber.thread.isMain {
      let never = Waiter()
      _ = scheduler.park(fiber, reason: "sync", on: resource, detail: "main", waitingFor: never) {
        execution, resume in
        execution.wait(for: never, then: resume)
      }
      return body()
    }
    return withoutActuallyEscaping(body) { body in
      let box = SyncBox(body)
      let waiter = Waiter()
      async(label: label) { execution in
        scheduler.start(execution, label: label, queue: mainQueueID) {
          guard let body = box.body else { return }
          box.result = body()
          scheduler.wake(waiter)
        }
      }
      _ = scheduler.park(fiber, reason: "sync", on: resource, detail: "main", waitingFor: waiter) {
        execution, resume in
        execution.wait(for: waiter, then: resume)
      }
      // Tearing down, the main thread never ran it: run it here, so the caller can unwind.
      let result = box.result ?? body()
      // The queued block may outlive this call (a world that tore down drops it later).
      box.body = nil
      return result
    }
  }
}

/// The main queue's identity in a fiber's queue stack.
let mainQueueID = ObjectIdentifier(MainQueueResource.self)

/// A `sync` body and its result, shared with the block that runs it on the main thread. The
/// body is cleared before `sync` returns, so the non-escaping closure never outlives it.
final class SyncBox<Result> {
  var body: (() -> Result)?
  var result: Result?
  init(_ body: @escaping () -> Result) { self.body = body }
}

/// The main queue as something to wait for: the main thread holds it.
final class MainQueueResource: BlockingResource {
  unowned let scheduler: BlockingThreads
  init(scheduler: BlockingThreads) { self.scheduler = scheduler }
  var resourceDescription: String { "the main queue" }
  var holders: [SimThread] { [scheduler.world.main.thread] }
}

extension SimulatedOperationQueue {
  /// Adds an operation whose `main()` is blocking code (the classic `NSOperation` subclass
  /// that downloads synchronously): it runs on a real thread that may park, and the operation
  /// finishes when `body` returns.
  @discardableResult
  package func addOperation(label: String = "operation", blocking body: @escaping () -> Void)
    -> SimulatedBlockOperation
  {
    addOperation { execution in
      BlockingThreads.of(execution.world).start(execution, label: label, body)
    }
  }
}
