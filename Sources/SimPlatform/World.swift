package import SimKernel

/// Everything one simulated run owns: clock, trace, randomness, device, threads, queues and
/// meters.
///
/// There are no globals: Swift Testing runs tests in parallel, so every piece of simulated
/// state hangs off one `World`, and two worlds never share anything mutable. A world is
/// single-threaded; drive it from one caller.
package final class World {
  /// The event loop; its `now` is the world's clock.
  package let loop: EventLoop
  /// The trace every component writes to.
  package let trace: Trace
  /// The run's randomness: keyed streams derived from the run seed.
  package let random: SeededRandom
  /// The device being simulated.
  package let device: DeviceProfile
  /// CPU slots for background work.
  package let cpu: CPUPool
  /// Worker threads shared by every queue.
  @exclusivity(unchecked) package private(set) var workers: WorkerPool!
  /// The main thread, its run loop, main queue and display link.
  @exclusivity(unchecked) package private(set) var main: MainThread!
  /// Live and peak decoded-image bytes.
  package let memory: MemoryMeter
  /// The decoder loaders call as a step.
  @exclusivity(unchecked) package private(set) var decoder: DecoderService!
  /// UIKit calls made off the main thread, in order.
  @exclusivity(unchecked) package private(set) var mainThreadViolations: [MainThreadViolation] = []
  /// Decode counts and time, for metrics.
  @exclusivity(unchecked) package internal(set) var decodes = DecodeStats()
  /// Receives every platform report, in order; the oracle and metrics subscribe here.
  package let reports = ReportBus()
  @exclusivity(unchecked) var nextObjectID = 0
  /// How many times a table has configured a cell for a row (`cellForRow` calls), in this
  /// world: each call starts a new request of the cell's views, as the oracle sees it. A
  /// per-request placeholder records this count when it is made, so the oracle can tell one
  /// made before its cell's current configuration (an earlier request's) from one made for it.
  @exclusivity(unchecked) package var cellConfigurations: UInt64 = 0
  /// Requests loaders have declared so far (`DeclaredRequest`), which numbers them.
  @exclusivity(unchecked) package var declaredRequests = 0
  /// The rows beyond the visible ones (before the first, after the last) whose work the loader
  /// keeps on purpose (`LoaderEnvironment.declarePreloadRange`); nil: the table's prefetch
  /// window only.
  @exclusivity(unchecked) package var declaredPreloadRange: (rowsBefore: Int, rowsAfter: Int)?
  /// URLs whose work the app asked for ahead of display through an API made for it (a photo
  /// library's preheat, `PHCachingImageManager.startCachingImages`), with how many holders each.
  /// The oracle counts such work as needed while its row is within a screenful of the visible
  /// ones, as it counts the table's prefetch window (read by membership only: no order of it
  /// reaches a trace).
  @exclusivity(unchecked) package private(set) var heldAhead: [String: Int] = [:]

  /// Records that the app holds `url`'s work ahead of display (`heldAhead`).
  package func holdAhead(_ url: String) { heldAhead[url, default: 0] += 1 }

  /// Ends one hold of `url`'s work ahead of display.
  package func releaseAhead(_ url: String) {
    guard let count = heldAhead[url] else { return }
    heldAhead[url] = count > 1 ? count - 1 : nil
  }
  /// Bumped whenever an image view or progress view changes what it shows (an image set, a
  /// cross-dissolve ending, a progress change): a table's commit skips its per-cell pass while
  /// this, its own layout and the clock leave every cell as the last commit saw it.
  @exclusivity(unchecked) var storedDisplayGeneration: UInt64 = 0
  @exclusivity(unchecked) var memoryCaches: [WeakCache] = []
  @exclusivity(unchecked) var diskCaches: [WeakDiskCache] = []
  /// Entries waiting in each live request queue, by queue id.
  @exclusivity(unchecked) var requestQueueDepths: [Int: Int] = [:]
  @exclusivity(unchecked) var globalQueues: [String: SimulatedQueue] = [:]
  /// Every queue made in this world, weakly: `tearDown` drops the work still waiting in them.
  @exclusivity(unchecked) var queues: [WeakQueue] = []

  /// The scheduler of real threads for blocking code (`SimThreads`), once a blocking body has
  /// run in this world; `tearDown` ends its threads first.
  @exclusivity(unchecked) package var threadHost: (any BlockingThreadHost)?
  /// Runs every execution's body, on the main thread and on workers, when set: the blocking-
  /// thread scheduler's way to put every callback on a real thread (`SimThreads`), for
  /// measuring what that costs and checking that it changes no verdict. Nil runs bodies in place.
  @exclusivity(unchecked) package var executionHost: ExecutionHost? {
    // Kept by the two runners too, which read it at every execution: through their unowned
    // world, each read would be a checked retain and a release.
    didSet {
      main.executionHost = executionHost
      workers.executionHost = executionHost
    }
  }
  /// The run's scheduling noise (`SchedulingNoise`), or nil for none (the default). Set it
  /// before the run starts.
  @exclusivity(unchecked) package var noise: NoiseSource? {
    didSet {
      main.noise = noise
      workers.noise = noise
    }
  }
  /// Whether a deadlock among blocking threads ends the run (the default), or only is reported
  /// while the rest of the app goes on (a scenario that does not check `deadlock`).
  @exclusivity(unchecked) package var deadlockEndsRun = true
  /// Objects that modules above the platform attach to the world, by the attaching module's
  /// key: how a layer that only has the world finds a part a host built beside it (the fake
  /// network `Data(contentsOf:)` fetches from). Looked up only, never iterated; `tearDown`
  /// drops them, since an attached part usually holds the world.
  @exclusivity(unchecked) package var attachments: [ObjectIdentifier: AnyObject] = [:]
  /// Set while the world tears down: no queue starts new work, so code that blocking threads
  /// run to their end meanwhile cannot start more.
  @exclusivity(unchecked) package private(set) var isClosing = false

  /// Creates a world at time zero. The display link starts at once: vsync 0 is at t=0.
  package init(
    seed: UInt64 = 0, device: DeviceProfile = .iPhone15Pro, trace: Trace.Retention = .digestOnly,
    eventLimit: Int = 200_000_000
  ) {
    self.loop = EventLoop(eventLimit: eventLimit)
    self.trace = Trace(retention: trace)
    self.random = SeededRandom(seed: seed)
    self.device = device
    self.cpu = CPUPool(slots: device.cores)
    self.memory = MemoryMeter()
    self.workers = WorkerPool(world: self, cores: device.cores)
    self.main = MainThread(world: self)
    self.decoder = DecoderService(world: self)
    main.startDisplayLink()
  }

  /// The current virtual time.
  package var now: SimTime { loop.now }

  /// The execution running now, if any. Read from other modules through this getter: a stored
  /// property read from another module keeps its runtime exclusivity check, which costs more
  /// than the call.
  package var currentExecution: Execution? { currentThread?.execution }

  /// Charges `cost` of UIKit's own work to the main-thread execution running now (and counts it
  /// as platform work for hitch ratios); nothing when no main-thread execution runs.
  package func chargeMainThread(_ cost: SimDuration) {
    guard let execution = currentThread?.execution, execution.thread.isMain else { return }
    execution.spend(cost)
    main.notePlatformWork(cost)
  }

  /// `storedDisplayGeneration`, read through a getter from the table's module (a stored
  /// property read from another module keeps its exclusivity check).
  package var displayGeneration: UInt64 { storedDisplayGeneration }

  /// Something on screen in a view changed (`displayGeneration`).
  package func displayChanged() { storedDisplayGeneration &+= 1 }

  /// The simulated thread whose code is running now (Foundation's current thread), or nil
  /// outside any execution (in a network or scroll event, say).
  @exclusivity(unchecked) package internal(set) var currentThread: SimThread?

  /// Why something inside the run stopped it before its end (a hosted screen with no table to
  /// bind), if something did; the runner reports it as a setup error, not as a verdict.
  @exclusivity(unchecked) package private(set) var abortReason: String?

  /// Stops the run at the end of the current event, for `reason`: every pending event is
  /// dropped, so the run ends with nothing more happening, and the runner reports `reason`. The
  /// first reason given wins.
  package func abortRun(_ reason: String) {
    guard abortReason == nil else { return }
    abortReason = reason
    loop.quiescenceThreshold = Int.max
    loop.quiescenceObserver = { [unowned loop] in loop.removeAllEvents() }
  }

  /// Runs the world until `time`.
  package func run(until time: SimTime) throws(EventLoopError) {
    try loop.run(until: time)
  }

  /// Runs the world for `duration` from now.
  package func run(for duration: SimDuration) throws(EventLoopError) {
    try loop.run(until: now + duration)
  }

  /// A global concurrent queue. Its items start while the worker pool has capacity, so
  /// blocked items let more start, up to GCD's 64 threads (`WorkerPool`). Quality of service
  /// names separate queues but does not change ordering.
  package func globalQueue(qos: String = "default") -> SimulatedQueue {
    if let queue = globalQueues[qos] { return queue }
    let queue = SimulatedQueue(world: self, label: "global.\(qos)", width: nil)
    globalQueues[qos] = queue
    return queue
  }

  /// A new serial queue: one item at a time, first in first out.
  package func serialQueue(label: String) -> SimulatedQueue {
    registered(SimulatedQueue(world: self, label: label, width: 1))
  }

  /// A new concurrent queue running at most `width` items at once (nil: as many as the worker
  /// pool allows, like a GCD concurrent queue).
  package func concurrentQueue(label: String, width: Int? = nil) -> SimulatedQueue {
    precondition(width.map { $0 >= 1 } ?? true, "concurrentQueue: width must be at least 1")
    return registered(SimulatedQueue(world: self, label: label, width: width))
  }

  /// A new operation queue.
  package func operationQueue(name: String? = nil) -> SimulatedOperationQueue {
    registered(SimulatedOperationQueue(world: self, name: name, boundToMain: false))
  }

  /// A new serial operation queue whose operations run on the main thread, like
  /// `OperationQueue.main`.
  package func mainOperationQueue() -> SimulatedOperationQueue {
    registered(SimulatedOperationQueue(world: self, name: "main", boundToMain: true))
  }

  /// Entries waiting in every live `RequestQueue` of the world (the oracle's `bounded_queue`
  /// adds these to outstanding transfers).
  package var requestQueueEntries: Int { requestQueueDepths.values.reduce(0, +) }

  /// A fresh identifier for a simulated object (queues, operations, caches), in creation
  /// order, so traces name objects deterministically.
  package func makeObjectID() -> Int {
    nextObjectID += 1
    return nextObjectID
  }

  /// Records a UIKit call made off the main thread (traced and reported).
  package func recordMainThreadViolation(_ violation: MainThreadViolation) {
    mainThreadViolations.append(violation)
    trace.record(at: now, "uikit.off_main") {
      $0.field("thread", violation.threadName)
      $0.field("action", violation.action)
    }
    reports.send(.mainThreadViolation(violation))
  }

  /// The live memory caches, in creation order, for the oracle.
  package var liveMemoryCaches: [any InspectableCache] {
    memoryCaches.compactMap(\.cache)
  }

  /// The live disk caches, in creation order (a scenario's warm start fills them by name).
  package var liveDiskCaches: [DiskCache] { diskCaches.compactMap(\.cache) }

  func register(diskCache: DiskCache) {
    diskCaches.removeAll { $0.cache == nil }
    diskCaches.append(WeakDiskCache(cache: diskCache))
  }

  func register(cache: any InspectableCache) {
    memoryCaches.removeAll { $0.cache == nil }
    memoryCaches.append(WeakCache(cache: cache))
  }

  /// Delivers a memory warning: every memory cache that evicts on warnings is emptied, and
  /// subscribers hear `.memoryWarning` (the table forwards it to the loader).
  package func deliverMemoryWarning() {
    trace.record(at: now, "memory.warning") { $0.field("live_bytes", memory.liveBytes) }
    for cache in memoryCaches {
      (cache.cache as? any MemoryWarningHandling)?.didReceiveMemoryWarning()
    }
    reports.send(.memoryWarning)
  }

  /// Ends the world: drops pending events, queued main-thread work, frame observers and report
  /// subscribers, so nothing that captured a piece of the world keeps it alive. Components
  /// (loaders, oracles, tables) usually hold their world strongly and the world holds their
  /// closures; call this when a run is over, or every run leaks its whole world.
  package func tearDown() {
    isClosing = true
    workers.isClosed = true
    // Blocking threads first: the code they run to its end may still schedule work, which the
    // lines below then drop.
    threadHost?.tearDown()
    threadHost = nil
    attachments.removeAll()
    loop.removeAllEvents()
    reports.removeAllSubscribers()
    main.tearDown()
    workers.tearDown()
    cpu.waiters.removeAll()
    cpu.waitHead = 0
    globalQueues.removeAll()
    for entry in queues { entry.queue?.dropPendingWork() }
    queues.removeAll()
  }

  /// Remembers `queue` (weakly) for `tearDown`, and returns it.
  func registered<Queue: PendingWorkHolder>(_ queue: Queue) -> Queue {
    queues.append(WeakQueue(queue: queue))
    return queue
  }

  /// Checks every component's internal consistency; stops with a message if one is broken.
  package func _checkInvariants() {
    loop._checkInvariants()
    cpu._checkInvariants()
    workers._checkInvariants()
    main._checkInvariants()
  }
}

/// A queue whose waiting work a finished world drops: the work's closures capture the loader
/// and its tasks, which hold the world and the network, so a queue left holding them after a
/// run kept every run's world alive (about 1 MB per fuzz case).
protocol PendingWorkHolder: AnyObject {
  /// Forgets the work that has not started.
  func dropPendingWork()
}

struct WeakQueue {
  weak var queue: (any PendingWorkHolder)?
}

struct WeakCache {
  weak var cache: (any InspectableCache)?
}

struct WeakDiskCache {
  weak var cache: DiskCache?
}

/// The world's view of the blocking-thread scheduler, which lives in a module above it.
package protocol BlockingThreadHost: AnyObject {
  /// Releases every parked thread and ends the real threads (see `World.tearDown`).
  func tearDown()
  /// Why the blocking threads stopped the run (a real block past the watchdog), if they did.
  var failureDescription: String? { get }
}

/// Something that reacts to a memory warning.
package protocol MemoryWarningHandling: AnyObject {
  /// Called when the world delivers a memory warning.
  func didReceiveMemoryWarning()
}

/// What runs an execution's body when a world has a host for them (`World.executionHost`): the
/// execution, its label, and the body, which may outlive the call (it may block on a real
/// thread).
package typealias ExecutionHost = (Execution, String, @escaping (Execution) -> Void) -> Void
