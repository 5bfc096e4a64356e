import SimKernel
@_spi(ExperimentalScheduling) import _Concurrency

/// The main actor's executor during a simulation: jobs run as main-queue work on the world's
/// simulated main thread.
///
/// It is the executor `MainActor` resolves to on the simulation's thread
/// (`swift_task_getMainExecutor_hook`), so `@MainActor` code, `MainActor.run` and
/// `Task { @MainActor in … }` all land here. One instance lives for the whole process and the
/// runtime's references to it stay valid after a simulation ends: a late job for one of an
/// ended simulation's tasks is held, never run.
///
/// It also conforms to the SPI `SchedulingExecutor`, because `Task.sleep` hands its wake-up to
/// the current *schedulable* executor (`Task.currentSchedulableExecutor` in swiftlang/swift
/// `stdlib/public/Concurrency/Executor.swift`, used by `TaskSleepDuration.swift`); the older
/// `swift_task_enqueueGlobalWithDelay`/`WithDeadline` hooks are then never called.
final class SimulationMainExecutor: SerialExecutor, SimulationLaneExecutor, @unchecked Sendable {
  /// The one instance of the process.
  static let shared = SimulationMainExecutor()

  let lane = AsyncLane.main

  func forward(_ job: UnownedJob) { RuntimeTasks.enqueueOnRealMain(job) }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Main-actor code runs only on the simulated main thread: in the simulation's main-lane
  /// jobs, in other main-thread work of the world (a table callback, a main-queue block), which
  /// is what `MainActor.assumeIsolated` asks from a table callback, or in the simulation's own
  /// code while no simulated thread is busy (building a loader). Nothing else runs meanwhile,
  /// so the main actor's exclusion holds.
  func checkIsolated() {
    let simulation = ExecutorGate.shared.isSimulationThread ? AsyncSimulation.current : nil
    precondition(
      simulation?.isOnSimulatedMainThread == true,
      "SimAsync: code isolated to the simulated main actor ran outside the simulated main "
        + "thread (a pool job or a worker's work item called main-actor code synchronously)")
  }

  /// Whether `executor` refers to this instance.
  func isSame(as executor: UnownedSerialExecutor) -> Bool {
    let identity = unsafeBitCast(executor, to: (UInt, UInt).self).0
    return identity == UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
  }
}

/// The cooperative pool during a simulation: nonisolated jobs, default actors and task-group
/// children run on the world's simulated workers.
///
/// Tasks that the simulation starts prefer this executor (`Task(executorPreference:)`), and so
/// do their structured children, so their jobs come here directly and a late resume after the
/// simulation is still caught. Unstructured tasks (`Task {}`, `Task.detached`) do not inherit a
/// preference; their jobs arrive through `swift_task_enqueueGlobal_hook` instead.
final class SimulationPoolExecutor: TaskExecutor, SimulationLaneExecutor, @unchecked Sendable {
  /// The one instance of the process.
  static let shared = SimulationPoolExecutor()

  let lane = AsyncLane.pool

  func forward(_ job: UnownedJob) { RuntimeTasks.enqueueOnRealGlobal(job) }
}

/// What both executors do alike: admit a job through the gate to their lane (or forward it to
/// the real executor of that kind), and schedule `Task.sleep`'s wake-ups.
protocol SimulationLaneExecutor: SchedulingExecutor {
  /// The lane the executor's jobs run on.
  var lane: AsyncLane { get }
  /// Hands a job that is none of the simulation's business to the real executor.
  func forward(_ job: UnownedJob)
}

extension SimulationLaneExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if ExecutorGate.shared.admit(job, lane: lane) == .forward { forward(job) }
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    ScheduledEnqueue.admit(UnownedJob(job), lane: lane, at: instant, clock: clock)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    ScheduledEnqueue.admit(UnownedJob(job), lane: lane, after: delay, clock: clock)
  }
}

/// The `SchedulingExecutor` half of both executors: a wake-up that `Task.sleep` (or anyone)
/// asks to run at an instant of `clock`.
enum ScheduledEnqueue {
  /// On the simulation clock the job runs at that virtual instant. On any other clock it is a
  /// real-clock sleep inside the simulation: flagged and held (see `AsyncDiagnostic`).
  static func admit<C: Clock>(_ job: UnownedJob, lane: AsyncLane, at instant: C.Instant, clock: C) {
    guard let simulation = simulationOnThisThread() else { return }
    if let instant = instant as? SimulationClock.Instant {
      simulation.acceptScheduled(job, lane: lane, at: instant.time)
    } else {
      simulation.flagRealClockSleep(clock: "\(C.self)")
    }
  }

  /// As `admit(_:lane:at:clock:)`, for a delay.
  static func admit<C: Clock>(
    _ job: UnownedJob, lane: AsyncLane, after delay: C.Duration, clock: C
  ) {
    guard let simulation = simulationOnThisThread() else { return }
    if clock is SimulationClock, let delay = delay as? Duration {
      simulation.acceptScheduled(job, lane: lane, at: simulation.now + SimulationClock.sim(delay))
    } else {
      simulation.flagRealClockSleep(clock: "\(C.self)")
    }
  }

  /// The running simulation if this is its thread; otherwise nil, and the job is held (never
  /// run): a timed enqueue onto these executors from outside a simulation comes from a task of
  /// an abandoned or ended one, and has nowhere honest to go.
  static func simulationOnThisThread() -> AsyncSimulation? {
    guard ExecutorGate.shared.isSimulationThread else { return nil }
    return AsyncSimulation.current
  }
}
