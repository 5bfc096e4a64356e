package import SimKernel
package import SimPlatform

/// Blocking calls for code running on a blocking thread: each parks the calling simulated
/// thread in virtual time and returns when the wait is over.
///
/// Call them only from a body started with `async(label:blocking:)` (or another blocking entry
/// point): anywhere else there is no stack to park, and the call stops the process with a
/// message naming it.
package enum Blocking {
  /// The fiber of the calling blocking body; stops with a message naming `call` elsewhere.
  package static func fiber(for call: StaticString) -> Fiber {
    guard let carrier = Carrier.current, let fiber = carrier.fiber else {
      preconditionFailure(
        "SimThreads: \(call) blocks, and it was called outside a blocking body (start the "
          + "code with async(label:blocking:) on a queue or the main thread)")
    }
    guard carrier.inlineDepth == 0 else {
      preconditionFailure(
        "SimThreads: \(call) blocks, and it was called in a callback that another callback "
          + "ran at once (a completion run by a cancel, say), which cannot park on its own "
          + "simulated thread; queue the blocking work instead")
    }
    return fiber
  }

  /// Whether the caller is blocking code, which may park.
  package static var canBlock: Bool {
    guard let carrier = Carrier.current else { return false }
    return carrier.fiber != nil && carrier.inlineDepth == 0
  }

  /// `Thread.sleep(forTimeInterval:)`, `usleep`: holds the thread, without CPU, for
  /// `duration` of virtual time.
  package static func sleep(for duration: SimDuration) {
    precondition(duration >= .zero, "Blocking.sleep: negative duration \(duration)")
    let fiber = fiber(for: "sleep")
    _ = fiber.scheduler.park(fiber, reason: "sleep", detail: "\(duration)") { execution, resume in
      execution.block(for: duration, then: resume)
    }
  }

  /// CPU-bound work the platform prices (a decode, a resize): holds the thread and a CPU slot
  /// (waiting for one on a worker) for `duration`.
  package static func spend(_ duration: SimDuration) {
    precondition(duration >= .zero, "Blocking.spend: negative duration \(duration)")
    let fiber = fiber(for: "spend")
    _ = fiber.scheduler.park(fiber, reason: "cpu", detail: "\(duration)") { execution, resume in
      execution.spend(duration, then: resume)
    }
  }

  /// Holds the thread without CPU until `waiter` completes (an I/O completion). False if the
  /// world tore down first.
  package static func wait(for waiter: Waiter, reason: String = "io", detail: String = "")
    -> Bool
  {
    if waiter.isComplete { return true }
    let fiber = fiber(for: "wait(for:)")
    return fiber.scheduler.park(fiber, reason: reason, detail: detail, waitingFor: waiter) {
      execution, resume in
      execution.wait(for: waiter, then: resume)
    }
  }

  /// Runs step-API work on the calling thread's execution and blocks until it calls `done`:
  /// any step-based operation (a decoder step, a disk read) used from blocking code. `work`
  /// issues steps on the execution it is given; `done` must be called exactly once, from one of
  /// their continuations. False if the world tore down first.
  package static func perform(
    _ reason: String, detail: String = "",
    _ work: @escaping (_ execution: Execution, _ done: @escaping () -> Void) -> Void
  ) -> Bool {
    let fiber = fiber(for: "perform")
    return fiber.scheduler.park(fiber, reason: reason, detail: detail) { execution, resume in
      work(execution, resume)
    }
  }
}

extension BlockingThreads {
  /// Completes `waiter` at this instant, after the events already scheduled for it: a blocked
  /// thread that another thread releases goes on once the releasing code has run.
  func wake(_ waiter: Waiter) {
    loop.schedule(after: .zero) { if !waiter.isComplete { waiter.complete() } }
  }
}

extension BlockingThreads {
  /// Which of `count` waiters goes on next, where the platform leaves the order open: a lock's
  /// next owner (`pthread_mutex_unlock` promises no fairness), the thread a condition's
  /// `signal` wakes (`pthread_cond_signal` wakes "at least one" of them). Drawn from the
  /// world's keyed stream `threads.wake`, so a seed reproduces the choice and another seed
  /// can reach another order; a single waiter draws nothing.
  func pickWaiter(among count: Int) -> Int {
    guard count > 1 else { return 0 }
    return Int(wakeChoices.next(below: UInt64(count)))
  }

  /// `entries` in the seeded order in which threads released together go on (a condition's
  /// `broadcast`, a group's last `leave`): each woken thread resumes at this instant, and
  /// which resumes first is left open by the platform.
  func seededOrder<Entry>(_ entries: [Entry]) -> [Entry] {
    guard entries.count > 1 else { return entries }
    var order = entries
    for index in stride(from: order.count - 1, to: 0, by: -1) {
      let other = Int(wakeChoices.next(below: UInt64(index + 1)))
      order.swapAt(index, other)
    }
    return order
  }
}
