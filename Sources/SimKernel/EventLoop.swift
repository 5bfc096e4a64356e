import HeapModule

/// A handle to a scheduled event, used to cancel it.
///
/// A handle stays valid after its event ran or was cancelled; cancelling it then does nothing.
public struct EventHandle: Hashable, Sendable {
  let slot: UInt32
  let generation: UInt32
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
      a.time != b.time ? a.time < b.time : a.seq < b.seq
    }
    @inline(__always) static func == (a: Entry, b: Entry) -> Bool {
      a.time == b.time && a.seq == b.seq
    }
  }

  /// What a slot holds while its event is pending.
  struct Slot {
    var action: (() -> Void)?
    var generation: UInt32 = 0
    /// Zero for a one-shot event; otherwise the repeat interval in ns.
    var interval: Int64 = 0
  }

  /// The current virtual time. It only moves forward.
  public private(set) var now: SimTime = .zero
  /// The maximum number of events one `run` call may process before it reports a runaway.
  public var eventLimit: Int
  /// The number of events that have run since the loop was created.
  public private(set) var eventsRun: Int = 0

  var heap = Heap<Entry>()
  var slots: [Slot] = []
  var freeSlots: [UInt32] = []
  var nextSeq: UInt64 = 0
  /// The number of scheduled events that are neither run nor cancelled.
  public private(set) var pendingCount = 0

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
    return insert(time: time.nanoseconds, interval: 0, action)
  }

  /// Schedules `action` to run `delay` from now. A negative delay is a programming error.
  @discardableResult
  public func schedule(after delay: SimDuration, _ action: @escaping () -> Void) -> EventHandle {
    precondition(
      delay.nanoseconds >= 0,
      "EventLoop.schedule(after:): negative delay \(delay); delays must be zero or more")
    return insert(time: now.nanoseconds + delay.nanoseconds, interval: 0, action)
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
    return insert(time: first.nanoseconds, interval: interval.nanoseconds, action)
  }

  /// Cancels the event. Returns true if it was pending; false if it already ran or was
  /// cancelled. A cancelled event never runs.
  @discardableResult
  public func cancel(_ handle: EventHandle) -> Bool {
    let index = Int(handle.slot)
    guard index < slots.count, slots[index].generation == handle.generation,
      slots[index].action != nil
    else { return false }
    release(slot: index)
    return true
  }

  /// Whether the event is still pending.
  public func isPending(_ handle: EventHandle) -> Bool {
    let index = Int(handle.slot)
    return index < slots.count && slots[index].generation == handle.generation
      && slots[index].action != nil
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
    while let entry = heap.popMin() {
      if fire(entry) { return true }
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
      }
    }
    now = limit
  }

  /// Runs events until none is pending. Throws `EventLoopError.runaway` past `eventLimit`.
  public func runUntilIdle() throws(EventLoopError) {
    var budget = eventLimit
    while let entry = heap.popMin() {
      if fire(entry) {
        budget -= 1
        if budget < 0 { throw .runaway(limit: eventLimit, at: now) }
      }
    }
  }

  // MARK: Internals

  @inline(__always)
  func isLive(_ entry: Entry) -> Bool {
    let slot = slots[Int(entry.slot)]
    return slot.generation == entry.generation && slot.action != nil
  }

  /// Runs the popped entry if it is live; returns whether it ran.
  @inline(__always)
  func fire(_ entry: Entry) -> Bool {
    let index = Int(entry.slot)
    guard slots[index].generation == entry.generation, let action = slots[index].action else {
      return false
    }
    now = SimTime(nanoseconds: entry.time)
    eventsRun += 1
    let interval = slots[index].interval
    if interval > 0 {
      heap.insert(
        Entry(
          time: entry.time + interval, seq: takeSeq(), slot: entry.slot,
          generation: entry.generation))
    } else {
      release(slot: index)
    }
    action()
    return true
  }

  @inline(__always)
  func takeSeq() -> UInt64 {
    defer { nextSeq &+= 1 }
    return nextSeq
  }

  func insert(time: Int64, interval: Int64, _ action: @escaping () -> Void) -> EventHandle {
    let index: Int
    if let free = freeSlots.popLast() {
      index = Int(free)
      slots[index].action = action
      slots[index].interval = interval
    } else {
      index = slots.count
      slots.append(Slot(action: action, generation: 0, interval: interval))
    }
    let generation = slots[index].generation
    heap.insert(Entry(time: time, seq: takeSeq(), slot: UInt32(index), generation: generation))
    pendingCount += 1
    return EventHandle(slot: UInt32(index), generation: generation)
  }

  /// Frees a slot: its heap entry, if any, becomes stale and is skipped when popped.
  func release(slot index: Int) {
    slots[index].action = nil
    slots[index].interval = 0
    slots[index].generation &+= 1
    freeSlots.append(UInt32(index))
    pendingCount -= 1
  }
}
