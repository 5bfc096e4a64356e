import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `Operation`, subclassable as on iOS: override `main()` (run as blocking code:
/// it may park on `Data(contentsOf:)`, a semaphore, a lock), or write an asynchronous
/// operation (override `isAsynchronous`, `isExecuting`, `isFinished` and `start()`, and call
/// `willChangeValue(forKey:)`/`didChangeValue(forKey:)` with "isExecuting"/"isFinished", or
/// their key-path forms `willChangeValue(for: \.isFinished)`): the queue learns the end when
/// `didChangeValue(forKey: "isFinished")` is called while `isFinished` is true, or
/// `didChangeValue(for:)` with any key path while `isFinished` is true (a key path to an
/// overridden property cannot be told from another one without the Objective-C runtime, so an
/// operation that is finished ends at its first key-path notification, at the same instant).
///
/// Not modelled: key-value observation in general (the two calls only tell the queue about
/// "isFinished"), an overridden `isReady` (the queue goes by dependencies and cancellation),
/// `qualityOfService` (stored, ignored), `waitUntilFinished()` outside a queue.
/// The `completionBlock` runs on a worker, after the operation finished, as plain code (it
/// must not block).
open class Operation: NSObject, @unchecked Sendable {
  /// Foundation's `Operation.QueuePriority`.
  public enum QueuePriority: Int, Sendable {
    case veryLow = -8
    case low = -4
    case normal = 0
    case high = 4
    case veryHigh = 8

    var simulated: SimulatedOperation.QueuePriority {
      SimulatedOperation.QueuePriority(rawValue: rawValue) ?? .normal
    }
  }

  /// The simulated operation that stands for this one in its queue.
  final class Runner: SimulatedOperation {
    /// The user's operation, held until it finishes.
    var owner: Operation?

    override func main(_ execution: Execution) {
      guard let owner else { return }
      let waiter = Waiter()
      owner.endWaiter = waiter
      owner.endWorld = execution.world
      // Read on the operation's own thread, where `start()` ran: an asynchronous operation's
      // `isFinished` often takes a lock or a queue's `sync`, which only blocking code may do.
      var finishedAtReturn = false
      BlockingThreads.of(execution.world).start(execution, label: owner.name ?? "operation") {
        owner.start()
        finishedAtReturn = owner.isFinished
      }
      execution.then { [self] in
        // `start()` has returned. An operation that is not finished yet is asynchronous: as
        // Foundation's queue does, the thread goes back to the pool (or the main thread to its
        // run loop), and the operation keeps its queue slot until it reports `isFinished`.
        // One that has finished holds the thread until the queue sees its report.
        if finishedAtReturn {
          execution.wait(for: waiter)
        } else {
          endsLater = waiter
        }
      }
    }
  }

  /// Started even when cancelled first: Foundation's queue calls `start()` of a cancelled
  /// operation, whose default ends it without `main()`, and an asynchronous operation's own
  /// `start()` must see the flag and finish.
  let runner: Runner = {
    let runner = Runner()
    runner.startsWhenCancelled = true
    return runner
  }()
  /// Completed when the operation reports its end, while its queue waits for it.
  var endWaiter: Waiter?
  weak var endWorld: World?
  /// Entered while the operation is in a queue: `waitUntilFinished()` waits on it.
  var ends: [SimGroup] = []
  /// The queue the operation was added to, whose progress its `main()` advances.
  weak var progressQueue: OperationQueue?
  private var executing = false
  private var finished = false
  private var cancelled = false

  /// A new operation.
  public override init() {}

  /// The operation's name.
  open var name: String?
  /// Accepted and ignored.
  open var qualityOfService: QualityOfService = .default
  /// Runs once the operation has finished (after its queue saw the end).
  open var completionBlock: (@Sendable () -> Void)?
  /// Start order among ready operations of a queue.
  open var queuePriority: QueuePriority = .normal {
    didSet { runner.queuePriority = queuePriority.simulated }
  }

  /// Whether `cancel()` was called.
  open var isCancelled: Bool { cancelled }
  /// Whether the operation runs now (the built-in state; asynchronous operations override it).
  open var isExecuting: Bool { executing }
  /// Whether the operation has finished (asynchronous operations override it).
  open var isFinished: Bool { finished }
  /// Whether the operation ends after `start()` returns (false) or reports it (true).
  open var isAsynchronous: Bool { false }
  /// Same as `isAsynchronous`.
  open var isConcurrent: Bool { isAsynchronous }
  /// Whether every dependency has finished (or it was cancelled).
  open var isReady: Bool { isCancelled || dependencies.allSatisfy(\.isFinished) }

  /// Sets `isCancelled`. Before the start, the queue still calls `start()`, on a thread of
  /// the queue at its turn (it is ready at once, whatever its dependencies): the default
  /// `start()` then finishes it without `main()`; an overridden `start()` must check the flag
  /// (Apple: the queue "must still attempt to execute the operation before recognizing that it
  /// is canceled").
  open func cancel() {
    guard !cancelled else { return }
    cancelled = true
    runner.cancel()
  }

  /// The work: override it. Runs as blocking code on the queue's thread.
  open func main() {}

  /// Runs `main()` unless cancelled, then finishes. Asynchronous operations override it. An
  /// operation whose `main()` returned counts one unit of its queue's `progress`.
  open func start() {
    if !cancelled {
      executing = true
      main()
      executing = false
      progressQueue?.operationEndedMain()
    }
    finished = true
    didChangeValue(forKey: "isFinished")
  }

  /// Key-value observing's announcement; nothing observes it.
  open func willChangeValue(forKey key: String) {}

  /// Key-value observing's notification: "isFinished" while `isFinished` is true ends the
  /// operation for its queue.
  open func didChangeValue(forKey key: String) {
    if key == "isFinished" { endIfFinished() }
  }

  /// Ends the operation for its queue if `isFinished` is true (once).
  func endIfFinished() {
    guard isFinished, let waiter = endWaiter, let world = endWorld else { return }
    endWaiter = nil
    endWorld = nil
    world.loop.schedule(after: .zero) { if !waiter.isComplete { waiter.complete() } }
  }

  /// The operations this one waits for.
  open private(set) var dependencies: [Operation] = []

  /// Makes this operation wait for `op` to finish.
  open func addDependency(_ op: Operation) {
    precondition(op !== self, "Operation.addDependency: an operation cannot depend on itself")
    dependencies.append(op)
    runner.addDependency(op.runner)
  }

  /// Removes a dependency added earlier.
  open func removeDependency(_ op: Operation) {
    dependencies.removeAll { $0 === op }
    runner.removeDependency(op.runner)
  }

  /// Blocks the calling thread (blocking code only) until the operation has finished.
  open func waitUntilFinished() {
    SimulationContext.requireBlocking("Operation.waitUntilFinished")
    if isFinished { return }
    guard let group = ends.last else {
      preconditionFailure(
        "CellSimUIKit: Operation.waitUntilFinished on an operation in no queue is not modelled")
    }
    group.wait()
  }

  /// Puts the operation on `binding`'s simulated queue.
  ///
  /// Whether it may be added goes by the queue's own record of the operation (in a queue,
  /// started by the built-in `start()`, finished), never by an override of `isFinished` or
  /// `isExecuting`: Foundation's queue checks its internal state too, so an asynchronous
  /// operation whose overrides start out true (a published app initialises both backing flags
  /// to true and clears them in `start()`) is enqueued and started as on a device. Reading the
  /// overrides here would also need blocking code, since they often take a lock.
  func enqueue(on binding: OperationQueue.Binding, queue: OperationQueue) {
    precondition(
      runner.owner == nil && !finished && !executing,
      "OperationQueue.addOperation: the operation is already in a queue, executing or finished")
    let end = SimGroup(name: name ?? "operation")
    end.enter()
    binding.pending.enter()
    ends.append(end)
    runner.owner = self
    progressQueue = queue
    runner.name = name
    runner.queuePriority = queuePriority.simulated
    let pending = binding.pending
    runner.completionBlock = { [self] in
      // Ended by the queue without a finished report (a world torn down, say). The built-in
      // flag, not `isFinished`: an override may take a lock, and this runs as plain code.
      finished = true
      runner.owner = nil
      end.leave()
      pending.leave()
      completionBlock?()
    }
    binding.queue.addOperation(runner)
  }
}

/// Foundation's `_KeyValueCodingAndObserving`, the protocol that gives `NSObject` subclasses
/// the key-path forms of key-value observing; here, `Operation`'s notifications.
// swift-format-ignore: TypeNamesShouldBeCapitalized
public protocol _KeyValueCodingAndObserving {}

extension Operation: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving where Self: Operation {
  /// Key-value observing's announcement; nothing observes it.
  public func willChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {}

  /// Key-value observing's notification: while `isFinished` is true, it ends the operation for
  /// its queue (see `Operation`'s notes).
  public func didChangeValue<Value>(for keyPath: KeyPath<Self, Value>) { endIfFinished() }
}
