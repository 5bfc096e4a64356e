package import SimKernel
package import SimPlatform
import SimThreads

/// How an async simulation schedules jobs and guards its run.
package struct AsyncSimulationOptions: Hashable, Sendable {
  /// The order in which ready jobs start.
  package enum Schedule: Hashable, Sendable {
    /// First in, first out: jobs start in the order they were enqueued. The default.
    case fifo
    /// Each ready job is picked by the world's keyed random stream `("async.schedule", key)`,
    /// one per event at the current instant, so platform events can fall between them. Main-
    /// actor jobs keep their FIFO order (the main actor is serial); any ready pool job may go
    /// first, as on a real multi-core pool. The same world seed and key give the same
    /// interleaving; other seeds or keys give others.
    case seeded(key: UInt64)
  }

  /// The order in which ready jobs start.
  package var schedule: Schedule
  /// Real time one job may run before the guard declares it blocked and abandons the run.
  package var blockingTimeout: Duration
  /// The most real time to wait at the end, when started tasks remain suspended where the
  /// simulation cannot see, for a foreign thread to resume one of them (the wait ends as soon
  /// as one does), so that such a resume is reported as what it is. The run is unclean either
  /// way. Zero turns the wait off.
  package var foreignSettle: Duration

  /// Options with FIFO scheduling, a 10 s blocking guard and a 50 ms settle.
  package init(
    schedule: Schedule = .fifo, blockingTimeout: Duration = .seconds(10),
    foreignSettle: Duration = .milliseconds(50)
  ) {
    self.schedule = schedule
    self.blockingTimeout = blockingTimeout
    self.foreignSettle = foreignSettle
  }
}

/// A world in which Swift concurrency runs deterministically, in virtual time.
///
/// Get one from `withAsyncSimulation(world:options:_:)`. While it runs, every job of its tasks
/// is taken through the runtime's hooks and runs as an event of the world's `EventLoop`:
/// `@MainActor` jobs as main-queue work on the simulated main thread, everything else on a
/// cooperative pool of `device.cores` simulated workers. Each job leaves an `async.job` trace
/// line, so the world's digest covers async behaviour. All methods must be called on the
/// simulation's thread: from the body given to `withAsyncSimulation` or from its tasks; each
/// checks, which is why it may be `Sendable` (captured by the tasks it runs) though it is not
/// thread-safe.
///
/// ```swift
/// let report = try withAsyncSimulation(world: World(seed: 7)) { sim in
///   let load = sim.startTask("load") {
///     try await sim.clock.sleep(for: .milliseconds(5))
///     await sim.spend(.ms(2))  // a decode: a worker and a CPU slot for 2 ms
///     await MainActor.run { /* set the image */ }
///   }
///   try sim.run(until: SimTime(nanoseconds: 10_000_000))
///   _ = load.isFinished
/// }
/// try report.requireClean()
/// ```
package final class AsyncSimulation: @unchecked Sendable {
  /// The simulation running on this process's simulation thread; read only on that thread.
  nonisolated(unsafe) static var current: AsyncSimulation?

  /// The simulation running now, when called on its thread (its body, its tasks, the world's
  /// events it runs); nil anywhere else.
  package static var running: AsyncSimulation? {
    ExecutorGate.shared.isSimulationThread ? current : nil
  }

  /// The world the simulation runs in.
  package let world: World
  /// The options it runs with.
  package let options: AsyncSimulationOptions
  /// The simulation's clock: inject it wherever code sleeps (`clock.sleep(for:)`).
  package let clock: SimulationClock
  /// The cooperative pool: a concurrent queue as wide as the device has cores.
  let pool: SimulatedQueue
  /// The guard's view of the run, shared with the driver thread.
  let monitor = RunMonitor()

  var ready: [ReadyJob] = []
  var dispatchScheduled = false
  var scheduleStream: RandomStream?
  /// The job the simulation's own thread runs now, if any.
  var runningHere: ReadyJob?
  /// The jobs running on blocking threads' carriers, by fiber. A job that blocks in the middle
  /// (a `Data(contentsOf:)` in a task) parks with its fiber while other jobs run, and is still
  /// the running job of its fiber when it resumes: its hop back onto its lane must be known as
  /// its own then, not taken for a new job queued behind the blocked ones.
  var runningOnFibers: [ObjectIdentifier: ReadyJob] = [:]
  /// The job running now on the calling thread, if any.
  var running: ReadyJob? {
    get {
      guard let fiber = BlockingThreads.currentFiber else { return runningHere }
      return runningOnFibers.isEmpty ? nil : runningOnFibers[ObjectIdentifier(fiber)]
    }
    set {
      guard let fiber = BlockingThreads.currentFiber else {
        runningHere = newValue
        return
      }
      runningOnFibers[ObjectIdentifier(fiber)] = newValue
    }
  }
  /// A hop of the running task back onto its own lane, run right after the job returns.
  var pendingHop: UnownedJob?
  var jobsRun = 0
  var taskNumbers: [UInt64: Int] = [:]
  var records: [TaskRecord] = []
  var diagnostics: [AsyncDiagnostic] = []
  var ended = false

  init(world: World, options: AsyncSimulationOptions) {
    self.world = world
    self.options = options
    self.pool = world.concurrentQueue(label: "swift.cooperative", width: world.device.cores)
    let source = ClockSource()
    self.clock = SimulationClock(source: source)
    if case .seeded(let key) = options.schedule {
      scheduleStream = world.random.stream("async.schedule", key)
    }
    source.simulation = self
  }

  /// The current virtual time.
  package var now: SimTime { world.now }

  /// Whether the calling thread is this simulation's, while it runs.
  package var isOnSimulationThread: Bool {
    ExecutorGate.shared.isSimulationThread && AsyncSimulation.current === self
  }

  /// Stops with a message unless called on this simulation's thread.
  func requireSimulationThread(_ operation: String) {
    precondition(
      isOnSimulationThread,
      AsyncSimulationError.notOnSimulationThread(operation: operation).description)
  }

  // MARK: Running the world

  /// Runs the world, jobs included, until `time`.
  package func run(until time: SimTime) throws(EventLoopError) {
    requireSimulationThread("AsyncSimulation.run(until:)")
    try world.run(until: time)
  }

  /// Runs the world, jobs included, for `duration` from now.
  package func run(for duration: SimDuration) throws(EventLoopError) {
    try run(until: now + duration)
  }

  /// Runs events until every task started with `startTask` has finished, or until the next
  /// event would pass `deadline`. Returns whether they all finished; the clock stays at the
  /// last event run (it does not jump to the deadline).
  @discardableResult
  package func runUntilTasksFinish(deadline: SimTime) throws(EventLoopError) -> Bool {
    requireSimulationThread("AsyncSimulation.runUntilTasksFinish(deadline:)")
    var budget = world.loop.eventLimit
    while !startedTasksFinished {
      guard let next = world.loop.nextEventTime, next <= deadline else { return false }
      world.loop.step()
      budget -= 1
      if budget < 0 { throw .runaway(limit: world.loop.eventLimit, at: now) }
    }
    return true
  }

  var startedTasksFinished: Bool {
    records.allSatisfy { !$0.started || $0.finished }
  }

  // MARK: Costs and waits

  /// CPU work of `cost` by the calling task, on the thread its job runs on: the code before
  /// the call ran at the job's start, the thread (the main thread, or a pool worker holding a
  /// CPU slot, waiting for one first) stays busy for `cost`, and the task continues at its end.
  ///
  /// Real CPU work does not suspend a task; here the call is a suspension point only so that
  /// the task cannot run ahead of its own cost. It keeps the caller's isolation.
  package func spend(_ cost: SimDuration, isolation: isolated (any Actor)? = #isolation) async {
    requireSimulationThread("AsyncSimulation.spend(_:)")
    guard let execution = world.currentExecution, running != nil else {
      preconditionFailure("AsyncSimulation.spend(_:) was called outside a job of the simulation")
    }
    await withUnsafeContinuation(isolation: isolation) { continuation in
      execution.spend(cost) { continuation.resume() }
    }
  }

  /// Runs `body`, recording that the current task waits on `label` while it is suspended in
  /// it, so a task still there at the end is listed with that label. Bridges (a transfer, a
  /// queue) wrap their continuations in this. It keeps the caller's isolation.
  package func waiting<T>(
    on label: String, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> T
  ) async rethrows -> T {
    requireSimulationThread("AsyncSimulation.waiting(on:_:)")
    nameCurrentTask()
    let task = currentTaskNumber()
    if let task { records[task - 1].wait = .labelled(label) }
    defer {
      if let task, records[task - 1].wait == .labelled(label) { records[task - 1].wait = nil }
    }
    return try await body()
  }
}

/// A task the simulation has seen.
struct TaskRecord {
  var label: AsyncTaskLabel
  /// Started with `startTask` (its end is known).
  var started = false
  var finished = false
  var wait: AsyncWait?
  var lastRan: SimTime?
}

/// A job waiting to start, and which task and lane it belongs to.
struct ReadyJob {
  var job: UnownedJob
  var lane: AsyncLane
  /// The simulation's number for the job's task, or 0 for a job that is not a task.
  var task: Int
  var runtimeID: UInt64
}
