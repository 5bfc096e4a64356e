import PNGRender
public import SimKernel

/// A completion that something outside a thread delivers later: the end of a blocking fetch,
/// a disk read, a semaphore.
///
/// An execution that waits on a `Waiter` holds its thread but no CPU slot until `complete()`
/// is called. Completing twice is a programming error.
public final class Waiter {
  @exclusivity(unchecked) var onComplete: (() -> Void)?
  /// Whether `complete()` has been called.
  @exclusivity(unchecked) public private(set) var isComplete = false

  /// A waiter not yet completed.
  public init() {}

  /// Forgets the execution waiting on it without resuming it: a world that tears down breaks
  /// the cycle between a waiting execution and a waiter nobody will complete. A later
  /// `complete()` only marks it complete.
  package func abandon() { onComplete = nil }

  /// Ends the wait; the waiting execution resumes at this instant.
  public func complete() {
    precondition(!isComplete, "Waiter.complete(): called twice")
    isComplete = true
    if let resume = onComplete {
      onComplete = nil
      resume()
    }
  }
}

/// A piece of work running on a simulated thread, written in continuation-passing style.
///
/// Code runs at an instant; time passes only in steps. Inside a body or continuation, call
/// `spend` (CPU-bound work, needs a CPU slot on a worker), `block` (a blocking wait that holds
/// the thread but no CPU, e.g. disk I/O), `wait` (until a `Waiter` completes) or `then` (run
/// code after the steps issued so far). Steps run in the order issued, and the steps a
/// continuation issues run before the steps its caller issued after it, as nested calls would:
/// `spend(a) { X }; spend(b)` means "a, then X and whatever X issues, then b". The execution
/// finishes, releasing its thread, when no step is left.
///
/// On the main thread, `spend` models a main-thread callback's cost: the callback's effects
/// happened at its start, and the main thread stays busy for the cost. The main thread has its
/// own core, so it never waits for a CPU slot.
public final class Execution {
  enum StepKind {
    case cpu(SimDuration)
    case block(SimDuration)
    case wait(Waiter)
    case then
  }

  struct Step {
    var kind: StepKind
    var continuation: (() -> Void)?
  }

  /// The world this execution runs in.
  ///
  /// Held strongly, not unowned: an execution reads the world's clock, loop and current thread
  /// at every step, and each read through an unowned reference is a checked retain and a
  /// release. An execution lives only while its thread, a pending event, a CPU-slot wait or a
  /// `Waiter` holds it; `World.tearDown` drops all of those the world owns.
  package let world: World
  /// The thread it occupies until it finishes.
  package let thread: SimThread
  /// A label for traces.
  public let label: String
  /// When it started.
  public let startedAt: SimTime

  // Most closures issue at most one step, and most executions never have more than one step
  // pending: the first of each lives inline, so those need no array (two allocations per
  // execution, and a frame is an execution).
  /// The next pending step; the rest are in `pending`, next-but-one last.
  @exclusivity(unchecked) var next: Step?
  @exclusivity(unchecked) var pending: [Step] = []
  /// The first step issued by the closure now running; the later ones are in `issued`, in
  /// issue order.
  @exclusivity(unchecked) var firstIssued: Step?
  @exclusivity(unchecked) var issued: [Step] = []
  @exclusivity(unchecked) var onFinish: ((Execution) -> Void)?
  /// The waiter the execution is parked on now, if any.
  @exclusivity(unchecked) var waitingOn: Waiter?
  /// True while the execution holds its thread without needing CPU (block or wait).
  @exclusivity(unchecked) public private(set) var isBlocked = false
  /// True once every step has run.
  @exclusivity(unchecked) public private(set) var isFinished = false
  /// Where this execution's bytes last came from: the key of its last disk read that returned
  /// bytes, or the URL of the transfer whose body its completion handler got
  /// (`WorkReport.sourceKey`).
  @exclusivity(unchecked) var lastSource: (key: String, bytes: [UInt8])?

  /// Forgets the steps not yet run and the finish callback: a world that tears down while the
  /// execution is mid-way (a frame whose layout spent time when the run ended) breaks the
  /// cycle between the execution and step closures that capture it (a frame's context).
  package func dropPendingSteps() {
    // A parked execution's waiter holds the execution in its resume closure, and whoever
    // would complete the waiter often holds the waiter (a blocking fetch's client).
    waitingOn?.abandon()
    waitingOn = nil
    next = nil
    pending = []
    firstIssued = nil
    issued = []
    onFinish = nil
  }

  init(world: World, thread: SimThread, label: String, onFinish: @escaping (Execution) -> Void) {
    self.world = world
    self.thread = thread
    self.label = label
    self.startedAt = world.now
    self.onFinish = onFinish
  }

  /// The current virtual time.
  public var now: SimTime { world.now }

  /// CPU-bound work for `duration`, then `continuation` (if any) at the step's end.
  ///
  /// On a worker the step first waits for a free CPU slot (first come, first served). Adjacent
  /// `spend` calls without continuations merge into one step.
  public func spend(_ duration: SimDuration, then continuation: (() -> Void)? = nil) {
    precondition(duration >= .zero, "Execution.spend: negative duration \(duration)")
    if continuation == nil {
      if let last = issued.last {
        if last.continuation == nil, case .cpu(let earlier) = last.kind {
          issued[issued.count - 1].kind = .cpu(earlier + duration)
          return
        }
      } else if let last = firstIssued, last.continuation == nil,
        case .cpu(let earlier) = last.kind
      {
        firstIssued = Step(kind: .cpu(earlier + duration), continuation: nil)
        return
      }
    }
    issue(Step(kind: .cpu(duration), continuation: continuation))
  }

  /// Holds the thread without CPU for `duration` (blocking I/O, a sleep), then runs
  /// `continuation`.
  public func block(for duration: SimDuration, then continuation: (() -> Void)? = nil) {
    precondition(duration >= .zero, "Execution.block: negative duration \(duration)")
    issue(Step(kind: .block(duration), continuation: continuation))
  }

  /// Holds the thread without CPU until `waiter` completes, then runs `continuation`.
  public func wait(for waiter: Waiter, then continuation: (() -> Void)? = nil) {
    issue(Step(kind: .wait(waiter), continuation: continuation))
  }

  /// Runs `continuation` once every step issued before it has ended.
  public func then(_ continuation: @escaping () -> Void) {
    issue(Step(kind: .then, continuation: continuation))
  }

  /// Whether any step is waiting: issued by the closure now running, or pending after it.
  /// When none is, a `then` continuation issued now would run at once.
  var hasPendingSteps: Bool { firstIssued != nil || next != nil }

  /// Appends `step` to the steps issued by the closure now running. The array, once needed,
  /// reserves room for a few (growing from one by doubling allocated each time).
  func issue(_ step: Step) {
    if firstIssued == nil {
      firstIssued = step
      return
    }
    if issued.capacity == 0 { issued.reserveCapacity(4) }
    issued.append(step)
  }

  // MARK: Driving

  /// Runs `body` now, then its steps. Called by the thread's owner (a queue or the main thread).
  func start(_ body: (Execution) -> Void) {
    // The current thread is swapped in and out (moves, not copies: no reference counting).
    var outer: SimThread? = thread
    swap(&outer, &world.currentThread)
    body(self)
    swap(&outer, &world.currentThread)
    collectIssued()
    advance()
  }

  func collectIssued() {
    guard let first = firstIssued else { return }
    firstIssued = nil
    // Pushed last issued first, so the first issued runs next; `issued` keeps its capacity for
    // the next closure.
    while let step = issued.popLast() { push(step) }
    push(first)
  }

  /// Makes `step` the next pending step.
  func push(_ step: Step) {
    if let top = next {
      if pending.capacity == 0 { pending.reserveCapacity(4) }
      pending.append(top)
    }
    next = step
  }

  /// Removes and returns the next pending step.
  func popStep() -> Step? {
    guard let top = next else { return nil }
    next = pending.popLast()
    return top
  }

  func advance() {
    while let step = popStep() {
      switch step.kind {
      case .then:
        run(step.continuation)
        continue
      case .cpu(let duration):
        if duration == .zero && step.continuation == nil { continue }
        if thread.isMain {
          world.loop.schedule(after: duration) { self.resume(step.continuation) }
        } else {
          world.cpu.acquire { [self] in
            world.loop.schedule(after: duration) {
              self.world.cpu.release()
              self.resume(step.continuation)
            }
          }
        }
      case .block(let duration):
        setBlocked(true)
        world.loop.schedule(after: duration) {
          self.setBlocked(false)
          self.resume(step.continuation)
        }
      case .wait(let waiter):
        if waiter.isComplete {
          run(step.continuation)
          continue
        }
        setBlocked(true)
        waitingOn = waiter
        waiter.onComplete = { [self] in
          waitingOn = nil
          setBlocked(false)
          resume(step.continuation)
        }
      }
      return
    }
    finish()
  }

  func run(_ continuation: (() -> Void)?) {
    guard let continuation else { return }
    var outer: SimThread? = thread
    swap(&outer, &world.currentThread)
    continuation()
    swap(&outer, &world.currentThread)
    collectIssued()
  }

  func resume(_ continuation: (() -> Void)?) {
    run(continuation)
    advance()
  }

  func setBlocked(_ blocked: Bool) {
    isBlocked = blocked
    if !thread.isMain { world.workers.executionBlockingChanged(blocked) }
  }

  func finish() {
    isFinished = true
    let done = onFinish
    onFinish = nil
    done?(self)
  }
}
