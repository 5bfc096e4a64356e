import SimKernel

/// A task started by `AsyncSimulation.startTask`: cancel it, read its result, await its value.
///
/// Use it on the simulation's thread only (the body of `withAsyncSimulation` and its tasks).
package final class SimTask<Success: Sendable>: @unchecked Sendable {
  /// The task's number and name.
  package internal(set) var label: AsyncTaskLabel
  /// The result, once the task has finished.
  package internal(set) var result: Result<Success, any Error>?
  weak var simulation: AsyncSimulation?
  var task: Task<Success, any Error>?

  init(name: String) {
    self.label = AsyncTaskLabel(id: 0, name: name)
  }

  /// Whether the task has finished (returned or thrown).
  package var isFinished: Bool { result != nil }

  /// Whether the task was cancelled.
  package var isCancelled: Bool { task?.isCancelled ?? false }

  /// The value the task returned, if it finished without throwing.
  package var valueIfFinished: Success? { try? result?.get() }

  /// Cancels the task, as `Task.cancel()` does: the task sees `Task.isCancelled`, and a
  /// `SimulationClock` sleep it is in throws `CancellationError` at once.
  package func cancel() {
    guard let simulation else { return }
    simulation.requireSimulationThread("SimTask.cancel()")
    simulation.world.trace.record(at: simulation.now, "async.cancel") { $0.field("task", label.id) }
    task?.cancel()
  }

  /// The task's value, awaited from another task of the simulation.
  package var value: Success {
    get async throws { try await task!.value }
  }

  /// Records the end of the task; called inside it, on the simulation's thread.
  func complete(_ result: Result<Success, any Error>) {
    self.result = result
    simulation?.taskFinished(label.id, result.map { _ in () })
  }
}

extension AsyncSimulation {
  /// Starts a task named `name` that runs `operation` in the simulation.
  ///
  /// The task prefers the simulation's pool executor (so do its `async let` and group
  /// children), runs its first job at a later event of this instant, and is traced as
  /// `async.start`, every `async.job` it runs, and `async.end` with its outcome.
  ///
  /// `operation` need not be `Sendable`: it runs on the simulation's thread, like the code
  /// that starts it.
  @discardableResult
  package func startTask<Success: Sendable>(
    _ name: String, operation: @escaping () async throws -> Success
  ) -> SimTask<Success> {
    requireSimulationThread("AsyncSimulation.startTask(_:operation:)")
    let handle = SimTask<Success>(name: name)
    handle.simulation = self
    let operation = UncheckedBox(operation)
    let task = Task<Success, any Error>(
      name: name, executorPreference: SimulationPoolExecutor.shared
    ) {
      do {
        let value = try await operation.value()
        handle.complete(.success(value))
        return value
      } catch {
        handle.complete(.failure(error))
        throw error
      }
    }
    handle.task = task
    let runtimeID = RuntimeTasks.taskID(of: task)
    let number = taskNumber(for: runtimeID)
    records[number - 1].label.name = name
    records[number - 1].started = true
    handle.label = records[number - 1].label
    ExecutorGate.shared.register(runtimeID: runtimeID, label: handle.label)
    world.trace.record(at: now, "async.start") {
      $0.field("task", number)
      $0.field("name", name)
    }
    return handle
  }

  /// Records that started task `number` finished with `outcome`.
  func taskFinished(_ number: Int, _ outcome: Result<Void, any Error>) {
    records[number - 1].finished = true
    records[number - 1].wait = nil
    world.trace.record(at: now, "async.end") {
      $0.field("task", number)
      switch outcome {
      case .success: $0.field("outcome", "success")
      case .failure(is CancellationError):
        $0.field("outcome", "cancelled")
      case .failure(let error):
        $0.field("outcome", "failure")
        $0.field("error", "\(type(of: error))")
      }
    }
  }
}
