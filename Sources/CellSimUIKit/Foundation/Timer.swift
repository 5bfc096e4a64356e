import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `Timer`, block form, in the world's virtual time.
///
/// - `scheduledTimer(withTimeInterval:repeats:block:)` schedules on the calling thread's run
///   loop in the default mode (Apple: "Creates a timer and schedules it on the current run
///   loop in the default mode"). On the main thread a default-mode timer waits while the table
///   scrolls (the run loop is in `.tracking`); add it for `.common` to fire then too. From a
///   queue's block it goes on a worker's run loop, which nothing runs: it never fires, as on a
///   device.
/// - A firing runs the block on the main thread as blocking code, like a main-queue block. A
///   repeating timer fires at its first date and every interval after it; firings missed while
///   its mode was not running, or while the main thread was busy, coalesce into one, as
///   Foundation's do. An interval of zero or less becomes 0.0001 s, as Apple documents.
/// - `tolerance` is kept and not used: the timer fires at its fire date exactly.
/// - The selector forms (`scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`) need
///   `#selector`, which does not compile on Linux: not provided.
open class Timer: NSObject, @unchecked Sendable {
  /// The block, released by `invalidate()` (Apple: the run loop "removes and releases the
  /// timer" and its block).
  private var block: (@Sendable (Timer) -> Void)?
  private let repeats: Bool
  private let interval: SimDuration
  private let intervalSeconds: TimeInterval
  /// The first firing, fixed at creation in a world, or at scheduling for a timer made
  /// outside one (a property's initial value).
  private var firstFire: SimTime?
  /// What fixes `firstFire` for a timer made outside a world: a delay from its scheduling.
  private let delayFromScheduling: SimDuration
  private var valid = true
  /// The main run loop's modes the timer is scheduled in (empty: not on the main run loop).
  private var modes: RunLoopModes = []
  /// The simulated run-loop timer, while scheduled on the main run loop.
  private var handle: RunLoopTimer?

  /// How long the timer may fire late; kept and not used (it fires on time).
  open var tolerance: TimeInterval = 0

  /// A timer that fires `interval` seconds after it is made (and every `interval` after that
  /// if `repeats`), once added to a run loop.
  public init(
    timeInterval interval: TimeInterval, repeats: Bool,
    block: @escaping @Sendable (Timer) -> Void
  ) {
    let seconds = Self.clamped(interval)
    self.block = block
    self.repeats = repeats
    self.intervalSeconds = seconds
    let duration = VirtualClock.duration(seconds: seconds) ?? .ns(Int64.max / 4)
    self.interval = duration
    self.delayFromScheduling = duration
    self.firstFire = SimulationContext.world.map { $0.now + duration }
    super.init()
  }

  /// A timer that first fires at `date` (and every `interval` after it if `repeats`), once
  /// added to a run loop.
  public convenience init(
    fire date: Date, interval: TimeInterval, repeats: Bool,
    block: @escaping @Sendable (Timer) -> Void
  ) {
    self.init(timeInterval: interval, repeats: repeats, block: block)
    firstFire = VirtualClock.time(of: date)
  }

  /// Makes a timer and schedules it on the calling thread's run loop in the default mode.
  open class func scheduledTimer(
    withTimeInterval interval: TimeInterval, repeats: Bool,
    block: @escaping @Sendable (Timer) -> Void
  ) -> Timer {
    let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
    RunLoop.current.add(timer, forMode: .default)
    return timer
  }

  /// Whether the timer can still fire.
  open var isValid: Bool { valid }

  /// The interval of a repeating timer; 0 for a one-shot timer (as Apple documents).
  open var timeInterval: TimeInterval { repeats ? intervalSeconds : 0 }

  /// A block-based timer has no user info.
  open var userInfo: Any? { nil }

  /// When the timer fires next, in the virtual wall clock. Setting it moves the schedule: a
  /// repeating timer then fires at the new date and every interval after it.
  open var fireDate: Date {
    get {
      let now = VirtualClock.now(for: "Timer.fireDate")
      return VirtualClock.date(at: nextFire(after: now) ?? now + delayFromScheduling)
    }
    set {
      let world = SimulationContext.world(for: "Timer.fireDate")
      firstFire = VirtualClock.time(of: newValue)
      guard valid, !modes.isEmpty else { return }
      reschedule(in: world, modes: modes)
    }
  }

  /// Runs the block now, on the calling thread, without moving a repeating timer's schedule;
  /// a one-shot timer is invalidated after it. Nothing for an invalid timer.
  open func fire() { runBlock() }

  /// Runs the block once if the timer is valid; a one-shot timer is invalidated after it.
  private func runBlock() {
    guard valid, let block else { return }
    block(self)
    if !repeats { invalidate() }
  }

  /// Stops the timer for good and releases its block.
  open func invalidate() {
    valid = false
    block = nil
    handle?.invalidate()
    handle = nil
  }

  // MARK: Scheduling (from RunLoop)

  /// Schedules the timer on `runLoop` in `mode`, in `world`.
  func schedule(in world: World, on runLoop: RunLoop, mode: RunLoop.Mode) {
    guard valid else { return }
    if firstFire == nil { firstFire = world.now + delayFromScheduling }
    // A run loop other than the main one never runs: the timer stays valid and never fires.
    guard runLoop.isMain else { return }
    let added = modes.union(RunLoop.simModes(of: mode))
    guard added != modes else { return }
    reschedule(in: world, modes: added)
  }

  /// Replaces the simulated timer with one in `newModes` that keeps the schedule.
  private func reschedule(in world: World, modes newModes: RunLoopModes) {
    handle?.invalidate()
    modes = newModes
    let now = world.now
    guard let next = nextFire(after: now) else { return }
    MainActorIsolation.install()
    handle = world.main.scheduleTimer(
      after: next > now ? next - now : .zero, repeating: repeats ? interval : nil,
      inModes: newModes, label: "Timer"
    ) { [self] in runBlock() }
  }

  /// The first firing at or after `now` (the next one after `now` once the schedule started);
  /// nil before the first date is fixed.
  private func nextFire(after now: SimTime) -> SimTime? {
    guard let first = firstFire else { return nil }
    guard repeats, now >= first else { return first }
    let passed = (now - first).nanoseconds / interval.nanoseconds + 1
    let (offset, overflow) = interval.nanoseconds.multipliedReportingOverflow(by: passed)
    return overflow ? first : first + .ns(offset)
  }

  /// Apple: "If `interval` is less than or equal to `0.0`, this method chooses the
  /// nonnegative value of `0.0001` seconds instead."
  private static func clamped(_ interval: TimeInterval) -> TimeInterval {
    interval.isNaN || interval <= 0 ? 0.0001 : interval
  }
}
