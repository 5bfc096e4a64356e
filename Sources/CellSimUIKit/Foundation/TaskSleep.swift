import Foundation
import SimAsync
import SimKernel

/// `Task.sleep` in virtual time: inside an async simulation (SimAsync), the shadows sleep on
/// the simulation's clock, so unchanged code that calls `Task.sleep(nanoseconds:)`,
/// `Task.sleep(for:)`, the deprecated `Task.sleep(_:)`, or the clock forms with a
/// `ContinuousClock` or `SuspendingClock` (`Task.sleep(until: .now + .seconds(1), clock:
/// .continuous)`) waits in the world's time, as the real ones do in real time.
///
/// The throwing forms end early with `CancellationError` when their task is cancelled; the
/// deprecated `Task.sleep(_:)` does not throw and, as the standard library's, is not
/// cancellable: it always sleeps the whole duration (it waits for a sleep in a task of its own,
/// which no cancellation reaches).
///
/// The clock forms need deadlines in virtual time, so the layer also shadows `now` on both
/// clocks and their instants (`ContinuousClock.now`, `ContinuousClock.Instant.now`, and the
/// same for `SuspendingClock`): in a file that imports the layer they read the world's time (as
/// an uptime: virtual time zero is `VirtualClock`'s boot offset), and outside any world they stop
/// the process naming the API, as every virtual clock does. A deadline read from the real clock
/// through generic code (`some Clock`) is not converted: it lies far in the virtual future.
///
/// Called outside an async simulation's tasks the sleeps stop the process naming the API: there
/// is no real clock to fall back on. Not shadowed: the clock forms with any other clock (a
/// `SimulationClock` is virtual already; another one is reported by SimAsync's gate).
extension Task where Success == Never, Failure == Never {
  /// Suspends the task for `duration` nanoseconds of virtual time.
  public static func sleep(nanoseconds duration: UInt64) async throws {
    try await virtualSleep(.nanoseconds(Int64(clamping: duration)), "Task.sleep(nanoseconds:)")
  }

  /// Suspends the task for `duration` of virtual time.
  public static func sleep(for duration: Duration) async throws {
    try await virtualSleep(duration, "Task.sleep(for:)")
  }

  /// The deprecated `Task.sleep(_:)`: suspends the task for `duration` nanoseconds of virtual
  /// time, whether or not it is cancelled (it neither throws nor ends early).
  @available(*, deprecated, renamed: "Task.sleep(nanoseconds:)")
  public static func sleep(_ duration: UInt64) async {
    let simulation = running("Task.sleep(_:)")
    let clock = simulation.clock
    let deadline = clock.now.advanced(by: .nanoseconds(Int64(clamping: duration)))
    // A task of its own inherits no cancellation: the sleep runs to its deadline.
    await Task<Void, Never> { try? await clock.sleep(until: deadline, tolerance: nil) }.value
  }

  /// `Task.sleep(until:tolerance:clock:)` on a `ContinuousClock`: until the world's time
  /// reaches `deadline` (a virtual instant; see the extension's notes).
  public static func sleep(
    until deadline: ContinuousClock.Instant, tolerance: Duration? = nil,
    clock: ContinuousClock = .continuous
  ) async throws {
    let now = VirtualInstant.instant(
      VirtualInstant.uptime("Task.sleep(until:tolerance:clock:)"), as: ContinuousClock.Instant.self)
    try await virtualSleep(now.duration(to: deadline), "Task.sleep(until:tolerance:clock:)")
  }

  /// `Task.sleep(until:tolerance:clock:)` on a `SuspendingClock`.
  public static func sleep(
    until deadline: SuspendingClock.Instant, tolerance: Duration? = nil, clock: SuspendingClock
  ) async throws {
    let now = VirtualInstant.instant(
      VirtualInstant.uptime("Task.sleep(until:tolerance:clock:)"), as: SuspendingClock.Instant.self)
    try await virtualSleep(now.duration(to: deadline), "Task.sleep(until:tolerance:clock:)")
  }

  /// `Task.sleep(for:tolerance:clock:)` on a `ContinuousClock`.
  public static func sleep(
    for duration: Duration, tolerance: Duration? = nil, clock: ContinuousClock = .continuous
  ) async throws {
    try await virtualSleep(duration, "Task.sleep(for:tolerance:clock:)")
  }

  /// `Task.sleep(for:tolerance:clock:)` on a `SuspendingClock`.
  public static func sleep(
    for duration: Duration, tolerance: Duration? = nil, clock: SuspendingClock
  ) async throws {
    try await virtualSleep(duration, "Task.sleep(for:tolerance:clock:)")
  }

  static func running(_ api: StaticString) -> AsyncSimulation {
    guard let simulation = AsyncSimulation.running else {
      preconditionFailure(
        "CellSimUIKit: \(api) was called outside an async simulation's tasks; it has no "
          + "virtual clock to sleep on")
    }
    return simulation
  }

  static func virtualSleep(_ duration: Duration, _ api: StaticString) async throws {
    let clock = running(api).clock
    try await clock.sleep(until: clock.now.advanced(by: max(duration, .zero)), tolerance: nil)
  }
}

/// The virtual instants the clocks' `now` shadows give: the world's time as an uptime.
enum VirtualInstant {
  /// The calling world's time since the device booted, as a `Duration`.
  static func uptime(_ api: StaticString) -> Duration {
    .nanoseconds(VirtualClock.bootOffsetNanoseconds + VirtualClock.now(for: api).nanoseconds)
  }

  /// An instant of a standard clock at `uptime`. The standard library gives no initializer, and
  /// both instants are a single `Duration` since the clock's origin; the sizes are checked.
  static func instant<Instant>(_ uptime: Duration, as type: Instant.Type) -> Instant {
    precondition(
      MemoryLayout<Instant>.size == MemoryLayout<Duration>.size,
      "CellSimUIKit: \(Instant.self) is not a single Duration on this platform")
    return unsafeBitCast(uptime, to: Instant.self)
  }
}

extension ContinuousClock {
  /// The world's time (see `Task.sleep`'s shadows).
  public var now: ContinuousClock.Instant { ContinuousClock.Instant.now }
  /// The world's time (see `Task.sleep`'s shadows).
  public static var now: ContinuousClock.Instant { ContinuousClock.Instant.now }
}

extension ContinuousClock.Instant {
  /// The world's time (see `Task.sleep`'s shadows).
  public static var now: ContinuousClock.Instant {
    VirtualInstant.instant(VirtualInstant.uptime("ContinuousClock.now"), as: Self.self)
  }
}

extension SuspendingClock {
  /// The world's time (see `Task.sleep`'s shadows).
  public var now: SuspendingClock.Instant { SuspendingClock.Instant.now }
  /// The world's time (see `Task.sleep`'s shadows).
  public static var now: SuspendingClock.Instant { SuspendingClock.Instant.now }
}

extension SuspendingClock.Instant {
  /// The world's time (see `Task.sleep`'s shadows).
  public static var now: SuspendingClock.Instant {
    VirtualInstant.instant(VirtualInstant.uptime("SuspendingClock.now"), as: Self.self)
  }
}
