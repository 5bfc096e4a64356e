public import ImageLoaders
public import SimAsync
public import SimKernel
import SimNetwork
public import SimPlatform

/// Everything an async loader may await: the fake network, the decoder on simulated workers,
/// the injected clock, and bridges to the simulated queues, all shaped like their Foundation
/// originals. The callback world (caches, queues, the URL session) stays at hand in
/// `platform`, for loaders that mix both.
///
/// It is `Sendable` so that nonisolated code and actors can use it: every task of a simulation
/// runs on the simulation's one real thread, which each method checks. Each async method keeps
/// its caller's isolation (`isolation: isolated (any Actor)? = #isolation`), so a main-actor
/// task stays on the main actor across the await.
public final class AsyncLoaderEnvironment: @unchecked Sendable {
  /// The callback environment: memory and disk caches, queues, operation queues, the URL
  /// session, connections, `now`, the device and random streams.
  public let platform: LoaderEnvironment
  /// The async simulation the run happens in.
  package let simulation: AsyncSimulation
  /// The URL session behind `data(for:)` and `bytes(for:)`, shared by every request, as
  /// `URLSession.shared` is; its callbacks run on a concurrent queue of workers.
  let session: SimulatedURLSession
  /// Where `decode` and `resample` run: simulated workers, each needing a CPU slot.
  let decodeQueue: SimulatedQueue

  /// The environment of `simulation`'s run over `platform`.
  package init(platform: LoaderEnvironment, simulation: AsyncSimulation) {
    self.platform = platform
    self.simulation = simulation
    session = platform.urlSession(
      callbackQueue: .queue(platform.concurrentQueue(label: "urlsession.async")))
    decodeQueue = platform.concurrentQueue(
      label: "async.decode", width: platform.device.cores)
  }

  // MARK: Time

  /// The injected clock: virtual time. Sleep on it (`try await clock.sleep(for: .seconds(1))`,
  /// or `Task.sleep(for:clock:)`), never on `ContinuousClock`: a real-clock sleep is an error
  /// of the run, because its deadline would come from the machine's clock.
  public var clock: SimulationClock { simulation.clock }
  /// The current virtual time.
  public var now: SimTime { platform.now }
  /// The device.
  public var device: DeviceProfile { platform.device }

  // MARK: Bridges to the callback world

  /// Runs `body` as a work item on `queue` (a simulated worker) and returns its value once the
  /// item's steps have ended: for code that mixes queues and tasks.
  public func perform<T: Sendable>(
    on queue: SimulatedQueue, label: String? = nil,
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping (Execution) -> T
  ) async -> T {
    await simulation.perform(on: queue, label: label, isolation: isolation, body)
  }

  /// Runs `body` as main-queue work (`DispatchQueue.main.async`) and returns its value once
  /// its steps have ended.
  public func performOnMain<T: Sendable>(
    label: String = "main.async", isolation: isolated (any Actor)? = #isolation,
    _ body: @escaping (Execution) -> T
  ) async -> T {
    await simulation.performOnMain(label: label, isolation: isolation, body)
  }

  /// Adds a block operation running `body` to `queue` and returns its value once the
  /// operation's steps have ended. Cancelling the calling task cancels the operation; a
  /// cancelled operation that never started throws `CancellationError`.
  public func addOperation<T: Sendable>(
    to queue: SimulatedOperationQueue, isolation: isolated (any Actor)? = #isolation,
    _ body: @escaping (Execution) -> T
  ) async throws -> T {
    simulation.nameCurrentTask()
    return try await simulation.awaitCallback("operation queue", isolation: isolation) {
      complete in
      let started = Flag()
      let operation = SimulatedBlockOperation { execution in
        started.isSet = true
        let value = body(execution)
        execution.then { complete(.success(value)) }
      }
      // Runs after the operation finishes, ran or not (Foundation's contract).
      operation.completionBlock = { if !started.isSet { complete(.failure(CancellationError())) } }
      queue.addOperation(operation)
      return { operation.cancel() }
    }
  }
}

/// A flag shared by the closures of one bridge call (all run on the simulation's thread).
final class Flag {
  var isSet = false
}
