import Foundation
import SimPlatform

/// Dispatch's `DispatchPredicate`: what `dispatchPrecondition` checks.
public enum DispatchPredicate {
  /// The calling code runs on the queue.
  case onQueue(DispatchQueue)
  /// The calling code runs on the queue as a barrier (on a serial queue, the same as
  /// `onQueue`; barriers on concurrent queues are not modelled).
  case onQueueAsBarrier(DispatchQueue)
  /// The calling code does not run on the queue.
  case notOnQueue(DispatchQueue)
}

/// Dispatch's `dispatchPrecondition(condition:)`: stops the process, naming the queue, when the
/// calling code's queue is not as `condition` says. Code on the world's main thread is on the
/// main queue; other code is on the queues whose blocks (or `sync` bodies) it runs inside.
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) {
  let world = SimulationContext.world(for: "dispatchPrecondition")
  switch condition() {
  case .onQueue(let queue):
    if !isRunning(on: queue, in: world) {
      preconditionFailure(
        "dispatchPrecondition: the code is not running on queue \"\(queue.label)\" "
          + "(it runs on \(threadName(in: world)))")
    }
  case .onQueueAsBarrier(let queue):
    if queue.kind == .concurrent || queue.isGlobal {
      preconditionFailure(
        "CellSimUIKit: dispatchPrecondition(.onQueueAsBarrier) on the concurrent queue "
          + "\"\(queue.label)\" is not modelled")
    }
    if !isRunning(on: queue, in: world) {
      preconditionFailure(
        "dispatchPrecondition: the code is not running on queue \"\(queue.label)\" as a "
          + "barrier (it runs on \(threadName(in: world)))")
    }
  case .notOnQueue(let queue):
    if isRunning(on: queue, in: world) {
      preconditionFailure(
        "dispatchPrecondition: the code is running on queue \"\(queue.label)\" "
          + "(on \(threadName(in: world))), which it must not")
    }
  }
}

/// Whether the calling code runs on `queue`: the main thread for the main queue, else inside one of its blocks or `sync` bodies.
func isRunning(on queue: DispatchQueue, in world: World) -> Bool {
  if queue.kind == .main {
    return SimulationContext.currentThread(in: world)?.isMain ?? false
  }
  return QueueContext.isRunning(on: queue)
}

/// The calling code's simulated thread, as failure messages name it.
func threadName(in world: World) -> String {
  SimulationContext.currentThread(in: world).map { "thread \($0.name)" } ?? "no simulated thread"
}
