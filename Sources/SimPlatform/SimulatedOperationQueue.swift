import SimKernel

/// A simulated `OperationQueue` with Foundation's semantics.
///
/// - At most `maxConcurrentOperationCount` operations execute at once. The default,
///   `defaultMaxConcurrentOperationCount`, is unlimited, so the worker pool (GCD's threads and
///   CPU slots) is the real bound.
/// - Ready operations start in `queuePriority` order, then first in, first out; a priority
///   changed while an operation waits counts from then on. With a `name`, an operation's
///   priority sets and starts are reported (`PriorityReport`, layer `operation`, key `name`).
/// - Adding an operation never starts it synchronously: the queue looks for work on a later
///   event at the same instant, as Foundation hands work to GCD. Under scheduling noise
///   (`SchedulingNoise`) a worker queue looks at once, and a worker drawn awake runs the
///   operation inside `addOperation`, before the code that added it goes on.
/// - A cancelled operation that has not started never runs its body: the queue finishes it on
///   its next pass, without a thread, and its `completionBlock` still runs. (An operation that
///   `startsWhenCancelled`, as the UIKit layer's are, takes its turn on a thread instead, and
///   its body sees the flag, as Foundation's queue calls a cancelled operation's `start()`.) Every start path
///   checks `isCancelled` at the moment the body would begin, as `Operation.start()` does
///   ("Responding to the Cancel Command" in Apple's `Operation` documentation): a worker that
///   frees up before the queue's next pass skips a cancelled operation, and a main-bound
///   queue's main-queue block, dispatched while the operation was live but run after a
///   `cancel()`, finishes it instead of calling `main(_:)`.
/// - `isSuspended` stops new operations from starting; `cancelAllOperations()` cancels every
///   operation in the queue.
/// - The queue retains each operation until it finishes. An operation may finish after its
///   execution ended (`SimulatedOperation.endsLater`, an asynchronous `Operation`): its thread
///   is free from then on, and it holds its slot of the queue until it finishes.
/// - A main-bound queue (`World.mainOperationQueue()`) is serial and runs its operations as
///   main-queue blocks.
public final class SimulatedOperationQueue: WorkerClient {
  /// `OperationQueue.defaultMaxConcurrentOperationCount`: no limit of the queue's own.
  public static let defaultMaxConcurrentOperationCount = -1

  unowned let world: World
  /// The queue's name, as traces print it.
  public let name: String
  /// Whether operations run on the main thread.
  public let isBoundToMain: Bool
  /// The most operations executing at once, or `defaultMaxConcurrentOperationCount`.
  public var maxConcurrentOperationCount: Int {
    didSet {
      precondition(
        maxConcurrentOperationCount >= 1 || maxConcurrentOperationCount == -1,
        "maxConcurrentOperationCount must be at least 1, or -1 for the default")
      if isBoundToMain { maxConcurrentOperationCount = 1 }
      schedulePump()
    }
  }
  /// When true, no new operation starts.
  @exclusivity(unchecked) public var isSuspended = false {
    didSet { if !isSuspended { schedulePump() } }
  }
  /// Operations in the queue (waiting or executing), in the order they were added. The queue
  /// holds them strongly until they finish.
  @exclusivity(unchecked) public private(set) var operations: [SimulatedOperation] = []
  /// Operations executing now.
  @exclusivity(unchecked) package private(set) var executingCount = 0
  @exclusivity(unchecked) var pumpScheduled = false
  /// The operation a main-bound queue has dispatched to the main queue and whose block has not
  /// run yet; it holds the queue's single slot, but it is not executing.
  @exclusivity(unchecked) var dispatchedToMain: SimulatedOperation?
  @exclusivity(unchecked) var isWaitingForWorker = false
  @exclusivity(unchecked) var addCount = 0
  /// When an operation last finished on a worker: the next one started at that instant
  /// continues on an awake thread (scheduling noise draws no wake-up for it).
  @exclusivity(unchecked) var lastEndedAt: SimTime?

  init(world: World, name: String?, boundToMain: Bool) {
    self.world = world
    let id = world.makeObjectID()
    self.name = name ?? "opqueue\(id)"
    self.isBoundToMain = boundToMain
    self.maxConcurrentOperationCount = boundToMain ? 1 : Self.defaultMaxConcurrentOperationCount
  }

  /// The number of operations in the queue.
  public var operationCount: Int { operations.count }

  /// Adds `operation`. Adding an operation twice, or one that finished, is a programming
  /// error, as in Foundation.
  public func addOperation(_ operation: SimulatedOperation) {
    precondition(
      operation.queue == nil && !operation.isFinished && !operation.isExecuting,
      "addOperation: the operation is already in a queue or has finished")
    operation.queue = self
    operation.id = world.makeObjectID()
    operation.enqueueOrder = addCount
    addCount += 1
    operations.append(operation)
    world.trace.record(at: world.now, "op.add") {
      $0.field("queue", name)
      $0.field("op", operation.id)
      $0.field("priority", operation.queuePriority.rawValue)
    }
    priorityChanged(of: operation)
    if world.noise != nil && !isBoundToMain {
      // Scheduling noise: GCD may hand the operation to a worker that is already awake, which
      // then runs it before the code that added it goes on (a zero wake-up latency).
      pump()
    } else {
      schedulePump()
    }
  }

  /// Reports the priority of a named operation added to this queue, or changed while in it.
  func priorityChanged(of operation: SimulatedOperation) {
    guard let key = operation.name else { return }
    world.reports.send(
      .priority(
        PriorityReport(
          layer: .operation, scheduler: name, key: key,
          kind: .set(operation.queuePriority.level))))
  }

  /// Reports that `operation` starts while other ready operations wait, if it is named.
  func reportStart(of operation: SimulatedOperation) {
    guard let key = operation.name else { return }
    let waiting = operations.compactMap { other -> PriorityReport.Entry? in
      guard other !== operation, let otherKey = other.name, !other.isExecuting,
        !other.isCancelled, other !== dispatchedToMain, other.isReady
      else { return nil }
      return PriorityReport.Entry(key: otherKey, priority: other.queuePriority.level)
    }
    world.reports.send(
      .priority(
        PriorityReport(
          layer: .operation, scheduler: name, key: key,
          kind: .started(
            PriorityReport.Entry(key: key, priority: operation.queuePriority.level),
            waiting: waiting))))
  }

  /// Adds a `SimulatedBlockOperation` running `block` and returns it.
  @discardableResult
  public func addOperation(_ block: @escaping (Execution) -> Void) -> SimulatedBlockOperation {
    let operation = SimulatedBlockOperation(block)
    addOperation(operation)
    return operation
  }

  /// Cancels every operation in the queue.
  public func cancelAllOperations() {
    for operation in operations { operation.cancel() }
  }

  // MARK: Scheduling

  /// Looks for work on a later event at this instant.
  func schedulePump() {
    guard !pumpScheduled else { return }
    pumpScheduled = true
    world.loop.schedule(after: .zero) { [self] in
      pumpScheduled = false
      pump()
    }
  }

  func pump() {
    // Cancelled operations that never started finish now, in queue order, without a thread
    // (unless they start when cancelled: they take their turn below).
    for operation in operations
    where operation.isCancelled && !operation.isExecuting && !operation.startsWhenCancelled {
      finish(operation)
    }
    guard !isSuspended, nextReady() != nil else { return }
    if isBoundToMain {
      startOnMain()
    } else {
      world.workers.request(self)
    }
  }

  var limit: Int {
    maxConcurrentOperationCount == Self.defaultMaxConcurrentOperationCount
      ? Int.max : maxConcurrentOperationCount
  }

  /// The ready operation that starts next: highest priority, then first added. A cancelled
  /// operation is not started (the queue's pass finishes it without a thread) unless it starts
  /// when cancelled.
  func nextReady() -> SimulatedOperation? {
    var best: SimulatedOperation?
    for operation in operations
    where !operation.isExecuting && (!operation.isCancelled || operation.startsWhenCancelled)
      && operation !== dispatchedToMain && operation.isReady
    {
      if let current = best, current.queuePriority >= operation.queuePriority { continue }
      best = operation
    }
    return best
  }

  var hasStartableWork: Bool {
    !isSuspended && !isBoundToMain && executingCount < limit && nextReady() != nil
  }

  func startWork(on thread: SimThread) {
    guard let operation = nextReady() else { return }
    reportStart(of: operation)
    begin(operation)
    world.workers.run(
      on: thread, label: "op\(operation.id)", continuing: lastEndedAt == world.now,
      { operation.main($0) },
      finished: { [self] _ in
        lastEndedAt = world.now
        bodyEnded(operation)
      })
  }

  /// Dispatches the next ready operation to the main queue. The block starts it only if it
  /// is still live when the block runs: an operation cancelled in between finishes without
  /// its body (the queue's pass may already have finished it).
  func startOnMain() {
    guard executingCount < 1, dispatchedToMain == nil, let operation = nextReady() else {
      return
    }
    reportStart(of: operation)
    dispatchedToMain = operation
    world.main.async(label: "op\(operation.id)") { [self] execution in
      if dispatchedToMain === operation { dispatchedToMain = nil }
      guard !operation.isFinished else {
        schedulePump()
        return
      }
      guard !operation.isCancelled || operation.startsWhenCancelled else {
        finish(operation)
        return
      }
      begin(operation)
      operation.main(execution)
      execution.then { [self] in bodyEnded(operation) }
    }
  }

  /// The operation's execution ended: it finishes now, or, if it goes on without a thread
  /// (`endsLater`), when its waiter completes.
  func bodyEnded(_ operation: SimulatedOperation) {
    guard let waiter = operation.endsLater, !waiter.isComplete else {
      operation.endsLater = nil
      finish(operation)
      return
    }
    waiter.onComplete = { [self, unowned operation] in
      operation.endsLater = nil
      finish(operation)
    }
  }

  func begin(_ operation: SimulatedOperation) {
    operation.isExecuting = true
    executingCount += 1
    world.trace.record(at: world.now, "op.start") { $0.field("op", operation.id) }
  }

  func finish(_ operation: SimulatedOperation) {
    if dispatchedToMain === operation { dispatchedToMain = nil }
    if operation.isExecuting {
      operation.isExecuting = false
      executingCount -= 1
    }
    operation.isFinished = true
    world.trace.record(at: world.now, "op.finish") {
      $0.field("op", operation.id)
      $0.field("cancelled", operation.isCancelled)
    }
    if let block = operation.completionBlock {
      operation.completionBlock = nil
      world.globalQueue().async(label: "op\(operation.id).completion") { _ in block() }
    }
    operations.removeAll { $0 === operation }
    operation.queue = nil
    if let key = operation.name {
      world.reports.send(
        .priority(PriorityReport(layer: .operation, scheduler: name, key: key, kind: .ended)))
    }
    for dependent in operation.dependents { dependent.operation?.queue?.schedulePump() }
    operation.dependents = []
    schedulePump()
  }

  /// Checks the queue's bookkeeping; stops with a message if it is broken.
  package func _checkInvariants() {
    let executing = operations.filter(\.isExecuting).count
    precondition(executing == executingCount, "OperationQueue: executing count is off")
    precondition(executingCount <= limit, "OperationQueue: more executing than allowed")
    precondition(
      operations.allSatisfy { !$0.isFinished }, "OperationQueue: holds a finished operation")
  }
}

extension SimulatedOperationQueue: PendingWorkHolder {
  func dropPendingWork() {
    let dropped = operations
    operations.removeAll()
    dispatchedToMain = nil
    for operation in dropped { operation.dropWork() }
  }
}
