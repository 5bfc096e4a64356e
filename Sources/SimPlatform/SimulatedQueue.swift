public import SimKernel

/// A simulated dispatch queue: serial, concurrent with a width, or a global concurrent queue.
///
/// Items start first in, first out, as many at once as the queue's width allows, each on a
/// worker thread from the world's `WorkerPool` (which also bounds how many run at once across
/// all queues). An item either declares its cost (`async(cost:)`), or calls steps on the
/// `Execution` it is given (`spend`, `block`, `wait`, a blocking fetch, a decode).
public final class SimulatedQueue: WorkerClient {
  struct Item {
    var label: String
    var body: (Execution) -> Void
    /// Set for a synchronous dispatch (`sync`): called when the item's turn comes, with the
    /// call that ends its turn. It takes no worker: GCD runs a `sync` block on the calling
    /// thread, which is blocked until then.
    var onTurn: ((@escaping () -> Void) -> Void)? = nil
    /// A barrier (`.barrier` on a concurrent queue): it starts once every item before it has
    /// ended, and nothing after it starts until it ends.
    var isBarrier = false
  }

  unowned let world: World
  /// The queue's label, as traces print it.
  public let label: String
  /// The most items that run at once; nil means as many as the worker pool allows.
  public let width: Int?
  @exclusivity(unchecked) var items: [Item] = []
  @exclusivity(unchecked) var head = 0
  /// Items running now.
  @exclusivity(unchecked) package private(set) var running = 0
  /// Whether the queue is suspended: no new item starts until it is resumed.
  @exclusivity(unchecked) public private(set) var isSuspended = false
  @exclusivity(unchecked) var isWaitingForWorker = false
  /// Whether a barrier item runs now: nothing else starts until it ends.
  @exclusivity(unchecked) package private(set) var barrierRunning = false
  /// When an item last ended: the next one started at that instant continues on an awake
  /// thread (scheduling noise draws no wake-up for it).
  @exclusivity(unchecked) var lastEndedAt: SimTime?

  init(world: World, label: String, width: Int?) {
    self.world = world
    self.label = label
    self.width = width
  }

  /// Items waiting to start.
  package var pendingCount: Int { items.count - head }

  /// Enqueues `body`; it starts on a worker thread when the queue and the pool allow.
  ///
  /// Work dispatched from an execution that got bytes from a disk read or a transfer carries
  /// their source on (`Execution.lastSource`), so a decode of those bytes on another queue is
  /// still attributed to it (`WorkReport.sourceKey`); nothing else changes.
  ///
  /// A `barrier` item (GCD's `.barrier` on a concurrent queue) starts only once every item
  /// enqueued before it has ended, and no item enqueued after it starts until it has ended: the
  /// queue runs it alone, as a reader-writer cache relies on. On a serial queue it changes
  /// nothing.
  public func async(
    label: String? = nil, barrier: Bool = false, _ body: @escaping (Execution) -> Void
  ) {
    if let source = world.currentExecution?.lastSource {
      items.append(
        Item(
          label: label ?? self.label,
          body: { execution in
            execution.lastSource = source
            body(execution)
          }, isBarrier: barrier))
    } else {
      items.append(Item(label: label ?? self.label, body: body, isBarrier: barrier))
    }
    world.workers.request(self)
  }

  /// The world the queue belongs to.
  package var owningWorld: World { world }

  /// A synchronous dispatch's turn: `onTurn` runs when every item enqueued before it has
  /// started (on a serial queue: has ended) and the queue's width has room, with the call that
  /// ends the turn. The item takes no worker thread: the thread that called `sync` runs the
  /// block itself and is blocked until then. Call `end` exactly once.
  /// A `barrier` turn comes when every item before it has ended, and holds the queue alone
  /// until it ends (see `async(label:barrier:_:)`).
  package func enqueueSync(
    label: String, barrier: Bool = false,
    onTurn: @escaping (_ end: @escaping () -> Void) -> Void
  ) {
    items.append(Item(label: label, body: { _ in }, onTurn: onTurn, isBarrier: barrier))
    startSyncItems()
  }

  var isSyncAtHead: Bool { head < items.count && items[head].onTurn != nil }

  /// Starts the synchronous items at the head of the queue while its width allows, then asks
  /// the pool for a worker if an asynchronous item is next.
  func startSyncItems() {
    while headCanStart, isSyncAtHead {
      let item = takeHead()
      running += 1
      if item.isBarrier { barrierRunning = true }
      var ended = false
      item.onTurn?({ [self] in
        precondition(!ended, "SimulatedQueue.enqueueSync: the turn was ended twice")
        ended = true
        running -= 1
        if item.isBarrier { barrierRunning = false }
        startSyncItems()
      })
    }
    if hasStartableWork { world.workers.request(self) }
  }

  func takeHead() -> Item {
    let item = items[head]
    head += 1
    if head > 32 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return item
  }

  /// Enqueues work that costs `cost` of CPU and then runs `body` at the end of that cost.
  public func async(
    cost: SimDuration, label: String? = nil, _ body: @escaping (Execution) -> Void = { _ in }
  ) {
    async(label: label) { execution in
      execution.spend(cost) { body(execution) }
    }
  }

  /// Stops new items from starting (`dispatch_suspend`).
  public func suspend() { isSuspended = true }

  /// Lets items start again (`dispatch_resume`).
  public func resume() {
    isSuspended = false
    if pendingCount > 0 { startSyncItems() }
  }

  /// Whether the item at the head may start now: the queue is not suspended, no barrier runs,
  /// and the width has room (a barrier needs the queue empty).
  var headCanStart: Bool {
    guard !isSuspended, !barrierRunning, head < items.count else { return false }
    return items[head].isBarrier ? running == 0 : running < (width ?? Int.max)
  }

  var hasStartableWork: Bool { headCanStart && items[head].onTurn == nil }

  func startWork(on thread: SimThread) {
    let item = takeHead()
    running += 1
    if item.isBarrier { barrierRunning = true }
    world.workers.run(
      on: thread, label: item.label, continuing: lastEndedAt == world.now, item.body
    ) { [self] _ in
      running -= 1
      if item.isBarrier { barrierRunning = false }
      lastEndedAt = world.now
      if isSyncAtHead {
        startSyncItems()
      } else if hasStartableWork {
        world.workers.request(self)
      }
    }
    if isSyncAtHead { startSyncItems() }
  }
}

extension SimulatedQueue: PendingWorkHolder {
  func dropPendingWork() {
    items.removeAll()
    head = 0
  }
}
