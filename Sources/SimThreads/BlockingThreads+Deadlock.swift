import SimKernel
import SimPlatform

extension BlockingThreads {
  /// The live fiber running on `thread`, if any.
  func fiber(on thread: SimThread) -> Fiber? {
    fibers.first { $0.execution.thread === thread && $0.phase != .finished }
  }

  /// Follows what `start` waits for through the threads that hold it: a chain that comes back
  /// to `start` is a deadlock, found the moment its last thread blocks.
  func checkCycle(from start: Fiber) {
    var path = [start]
    var current = start
    while let resource = current.waitingOn {
      let next = resource.holders.lazy.compactMap { self.fiber(on: $0) }
        .first { $0 === start || $0.phase == .parked }
      guard let next else { return }
      if next === start {
        declareDeadlock(kind: "cycle", path)
        return
      }
      // A cycle that does not pass through `start` was reported when it closed.
      if path.contains(where: { $0 === next }) { return }
      path.append(next)
      current = next
    }
  }

  /// Called by the event loop after an event that left nothing scheduled but the next vsync:
  /// if every blocking body is parked on something only another thread can release, and the
  /// main thread is free or one of them, nothing can ever wake them. The state must last
  /// `quiescenceGrace` of virtual time (a decelerating table runs frames that schedule no
  /// event), after which the run ends with a deadlock.
  func checkQuiescence() {
    guard deadlock == nil, failure == nil, !isTearingDown, holder == nil, !fibers.isEmpty,
      fibers.allSatisfy({ $0.phase == .parked && $0.waitingOn != nil && !$0.waitIsTimed })
    else {
      quietSince = nil
      return
    }
    let main = world.main!
    if (main.isBusy && fiber(on: main.thread) == nil) || main.queuedCount > 0 {
      quietSince = nil
      return
    }
    let now = loop.now
    guard let since = quietSince else {
      quietSince = now
      return
    }
    if now - since >= quiescenceGrace { declareDeadlock(kind: "all_blocked", fibers) }
  }

  /// Records the deadlock (trace, report), then ends the run, unless the world says not to (a
  /// scenario that does not check `deadlock`): no event runs after it.
  func declareDeadlock(kind: String, _ involved: [Fiber]) {
    guard deadlock == nil else { return }
    let waits = involved.map { fiber in
      DeadlockReport.Wait(
        thread: fiber.threadName, label: fiber.label, waitsFor: describeWait(of: fiber))
    }
    let report = DeadlockReport(time: loop.now, kind: kind, waits: waits)
    deadlock = report
    trace.record(at: loop.now, "thread.deadlock") {
      $0.field("kind", kind)
      $0.field("threads", waits.map(\.thread).joined(separator: ","))
    }
    world.reports.send(.deadlock(report))
    if world.deadlockEndsRun { endRun() }
  }

  /// What `fiber` waits for, with who holds it.
  func describeWait(of fiber: Fiber) -> String {
    guard let resource = fiber.waitingOn else { return fiber.parkReason }
    var text = resource.resourceDescription
    let holders = resource.holders.map(\.name)
    if holders == [fiber.threadName] {
      text += " (which this thread holds)"
    } else if !holders.isEmpty {
      text += " held by " + holders.joined(separator: ",")
    }
    return text
  }

  /// Ends the run now: the event loop drops every event after the one running, and any event
  /// scheduled later. The world's run returns as if its time were up; its caller reads
  /// `deadlock` or `failure`.
  func endRun() {
    loop.quiescenceThreshold = Int.max
    loop.quiescenceObserver = { [loop] in loop.removeAllEvents() }
  }
}
