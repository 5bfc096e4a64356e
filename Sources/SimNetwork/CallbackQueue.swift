public import SimPlatform

/// Where a URL-loading API runs its callbacks: the main queue, a dispatch queue or an
/// operation queue (URLSession's `delegateQueue`).
///
/// A callback is enqueued at the instant its wire event happens and runs whenever that queue
/// gets to it, with an `Execution` on which it may spend time. Once enqueued it runs, even if
/// the task is cancelled meanwhile: that is how real queues behave, and how late-bytes bugs
/// happen. Order is the queue's: a serial queue keeps a task's callbacks in order; a concurrent
/// one may overlap them, as it would on iOS.
public enum CallbackQueue {
  /// The main dispatch queue (or `OperationQueue.main`): a main-queue block, run in every mode.
  case main
  /// A simulated dispatch queue.
  case queue(SimulatedQueue)
  /// A simulated operation queue: each callback is a block operation.
  case operationQueue(SimulatedOperationQueue)

  /// Enqueues `body` on this queue of `world`.
  package func enqueue(
    in world: World, label: String, _ body: @escaping (Execution) -> Void
  ) {
    switch self {
    case .main:
      world.main.async(label: label, body)
    case .queue(let queue):
      queue.async(label: label, body)
    case .operationQueue(let queue):
      let operation = SimulatedBlockOperation(body)
      operation.name = label
      queue.addOperation(operation)
    }
  }
}
