import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `OperationQueue`, over the world's `SimulatedOperationQueue`.
///
/// Each world the queue is used in gets its own simulated queue (made at the first use there),
/// so `maxConcurrentOperationCount`, `isSuspended` and `name` are kept here and copied onto it.
/// Operations run as blocking code on the world's worker threads (the main thread for
/// `OperationQueue.main`): `main()` may park on `Data(contentsOf:)`, a semaphore or a lock.
///
/// Modelled: `maxConcurrentOperationCount`, `isSuspended`, `cancelAllOperations()`,
/// `queuePriority`, dependencies, `completionBlock`, asynchronous operations (the thread is
/// free once `start()` returns, while the queue slot is held until
/// `didChangeValue(forKey: "isFinished")`, or `didChangeValue(for:)`, reports `isFinished`),
/// and the waits.
/// `progress`, as Foundation documents it: it reports nothing until the app sets its
/// `totalUnitCount` (above 0 here); then each operation that finishes by the end of `main()`
/// adds one to `completedUnitCount`, when `main()` returns. An operation cancelled before it
/// ran, or one that overrides `start()` without calling `super.start()`, adds nothing. A queue
/// has one progress in each world (a singleton's queue, or the main queue, starts each run with a
/// fresh one), and one for code outside any world.
/// Not modelled: `qualityOfService` (stored, ignored), `underlyingQueue` (stored, ignored).
/// An asynchronous operation's wait holds its worker thread in
/// the simulation (iOS frees the thread and keeps only the queue's slot).
open class OperationQueue: NSObject, @unchecked Sendable {
  /// `OperationQueue.defaultMaxConcurrentOperationCount`: no limit of the queue's own.
  public static let defaultMaxConcurrentOperationCount: Int = -1

  /// The main queue: serial, its operations run on the main thread.
  public static let main = OperationQueue(boundToMain: true)

  /// The queue's simulated queue in each world, and the work not yet finished there.
  let simulated = PerWorld<Binding>()
  let isBoundToMain: Bool

  /// One world's queue: its simulated queue, and a group entered per operation not finished.
  final class Binding {
    let queue: SimulatedOperationQueue
    let pending: SimGroup
    /// The last barrier added (`addBarrierBlock`), which operations added after it wait for.
    var barrier: Operation?
    init(queue: SimulatedOperationQueue, name: String) {
      self.queue = queue
      self.pending = SimGroup(name: name)
    }
  }

  /// The queue's name (traces print the simulated queue's own name).
  open var name: String?
  /// The most operations executing at once.
  open var maxConcurrentOperationCount: Int = OperationQueue.defaultMaxConcurrentOperationCount {
    didSet {
      precondition(
        maxConcurrentOperationCount >= 1 || maxConcurrentOperationCount == -1,
        "OperationQueue.maxConcurrentOperationCount must be at least 1, or -1 for the default")
      if let world = SimulationContext.world, let binding = simulated.existing(in: world) {
        binding.queue.maxConcurrentOperationCount = maxConcurrentOperationCount
      }
    }
  }
  /// When true, no new operation starts.
  open var isSuspended: Bool = false {
    didSet {
      if let world = SimulationContext.world, let binding = simulated.existing(in: world) {
        binding.queue.isSuspended = isSuspended
      }
    }
  }
  /// Accepted and ignored: the simulation has no quality-of-service classes.
  open var qualityOfService: QualityOfService = .default
  /// Accepted and ignored.
  open var underlyingQueue: DispatchQueue?
  /// The progress of the queue's operations (see the type's notes): no units until the app
  /// sets `totalUnitCount`.
  open var progress: Progress {
    guard let world = SimulationContext.world else { return unboundProgress }
    return progresses.value(in: world) { Progress(parent: nil, userInfo: nil) }
  }
  /// Each world's progress of the queue: a queue kept by a singleton, or the main queue, starts
  /// each run with a fresh one, so one run's counts never reach another's.
  let progresses = PerWorld<Progress>()
  /// The progress of code outside any world.
  let unboundProgress = Progress(parent: nil, userInfo: nil)

  /// An operation of this queue returned from `main()`: one unit of progress, once the app set
  /// the total.
  func operationEndedMain() {
    let progress = self.progress
    guard progress.totalUnitCount > 0 else { return }
    progress.completedUnitCount += 1
  }

  /// A new, empty, concurrent queue.
  public override init() { isBoundToMain = false }

  init(boundToMain: Bool) {
    isBoundToMain = boundToMain
    if boundToMain {
      name = "NSOperationQueue Main Queue"
      maxConcurrentOperationCount = 1
    }
  }

  /// The queue the calling code runs on, if it is an operation queue (not modelled: nil).
  open class var current: OperationQueue? { nil }

  /// The calling world's binding (stops, naming `api`, outside any world).
  func binding(_ api: StaticString) -> Binding {
    let world = SimulationContext.world(for: api)
    return binding(in: world)
  }

  func binding(in world: World) -> Binding {
    simulated.value(in: world) {
      let queue =
        isBoundToMain ? world.mainOperationQueue() : world.operationQueue(name: name)
      if !isBoundToMain { queue.maxConcurrentOperationCount = maxConcurrentOperationCount }
      queue.isSuspended = isSuspended
      return Binding(queue: queue, name: name ?? queue.name)
    }
  }

  /// Adds `op`; it starts when ready, by `queuePriority`, then in order of addition.
  open func addOperation(_ op: Operation) {
    let binding = binding("OperationQueue.addOperation")
    if let barrier = binding.barrier, barrier !== op {
      if barrier.isFinished {
        binding.barrier = nil
      } else {
        op.addDependency(barrier)
      }
    }
    op.enqueue(on: binding, queue: self)
  }

  /// `addBarrierBlock(_:)`: `barrier` runs once every operation added before it has finished,
  /// and operations added after it start only once it has run. The barrier is a `BlockOperation`
  /// depending on the earlier operations, and later operations get it as a dependency (Foundation
  /// keeps the barrier out of their `dependencies`; here it shows there).
  open func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
    let operation = BlockOperation(block: barrier)
    for earlier in operations { operation.addDependency(earlier) }
    addOperation(operation)
    binding("OperationQueue.addBarrierBlock").barrier = operation
  }

  /// Adds a `BlockOperation` running `block`.
  open func addOperation(_ block: @escaping @Sendable () -> Void) {
    addOperation(BlockOperation(block: block))
  }

  /// Adds `ops`; with `wait`, blocks (blocking code only) until they have all finished.
  open func addOperations(_ ops: [Operation], waitUntilFinished wait: Bool) {
    for op in ops { addOperation(op) }
    if wait { for op in ops { op.waitUntilFinished() } }
  }

  /// Operations not yet finished, in the order they were added.
  open var operations: [Operation] {
    guard let world = SimulationContext.world, let binding = simulated.existing(in: world)
    else { return [] }
    return binding.queue.operations.compactMap { ($0 as? Operation.Runner)?.owner }
  }

  /// The number of operations not yet finished.
  open var operationCount: Int { operations.count }

  /// Cancels every operation in the queue.
  open func cancelAllOperations() {
    for op in operations { op.cancel() }
  }

  /// Blocks the calling thread (blocking code only) until every operation has finished.
  open func waitUntilAllOperationsAreFinished() {
    let binding = binding("OperationQueue.waitUntilAllOperationsAreFinished")
    SimulationContext.requireBlocking("OperationQueue.waitUntilAllOperationsAreFinished")
    binding.pending.wait()
  }

  /// Schedules blocking `body` as a block operation (URLSession's delegate callbacks).
  func enqueue(in world: World, label: String, _ body: @escaping @Sendable () -> Void) {
    let op = BlockOperation(block: body)
    op.name = label
    op.enqueue(on: binding(in: world), queue: self)
  }
}

/// Foundation's `BlockOperation`: runs its blocks one after another (Foundation may run them
/// concurrently; the simulation runs them in the order they were added).
open class BlockOperation: Operation, @unchecked Sendable {
  private var blocks: [@Sendable () -> Void] = []

  /// An empty block operation.
  public override init() { super.init() }

  /// An operation running `block`.
  public convenience init(block: @escaping @Sendable () -> Void) {
    self.init()
    blocks = [block]
  }

  /// Adds a block; before the operation starts.
  open func addExecutionBlock(_ block: @escaping @Sendable () -> Void) {
    precondition(!isExecuting && !isFinished, "BlockOperation.addExecutionBlock: already started")
    blocks.append(block)
  }

  /// The blocks not yet run.
  open var executionBlocks: [@Sendable () -> Void] { blocks }

  open override func main() {
    let toRun = blocks
    blocks = []
    for block in toRun { block() }
  }
}
