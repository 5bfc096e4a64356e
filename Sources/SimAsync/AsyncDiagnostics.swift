package import SimKernel

/// A task as the simulation names it: a number given in the order the simulation first saw it
/// (1, 2, …; deterministic, unlike the runtime's own ids), and the name it was started with.
package struct AsyncTaskLabel: Hashable, Sendable, CustomStringConvertible {
  /// The simulation's number for the task.
  package var id: Int
  /// The name given to `AsyncSimulation.startTask`, if the task was started that way.
  package var name: String?

  package init(id: Int, name: String? = nil) {
    self.id = id
    self.name = name
  }

  /// `task 3 "loader"` or `task 3`.
  package var description: String {
    name.map { "task \(id) \"\($0)\"" } ?? "task \(id)"
  }
}

/// Where a task waits, as far as the simulation knows.
package enum AsyncWait: Hashable, Sendable, CustomStringConvertible {
  /// In `SimulationClock.sleep`, until a virtual instant.
  case sleep(until: SimTime)
  /// In a sleep on a real clock (`ContinuousClock`, `SuspendingClock`): flagged and held.
  case realClockSleep(clock: String)
  /// Resumed from a thread outside the simulation: the job was held and never ran.
  case foreignResume
  /// Inside `AsyncSimulation.waiting(on:_:)` with this label (a transfer, a queue, a bridge).
  case labelled(String)
  /// Somewhere the simulation cannot see: a continuation, an `AsyncStream`, another task's
  /// value or an actor. Wrap the await in `AsyncSimulation.waiting(on:_:)` to name it.
  case unknown

  package var description: String {
    switch self {
    case .sleep(let until): return "sleeping on the simulation clock until t=\(until)"
    case .realClockSleep(let clock): return "in a \(clock) sleep, held (real time never passes)"
    case .foreignResume: return "resumed from a foreign thread, held"
    case .labelled(let label): return "waiting on \(label)"
    case .unknown:
      return "suspended where the simulation cannot see (a continuation, an AsyncStream, "
        + "another task or an actor)"
    }
  }
}

/// A task still suspended when the simulation ended.
package struct SuspendedTask: Hashable, Sendable, CustomStringConvertible {
  /// The task.
  package var task: AsyncTaskLabel
  /// Where it waits.
  package var wait: AsyncWait
  /// When its last job ran, if one did.
  package var lastRan: SimTime?

  package init(task: AsyncTaskLabel, wait: AsyncWait, lastRan: SimTime?) {
    self.task = task
    self.wait = wait
    self.lastRan = lastRan
  }

  package var description: String {
    let ran = lastRan.map { ", last ran at t=\($0)" } ?? ", never ran"
    return "\(task): \(wait)\(ran)"
  }
}

/// Something a simulation did that breaks determinism; each is an error of the run.
package enum AsyncDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// A job of the simulation's task was enqueued from a thread that is not the simulation's:
  /// a continuation resumed from real Dispatch, a real thread or a real timer. The job is held
  /// and never runs, so the task stays suspended.
  case foreignThreadEnqueue(task: AsyncTaskLabel, lane: AsyncLane)
  /// A task slept on a real clock inside the simulation. Only `SimulationClock` advances with
  /// virtual time; the wake-up is held, so the task stays suspended.
  case realClockSleep(task: AsyncTaskLabel?, clock: String, at: SimTime)

  package var description: String {
    switch self {
    case .foreignThreadEnqueue(let task, let lane):
      return "\(task) was resumed onto the \(lane.rawValue) lane from a thread outside the "
        + "simulation (a continuation resumed from Dispatch, a real thread or a real timer); "
        + "its job is held and never runs. Resume simulated work from the simulation's own "
        + "callbacks instead."
    case .realClockSleep(let task, let clock, let at):
      let who = task.map(\.description) ?? "a job"
      return "\(who) slept on \(clock) at t=\(at); real time does not pass in a simulation, so "
        + "the sleep never ends. Inject a Clock and pass the simulation's SimulationClock."
    }
  }
}

/// Why a simulation could not run or was stopped.
package enum AsyncSimulationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The Swift runtime of this process does not export a hook this module needs.
  case runtimeHookMissing(symbol: String)
  /// An async simulation was started from inside one; they run one at a time per process.
  case nestedSimulation
  /// A job did not return within the real-time guard: it blocked its thread (a semaphore, a
  /// synchronous wait for another job), which would hang a single-threaded executor. The run
  /// was abandoned; its thread stays parked.
  case blockedJob(task: AsyncTaskLabel?, at: SimTime, timeout: Duration)
  /// A simulation API was used from a thread that is not the running simulation's.
  case notOnSimulationThread(operation: String)
  /// The run ended with diagnostics or suspended tasks (`AsyncReport.requireClean()`).
  case unclean(AsyncReport)

  package var description: String {
    switch self {
    case .runtimeHookMissing(let symbol):
      return "the Swift runtime does not export \(symbol); async simulation needs the "
        + "concurrency hooks of Swift 6.3 on Linux"
    case .nestedSimulation:
      return "an async simulation was started inside another; run them one after the other"
    case .blockedJob(let task, let at, let timeout):
      let who = task.map(\.description) ?? "a job"
      return "\(who) blocked its thread at t=\(at) for more than \(timeout) of real time (a "
        + "semaphore or a synchronous wait inside a job?); the run was abandoned"
    case .notOnSimulationThread(let operation):
      return "\(operation) was called outside the simulation's thread; call it from the "
        + "simulation's body or from its tasks"
    case .unclean(let report):
      return "the async simulation did not end cleanly:\n\(report)"
    }
  }
}

/// What an async simulation reports when it ends.
package struct AsyncReport: Hashable, Sendable, CustomStringConvertible {
  /// Errors of the run, in a deterministic order.
  package var diagnostics: [AsyncDiagnostic]
  /// Tasks still suspended at the end (started tasks not finished, and any task with a known
  /// wait), by task number.
  package var suspended: [SuspendedTask]
  /// Jobs run (hops a task makes to the pool while already running there are not counted).
  package var jobsRun: Int
  /// Tasks the simulation saw.
  package var tasksSeen: Int
  /// The world's time when the simulation ended.
  package var endTime: SimTime

  /// Whether there were no diagnostics and no suspended tasks.
  package var isClean: Bool { diagnostics.isEmpty && suspended.isEmpty }

  /// Throws `AsyncSimulationError.unclean` unless the run is clean.
  package func requireClean() throws(AsyncSimulationError) {
    if !isClean { throw .unclean(self) }
  }

  package var description: String {
    var lines = ["\(jobsRun) jobs, \(tasksSeen) tasks, ended at t=\(endTime)"]
    lines += diagnostics.map { "error: \($0)" }
    lines += suspended.map { "suspended: \($0)" }
    return lines.joined(separator: "\n")
  }
}
