@_spi(ExperimentalScheduling) @_spi(ExperimentalCustomExecutors) import _Concurrency

/// The process's default executor, wrapped so that a `Task.sleep` that reaches it from the
/// simulation's thread is flagged like any other real-clock sleep.
///
/// `Task.sleep` hands its wake-up to `Task.currentSchedulableExecutor`: the active executor if it
/// can schedule, else the task's preferred task executor, else `Task.defaultExecutor`. Inside a
/// default actor, a task that prefers no executor (any `Task {}`) has neither, so its sleep goes
/// to the default executor, Dispatch's on Linux, which arms a real timer through no hook. Its
/// wake-up then came from a Dispatch thread, as a foreign resume if it came after the
/// simulation's thread had left the actor, and unseen (the sleep looked instantaneous) if it
/// came while that thread was still draining the actor: which one depended on machine load.
///
/// Since Swift 6.2 the default executor is replaceable (`_createExecutors(factory:)`, SPI
/// `ExperimentalCustomExecutors`). `install()` replaces it, once per process, with this wrapper
/// around the one that was there: every call is passed on unchanged, except a timed enqueue made
/// on the simulation's thread, which goes where the simulation's own executors send theirs (the
/// simulation clock's instants become virtual wake-ups; any other clock is flagged and held),
/// and a job of a task of an ended simulation, which is held. The main executor is set to the
/// one that was there, unchanged.
final class SimulationDefaultExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  /// The default executor the process had before.
  let inner: any TaskExecutor

  init(wrapping inner: any TaskExecutor) { self.inner = inner }

  /// Passes `job` on, unless it belongs to a task of a simulation that has ended: such a job
  /// is held (never run, with a warning), as the simulation's own executors hold theirs. With
  /// no simulation running the hooks are out, so this is where a late resume of a task that
  /// prefers no executor arrives; before, it ran on a real thread.
  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    guard ExecutorGate.shared.admitFromElsewhere(unowned, lane: .pool) == .forward else { return }
    inner.enqueue(ExecutorJob(unowned))
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    if ExecutorGate.shared.isSimulationThread {
      ScheduledEnqueue.admit(UnownedJob(job), lane: .pool, at: instant, clock: clock)
    } else if let scheduling = inner as? any SchedulingExecutor {
      scheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
    } else {
      preconditionFailure("SimAsync: the default executor cannot schedule (\(type(of: inner)))")
    }
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    if ExecutorGate.shared.isSimulationThread {
      ScheduledEnqueue.admit(UnownedJob(job), lane: .pool, after: delay, clock: clock)
    } else if let scheduling = inner as? any SchedulingExecutor {
      scheduling.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
    } else {
      preconditionFailure("SimAsync: the default executor cannot schedule (\(type(of: inner)))")
    }
  }

  /// The executors the factory hands the runtime, read once, before the swap.
  private enum Factory: ExecutorFactory {
    static let main = MainActor.executor
    static let wrapped = SimulationDefaultExecutor(wrapping: Task.defaultExecutor)
    static var mainExecutor: any MainExecutor { main }
    static var defaultExecutor: any TaskExecutor { wrapped }
  }

  /// Installs the wrapper, once per process; later calls do nothing. Call it with the hooks in:
  /// the swap waits behind `GlobalEnqueueFence` until no global enqueue is in flight. It stays
  /// for the life of the process (outside a simulation it changes nothing), so the runtime's
  /// executor references are written once.
  static func install() { _ = installed }

  private static let installed: Void = {
    _ = Factory.main
    _ = Factory.wrapped
    GlobalEnqueueFence.exclusively { _createExecutors(factory: Factory.self) }
  }()

  /// Whether the process's default executor is this wrapper.
  static var isInstalled: Bool { Task.defaultExecutor is SimulationDefaultExecutor }
}
