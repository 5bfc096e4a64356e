import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Dispatch's `DispatchQueue`, on the world's simulated threads.
///
/// `main` is the world's main thread (its main queue, in every run-loop mode); `global(qos:)`
/// is the world's global concurrent queue for that quality of service; a queue made with
/// `init(label:…)` is a serial queue of the world's, or a concurrent one with `.concurrent`.
/// Every block runs as blocking code on its simulated thread (`async(label:blocking:)`), so it
/// may block: sleep, wait on a semaphore or a group, take a lock, fetch with
/// `Data(contentsOf:)`, or `sync` onto another queue. Quality of service names the global
/// queue but changes no ordering; a block's `qos` and most flags are accepted and ignored.
///
/// Rules modelled (Apple's Dispatch documentation, swift-corelibs-libdispatch):
/// - a `sync` onto a serial queue the calling code runs on never returns (libdispatch traps
///   it): the run ends with a deadlock naming the queue; so does `DispatchQueue.main.sync` from
///   the main thread;
/// - `asyncAfter` enqueues the block at its deadline, in virtual time;
/// - a queue made `.initiallyInactive` runs nothing until `activate()`;
/// - a `.barrier` block (`async`, `sync` or a work item) on a custom concurrent queue starts
///   once every block enqueued before it has ended, and no block enqueued after it starts until
///   it has ended; on a serial or a global queue it is an ordinary block, as in GCD.
///
/// Target queues (`init(label:…target:)`), as GCD runs a queue's blocks on its target:
/// - a queue whose target is the main queue runs its blocks on the main thread;
/// - a queue whose target is a serial queue runs its blocks on that queue, in one order with the
///   target's own blocks (so two queues that target one serial queue never run at once);
/// - a concurrent queue whose target is a concurrent queue runs its blocks on it;
/// - a serial queue whose target is concurrent or global, and a concurrent queue whose target
///   is global, keep queues of their own (GCD gives them no other constraint we model).
///
/// A queue that runs its blocks on its target keeps its own identity: its blocks see it as
/// their queue (`getSpecific`, `dispatchPrecondition`), and a value it lacks is looked up on its
/// target, as `DispatchQueue.getSpecific(key:)` does. Suspending it (or making it
/// `.initiallyInactive`) holds its own blocks back until `resume()` (or `activate()`), in order,
/// and leaves the target's running. A `sync` onto it waits for the target's turn, so a `sync`
/// from code on the target is a deadlock, as in GCD. `setTarget(queue:)` sets the target of a
/// queue not yet used in an open world (`DispatchQueue+Target.swift`). Not modelled: changing
/// the target of a queue in use, and a `sync` onto a suspended queue that targets another (it
/// runs at the target's turn).
///
/// The closure parameters of `async` and `asyncAfter` are `@preconcurrency @Sendable`, as in
/// Apple's overlay: the compiler's special case that treats a closure passed to
/// `DispatchQueue.main.async` as main-actor isolated matches the expression's spelling, not
/// the module, so Swift 6 code that sets a main-actor property in it compiles against the
/// layer too.
public final class DispatchQueue: @unchecked Sendable {
  /// Dispatch's queue attributes (`.concurrent`, `.initiallyInactive`).
  public typealias Attributes = Dispatch.DispatchQueue.Attributes
  /// Dispatch's autorelease frequencies; accepted and ignored (there is no autorelease pool).
  public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency

  /// What the queue stands for in each world.
  enum Kind: Equatable {
    /// The world's main queue.
    case main
    /// The world's global concurrent queue of that quality of service.
    case global(qos: String)
    /// A serial queue of its own in each world.
    case serial
    /// A concurrent queue of its own in each world.
    case concurrent
  }

  /// The queue's label, as `init(label:)` gave it (Apple's names for the main and global
  /// queues).
  public let label: String
  /// What the queue stands for.
  let kind: Kind
  /// `qos`: the quality of service the queue was made with (`init(label:qos:…)`), a global
  /// queue's class, or `.unspecified` (the main queue's, as Dispatch made it with none). Kept
  /// for code that reads it: the simulation has no quality-of-service classes.
  public let qos: DispatchQoS
  /// Whether it was made `.initiallyInactive` (it starts suspended in each world).
  let initiallyInactive: Bool
  /// A custom queue's simulated queue in each world it is used in.
  let bindings = PerWorld<QueueBinding>()
  /// Guards `specifics` (worlds on different threads may share a queue object).
  let specificsLock = Foundation.NSLock()
  /// Values set with `setSpecific`, by key.
  var specifics: [ObjectIdentifier: Any] = [:]
  /// The target queue given at creation or by `setTarget(queue:)`, if any.
  internal(set) var targetQueue: DispatchQueue?
  /// The queue whose simulated thread or queue runs this queue's blocks, when it is not its own
  /// (see the type's notes on target queues).
  internal(set) var runsOn: DispatchQueue?
  /// Blocks held back while a queue that runs on its target is suspended or inactive, per world.
  let holds = PerWorld<HeldBlocks>()

  /// A queue of `kind` named `label`.
  init(
    kind: Kind, label: String, qos: DispatchQoS = .unspecified, initiallyInactive: Bool = false,
    target: DispatchQueue? = nil
  ) {
    self.kind = kind
    self.label = label
    self.qos = qos
    self.initiallyInactive = initiallyInactive
    self.targetQueue = target
    self.runsOn = target.flatMap { Self.executionTarget(of: kind, on: $0) }
  }

  /// The queue that runs the blocks of a queue of `kind` whose target is `target`, if not the
  /// queue itself.
  static func executionTarget(of kind: Kind, on target: DispatchQueue) -> DispatchQueue? {
    switch (kind, target.kind) {
    case (_, .main), (_, .serial), (.concurrent, .concurrent): return target
    default: return nil
    }
  }

  /// A new queue: serial, or concurrent with `.concurrent`; inactive until `activate()` with
  /// `.initiallyInactive`; running its blocks on `target` as the type's notes say.
  public convenience init(
    label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
    autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil
  ) {
    self.init(
      kind: attributes.contains(.concurrent) ? .concurrent : .serial, label: label, qos: qos,
      initiallyInactive: attributes.contains(.initiallyInactive), target: target)
  }

  /// Whether this is one of the global queues.
  var isGlobal: Bool {
    if case .global = kind { return true }
    return false
  }

  /// The main queue: blocks run on the world's main thread, in every run-loop mode.
  public static let main = DispatchQueue(kind: .main, label: "com.apple.main-thread")

  /// The global concurrent queue for `qos`.
  public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
    switch qos {
    case .background: return globalBackground
    case .utility: return globalUtility
    case .userInitiated: return globalUserInitiated
    case .userInteractive: return globalUserInteractive
    case .unspecified: return globalDefault
    default: return globalDefault
    }
  }

  /// The global queues, one object per quality of service as in Dispatch.
  static let globalBackground = globalQueue("background", .background)
  static let globalUtility = globalQueue("utility", .utility)
  static let globalDefault = globalQueue("default", .default)
  static let globalUserInitiated = globalQueue("user-initiated", .userInitiated)
  static let globalUserInteractive = globalQueue("user-interactive", .userInteractive)

  /// A global queue object for `qos`, with Apple's label.
  static func globalQueue(_ name: String, _ qos: DispatchQoS) -> DispatchQueue {
    DispatchQueue(kind: .global(qos: name), label: "com.apple.root.\(name)-qos", qos: qos)
  }

  // MARK: The simulated queue behind it

  /// A custom queue's simulated queue in one world, and whether it was activated there.
  final class QueueBinding {
    /// The simulated queue.
    let queue: SimulatedQueue
    /// False until `activate()` for an `.initiallyInactive` queue.
    var isActive: Bool
    /// A binding to `queue`.
    init(queue: SimulatedQueue, isActive: Bool) {
      self.queue = queue
      self.isActive = isActive
    }
  }

  /// Where the queue's blocks run in `world`.
  enum Target {
    /// The world's main thread.
    case main(MainThread)
    /// A simulated dispatch queue.
    case queue(SimulatedQueue)
  }

  /// Where the queue's blocks run in `world`.
  func target(in world: World) -> Target {
    switch kind {
    case .main: return .main(world.main)
    case .global(let qos): return .queue(world.globalQueue(qos: qos))
    case .serial, .concurrent:
      if let runsOn { return runsOn.target(in: world) }
      return .queue(binding(in: world).queue)
    }
  }

  /// A custom queue's binding in `world`, made (suspended if inactive) at its first use.
  func binding(in world: World) -> QueueBinding {
    bindings.value(in: world) {
      let queue =
        kind == .concurrent
        ? world.concurrentQueue(label: label) : world.serialQueue(label: label)
      if initiallyInactive { queue.suspend() }
      return QueueBinding(queue: queue, isActive: !initiallyInactive)
    }
  }

  // MARK: Submitting blocks

  /// Enqueues `body` as blocking code, now or after `delay`; `group` (if any) is entered now
  /// and left when the block ends.
  func submit(
    in world: World, delay: SimDuration?, group: DispatchGroup?, flags: DispatchWorkItemFlags,
    _ body: @escaping () -> Void
  ) {
    // A barrier matters on a custom concurrent queue only: GCD runs one on a serial queue or
    // a global queue as an ordinary block.
    let barrier = flags.contains(.barrier) && kind == .concurrent
    let simGroup = group?.simGroup(in: world)
    simGroup?.enter()
    let block: () -> Void = { [self] in
      QueueContext.run(on: self, body)
      simGroup?.leave()
    }
    guard let delay else {
      if runsOn != nil, hold(in: world).keep(barrier: barrier, block) { return }
      enqueue(block, barrier: barrier, in: world)
      return
    }
    if runsOn == nil, case .main(let main) = target(in: world) {
      MainActorIsolation.install()
      main.asyncAfter(delay, label: "main.asyncAfter", blocking: block)
      return
    }
    // At its deadline the block joins the queue; one that runs on its target may be suspended
    // by then.
    world.loop.schedule(after: delay) { [self] in
      if runsOn != nil, hold(in: world).keep(barrier: barrier, block) { return }
      enqueue(block, barrier: barrier, in: world)
    }
  }

  /// Enqueues `block` now on the queue's target in `world`.
  func enqueue(_ block: @escaping () -> Void, barrier: Bool, in world: World) {
    switch target(in: world) {
    case .main(let main):
      MainActorIsolation.install()
      main.async(label: "main.async", blocking: block)
    case .queue(let queue):
      queue.async(label: nil, barrier: barrier, blocking: block)
    }
  }

  /// Submits `work` for `api`, after `delay` if given; a nil delay with `delayed` set (a
  /// deadline of `distantFuture`) never runs it.
  func submit(
    _ api: StaticString, delay: SimDuration?, delayed: Bool = false, group: DispatchGroup? = nil,
    flags: DispatchWorkItemFlags = [], _ work: @escaping () -> Void
  ) {
    let world = SimulationContext.world(for: api)
    if delayed && delay == nil { return }
    submit(in: world, delay: delay, group: group, flags: flags, work)
  }

  /// Suspends the queue in the calling world (`dispatch_suspend`): blocks already running go
  /// on; no new one starts until `resume()`.
  public func suspend() {
    let world = SimulationContext.world(for: "suspend()")
    if runsOn != nil {
      hold(in: world).suspensions += 1
      return
    }
    guard case .queue(let queue) = target(in: world) else { return }
    queue.suspend()
  }

  /// Resumes a suspended queue.
  public func resume() {
    let world = SimulationContext.world(for: "resume()")
    if runsOn != nil {
      let hold = hold(in: world)
      precondition(
        hold.suspensions > 0, "DispatchQueue.resume(): \"\(label)\" is not suspended")
      hold.suspensions -= 1
      release(hold, in: world)
      return
    }
    guard case .queue(let queue) = target(in: world) else { return }
    queue.resume()
  }

  /// Activates a queue made `.initiallyInactive`; nothing for an active one.
  public func activate() {
    let world = SimulationContext.world(for: "DispatchQueue.activate()")
    guard kind == .serial || kind == .concurrent else { return }
    if runsOn != nil {
      let hold = hold(in: world)
      guard !hold.isActive else { return }
      hold.isActive = true
      release(hold, in: world)
      return
    }
    let binding = binding(in: world)
    guard !binding.isActive else { return }
    binding.isActive = true
    binding.queue.resume()
  }
}
