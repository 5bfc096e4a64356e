import Dispatch
import SimKernel
package import SimPlatform
import SimThreads
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` as an async simulation of `world` and returns its report.
///
/// The runtime's hooks are installed for the duration of the call and put back after. `body`
/// runs on a thread of the simulation's own (the *simulation thread*), which is what tells the
/// simulation's jobs from everyone else's: the calling thread only waits, and watches. Call it
/// from a nonisolated context; `body` does not run on the caller's actor.
///
/// Async simulations run one at a time in a process: the hooks are process-global, so a
/// process-wide lock (a semaphore, not an actor) makes a second call wait until the first one
/// ends. Suites of tests that call this may therefore run in parallel with each other and with
/// any other test: only the simulations themselves take turns, and jobs of tasks that are not
/// the simulation's are passed on untouched.
///
/// Throws what `body` throws, `AsyncSimulationError.runtimeHookMissing` if the runtime lacks a
/// hook, `.nestedSimulation` when called from inside a simulation, and `.blockedJob` when a job
/// does not return within `options.blockingTimeout` of real time (the run is then abandoned: its
/// thread stays parked and its world must not be used again).
package func withAsyncSimulation(
  world: World, options: AsyncSimulationOptions = AsyncSimulationOptions(),
  _ body: @escaping (AsyncSimulation) throws -> Void
) throws -> AsyncReport {
  try SimulationDriver.drive(world: world, options: options, body: body)
}

/// The async form of `withAsyncSimulation(world:options:_:)`: the calling task is suspended,
/// not its thread, while the simulation runs on its own thread.
package func withAsyncSimulation(
  world: World, options: AsyncSimulationOptions = AsyncSimulationOptions(),
  _ body: @escaping (AsyncSimulation) throws -> Void
) async throws -> AsyncReport {
  if ExecutorGate.shared.isSimulationThread { throw AsyncSimulationError.nestedSimulation }
  // One box per value, read in place: on Swift 6.3.1 (debug), destructuring a boxed tuple into
  // names that shadow these parameters inside the thread's closure over-released the world.
  let worldBox = UncheckedBox(world)
  let bodyBox = UncheckedBox(body)
  return try await withCheckedThrowingContinuation { continuation in
    RealThread.start {
      continuation.resume(
        with: Result {
          try SimulationDriver.drive(world: worldBox.value, options: options, body: bodyBox.value)
        })
    }
  }
}

/// A value moved between threads while its owner waits; only one thread uses it at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// The thread that starts a simulation, watches it, and cleans up after it.
enum SimulationDriver {
  /// Serializes simulations in the process (see `withAsyncSimulation`).
  static let lock = DispatchSemaphore(value: 1)

  static func drive(
    world: World, options: AsyncSimulationOptions,
    body: @escaping (AsyncSimulation) throws -> Void
  ) throws -> AsyncReport {
    if ExecutorGate.shared.isSimulationThread { throw AsyncSimulationError.nestedSimulation }
    let table = try RuntimeHookTable.process.get()
    lock.wait()
    defer { lock.signal() }
    let hooks = HookInstallation.install(table)
    defer { hooks.restore() }
    SimulationDefaultExecutor.install()
    let simulation = AsyncSimulation(world: world, options: options)
    let run = SimulationThreadRun(simulation: simulation, body: body)
    RealThread.start { run.main() }
    return try run.watch(timeout: options.blockingTimeout).get()
  }
}

/// One simulation's run on its thread, and the guard that watches it.
final class SimulationThreadRun: @unchecked Sendable {
  let simulation: AsyncSimulation
  let body: (AsyncSimulation) throws -> Void
  let done = DispatchSemaphore(value: 0)
  /// Written on the simulation thread before `done` is signalled.
  var outcome: Result<AsyncReport, any Error>?

  init(simulation: AsyncSimulation, body: @escaping (AsyncSimulation) throws -> Void) {
    self.simulation = simulation
    self.body = body
  }

  /// The simulation thread: runs the body, ends the simulation, signals the driver.
  func main() {
    AsyncSimulation.current = simulation
    ExecutorGate.shared.begin()
    let result = Result { try body(simulation) }
    let report = simulation.finish()
    // If the guard abandoned the run meanwhile, another simulation may own the gate by now.
    guard simulation.monitor.settle(.finished) else { RealThread.parkForever() }
    ExecutorGate.shared.end()
    AsyncSimulation.current = nil
    outcome = result.map { report }
    done.signal()
  }

  /// Waits for the run; if one job stays in for longer than `timeout`, abandons it.
  func watch(timeout: Duration) -> Result<AsyncReport, any Error> {
    let slice = max(.milliseconds(1), min(timeout / 4, .milliseconds(250)))
    while true {
      if done.wait(timeout: .now() + .nanoseconds(Int(RealTime.nanoseconds(slice)))) == .success {
        return outcome!
      }
      guard let stall = simulation.monitor.stalledJob(longerThan: timeout) else { continue }
      let label = ExecutorGate.shared.label(runtimeID: stall.runtimeID)
      guard simulation.monitor.settle(.abandoned) else { continue }
      ExecutorGate.shared.end()
      AsyncSimulation.current = nil
      return .failure(
        AsyncSimulationError.blockedJob(task: label, at: stall.time, timeout: timeout))
    }
  }
}

/// The guard's view of a run: which job runs since when (real time), and how the run ended.
final class RunMonitor: Sendable {
  enum Phase { case running, finished, abandoned }

  let phase = Mutex(Phase.running)
  /// Real monotonic nanoseconds when the running job started; 0 between jobs.
  let jobStarted = Atomic<UInt64>(0)
  let jobRuntimeID = Atomic<UInt64>(0)
  let jobTime = Atomic<Int64>(0)

  func beginJob(runtimeID: UInt64, at time: SimTime) {
    jobRuntimeID.store(runtimeID, ordering: .relaxed)
    jobTime.store(time.nanoseconds, ordering: .relaxed)
    jobStarted.store(RealTime.monotonicNanoseconds(), ordering: .releasing)
  }

  /// Called when a job returns: parks the thread for good if the run was abandoned meanwhile.
  func endJob() {
    jobStarted.store(0, ordering: .releasing)
    if phase.withLock({ $0 == .abandoned }) { RealThread.parkForever() }
  }

  /// The job running for longer than `timeout`, if any.
  func stalledJob(longerThan timeout: Duration) -> (runtimeID: UInt64, time: SimTime)? {
    let started = jobStarted.load(ordering: .acquiring)
    guard started != 0,
      RealTime.monotonicNanoseconds() &- started > RealTime.nanoseconds(timeout)
    else { return nil }
    return (
      jobRuntimeID.load(ordering: .relaxed),
      SimTime(nanoseconds: jobTime.load(ordering: .relaxed))
    )
  }

  /// Moves a running run to `end`; false if it had already ended another way.
  func settle(_ end: Phase) -> Bool {
    phase.withLock { phase in
      guard phase == .running else { return false }
      phase = end
      return true
    }
  }
}

/// Real time and real threads, for the driver and the guard only (never the simulation).
enum RealTime {
  static func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }

  static func sleep(_ duration: Duration) {
    let total = nanoseconds(duration)
    var request = timespec(tv_sec: Int(total / 1_000_000_000), tv_nsec: Int(total % 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 { request = remaining }
  }
}
