import SimKernel

/// A simulated `Operation`, with Foundation's semantics (swift-corelibs-foundation and Apple's
/// documentation):
///
/// - `cancel()` before the operation starts: its body never runs, but it still finishes, and
///   its `completionBlock` still runs. A cancelled operation is ready at once, whatever its
///   dependencies.
/// - `cancel()` while it executes only sets `isCancelled`; the body keeps going unless it
///   checks the flag.
/// - The queue retains the operation until it finishes, then lets it go: a Swift `weak`
///   reference that nothing else backs becomes nil exactly then (seed 004's bug).
/// - The `completionBlock` runs asynchronously on a background thread (a global queue), never
///   on the main thread, and is cleared once it has been scheduled.
///
/// Subclass and override `main(_:)`, or use `SimulatedBlockOperation`.
open class SimulatedOperation {
  /// `Operation.QueuePriority`: ready operations start in priority order, then first in.
  public enum QueuePriority: Int, Sendable, Comparable {
    case veryLow = -8
    case low = -4
    case normal = 0
    case high = 4
    case veryHigh = 8

    public static func < (a: QueuePriority, b: QueuePriority) -> Bool { a.rawValue < b.rawValue }

    /// The priority on URLSession's 0…1 scale, for comparing layers: very low 0, low 0.25,
    /// normal 0.5, high 0.75, very high 1 (the values of `URLSessionTask.lowPriority`,
    /// `defaultPriority` and `highPriority` in the middle).
    package var level: Float { Float(rawValue + 8) / 16 }
  }

  /// Whether `cancel()` has been called.
  @exclusivity(unchecked) public private(set) var isCancelled = false
  /// Whether the body is running now.
  @exclusivity(unchecked) public internal(set) var isExecuting = false
  /// Whether the operation has finished (after its body, or after being cancelled).
  @exclusivity(unchecked) public internal(set) var isFinished = false
  /// The priority among ready operations of its queue. `Operation.queuePriority`: "This
  /// value is used to influence the order in which operations are dequeued and executed."
  /// Changing it while the operation waits re-orders the queue at once: the next operation to
  /// start is chosen by the priorities as they are then.
  @exclusivity(unchecked) public var queuePriority: QueuePriority = .normal {
    didSet { queue?.priorityChanged(of: self) }
  }
  /// Runs once on a background thread after the operation finishes, then is cleared.
  @exclusivity(unchecked) public var completionBlock: (() -> Void)?
  /// A name for traces.
  @exclusivity(unchecked) public var name: String?
  /// The operations this one waits for.
  @exclusivity(unchecked) public private(set) var dependencies: [SimulatedOperation] = []
  /// Whether the queue runs `main(_:)` of this operation even when it was cancelled before it
  /// started, on a thread as any start, leaving the body to see `isCancelled`: Foundation's
  /// queue "must still attempt to execute the operation before recognizing that it is
  /// canceled" (`cancelAllOperations()`), by calling its `start()`, which a subclass may
  /// override. False (the step API's operations): the queue finishes it on its next pass,
  /// without a thread.
  @exclusivity(unchecked) package var startsWhenCancelled = false
  /// Set by `main(_:)` (or a continuation of its execution) when the operation goes on after
  /// its execution ends: an asynchronous `Operation` whose `start()` returned before it
  /// finished. Its thread is free once the execution ends; the operation keeps its place among
  /// the queue's executing operations (a slot of `maxConcurrentOperationCount`, the main
  /// queue's single one) until the waiter completes, and finishes then.
  @exclusivity(unchecked) package var endsLater: Waiter?
  /// The queue's identifier for this operation, assigned when it is added.
  @exclusivity(unchecked) package internal(set) var id = 0
  @exclusivity(unchecked) weak var queue: SimulatedOperationQueue?
  @exclusivity(unchecked) var dependents: [WeakOperation] = []
  @exclusivity(unchecked) var enqueueOrder = 0

  /// Creates an operation that is not yet in a queue.
  public init() {}

  /// Whether the operation may start: it is cancelled, or every dependency has finished.
  public var isReady: Bool {
    isCancelled || dependencies.allSatisfy(\.isFinished)
  }

  /// Makes this operation wait for `operation` to finish.
  public func addDependency(_ operation: SimulatedOperation) {
    precondition(
      operation !== self, "SimulatedOperation.addDependency: an operation cannot depend on itself")
    dependencies.append(operation)
    operation.dependents.append(WeakOperation(operation: self))
  }

  /// Removes a dependency added earlier.
  public func removeDependency(_ operation: SimulatedOperation) {
    dependencies.removeAll { $0 === operation }
    queue?.schedulePump()
  }

  /// Sets `isCancelled`. Before the start, the body will not run but the operation still
  /// finishes; during execution, only the flag changes.
  open func cancel() {
    guard !isCancelled, !isFinished else { return }
    isCancelled = true
    if let queue {
      queue.world.trace.record(at: queue.world.now, "op.cancel") {
        $0.field("op", id)
        $0.field("executing", isExecuting)
      }
      queue.schedulePump()
    }
  }

  /// The operation's work. Runs on a worker thread (or the main thread for a main-bound
  /// queue); issue steps on `execution`. The operation finishes when they end.
  open func main(_ execution: Execution) {}
}

extension SimulatedOperation {
  /// Drops what a finished world's operation still holds: its completion block, its
  /// dependencies and, for a block operation, its blocks (`World.tearDown`).
  func dropWork() {
    completionBlock = nil
    endsLater?.abandon()
    endsLater = nil
    dependencies = []
    (self as? SimulatedBlockOperation)?.blocks = []
  }
}

/// A weak reference to an operation, so dependents do not keep each other alive.
struct WeakOperation {
  weak var operation: SimulatedOperation?
}

/// `BlockOperation`: runs its blocks, one after another, on the same execution.
///
/// Foundation may run the execution blocks of one `BlockOperation` concurrently; CellSim runs
/// them in the order they were added (every seed loader uses a single block).
public final class SimulatedBlockOperation: SimulatedOperation {
  @exclusivity(unchecked) var blocks: [(Execution) -> Void]

  /// An operation running `block`.
  public init(_ block: @escaping (Execution) -> Void) {
    blocks = [block]
    super.init()
  }

  /// Adds another block; it must be added before the operation starts.
  public func addExecutionBlock(_ block: @escaping (Execution) -> Void) {
    precondition(!isExecuting && !isFinished, "addExecutionBlock: the operation already started")
    blocks.append(block)
  }

  public override func main(_ execution: Execution) {
    // Release the blocks as they are used, so captured state goes away with the operation.
    let toRun = blocks
    blocks = []
    for block in toRun {
      execution.then { block(execution) }
    }
  }
}
