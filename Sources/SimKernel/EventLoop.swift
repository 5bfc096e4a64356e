/// A handle to a scheduled event, used to cancel it.
///
/// A handle stays valid after its event ran or was cancelled; cancelling it then does nothing.
public struct EventHandle: Hashable, Sendable {
  let slot: UInt32
  let generation: UInt32
}

/// An object the event loop calls directly, for events scheduled without a closure.
public protocol EventTarget: AnyObject {
  /// Runs the event scheduled with `tag`.
  func fire(tag: Int)
}

/// Why `EventLoop.run(until:)` stopped early.
public enum EventLoopError: Error, Equatable, Sendable, CustomStringConvertible {
  /// More than `limit` events ran in one call: something reschedules itself forever.
  case runaway(limit: Int, at: SimTime)

  public var description: String {
    switch self {
    case .runaway(let limit, let at):
      return "runaway simulation: more than \(limit) events ran in one call, stopped at t=\(at); "
        + "something keeps rescheduling itself (raise EventLoop.eventLimit if this is expected)"
    }
  }
}

/// The deterministic scheduler at the heart of every simulation.
///
/// Events are kept in a min-heap keyed by `(time, seq)`, where `seq` is a counter assigned when
/// the event is scheduled. Two events at the same instant therefore run in the order they were
/// scheduled, and work scheduled "now" runs after everything already queued for this instant.
/// A cancelled event is skipped when it is popped. A repeating event takes a fresh `seq` each
/// time it fires, so it runs after work scheduled for the same instant before it fired.
///
/// Like swift-nio's `EmbeddedEventLoop`, this type is single-threaded and not thread-safe: one
/// loop belongs to one simulated world, driven by one caller.
public final class EventLoop {
  /// A heap entry: 24 bytes, no reference counting, so heap moves stay cheap.
  struct Entry: Comparable {
    var time: Int64
    var seq: UInt64
    var slot: UInt32
    var generation: UInt32

    @inline(__always) static func < (a: Entry, b: Entry) -> Bool {
      // One 128-bit comparison (times are never negative: nothing is scheduled before zero),
      // which compiles without branches; the heap's comparisons are unpredictable, so a
      // mispredicted branch per comparison cost more than the comparison itself. Built from
      // its halves: the generic integer conversions cost a metadata lookup each in a debug
      // build, where they were most of the time of every test that runs the loop.
      UInt128(_low: a.seq, _high: UInt64(bitPattern: a.time))
        < UInt128(_low: b.seq, _high: UInt64(bitPattern: b.time))
    }
    @inline(__always) static func == (a: Entry, b: Entry) -> Bool {
      a.time == b.time && a.seq == b.seq
    }
  }

  /// The current virtual time. It only moves forward.
  ///
  /// Inlinable: every component reads the clock, most of them from other modules, where a
  /// plain getter is a call each time (100,000 of them in fling-1000).
  @inlinable public var now: SimTime { SimTime(nanoseconds: nowNanoseconds) }
  /// The maximum number of events one `run` call may process before it reports a runaway.
  @exclusivity(unchecked) public var eventLimit: Int
  /// The number of events that have run since the loop was created.
  public var eventsRun: Int { eventsRunCount }
  /// The number of scheduled events that are neither run nor cancelled.
  public var pendingCount: Int { pendingEvents }

  // The loop's counters are internal stored properties behind public read-only views: with no
  // access from outside the module, the optimizer proves that no two accesses overlap and drops
  // Swift's dynamic exclusivity checks (`swift_beginAccess`), which cost more per event than
  // the heap itself when the counters were `public private(set)`.
  @usableFromInline @exclusivity(unchecked) var nowNanoseconds: Int64 = 0
  @exclusivity(unchecked) var eventsRunCount = 0
  @exclusivity(unchecked) var pendingEvents = 0
  /// Called after an event that leaves at most `quiescenceThreshold` events pending (the
  /// blocking-thread scheduler's check for threads that nothing can wake any more). Nil, the
  /// default, costs one load per event.
  @exclusivity(unchecked) package var quiescenceObserver: (() -> Void)?
  /// See `quiescenceObserver`.
  @exclusivity(unchecked) package var quiescenceThreshold = 1
  let heap = EventHeap()
  let slots = SlotTable()
  @exclusivity(unchecked) var nextSeq: UInt64 = 0

  /// Creates an empty loop at time zero.
  /// - Parameter eventLimit: the runaway guard for each `run` call.
  public init(eventLimit: Int = 200_000_000) {
    self.eventLimit = eventLimit
  }

  /// Schedules `action` to run at `time`.
  ///
  /// Scheduling in the past is a programming error and stops the process with a message.
  @discardableResult
  public func schedule(at time: SimTime, _ action: @escaping () -> Void) -> EventHandle {
    precondition(
      time >= now,
      "EventLoop.schedule(at:): t=\(time) is in the past (now is t=\(now)); "
        + "schedule at or after now")
    return insert(time: time.nanoseconds, interval: 0, .closure(action))
  }

  /// Schedules `action` to run `delay` from now. A negative delay is a programming error.
  @discardableResult
  public func schedule(after delay: SimDuration, _ action: @escaping () -> Void) -> EventHandle {
    precondition(
      delay.nanoseconds >= 0,
      "EventLoop.schedule(after:): negative delay \(delay); delays must be zero or more")
    return insert(time: nowNanoseconds + delay.nanoseconds, interval: 0, .closure(action))
  }

  /// Schedules `action` to run at `first` and then every `interval` until cancelled.
  ///
  /// Each firing takes a new `seq`, as if rescheduled at that instant. The interval must be
  /// positive.
  @discardableResult
  public func scheduleRepeating(
    first: SimTime, every interval: SimDuration, _ action: @escaping () -> Void
  ) -> EventHandle {
    precondition(
      first >= now,
      "EventLoop.scheduleRepeating: first firing t=\(first) is in the past (now is t=\(now))")
    precondition(
      interval.nanoseconds > 0,
      "EventLoop.scheduleRepeating: interval \(interval) must be positive")
    return insert(time: first.nanoseconds, interval: interval.nanoseconds, .closure(action))
  }

  /// Schedules `target.fire(tag:)` at `time`, without allocating: the loop retains `target`
  /// until the event runs or is cancelled. Use on hot paths (a timer that reschedules itself,
  /// the display link); ordering is exactly as for closures.
  @discardableResult
  public func schedule(at time: SimTime, target: consuming any EventTarget, tag: Int = 0)
    -> EventHandle
  {
    precondition(
      time >= now,
      "EventLoop.schedule(at:target:): t=\(time) is in the past (now is t=\(now)); "
        + "schedule at or after now")
    return insert(time: time.nanoseconds, interval: 0, .target(consume target, tag))
  }

  /// Schedules `target.fire(tag:)` `delay` from now, without allocating.
  @discardableResult
  public func schedule(
    after delay: SimDuration, target: consuming any EventTarget, tag: Int = 0
  )
    -> EventHandle
  {
    precondition(
      delay.nanoseconds >= 0,
      "EventLoop.schedule(after:target:): negative delay \(delay); delays must be zero or more")
    return insert(
      time: nowNanoseconds + delay.nanoseconds, interval: 0, .target(consume target, tag))
  }

  /// Cancels the event. Returns true if it was pending; false if it already ran or was
  /// cancelled. A cancelled event never runs.
  @discardableResult
  public func cancel(_ handle: EventHandle) -> Bool {
    guard slots.isPending(handle.slot, generation: handle.generation) else { return false }
    release(slot: handle.slot)
    return true
  }

  /// Whether the event is still pending.
  public func isPending(_ handle: EventHandle) -> Bool {
    slots.isPending(handle.slot, generation: handle.generation)
  }

  /// Drops every pending event without running it, releasing their closures (and whatever
  /// they capture). Use when a run is over, to break reference cycles through the loop.
  public func removeAllEvents() {
    while heap.count > 0 {
      let entry = heap.popMin()
      if slots.isPending(entry.slot, generation: entry.generation) { release(slot: entry.slot) }
    }
  }

  /// The time of the earliest pending event, if any.
  public var nextEventTime: SimTime? {
    while let top = heap.min {
      if isLive(top) { return SimTime(nanoseconds: top.time) }
      heap.removeMin()
    }
    return nil
  }

  /// Runs the earliest pending event, if any, advancing `now` to its time.
  /// Returns false when nothing is pending.
  @discardableResult
  public func step() -> Bool {
    while heap.count > 0 {
      if fire(heap.popMin()) { return true }
    }
    return false
  }

  /// Runs every event scheduled at or before `limit`, in `(time, seq)` order, then advances
  /// `now` to `limit` (if it is later).
  ///
  /// Throws `EventLoopError.runaway` if more than `eventLimit` events run in this call; the
  /// loop is then left at the time of the last event run.
  public func run(until limit: SimTime) throws(EventLoopError) {
    precondition(limit >= now, "EventLoop.run(until:): t=\(limit) is before now (t=\(now))")
    var budget = eventLimit
    while let top = heap.min, top.time <= limit.nanoseconds {
      heap.removeMin()
      if fire(top) {
        budget -= 1
        if budget < 0 { throw .runaway(limit: eventLimit, at: now) }
        if let observer = quiescenceObserver, pendingEvents <= quiescenceThreshold { observer() }
      }
    }
    nowNanoseconds = limit.nanoseconds
  }

  /// Runs events until none is pending. Throws `EventLoopError.runaway` past `eventLimit`.
  public func runUntilIdle() throws(EventLoopError) {
    var budget = eventLimit
    while heap.count > 0 {
      if fire(heap.popMin()) {
        budget -= 1
        if budget < 0 { throw .runaway(limit: eventLimit, at: now) }
        if let observer = quiescenceObserver, pendingEvents <= quiescenceThreshold { observer() }
      }
    }
  }

  // MARK: Internals

  @inline(__always)
  func isLive(_ entry: Entry) -> Bool {
    slots.isPending(entry.slot, generation: entry.generation)
  }

  /// Runs the popped entry if it is live; returns whether it ran.
  @inline(__always)
  func fire(_ entry: Entry) -> Bool {
    guard slots.generation(entry.slot) == entry.generation, slots.hasAction(entry.slot) else {
      return false
    }
    nowNanoseconds = entry.time
    eventsRunCount &+= 1
    let interval = slots.interval(entry.slot)
    if interval > 0 {
      var next = entry
      next.time = entry.time + interval
      next.seq = takeSeq()
      heap.push(next)
      slots.actionIfPending(entry.slot, generation: entry.generation)?.perform()
    } else {
      pendingEvents -= 1
      slots.take(entry.slot)?.perform()
    }
    return true
  }

  @inline(__always)
  func takeSeq() -> UInt64 {
    defer { nextSeq &+= 1 }
    return nextSeq
  }

  func insert(time: Int64, interval: Int64, _ action: consuming SlotTable.Action) -> EventHandle {
    let (slot, generation) = slots.occupy(consume action, interval: interval)
    heap.push(Entry(time: time, seq: takeSeq(), slot: slot, generation: generation))
    pendingEvents += 1
    return EventHandle(slot: slot, generation: generation)
  }

  /// Frees a slot: its heap entry, if any, becomes stale and is skipped when popped.
  @inline(__always)
  func release(slot: UInt32) {
    slots.vacate(slot)
    pendingEvents -= 1
  }
}
