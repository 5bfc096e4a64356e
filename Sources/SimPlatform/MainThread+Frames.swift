package import SimKernel

/// The timing of one committed frame.
package struct FrameRecord: Hashable, Sendable {
  /// The frame number: the index of the vsync it serves (vsync k is at `k × 1e9 / refresh_hz`).
  package let number: Int64
  /// The vsync the frame serves.
  package let vsync: SimTime
  /// When the frame work started (later than `vsync` if the main thread was busy).
  package let start: SimTime
  /// When the frame's commit ran (after scroll and layout work).
  package let commit: SimTime
  /// When the frame work ended (after any main-thread decode at commit).
  package let end: SimTime
  /// The next vsync (`vsync + frame interval`, exactly): a frame that ends later is a hitch.
  package let deadline: SimTime
  /// Whether the table was scrolling (tracking, decelerating or animating) at the vsync.
  package let duringScroll: Bool
  /// Vsyncs that passed while this frame waited for the main thread or ran (they get no frame
  /// of their own: one stall is counted once, as one late frame).
  package let skippedVsyncs: Int

  /// How late the frame ended: `end − deadline`, or zero.
  package var lateness: SimDuration { max(.zero, end - deadline) }
  /// Whether the frame ended after its deadline.
  package var isHitch: Bool { end > deadline }
}

/// The stage of a frame at which a frame observer runs.
package enum FramePhase: Int, Sendable, Comparable {
  /// The scroll position updates.
  case scroll
  /// Display links fire (`DisplayLink`, CADisplayLink): after the scroll position, before the
  /// layout pass.
  case displayLink
  /// The layout pass runs cell callbacks.
  case layout
  /// The frame commits: images not yet decoded are decoded on the main thread, and the
  /// display log records what the frame shows.
  case commit

  package static func < (a: FramePhase, b: FramePhase) -> Bool { a.rawValue < b.rawValue }
}

/// What a frame observer is given.
package struct FrameContext {
  /// The frame number (its vsync index).
  package let number: Int64
  /// The vsync the frame serves.
  package let vsync: SimTime
  /// The frame's execution on the main thread: charge main-thread costs with `spend`.
  package let execution: Execution
}

/// Frame counts and hitch accounting.
///
/// The hitch ratio is hitch milliseconds per second of scrolling, as Instruments reports it
/// (WWDC20 session 10077): under 5 ms/s is good, 5–10 a warning, 10 or more critical. This is
/// the Instruments scale, not the Xcode Organizer's newer percentage scale. Only frames whose
/// vsync falls while the table scrolls count toward the ratio.
package struct FrameStats: Hashable, Sendable {
  /// Frames committed.
  package internal(set) var frames = 0
  /// Frames that ended after their deadline.
  package internal(set) var hitches = 0
  /// Total lateness of all hitches.
  package internal(set) var hitchTime: SimDuration = .zero
  /// Total lateness of hitches in frames whose vsync fell while scrolling.
  package internal(set) var scrollingHitchTime: SimDuration = .zero
  /// Total time spent scrolling so far (closed intervals only; see `MainThread.frameStats`).
  package internal(set) var scrollingTime: SimDuration = .zero
  /// Of `scrollingHitchTime`, the lateness beyond the table's own main-thread work since the
  /// previous frame (`MainThread.notePlatformWork`): what the app's code added.
  package internal(set) var scrollingAppHitchTime: SimDuration = .zero

  /// Hitch milliseconds per second of scrolling; zero when nothing scrolled.
  package var hitchRatio: Double {
    scrollingTime > .zero ? scrollingHitchTime.milliseconds / scrollingTime.seconds : 0
  }

  /// Hitch milliseconds per second of scrolling that the table's own work does not account for
  /// (`frame_budget`); zero when nothing scrolled.
  package var appHitchRatio: Double {
    scrollingTime > .zero ? scrollingAppHitchTime.milliseconds / scrollingTime.seconds : 0
  }
}

/// A frame observer. A struct, not a tuple: a closure stored directly as an array's element
/// (or in a tuple that is one) is kept at the array's generic abstraction, and every call then
/// goes through a reabstraction thunk.
struct FrameObserver {
  var phase: FramePhase
  var order: Int
  /// The object whose `deinit` removes the observer, if any.
  var owner: ObjectIdentifier?
  var handler: (FrameContext) -> Void
}

struct FrameState {
  struct Due {
    var number: Int64
    var vsync: SimTime
    var skipped = 0
  }

  var due: Due?
  /// Set while a frame runs; vsyncs that pass meanwhile are absorbed by it.
  var running: Due?
  var nextVsync: Int64 = 0
  var observers: [FrameObserver] = []
  var stats = FrameStats()
  var scrollingSince: SimTime?
  /// Main-thread work the platform did for the table (creating, configuring and laying out
  /// cells) since the last frame ended.
  var platformWork: SimDuration = .zero
}

extension MainThread {
  /// Adds a frame observer for `phase`. Observers of a phase run in the order they were added.
  ///
  /// An object whose observers capture it unowned names itself as `owner` and removes them in
  /// its `deinit` (`removeFrameObservers(owner:)`): a weak capture would give it a side table,
  /// and every retain of it anywhere would take the runtime's slow path.
  package func addFrameObserver(
    _ phase: FramePhase, owner: AnyObject? = nil, _ handler: @escaping (FrameContext) -> Void
  ) {
    let owner = owner.map(ObjectIdentifier.init)
    frames.observers.append(
      FrameObserver(
        phase: phase, order: frames.observers.count, owner: owner, handler: handler))
    frames.observers.sort { ($0.phase, $0.order) < ($1.phase, $1.order) }
  }

  /// Removes the frame observers added with `owner` (call it from the owner's `deinit`).
  package func removeFrameObservers(owner: AnyObject) {
    let owner = ObjectIdentifier(owner)
    frames.observers.removeAll { $0.owner == owner }
  }

  /// The table spent `cost` of main-thread time on its own work (UIKit's part of dequeuing,
  /// configuring, displaying and laying out cells, as the device profile prices it). A frame's
  /// lateness up to the work noted since the previous frame ended is the platform's, not the
  /// app's: no loader could have avoided it (`FrameStats.appHitchRatio`).
  package func notePlatformWork(_ cost: SimDuration) {
    frames.platformWork += cost
  }

  /// Whether the table is scrolling (tracking, decelerating or animating). The scroll model
  /// sets this; hitch ratios are computed over scrolling time.
  package var isScrolling: Bool { frames.scrollingSince != nil }

  /// Marks the start or end of scrolling.
  package func setScrolling(_ scrolling: Bool) {
    if scrolling, frames.scrollingSince == nil {
      frames.scrollingSince = loop.now
    } else if !scrolling, let since = frames.scrollingSince {
      frames.stats.scrollingTime += loop.now - since
      frames.scrollingSince = nil
    }
  }

  /// Frame statistics so far, counting an open scrolling interval up to now.
  package var frameStats: FrameStats {
    var stats = frames.stats
    if let since = frames.scrollingSince { stats.scrollingTime += loop.now - since }
    return stats
  }

  func startDisplayLink() {
    scheduleVsync()
  }

  func scheduleVsync() {
    let number = frames.nextVsync
    frames.nextVsync += 1
    loop.schedule(
      at: device.vsync(number), target: events, tag: Int(truncatingIfNeeded: number))
  }

  /// The display link's vsync `number`: marks a frame due (or counts a skipped vsync while a
  /// frame waits or runs), schedules the next vsync and wakes the main thread.
  func vsync(number: Int64) {
    if frames.running != nil {
      frames.running?.skipped += 1
    } else if frames.due == nil {
      frames.due = FrameState.Due(number: number, vsync: loop.now)
    } else {
      frames.due?.skipped += 1
    }
    scheduleVsync()
    scheduleWake()
  }

  func runFrame(_ due: FrameState.Due) {
    frames.due = nil
    frames.running = due
    let duringScroll = isScrolling
    let start = loop.now
    let observers = frames.observers
    if let host = executionHost {
      run(label: "frame", host: host) { [self] execution in
        frameBody(execution, due, start: start, duringScroll: duringScroll, observers)
      }
    } else {
      run(label: "frame") { [self] execution in
        frameBody(execution, due, start: start, duringScroll: duringScroll, observers)
      }
    }
  }

  /// A frame's observers before the commit, then its commit phase.
  func frameBody(
    _ execution: Execution, _ due: FrameState.Due, start: SimTime, duringScroll: Bool,
    _ observers: [FrameObserver]
  ) {
    let context = FrameContext(number: due.number, vsync: due.vsync, execution: execution)
    var index = 0
    while index < observers.count, observers[index].phase < .commit {
      observers[index].handler(context)
      index += 1
    }
    let firstCommit = index
    // The commit runs after the steps the scroll and layout observers issued. When they
    // issued none (an idle frame), that is now: running it here is the same instant, thread
    // and order as a `then` step, without the step and its closure.
    guard execution.hasPendingSteps else {
      commitPhase(
        due, start: start, duringScroll: duringScroll, observers[firstCommit...], context)
      return
    }
    execution.then { [self] in
      commitPhase(
        due, start: start, duringScroll: duringScroll, observers[firstCommit...], context)
    }
  }

  /// A frame's commit observers, then its end, once the steps they issue (a main-thread
  /// decode) have run: at once if they issued none.
  func commitPhase(
    _ due: FrameState.Due, start: SimTime, duringScroll: Bool,
    _ observers: ArraySlice<FrameObserver>,
    _ context: FrameContext
  ) {
    let commit = loop.now
    for observer in observers { observer.handler(context) }
    guard context.execution.hasPendingSteps else {
      finishFrame(due, start: start, commit: commit, duringScroll: duringScroll)
      return
    }
    // Issued after whatever the commit observers issued, so the frame ends when they have:
    // the same order as a second step of the body.
    context.execution.then { [self] in
      finishFrame(due, start: start, commit: commit, duringScroll: duringScroll)
    }
  }

  func finishFrame(_ due: FrameState.Due, start: SimTime, commit: SimTime, duringScroll: Bool) {
    // The frame's own execution is still on the thread; its end is after every step issued
    // before this continuation, which is now.
    let skipped = frames.running?.skipped ?? due.skipped
    frames.running = nil
    let record = FrameRecord(
      number: due.number, vsync: due.vsync, start: start, commit: commit, end: loop.now,
      deadline: device.vsync(due.number + 1), duringScroll: duringScroll,
      skippedVsyncs: skipped)
    frames.stats.frames += 1
    if record.isHitch {
      frames.stats.hitches += 1
      frames.stats.hitchTime += record.lateness
      if duringScroll {
        frames.stats.scrollingHitchTime += record.lateness
        let excused = min(record.lateness, frames.platformWork)
        frames.stats.scrollingAppHitchTime += record.lateness - excused
      }
    }
    frames.platformWork = .zero
    trace.record(at: loop.now, "frame") {
      $0.field("n", record.number)
      $0.field("start", record.start.nanoseconds)
      $0.field("late", record.lateness)
      if record.skippedVsyncs > 0 { $0.field("skipped", record.skippedVsyncs) }
    }
    reports.send(.frame(record))
  }
}
