public import SimKernel
import Synchronization

/// The clock of an async simulation: its instants are the world's virtual time, and a sleep
/// ends when the world's event loop reaches its deadline, never in real time.
///
/// Code under simulation must sleep on an injected `Clock` (`some Clock<Duration>`), and the
/// simulation passes this one: `try await clock.sleep(for: .milliseconds(250))`. A sleep on
/// `ContinuousClock` or `SuspendingClock` (including `Task.sleep(for:)` and
/// `Task.sleep(nanoseconds:)`) inside a simulation is flagged as an error of the run
/// (`AsyncDiagnostic.realClockSleep`) and never ends: its deadline would come from the real
/// clock, so any virtual time given to it would depend on how fast the machine is.
public struct SimulationClock: Clock, Sendable {
  /// An instant of virtual time.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The world's time.
    public var time: SimTime

    /// The instant at world time `time`.
    public init(_ time: SimTime) { self.time = time }

    public func advanced(by duration: Duration) -> Instant {
      Instant(time + SimulationClock.sim(duration))
    }

    public func duration(to other: Instant) -> Duration {
      .nanoseconds(other.time.nanoseconds - time.nanoseconds)
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.time < b.time }

    public var description: String { "t=\(time)" }
  }

  let source: ClockSource

  /// The world's current time (read it from the simulation's thread: elsewhere it races with
  /// the running simulation; after the simulation, it is the time it ended at).
  public var now: Instant { Instant(source.now) }

  /// One nanosecond, the resolution of virtual time.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends the calling task until the world reaches `deadline` (at once, at this instant's
  /// next events, if it has already passed).
  ///
  /// Cancelling the task ends the sleep at the instant of the cancel with `CancellationError`;
  /// a task already cancelled throws it without sleeping. The tolerance is ignored: virtual
  /// time is exact. Throws `AsyncSimulationError.notOnSimulationThread` when called outside
  /// the simulation's tasks.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    guard let simulation = source.simulation, simulation.isOnSimulationThread else {
      throw AsyncSimulationError.notOnSimulationThread(operation: "SimulationClock.sleep")
    }
    try await simulation.sleep(until: deadline.time)
  }

  /// A `Duration` in whole nanoseconds (fractions of a nanosecond are dropped).
  static func sim(_ duration: Duration) -> SimDuration {
    let (seconds, attoseconds) = duration.components
    return SimDuration(nanoseconds: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}

/// What a `SimulationClock` reads its time from: its simulation while that lives.
final class ClockSource: @unchecked Sendable {
  weak var simulation: AsyncSimulation?
  var lastTime = SimTime.zero

  var now: SimTime {
    if let simulation { lastTime = simulation.now }
    return lastTime
  }
}

/// One `SimulationClock` sleep: its continuation, its wake-up event, and whether it was
/// cancelled; the cancellation handler may run on any thread.
final class Sleeper: Sendable {
  enum State {
    case notStarted
    case cancelledBeforeStart
    case waiting(UnsafeContinuation<Void, any Error>, EventHandle?)
    case cancelRequested(UnsafeContinuation<Void, any Error>, EventHandle?)
    case over
  }

  let task: Int
  let deadline: SimTime
  let state = Mutex(State.notStarted)

  init(task: Int, deadline: SimTime) {
    self.task = task
    self.deadline = deadline
  }
}

extension AsyncSimulation {
  /// The body of `SimulationClock.sleep(until:)`.
  func sleep(until deadline: SimTime) async throws {
    let sleeper = Sleeper(task: currentTaskNumber() ?? 0, deadline: max(deadline, now))
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        beginSleep(sleeper, continuation)
      }
    } onCancel: { [weak self] in
      if let self, isOnSimulationThread {
        cancelSleep(sleeper)
      } else {
        // A cancel from another thread cannot touch the world: the sleep throws when it ends.
        sleeper.state.withLock { state in
          switch state {
          case .notStarted: state = .cancelledBeforeStart
          case .waiting(let continuation, let event): state = .cancelRequested(continuation, event)
          default: break
          }
        }
      }
    }
  }

  func beginSleep(_ sleeper: Sleeper, _ continuation: UnsafeContinuation<Void, any Error>) {
    let cancelled = sleeper.state.withLock { state -> Bool in
      if case .cancelledBeforeStart = state { return true }
      state = .waiting(continuation, nil)
      return false
    }
    if cancelled {
      continuation.resume(throwing: CancellationError())
      return
    }
    world.trace.record(at: now, "async.sleep") {
      $0.field("task", sleeper.task)
      $0.field("until", sleeper.deadline.nanoseconds)
    }
    setWait(sleeper.task, .sleep(until: sleeper.deadline))
    let event = world.loop.schedule(at: sleeper.deadline) { [weak self] in self?.wake(sleeper) }
    sleeper.state.withLock { state in
      if case .waiting(let continuation, nil) = state { state = .waiting(continuation, event) }
    }
  }

  func wake(_ sleeper: Sleeper) {
    let taken = sleeper.state.withLock { state -> (UnsafeContinuation<Void, any Error>, Bool)? in
      defer { state = .over }
      switch state {
      case .waiting(let continuation, _): return (continuation, false)
      case .cancelRequested(let continuation, _): return (continuation, true)
      default: return nil
      }
    }
    guard let (continuation, cancelled) = taken, !ended else { return }
    setWait(sleeper.task, nil)
    world.trace.record(at: now, "async.wake") { $0.field("task", sleeper.task) }
    if cancelled {
      continuation.resume(throwing: CancellationError())
    } else {
      continuation.resume()
    }
  }

  func cancelSleep(_ sleeper: Sleeper) {
    let taken = sleeper.state.withLock {
      state -> (UnsafeContinuation<Void, any Error>, EventHandle?)? in
      switch state {
      case .notStarted:
        state = .cancelledBeforeStart
        return nil
      case .waiting(let continuation, let event), .cancelRequested(let continuation, let event):
        state = .over
        return (continuation, event)
      default:
        return nil
      }
    }
    guard let (continuation, event) = taken else { return }
    if let event { world.loop.cancel(event) }
    setWait(sleeper.task, nil)
    world.trace.record(at: now, "async.sleep_cancelled") { $0.field("task", sleeper.task) }
    continuation.resume(throwing: CancellationError())
  }

  func setWait(_ task: Int, _ wait: AsyncWait?) {
    guard task > 0 else { return }
    records[task - 1].wait = wait
  }
}
