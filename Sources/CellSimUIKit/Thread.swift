import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `Thread`, as far as code that loads images uses it: which simulated thread
/// runs the calling code, sleeping in virtual time, and threads of its own.
///
/// Each simulated thread of a world has one `Thread` object there, as each real thread has one
/// `NSThread`: `Thread.current` on the main thread is `Thread.main`, and two calls on the same
/// worker give the same object. Threads are equal by identity (`NSObject`'s `isEqual(_:)`), so
/// `Thread.current == Thread.main` is the main-thread check it is on iOS. Outside any world,
/// `Thread.main` is a new object each time.
///
/// A thread made with `Thread(block:)` (or `detachNewThread(_:)`, or a subclass that overrides
/// `main()`) runs, once started, as blocking code on a simulated worker thread that it holds
/// alone until `main()` returns (a serial queue of its own, taken from the world's worker pool:
/// the simulator has one pool of simulated threads, so it counts toward GCD's limit of 64 and
/// the traces name it `w<id>`). There `Thread.current` is that `Thread` object, not main, and
/// it may block (sleep, wait on a semaphore, fetch synchronously) in virtual time.
/// `qualityOfService`, `stackSize` and the thread's priority are stored and ignored;
/// `threadDictionary` is the thread's own dictionary. Not modelled: `exit()`, run loops of
/// secondary threads (a `Timer` scheduled there never fires), `detachNewThreadSelector`.
open class Thread: NSObject, @unchecked Sendable {
  /// The thread's name: the simulated thread's (`main`, `w3`) for the world's threads, the one
  /// set for a thread of the user's own (nil until set).
  open var name: String?
  /// Stored and ignored.
  open var qualityOfService: QualityOfService = .default
  /// Stored and ignored.
  open var stackSize = 512 * 1024
  /// Stored and ignored.
  open var threadPriority = 0.5
  /// The thread's own dictionary.
  public let threadDictionary = NSMutableDictionary()
  /// Whether this is the main thread.
  public let isMainThread: Bool
  /// The body of a thread made with `init(block:)`.
  private(set) var block: (@Sendable () -> Void)?
  /// Whether `start()` was called, `main()` runs, or it returned; whether `cancel()` was.
  public private(set) var isExecuting = false
  public private(set) var isFinished = false
  public private(set) var isCancelled = false
  var isStarted = false

  /// A world's thread.
  init(name: String?, isMainThread: Bool) {
    self.name = name
    self.isMainThread = isMainThread
  }

  /// `Thread()`: a thread to start, whose `main()` a subclass overrides.
  public override init() { isMainThread = false }

  /// `Thread(block:)`: a thread that runs `block` once started.
  public convenience init(block: @escaping @Sendable () -> Void) {
    self.init()
    self.block = block
  }

  /// For example `<Thread: main>`.
  open override var description: String { "<Thread: \(name ?? "unnamed")>" }

  // MARK: The world's threads

  /// One world's `Thread` objects: the main thread's, each worker's, and the user's threads
  /// running now, by simulated thread id.
  final class Registry {
    let main = Thread(name: "main", isMainThread: true)
    /// GCD's workers, made at their first `Thread.current`.
    var workers: [Int: Thread] = [:]
    /// The user's threads, by the id of the worker running their `main()`.
    var running: [Int: Thread] = [:]
  }

  static let registries = PerWorld<Registry>()

  static func registry(in world: World) -> Registry { registries.value(in: world) { Registry() } }

  /// Whether the calling code runs on the world's main thread. Outside any world it stops the
  /// process, naming the call.
  public class var isMainThread: Bool {
    let world = SimulationContext.world(for: "Thread.isMainThread")
    return SimulationContext.currentThread(in: world)?.isMain ?? false
  }

  /// The calling code's simulated thread (see the type's notes).
  public class var current: Thread {
    let world = SimulationContext.world(for: "Thread.current")
    guard let thread = SimulationContext.currentThread(in: world) else {
      return Thread(name: nil, isMainThread: false)
    }
    let registry = registry(in: world)
    if thread.isMain { return registry.main }
    if let own = registry.running[thread.id] { return own }
    if let worker = registry.workers[thread.id] { return worker }
    let worker = Thread(name: thread.name, isMainThread: false)
    registry.workers[thread.id] = worker
    return worker
  }

  /// The main thread.
  public class var main: Thread {
    guard let world = SimulationContext.world else {
      return Thread(name: "main", isMainThread: true)
    }
    return registry(in: world).main
  }

  // MARK: Threads of the user's own

  /// `detachNewThread(_:)`: starts a thread that runs `block`.
  public class func detachNewThread(_ block: @escaping @Sendable () -> Void) {
    Thread(block: block).start()
  }

  /// Starts the thread: `main()` runs as blocking code on a simulated worker of its own (see
  /// the type's notes). Starting a thread twice stops the process, as Foundation raises.
  open func start() {
    let world = SimulationContext.world(for: "Thread.start()")
    precondition(!isStarted, "CellSimUIKit: Thread.start() was called twice on \(self)")
    isStarted = true
    let queue = world.serialQueue(label: name ?? "Thread")
    queue.async(label: name ?? "Thread") { [self] in
      guard let thread = SimulationContext.currentThread(in: world) else { return }
      let registry = Thread.registry(in: world)
      registry.running[thread.id] = self
      isExecuting = true
      main()
      isExecuting = false
      isFinished = true
      registry.running[thread.id] = nil
    }
  }

  /// The thread's body: the block it was made with (a subclass overrides it).
  open func main() { block?() }

  /// Marks the thread cancelled (its body reads `isCancelled`).
  open func cancel() { isCancelled = true }

  // MARK: Sleeping

  /// Holds the calling simulated thread, without CPU, for `ti` seconds of virtual time.
  open class func sleep(forTimeInterval ti: TimeInterval) {
    _ = SimulationContext.world(for: "Thread.sleep(forTimeInterval:)")
    SimulationContext.requireBlocking("Thread.sleep(forTimeInterval:)")
    guard let duration = VirtualClock.duration(seconds: ti) else {
      preconditionFailure("CellSimUIKit: Thread.sleep(forTimeInterval: \(ti)) never returns")
    }
    Blocking.sleep(for: duration)
  }

  /// Holds the calling simulated thread until the virtual wall clock reaches `date`.
  open class func sleep(until date: Date) {
    let now = VirtualClock.now(for: "Thread.sleep(until:)")
    SimulationContext.requireBlocking("Thread.sleep(until:)")
    guard let duration = VirtualClock.delay(until: date, now: now) else {
      preconditionFailure("CellSimUIKit: Thread.sleep(until: \(date)) never returns")
    }
    Blocking.sleep(for: duration)
  }

  /// The real call stack's symbols (Foundation's).
  open class var callStackSymbols: [String] { Foundation.Thread.callStackSymbols }
}
