import Foundation
import SimAsync

/// `Task.sleep` in virtual time: inside an async simulation (SimAsync), the shadows sleep on
/// the simulation's clock, so unchanged code that calls `Task.sleep(nanoseconds:)` or
/// `Task.sleep(for:)` waits in the world's time and ends early with `CancellationError` when
/// its task is cancelled, as the real ones do.
///
/// Called outside an async simulation's tasks (no simulation, or another thread) they stop
/// the process naming the API: there is no real clock to fall back on. Not shadowed:
/// `Task.sleep(for:tolerance:clock:)` and `Task.sleep(until:tolerance:clock:)` with an
/// explicit clock (a `ContinuousClock` passed there still reaches the real clock; SimAsync's
/// gate reports it).
extension Task where Success == Never, Failure == Never {
  /// Suspends the task for `duration` nanoseconds of virtual time.
  public static func sleep(nanoseconds duration: UInt64) async throws {
    try await virtualSleep(.nanoseconds(Int64(clamping: duration)), "Task.sleep(nanoseconds:)")
  }

  /// Suspends the task for `duration` of virtual time.
  public static func sleep(for duration: Duration) async throws {
    try await virtualSleep(duration, "Task.sleep(for:)")
  }

  static func virtualSleep(_ duration: Duration, _ api: StaticString) async throws {
    guard let simulation = AsyncSimulation.running else {
      preconditionFailure(
        "CellSimUIKit: \(api) was called outside an async simulation's tasks; it has no "
          + "virtual clock to sleep on")
    }
    let clock = simulation.clock
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
  }
}
