import CSimThreads
package import SimKernel
package import SimPlatform
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a world's blocking threads are run and guarded.
package struct BlockingThreadsOptions: Sendable, Equatable {
  /// Real time a blocking body may hold the baton before the watchdog aborts the run: a real
  /// lock, a real semaphore or real I/O that the simulation cannot see.
  package var watchdog: Duration
  /// Whether the thread that drives the world and every carrier are bound to one CPU for the
  /// run (Linux). Only one of them runs at a time, so this costs no parallelism, and a hand-off
  /// that sleeps costs less between threads on one CPU than between CPUs; but a waiter spinning
  /// on another, idle CPU takes the baton faster still (`Benchmarks/README.md`, Blocking
  /// threads), so it is off unless the process or the world asks for it.
  package var pinToOneCPU: Bool
  /// How many times a waiting thread checks for the baton before it sleeps, when not pinned.
  package var spins: Int
  /// How many times a waiting thread pinned to the run's CPU yields that CPU (so that the
  /// baton's holder runs) and checks again before it sleeps.
  package var yields: Int

  /// Whether threads are pinned: asked for, on a system that can (Linux).
  var pins: Bool {
    #if os(Linux)
      return pinToOneCPU
    #else
      return false
    #endif
  }

  /// The watchdog of worlds that do not choose one: 10 s unless the process changed it at its
  /// start. A fuzz worker turns it off, so that a real block holds its case until the
  /// supervisor's case timeout and is reported as a hang finding.
  package static var processWatchdog: Duration {
    get { defaultWatchdog.withLock { $0 } }
    set { defaultWatchdog.withLock { $0 = newValue } }
  }
  private static let defaultWatchdog = Mutex<Duration>(.seconds(10))

  /// Whether worlds that do not choose pin their threads to one CPU: false unless the process
  /// changed it at its start (the benchmarks measure both).
  package static var processPinsToOneCPU: Bool {
    get { defaultPinning.withLock { $0 } }
    set { defaultPinning.withLock { $0 = newValue } }
  }
  private static let defaultPinning = Mutex<Bool>(false)

  /// Options with the process's watchdog and pinning unless given.
  package init(
    watchdog: Duration? = nil, pinToOneCPU: Bool? = nil, spins: Int = 2_000, yields: Int = 1_000
  ) {
    self.watchdog = watchdog ?? Self.processWatchdog
    self.pinToOneCPU = pinToOneCPU ?? Self.processPinsToOneCPU
    self.spins = spins
    self.yields = yields
  }
}

/// Why a world's blocking threads stopped the run.
package enum BlockingThreadsFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// A blocking body held the baton past the watchdog: it blocked on something real.
  case realBlock(thread: String, label: String, lastCall: String, watchdog: Duration)
  /// A blocking body kept calling blocking primitives after the world ended.
  case runaway(thread: String, label: String)

  package var description: String {
    switch self {
    case .realBlock(let thread, let label, let lastCall, let watchdog):
      return "simulated thread \(thread) (\(label)) held the baton for more than \(watchdog) of "
        + "real time after its last simulated call (\(lastCall)): it blocked on something "
        + "real (a real lock, semaphore, queue, sleep or I/O), which the simulation cannot see"
    case .runaway(let thread, let label):
      return "simulated thread \(thread) (\(label)) kept blocking after the run ended; its "
        + "real thread was abandoned"
    }
  }
}

/// A world's scheduler of real threads for code that blocks in the middle of a call.
///
/// Code given to `start` (through `SimulatedQueue.async(label:blocking:)`,
/// `MainThread.async(label:blocking:)` and their kin) runs on a *carrier*, a real OS thread,
/// while the thread that drives the world waits. Exactly one of them runs at any moment: the
/// one holding the baton. A blocking call (`Blocking.sleep`, a semaphore, a lock, a fetch) issues the matching step on the body's `Execution` (a block, a CPU span, a wait) and
/// hands the baton back; the simulated thread stays busy, in virtual time, while its carrier
/// waits with its stack intact. When the step ends, at its place in the event loop's
/// `(time, seq)` order, the baton goes back to the carrier and the call returns. So the event
/// loop alone decides what runs when, and a run's trace is the same in every process and build.
package final class BlockingThreads: BlockingThreadHost {
  package unowned let world: World
  let loop: EventLoop
  let trace: Trace
  package let options: BlockingThreadsOptions
  /// The parker of whichever thread drives the world (calls into the event loop).
  let driver: Parker
  var carriers: [Carrier] = []
  var idleCarriers: [Carrier] = []
  /// Fibers started and not finished, in start order.
  package internal(set) var fibers: [Fiber] = []
  /// The fiber whose carrier holds the baton, if any.
  var holder: Fiber?
  /// The most carriers that existed at once.
  package private(set) var peakCarriers = 0
  /// The CPU every thread of the run is bound to, once chosen.
  var cpu: Int?
  /// The driving thread pinned for the run, and the affinity it had before.
  var pinnedDriver: (thread: pthread_t, saved: csimthreads_affinity)?
  /// Set when the watchdog gave up on a carrier: nothing of this world may run again.
  let abandoned = Atomic<Bool>(false)
  /// Why the run stopped, if the threads stopped it.
  package internal(set) var failure: BlockingThreadsFailure?
  /// The deadlock found, if any (the run ended there).
  package internal(set) var deadlock: DeadlockReport?
  /// True from the start of `tearDown`: blocking calls return at once.
  package internal(set) var isTearingDown = false
  /// Virtual time since which every fiber has been parked with nothing else scheduled.
  var quietSince: SimTime?
  /// Lets only the newest waiting thread of this run spin.
  let spinGate: SpinGate
  /// How long threads must stay blocked with nothing scheduled before it is a deadlock.
  package var quiescenceGrace: SimDuration = .ms(500)
  /// The choices among waiters that the platform leaves open (`pickWaiter`, `seededOrder`).
  lazy var wakeChoices = world.random.stream("threads.wake")

  init(world: World, options: BlockingThreadsOptions) {
    self.world = world
    self.loop = world.loop
    self.trace = world.trace
    self.options = options
    let spinGate = SpinGate()
    self.spinGate = spinGate
    self.driver = Parker(
      spins: options.pins ? 0 : options.spins, yields: options.pins ? options.yields : 0,
      gate: spinGate)
  }

  /// The world's scheduler, made with `options` the first time it is asked for.
  package static func of(
    _ world: World, options: BlockingThreadsOptions = BlockingThreadsOptions()
  ) -> BlockingThreads {
    if let host = world.threadHost as? BlockingThreads { return host }
    let threads = BlockingThreads(world: world, options: options)
    world.threadHost = threads
    world.loop.quiescenceObserver = { [unowned threads] in threads.checkQuiescence() }
    return threads
  }

  package var failureDescription: String? { failure?.description }

  /// Makes every callback of `world` (main-thread work, queue items, frames) a blocking body
  /// on a carrier: the same steps in the same order, each body on a real thread. For measuring
  /// the cost of blocking threads, and for checking that running code there changes nothing
  /// but the trace's `thread.start`/`thread.end` lines.
  package static func hostEveryCallback(of world: World) {
    let threads = of(world)
    world.executionHost = { [unowned threads] execution, label, body in
      // A step-API body rarely parks (only when it makes a blocking call itself, as a
      // main-actor task's `Data(contentsOf:)` does), so one started by a body already on a
      // carrier (a completion that a cancel runs at once) runs right there: handing it to another carrier
      // would change nothing but add two hand-offs, and would deadlock for real when the outer
      // body is inside a runtime callback holding a lock (the Swift runtime runs a task's
      // cancellation handler under its status lock; the handler's completion resumes the task).
      if let carrier = Carrier.current {
        // It cannot park: its stack sits on top of the outer body's (see `Blocking.fiber`).
        carrier.inlineDepth += 1
        defer { carrier.inlineDepth -= 1 }
        body(execution)
      } else {
        threads.start(execution, label: label) { body(execution) }
      }
    }
  }

  /// The fiber running on the calling carrier, if the caller is blocking code.
  package static var currentFiber: Fiber? { Carrier.current?.fiber }

  /// The simulated thread whose code runs on the calling carrier: its fiber's, or, while a
  /// callback that the fiber's code started at once runs inside it (`hostEveryCallback`), that
  /// callback's (the world's current thread). Nil off the carriers.
  package static var currentThread: SimThread? {
    guard let carrier = Carrier.current else { return nil }
    if carrier.inlineDepth > 0 { return carrier.scheduler.world.currentThread }
    return carrier.fiber?.thread
  }

  // MARK: Starting and running bodies

  /// Runs `body` on a carrier as the blocking body of `execution`, from a step-API body or
  /// continuation of that execution. Returns when the body first blocks or returns.
  package func start(
    _ execution: Execution, label: String, queue: ObjectIdentifier? = nil,
    _ body: @escaping () -> Void
  ) {
    precondition(
      !abandoned.load(ordering: .relaxed), "SimThreads: the world's run was abandoned")
    let fiber = Fiber(scheduler: self, execution: execution, label: label, queue: queue)
    fibers.append(fiber)
    let carrier = takeCarrier()
    fiber.carrier = carrier
    carrier.fiber = fiber
    carrier.job = body
    trace.record(at: loop.now, "thread.start") {
      $0.field("thread", fiber.threadName)
      $0.field("label", label)
    }
    runSegment(fiber)
  }

  /// Hands the baton to `fiber`'s carrier and waits until the fiber blocks or ends.
  func runSegment(_ fiber: Fiber) {
    let outer = holder
    let caller = outer?.carrier.parker ?? driver
    fiber.returnTo = caller
    fiber.phase = .running
    holder = fiber
    if outer == nil, options.pins { pinDriverIfNeeded() }
    fiber.carrier.parker.unpark()
    if outer == nil {
      waitAsDriver(for: fiber)
    } else {
      caller.park()
    }
    holder = outer
    if fiber.phase == .finished { retire(fiber) }
  }

  /// The driver's wait for a segment, under the watchdog.
  func waitAsDriver(for fiber: Fiber) {
    let limit = Self.nanoseconds(options.watchdog)
    if driver.park(timeoutNanoseconds: limit) { return }
    // The baton did not come back: whoever holds it blocked on something real. The deepest
    // running fiber holds it (a fiber may have started another and wait for it).
    abandoned.store(true, ordering: .sequentiallyConsistent)
    // `holder` is the innermost running fiber; its carrier is stuck, so it writes nothing.
    let stuck = holder ?? fiber
    let thread = stuck.threadName
    let call = stuck.lastCall
    failure = .realBlock(
      thread: thread, label: stuck.label, lastCall: call, watchdog: options.watchdog)
    for stuck in fibers where stuck.phase == .running { stuck.phase = .abandoned }
    trace.record(at: loop.now, "thread.abandoned") {
      $0.field("thread", thread)
      $0.field("last_call", call)
    }
    endRun()
  }

  /// Called on a carrier when its body returned: the fiber is finished; hand the baton back.
  func bodyReturned(on carrier: Carrier) {
    guard let fiber = carrier.fiber else { return }
    carrier.fiber = nil
    if abandoned.load(ordering: .relaxed) || fiber.phase == .abandoned { RealThread.parkForever() }
    fiber.phase = .finished
    let back = fiber.returnTo!
    fiber.returnTo = nil
    back.unpark()
  }

  func retire(_ fiber: Fiber) {
    trace.record(at: loop.now, "thread.end") {
      $0.field("thread", fiber.threadName)
      $0.field("label", fiber.label)
    }
    if let index = fibers.firstIndex(where: { $0 === fiber }) { fibers.remove(at: index) }
    if let carrier = fiber.carrier {
      fiber.carrier = nil
      idleCarriers.append(carrier)
    }
  }

  func takeCarrier() -> Carrier {
    if let carrier = idleCarriers.popLast() { return carrier }
    let pinned = options.pins
    if pinned, cpu == nil { pinDriverIfNeeded() }
    let carrier = Carrier(
      spins: pinned ? 0 : options.spins, yields: pinned ? options.yields : 0,
      cpu: pinned ? cpu : nil, scheduler: self)
    carriers.append(carrier)
    peakCarriers = max(peakCarriers, carriers.count)
    carrier.start()
    return carrier
  }

  func pinDriverIfNeeded() {
    #if os(Linux)
      let me = pthread_self()
      if let pinned = pinnedDriver, pthread_equal(pinned.thread, me) != 0 { return }
      if cpu == nil {
        let current = Int(csimthreads_current_cpu())
        cpu = current >= 0 ? current : 0
      }
      unpinDriver()
      var saved = csimthreads_affinity()
      guard csimthreads_get_affinity(&saved) == 0 else { return }
      if csimthreads_pin_to_cpu(Int32(cpu!)) == 0 { pinnedDriver = (me, saved) }
    #endif
  }

  /// Gives the pinned driving thread back the affinity it had.
  func unpinDriver() {
    guard var pinned = pinnedDriver else { return }
    _ = csimthreads_set_affinity(pinned.thread, &pinned.saved)
    pinnedDriver = nil
  }

  // MARK: Parking

  /// Blocks the calling fiber: `issue` issues the step that ends the wait on the fiber's
  /// execution, with the continuation that resumes the fiber. Returns when the fiber has been
  /// resumed, or false at once when the world is tearing down (the caller then returns its
  /// failure value: a timed-out wait, an error).
  package func park(
    _ fiber: Fiber, reason: String, on resource: (any BlockingResource)? = nil,
    timed: Bool = false, detail: String = "", waitingFor waiter: Waiter? = nil,
    issue: (_ execution: Execution, _ resume: @escaping () -> Void) -> Void
  ) -> Bool {
    precondition(
      fiber.carrier === Carrier.current, "SimThreads: park called off the fiber's thread")
    if abandoned.load(ordering: .relaxed) { RealThread.parkForever() }
    if isTearingDown {
      fiber.tearDownCalls += 1
      if fiber.tearDownCalls > 1_000 { abandonRunaway(fiber) }
      return false
    }
    fiber.parkReason = reason
    fiber.parkDetail = detail
    fiber.waitingOn = resource
    fiber.waitIsTimed = timed
    fiber.layerCall = nil
    fiber.parkedWaiter = waiter
    trace.record(at: loop.now, "thread.park") {
      $0.field("thread", fiber.threadName)
      $0.field("reason", reason)
      if !detail.isEmpty { $0.field("on", detail) }
    }
    // The step holds the fiber weakly: a step that never ends (a wait nobody completes) must
    // not keep the fiber, its execution and its world alive. `fibers` holds it while parked.
    issue(fiber.execution) { [unowned self, weak fiber] in
      guard let fiber, fiber.phase == .parked, !isTearingDown else { return }
      trace.record(at: loop.now, "thread.resume") {
        $0.field("thread", fiber.threadName)
        $0.field("reason", fiber.parkReason)
      }
      fiber.waitingOn = nil
      fiber.parkedWaiter = nil
      runSegment(fiber)
    }
    fiber.phase = .parked
    if resource != nil { checkCycle(from: fiber) }
    let back = fiber.returnTo!
    fiber.returnTo = nil
    back.unpark()
    fiber.carrier.parker.park()
    // Resumed: the baton is ours again (or the world is tearing down).
    if abandoned.load(ordering: .relaxed) { RealThread.parkForever() }
    return !isTearingDown
  }

  /// Records the layer call the running fiber makes now, for the watchdog's report: a plain
  /// store, cheap enough for every call of a UIKit-shaped layer.
  package func noteLayerCall(_ call: StaticString) {
    holder?.layerCall = call
  }

  func abandonRunaway(_ fiber: Fiber) -> Never {
    failure = failure ?? .runaway(thread: fiber.threadName, label: fiber.label)
    abandoned.store(true, ordering: .sequentiallyConsistent)
    fiber.phase = .abandoned
    let back = fiber.returnTo
    fiber.returnTo = nil
    back?.unpark()
    RealThread.parkForever()
  }

  static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
