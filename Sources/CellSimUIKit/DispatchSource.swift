import Foundation
import SimKernel
import SimPlatform

/// Dispatch's `DispatchSource`, for the sources image code uses: timers (a progress poll, a
/// debounce, an animated image's frame clock), memory pressure (cache eviction) and user data
/// (coalescing many updates into one handler call).
///
/// As in Dispatch, a source is created inactive: nothing is delivered until `activate()` or
/// `resume()`. Each delivery submits the event handler to the source's queue (the default global
/// queue when none is given) as an ordinary block, so it runs on that queue's threads, in turn,
/// in virtual time. Events that arrive while a delivery is pending or running, or while the source
/// is suspended, coalesce into one later call, as Dispatch merges them: `data` then says how many
/// timer firings or how much added data the call stands for. `cancel()` stops further deliveries
/// (a call already submitted returns at once) and submits the cancel handler.
///
/// - A timer fires at its deadline, then every `repeating` interval, exactly: the leeway is
///   accepted and ignored, and a deadline in the past fires at once.
/// - A memory-pressure source fires when the world delivers a memory warning (the scenario's
///   `memory_warning`), when its mask includes `.warning`, with `data` `.warning`.
/// - A user-data source fires after `add(data:)` or `or(data:)`.
///
/// Dispatch's programming errors trap, as libdispatch does: resuming a source that is not
/// suspended ("over-resume"). Not modelled: releasing a suspended or inactive source (which
/// libdispatch also traps; here the source is simply freed), file-descriptor, process, signal and
/// Mach sources, `DispatchIO`, and the registration handler's exact moment (it runs, on the
/// queue, at activation).
public class DispatchSource: @unchecked Sendable {
  /// `DispatchSource.TimerFlags` (`.strict` is accepted; every timer here is exact).
  public struct TimerFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Dispatch's strict timer: fires exactly at its deadline.
    public static let strict = TimerFlags(rawValue: 1)
  }

  /// `DispatchSource.MemoryPressureEvent`, with Dispatch's raw values.
  public struct MemoryPressureEvent: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The pressure went back to normal.
    public static let normal = MemoryPressureEvent(rawValue: 0x1)
    /// The system is under memory pressure: a memory warning.
    public static let warning = MemoryPressureEvent(rawValue: 0x2)
    /// Critical pressure.
    public static let critical = MemoryPressureEvent(rawValue: 0x4)
    /// Every kind.
    public static let all: MemoryPressureEvent = [.normal, .warning, .critical]
  }

  /// A timer source delivering to `queue` (nil: the default global queue).
  public class func makeTimerSource(flags: TimerFlags = [], queue: DispatchQueue? = nil)
    -> any DispatchSourceTimer
  {
    SimDispatchSource(kind: .timer, queue: queue, api: "DispatchSource.makeTimerSource")
  }

  /// A memory-pressure source for the events in `eventMask`, delivering to `queue`.
  public class func makeMemoryPressureSource(
    eventMask: MemoryPressureEvent, queue: DispatchQueue? = nil
  ) -> any DispatchSourceMemoryPressure {
    let source = SimDispatchSource(
      kind: .memoryPressure, queue: queue, api: "DispatchSource.makeMemoryPressureSource")
    source.maskBits = eventMask.rawValue
    source.listenForMemoryWarnings()
    return source
  }

  /// A source whose `add(data:)` calls coalesce by addition.
  public class func makeUserDataAddSource(queue: DispatchQueue? = nil)
    -> any DispatchSourceUserDataAdd
  {
    SimDispatchSource(kind: .userDataAdd, queue: queue, api: "DispatchSource.makeUserDataAddSource")
  }

  /// A source whose `or(data:)` calls coalesce by bitwise or.
  public class func makeUserDataOrSource(queue: DispatchQueue? = nil)
    -> any DispatchSourceUserDataOr
  {
    SimDispatchSource(kind: .userDataOr, queue: queue, api: "DispatchSource.makeUserDataOrSource")
  }

  init() {}
}

/// As in Dispatch's overlay, the class conforms to every source protocol, so a source made by
/// one `make…Source` and cast back to `DispatchSource` can be typed as any of them (image caches
/// write `makeMemoryPressureSource(…) as? DispatchSource` into a `DispatchSourceMemoryPressure`).
/// Use a source through its own kind's members: another kind's (`add(data:)` on a timer) are not
/// modelled as Dispatch treats them, and act on it as on a source of that kind.
extension DispatchSource: DispatchSourceTimer, DispatchSourceMemoryPressure,
  DispatchSourceUserDataAdd, DispatchSourceUserDataOr
{}

/// What every source answers (`DispatchSourceProtocol`). As in Dispatch's overlay, every member
/// is an extension member, not a requirement, so that a memory-pressure source's typed `data`
/// and `mask` are the ones its users see; only the layer's sources conform.
public protocol DispatchSourceProtocol: AnyObject, Sendable {}

extension DispatchSourceProtocol {
  /// A handler: a plain closure, as on Darwin, where it is a block that need not be `Sendable`.
  public typealias DispatchSourceHandler = () -> Void

  var simulated: SimDispatchSource { self as! SimDispatchSource }

  /// Sets the block each delivery runs (nil: none); the quality of service and flags are kept
  /// by Dispatch, ignored here.
  public func setEventHandler(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    handler: DispatchSourceHandler?
  ) {
    simulated.eventHandler = handler
  }
  /// Sets a work item as the event handler.
  public func setEventHandler(handler: DispatchWorkItem) {
    simulated.eventHandler = { handler.perform() }
  }
  /// Sets the block run once, on the queue, after `cancel()`.
  public func setCancelHandler(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    handler: DispatchSourceHandler?
  ) {
    simulated.cancelHandler = handler
  }
  /// Sets a work item as the cancel handler.
  public func setCancelHandler(handler: DispatchWorkItem) {
    simulated.cancelHandler = { handler.perform() }
  }
  /// Sets the block run once, on the queue, when the source is activated.
  public func setRegistrationHandler(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    handler: DispatchSourceHandler?
  ) {
    simulated.registrationHandler = handler
  }
  /// Starts delivery of an inactive source.
  public func activate() { simulated.activateSource() }
  /// Stops delivery for good, and submits the cancel handler.
  public func cancel() { simulated.cancelSource() }
  /// Resumes a suspended source; activates an inactive one. Traps on over-resume.
  public func resume() { simulated.resumeSource() }
  /// Suspends delivery (events coalesce until `resume()`).
  public func suspend() { simulated.suspendCount += 1 }
  /// 0: no handle is monitored.
  public var handle: UInt { 0 }
  /// The source's mask (a memory-pressure source's events).
  public var mask: UInt { simulated.maskBits }
  /// What the current delivery stands for: timer firings, added or or-ed data, the pressure.
  public var data: UInt { simulated.currentData }
  /// Whether `cancel()` was called.
  public var isCancelled: Bool { simulated.cancelled }
}

/// A timer source (`DispatchSource.makeTimerSource`).
public protocol DispatchSourceTimer: DispatchSourceProtocol {}

extension DispatchSourceTimer {
  /// Fires at `deadline`, then every `interval` (`.never`: once); replaces any earlier schedule
  /// and clears what was pending. The leeway is ignored: timers here are exact.
  public func schedule(
    deadline: DispatchTime, repeating interval: DispatchTimeInterval = .never,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    reschedule(every: VirtualClock.duration(interval)) {
      VirtualClock.delay(untilUptime: deadline.uptimeNanoseconds, now: $0)
    }
  }

  /// Fires at `deadline`, then every `interval` seconds.
  public func schedule(
    deadline: DispatchTime, repeating interval: Double,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    reschedule(every: VirtualClock.duration(seconds: interval)) {
      VirtualClock.delay(untilUptime: deadline.uptimeNanoseconds, now: $0)
    }
  }

  /// Fires at the wall-clock `wallDeadline`, then every `interval`.
  public func schedule(
    wallDeadline: DispatchWallTime, repeating interval: DispatchTimeInterval = .never,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    reschedule(every: VirtualClock.duration(interval)) {
      VirtualClock.delay(untilWall: wallDeadline.nanosecondsSince1970, now: $0)
    }
  }

  /// Fires at the wall-clock `wallDeadline`, then every `interval` seconds.
  public func schedule(
    wallDeadline: DispatchWallTime, repeating interval: Double,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    reschedule(every: VirtualClock.duration(seconds: interval)) {
      VirtualClock.delay(untilWall: wallDeadline.nanosecondsSince1970, now: $0)
    }
  }

  /// Starts the timer over: first firing after `delay(now)` (nil: never), then every `period`
  /// (nil or not positive: once).
  private func reschedule(every period: SimDuration?, after delay: (SimTime) -> SimDuration?) {
    simulated.start(
      after: delay(VirtualClock.now(for: "DispatchSourceTimer.schedule")), every: period)
  }
}

/// A memory-pressure source (`DispatchSource.makeMemoryPressureSource`).
public protocol DispatchSourceMemoryPressure: DispatchSourceProtocol {}

extension DispatchSourceMemoryPressure {
  /// The pressure the current delivery reports.
  public var data: DispatchSource.MemoryPressureEvent {
    DispatchSource.MemoryPressureEvent(rawValue: simulated.currentData)
  }
  /// The events the source listens for.
  public var mask: DispatchSource.MemoryPressureEvent {
    DispatchSource.MemoryPressureEvent(rawValue: simulated.maskBits)
  }
}

/// A user-data source that adds (`DispatchSource.makeUserDataAddSource`).
public protocol DispatchSourceUserDataAdd: DispatchSourceProtocol {}

extension DispatchSourceUserDataAdd {
  /// Adds `data` to what the next delivery reports, and schedules it (0 does nothing).
  public func add(data: UInt) { simulated.signal(data) }
}

/// A user-data source that ors (`DispatchSource.makeUserDataOrSource`).
public protocol DispatchSourceUserDataOr: DispatchSourceProtocol {}

extension DispatchSourceUserDataOr {
  /// Ors `data` into what the next delivery reports, and schedules it (0 does nothing).
  public func or(data: UInt) { simulated.signal(data) }
}
