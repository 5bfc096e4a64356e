import SimKernel
package import SimPlatform
import Synchronization

extension AsyncSimulation {
  /// Runs `body` as a work item on `queue` (a worker thread, with the item's steps), and
  /// resumes the calling task with its value once the item's steps have all ended. The task
  /// waits on `queue <label>` meanwhile.
  package func perform<T: Sendable>(
    on queue: SimulatedQueue, label: String? = nil,
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping (Execution) -> T
  ) async -> T {
    await performItem("queue \(queue.label)", isolation: isolation, body) {
      queue.async(label: label, $0)
    }
  }

  /// Runs `body` as main-queue work on the simulated main thread, and resumes the calling task
  /// with its value once the work's steps have all ended. The task waits on `main queue`.
  package func performOnMain<T: Sendable>(
    label: String = "main.async", isolation: isolated (any Actor)? = #isolation,
    _ body: @escaping (Execution) -> T
  ) async -> T {
    await performItem("main queue", isolation: isolation, body) {
      world.main.async(label: label, $0)
    }
  }

  /// Hands an item running `body` to `enqueue`, and resumes with its value after its steps.
  func performItem<T: Sendable>(
    _ wait: String, isolation: isolated (any Actor)?, _ body: @escaping (Execution) -> T,
    enqueue: (@escaping (Execution) -> Void) -> Void
  ) async -> T {
    await waiting(on: wait) {
      await withUnsafeContinuation(isolation: isolation) { continuation in
        enqueue { execution in
          let value = body(execution)
          execution.then { continuation.resume(returning: value) }
        }
      }
    }
  }

  /// Suspends the calling task until simulated work started by `start` calls its completion,
  /// the shape of every bridge from CellSim's callback APIs to async/await (a transfer, a disk
  /// read, a decode on a queue).
  ///
  /// `start` runs at once, on the simulation's thread, and is given `complete`, which the
  /// simulated work calls exactly once, at a later event; the task resumes with its result.
  /// `start` returns what cancels the work (or nil if it cannot be cancelled). `complete`
  /// guards against a second call; the continuation is an unsafe one because a scenario that
  /// ends with work in flight drops that work's callbacks when its world is torn down, and
  /// the task then simply stays suspended (a checked continuation would print a misuse
  /// warning for each). Cancelling the
  /// task calls it at the instant of the cancel, once, even if the task was cancelled before
  /// `start` ran; the task still waits for `complete`, so the work decides what a cancelled
  /// operation returns (URLSession's `data(for:)` throws `URLError(.cancelled)`). While
  /// suspended, the task waits on `label`.
  ///
  /// ```swift
  /// func data(for url: String) async throws -> Data {
  ///   try await sim.awaitCallback("GET \(url)") { complete in
  ///     let transfer = network.fetch(url) { complete($0) }
  ///     return { transfer.cancel() }
  ///   }
  /// }
  /// ```
  package func awaitCallback<T: Sendable>(
    _ label: String, isolation: isolated (any Actor)? = #isolation,
    _ start: (_ complete: @escaping (Result<T, any Error>) -> Void) -> (() -> Void)?
  ) async throws -> T {
    requireSimulationThread("AsyncSimulation.awaitCallback(_:_:)")
    let cancellation = CallbackCancellation()
    return try await waiting(on: label) {
      try await withTaskCancellationHandler {
        try await withUnsafeThrowingContinuation(isolation: isolation) { continuation in
          var completed = false
          let cancel = start { result in
            precondition(!completed, "awaitCallback(\(label)): completion called twice")
            completed = true
            continuation.resume(with: result)
          }
          cancellation.install(cancel.map(UncheckedBox.init))
        }
      } onCancel: { [weak self] in
        guard self?.isOnSimulationThread == true else {
          preconditionFailure(
            "awaitCallback(\(label)): the task was cancelled from a thread outside the "
              + "simulation; cancel simulated tasks from the simulation's thread")
        }
        cancellation.cancel()
      }
    }
  }
}

/// The cancel action of one `awaitCallback`, which may arrive before or after it is installed.
final class CallbackCancellation: Sendable {
  enum State {
    case waiting
    case installed(UncheckedBox<() -> Void>?)
    case cancelledEarly
    case done
  }

  let state = Mutex(State.waiting)

  /// Stores the cancel action, running it at once if the task was cancelled already.
  func install(_ action: UncheckedBox<() -> Void>?) {
    let runNow = state.withLock { state -> Bool in
      if case .cancelledEarly = state {
        state = .done
        return true
      }
      state = .installed(action)
      return false
    }
    if runNow { action?.value() }
  }

  /// Runs the cancel action once, or remembers the cancel for `install`.
  func cancel() {
    let action = state.withLock { state -> UncheckedBox<() -> Void>?? in
      switch state {
      case .waiting:
        state = .cancelledEarly
        return nil
      case .installed(let action):
        state = .done
        return .some(action)
      case .cancelledEarly, .done:
        return nil
      }
    }
    if let action { action?.value() }
  }
}
