import SimThreads
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The executor a job is headed for: the simulated main thread or the cooperative pool.
package enum AsyncLane: String, Sendable, Hashable {
  /// `@MainActor` jobs, run as main-queue work on the simulated main thread.
  case main
  /// Nonisolated jobs and default actors, run on the cooperative pool's simulated workers.
  case pool
}

/// What the gate did with a job.
enum Admission: Equatable {
  /// The job belongs to the running simulation and was queued there.
  case simulation
  /// The job belongs to a simulation but came from another thread: it is held and never runs.
  case held
  /// The job is none of the simulation's business: the caller passes it on untouched.
  case forward
}

/// The process-wide door between the runtime's hooks and the one simulation that may run.
///
/// A job belongs to the simulation when it is enqueued on the simulation's thread (every job of
/// a simulation is, as long as nothing outside it resumes its tasks). A job enqueued on any
/// other thread is looked up by its runtime task id: a task the simulation has seen is the
/// simulation's, and arriving from elsewhere is an error that is recorded and the job held;
/// anything else, such as Swift Testing's own tasks of tests running in parallel, is forwarded
/// to the executor it was meant for. Task ids are never reused in a process, unlike addresses.
/// Jobs that are not tasks (an actor's processing job) carry no id; from another thread they are
/// always forwarded, since holding one wrongly would hang someone else's test.
final class ExecutorGate: Sendable {
  /// The one gate of the process.
  static let shared = ExecutorGate()

  /// The simulation thread's token, or 0 while no simulation runs.
  private let simulationThread = Atomic<UInt>(0)
  private let state = Mutex(State())

  struct State {
    /// The running simulation's tasks and what arrived for them from elsewhere.
    var registry: Registry?
    /// Runtime ids of every task of simulations that have ended (8 bytes a task, for the
    /// life of the process).
    var graveyard: Set<UInt64> = []
  }

  struct Registry {
    var labels: [UInt64: AsyncTaskLabel] = [:]
    var arrivals: [ForeignArrival] = []
  }

  /// A job of the simulation that was enqueued from another thread.
  struct ForeignArrival {
    var task: AsyncTaskLabel
    var lane: AsyncLane
  }

  /// Whether the calling thread is the running simulation's: its own thread, or a carrier of
  /// the simulation's world's blocking threads, which runs only while it holds the baton that
  /// the simulation's thread handed it (blocking code, and jobs run on carriers).
  var isSimulationThread: Bool {
    let token = simulationThread.load(ordering: .acquiring)
    guard token != 0 else { return false }
    if token == Self.currentThreadToken() { return true }
    guard let fiber = BlockingThreads.currentFiber else { return false }
    return fiber.scheduler.world === AsyncSimulation.current?.world
  }

  /// A number that identifies the calling thread while it lives.
  static func currentThreadToken() -> UInt {
    #if canImport(Glibc)
      return UInt(pthread_self())
    #else
      return UInt(bitPattern: pthread_self())
    #endif
  }

  /// Decides what happens to `job`, enqueued on `lane` by the calling thread; a job of the
  /// simulation that came from its thread is handed to it here. A held job is simply never
  /// run (its task stays suspended and is leaked).
  func admit(_ job: UnownedJob, lane: AsyncLane) -> Admission {
    if isSimulationThread, let simulation = AsyncSimulation.current {
      simulation.accept(job, lane: lane)
      return .simulation
    }
    return admitFromElsewhere(job, lane: lane)
  }

  /// The foreign-thread half of `admit`.
  func admitFromElsewhere(_ job: UnownedJob, lane: AsyncLane) -> Admission {
    let id = RuntimeTasks.taskID(of: job)
    guard id != 0 else { return .forward }
    let (admission, late) = state.withLock { state -> (Admission, Bool) in
      if let label = state.registry?.labels[id] {
        state.registry?.arrivals.append(ForeignArrival(task: label, lane: lane))
        return (.held, false)
      }
      if state.graveyard.contains(id) { return (.held, true) }
      return (.forward, false)
    }
    if late { Self.warnLateArrival(lane: lane) }
    return admission
  }

  static func warnLateArrival(lane: AsyncLane) {
    let message =
      "CellSim SimAsync: a task of an async simulation that has ended was enqueued on the "
      + "\(lane.rawValue) lane from a thread outside it (a continuation resumed from Dispatch or "
      + "a real-clock timer?); the job is held and will never run.\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
  }

  // MARK: The simulation's side

  /// Marks the calling thread as the simulation's, with an empty registry.
  func begin() {
    state.withLock { $0.registry = Registry() }
    simulationThread.store(Self.currentThreadToken(), ordering: .releasing)
  }

  /// Records (or renames) a task of the running simulation.
  func register(runtimeID: UInt64, label: AsyncTaskLabel) {
    state.withLock { $0.registry?.labels[runtimeID] = label }
  }

  /// The label of a task of the running simulation, from any thread.
  func label(runtimeID: UInt64) -> AsyncTaskLabel? {
    state.withLock { $0.registry?.labels[runtimeID] }
  }

  /// What arrived from other threads so far.
  func arrivals() -> [ForeignArrival] {
    state.withLock { $0.registry?.arrivals ?? [] }
  }

  /// Ends the simulation: its thread is no longer special and its tasks join the graveyard, so
  /// a late resume of one of them is held rather than run on a foreign thread.
  func end() {
    simulationThread.store(0, ordering: .releasing)
    state.withLock { state in
      if let registry = state.registry { state.graveyard.formUnion(registry.labels.keys) }
      state.registry = nil
    }
  }
}
