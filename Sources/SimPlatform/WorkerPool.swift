import SimKernel

/// A simulated thread: the main thread (id 0) or a worker (ids from 1).
package final class SimThread {
  /// 0 for the main thread; workers are numbered from 1, lowest free id first.
  package let id: Int
  /// The current execution, if the thread is busy.
  @exclusivity(unchecked) package internal(set) var execution: Execution?
  /// True while the thread has been handed work but has not woken up to run it yet
  /// (scheduling noise's wake-up latency): it is busy, with no execution.
  @exclusivity(unchecked) var isWaking = false
  /// When the thread last finished a piece of work: one taken again at that same instant is
  /// still awake (GCD drains a queue's next item on the thread that ran the last one).
  @exclusivity(unchecked) var releasedAt: SimTime?

  init(id: Int) { self.id = id }

  /// Whether this is the main thread.
  package var isMain: Bool { id == 0 }
  /// `main` or `w<id>`, as traces print it.
  package var name: String { isMain ? "main" : "w\(id)" }
}

/// Something that starts work on worker threads: a dispatch queue or an operation queue.
protocol WorkerClient: AnyObject {
  /// Whether the client has an item it could start now, given a thread.
  var hasStartableWork: Bool { get }
  /// Starts one item on `thread`. Called only when `hasStartableWork` is true.
  func startWork(on thread: SimThread)
  /// Whether the client is in the pool's waiting list (managed by the pool).
  var isWaitingForWorker: Bool { get set }
}

/// GCD's worker threads, shared by every queue of a world.
///
/// A queue with startable work asks the pool; the pool starts work, first asked first served,
/// while two conditions hold: fewer than `maxThreads` (GCD's limit of 64) workers are busy, and
/// fewer than `cores` busy workers are *not* blocked. So CPU-bound work runs about `cores` items
/// at a time, while work that blocks (a synchronous fetch, a disk read) makes the pool start
/// more threads, up to 64: the thread explosion of seed 002's classical approach.
package final class WorkerPool {
  /// GCD's thread limit.
  package static let gcdThreadLimit = 64

  unowned let world: World
  /// The most worker threads that may be busy at once.
  package let maxThreads: Int
  /// Busy workers that need CPU may not exceed this.
  package let activeLimit: Int
  @exclusivity(unchecked) var threads: [SimThread] = []
  @exclusivity(unchecked) var idle: [SimThread] = []
  /// Worker threads busy now.
  @exclusivity(unchecked) package private(set) var busyThreads = 0
  /// Busy worker threads now blocked (holding no CPU).
  @exclusivity(unchecked) package private(set) var blockedThreads = 0
  /// The most worker threads ever busy at once.
  @exclusivity(unchecked) package private(set) var peakBusyThreads = 0
  @exclusivity(unchecked) var waiting: [WorkerClient] = []
  @exclusivity(unchecked) var draining = false
  /// The world's `executionHost`, kept here.
  @exclusivity(unchecked) var executionHost:
    ((Execution, String, @escaping (Execution) -> Void) -> Void)?
  /// Set when the world tears down: nothing new starts.
  @exclusivity(unchecked) var isClosed = false
  @exclusivity(unchecked) var needsDrain = false
  /// The world's scheduling noise, kept here (`World.noise`).
  @exclusivity(unchecked) var noise: NoiseSource?
  /// The device's `queue_hop_cost`, kept here.
  let hopCost: SimDuration

  init(world: World, cores: Int, maxThreads: Int = WorkerPool.gcdThreadLimit) {
    self.world = world
    self.activeLimit = cores
    self.maxThreads = maxThreads
    self.hopCost = world.device.queueHopCost
  }

  /// Whether another item may start now.
  var hasCapacity: Bool {
    busyThreads < maxThreads && busyThreads - blockedThreads < activeLimit
  }

  /// Registers `client` as having startable work and starts what capacity allows.
  func request(_ client: WorkerClient) {
    if !client.isWaitingForWorker {
      client.isWaitingForWorker = true
      waiting.append(client)
    }
    drain()
  }

  /// Starts waiting work while capacity allows, first asked first served. Re-entrant calls
  /// are folded into the outer loop so a chain of instant items cannot grow the stack.
  func drain() {
    if isClosed { return }
    if draining {
      needsDrain = true
      return
    }
    draining = true
    defer { draining = false }
    repeat {
      needsDrain = false
      if let noise {
        drainShuffled(noise)
        continue
      }
      var index = 0
      while index < waiting.count && hasCapacity {
        let client = waiting[index]
        guard client.hasStartableWork else {
          client.isWaitingForWorker = false
          waiting.remove(at: index)
          continue
        }
        waiting.remove(at: index)
        client.isWaitingForWorker = false
        client.startWork(on: takeThread())
        if client.hasStartableWork && !client.isWaitingForWorker {
          client.isWaitingForWorker = true
          waiting.append(client)
        }
        index = 0
      }
    } while needsDrain
  }

  /// `drain` under scheduling noise: the queue that gets each free worker is drawn among the
  /// waiting queues that can start something.
  func drainShuffled(_ noise: NoiseSource) {
    while hasCapacity {
      waiting.removeAll { client in
        guard !client.hasStartableWork else { return false }
        client.isWaitingForWorker = false
        return true
      }
      guard !waiting.isEmpty else { return }
      let client = waiting.remove(at: noise.pick(among: waiting.count))
      client.isWaitingForWorker = false
      client.startWork(on: takeThread())
      if client.hasStartableWork && !client.isWaitingForWorker {
        client.isWaitingForWorker = true
        waiting.append(client)
      }
    }
  }

  func takeThread() -> SimThread {
    busyThreads += 1
    peakBusyThreads = max(peakBusyThreads, busyThreads)
    if let thread = idle.popLast() { return thread }
    let thread = SimThread(id: threads.count + 1)
    threads.append(thread)
    return thread
  }

  /// Returns `thread` to the pool and starts waiting work.
  func release(_ thread: SimThread) {
    thread.execution = nil
    if noise != nil { thread.releasedAt = world.now }
    busyThreads -= 1
    // Keep idle threads sorted so the lowest id is reused first: deterministic and readable.
    let position = idle.firstIndex { $0.id < thread.id } ?? idle.count
    idle.insert(thread, at: position)
    drain()
  }

  func executionBlockingChanged(_ blocked: Bool) {
    blockedThreads += blocked ? 1 : -1
    if blocked { drain() }
  }

  /// Runs `body` as an execution on `thread`, calling `finished` when it ends; the thread is
  /// released right after `finished`. Under scheduling noise a thread that is asleep (idle
  /// since an earlier instant, or new) first wakes up: the body starts after a drawn latency
  /// (or at once, inside the call that queued it). A thread that finished other work at this
  /// instant is awake and starts at once, and so does a queue's next item `continuing` the
  /// item that ended at this instant (GCD drains a queue on the thread that ran the last item). The
  /// device's `queue_hop_cost` is CPU time the thread spends after the body's own steps.
  func run(
    on thread: SimThread, label: String, continuing: Bool = false,
    _ body: @escaping (Execution) -> Void, finished: @escaping (Execution) -> Void
  ) {
    if let noise, !continuing, thread.releasedAt != world.now {
      let latency = noise.workerLatency()
      if latency > .zero {
        thread.isWaking = true
        world.trace.record(at: world.now, "noise.wake") {
          $0.field("thread", thread.name)
          $0.field("label", label)
          $0.field("after", latency)
        }
        world.loop.schedule(after: latency) { [self] in
          thread.isWaking = false
          start(on: thread, label: label, body, finished: finished)
        }
        return
      }
    }
    start(on: thread, label: label, body, finished: finished)
  }

  func start(
    on thread: SimThread, label: String, _ body: @escaping (Execution) -> Void,
    finished: @escaping (Execution) -> Void
  ) {
    let execution = Execution(world: world, thread: thread, label: label) { [self] execution in
      world.trace.record(at: world.now, "exec.end") {
        $0.field("thread", thread.name)
        $0.field("label", execution.label)
      }
      finished(execution)
      release(thread)
    }
    thread.execution = execution
    world.trace.record(at: world.now, "exec.start") {
      $0.field("thread", thread.name)
      $0.field("label", label)
    }
    let cost = hopCost
    let run: (Execution) -> Void =
      cost == .zero
      ? body
      : { execution in
        body(execution)
        execution.spend(cost)
      }
    if let host = executionHost {
      // The host runs the body on a blocking thread; a blocking call in it parks it there.
      execution.start { host($0, label, run) }
    } else {
      execution.start(run)
    }
  }

  /// Drops running executions and waiting clients (see `World.tearDown`).
  func tearDown() {
    // An execution still running holds its steps, whose closures often hold the execution
    // (a decode's completion names the execution it runs on), which holds the world.
    for thread in threads {
      thread.execution?.dropPendingSteps()
      thread.execution = nil
      thread.isWaking = false
    }
    waiting.removeAll()
  }

  /// Checks thread accounting; stops with a message if it is broken.
  package func _checkInvariants() {
    let busy = threads.filter { $0.execution != nil || $0.isWaking }
    precondition(
      busy.count == busyThreads, "WorkerPool: \(busy.count) busy, counted \(busyThreads)")
    precondition(busyThreads <= maxThreads, "WorkerPool: more than \(maxThreads) busy threads")
    let blocked = busy.filter { $0.execution?.isBlocked == true }.count
    precondition(
      blocked == blockedThreads, "WorkerPool: \(blocked) blocked, counted \(blockedThreads)")
    precondition(
      idle.count + busyThreads == threads.count, "WorkerPool: idle and busy threads do not add up")
  }
}
