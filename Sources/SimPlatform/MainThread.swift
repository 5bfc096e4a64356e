public import SimKernel

/// The mode the main run loop is running in.
public enum RunLoopMode: String, Sendable {
  /// `NSDefaultRunLoopMode`: the run loop at rest.
  case `default`
  /// `UITrackingRunLoopMode`: from touch-down until deceleration (and bounce) ends.
  case tracking
}

/// A set of run-loop modes a source or timer is scheduled in.
public struct RunLoopModes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Only the default mode: waits while the run loop is tracking.
  public static let `default` = RunLoopModes(rawValue: 1)
  /// Only the tracking mode.
  public static let tracking = RunLoopModes(rawValue: 2)
  /// `NSRunLoopCommonModes`: runs in every mode.
  public static let common: RunLoopModes = [.default, .tracking]

  /// Whether a source in these modes may run while the run loop is in `mode`.
  public func allows(_ mode: RunLoopMode) -> Bool {
    contains(mode == .default ? .default : .tracking)
  }
}

/// The main thread: its run loop with modes, the main queue, run-loop sources and timers, and
/// the display link.
///
/// The main thread is busy from the start of a piece of work until its steps end. When it is
/// free it takes a *turn*:
/// 1. If a frame is due (a vsync has passed since the last frame), the frame runs first.
/// 2. Otherwise it snapshots every queued item that may run in the current mode — main-queue
///    blocks run in every mode, sources and timers only in their modes — and runs that batch in
///    enqueue order, back to back. An item queued during the batch waits for a later turn, so
///    the main queue drains in snapshot batches, first in first out from every thread.
/// Items whose modes exclude the current mode stay queued, in order, until the mode allows them.
public final class MainThread {
  struct Item {
    var modes: RunLoopModes
    var label: String
    var body: (Execution) -> Void
    var seq = 0
  }

  unowned let world: World
  // The world's loop, trace, report bus and device, held directly: each read through the
  // unowned `world` costs a checked retain and a release, and the main thread reads them at
  // every vsync, wake and frame. None of them holds the main thread, so this adds no cycle
  // beyond the pending events `World.tearDown` drops.
  let loop: EventLoop
  let trace: Trace
  let reports: ReportBus
  let device: DeviceProfile
  /// The main thread itself (id 0).
  package let thread = SimThread(id: 0)
  /// The current run-loop mode.
  @exclusivity(unchecked) public private(set) var mode: RunLoopMode = .default
  /// Queued items by the modes they may run in (common, default only, tracking only), each in
  /// enqueue order: a turn takes the common list and its mode's list whole, merged by `seq`,
  /// without touching items that must keep waiting.
  @exclusivity(unchecked) var queued: [[Item]] = [[], [], []]
  @exclusivity(unchecked) var nextItemSeq = 0
  @exclusivity(unchecked) var batch: [Item] = []
  @exclusivity(unchecked) var batchIndex = 0
  @exclusivity(unchecked) var wakeScheduled = false
  /// True while the only wake-up scheduled is a delayed one (scheduling noise's main-thread
  /// wake-up latency); a vsync or any other immediate wake-up overrides it.
  @exclusivity(unchecked) var delayedWakePending = false
  /// Bumped at every wake-up, so a delayed wake-up that an earlier one overtook does nothing.
  @exclusivity(unchecked) var wakeGeneration: UInt64 = 0
  /// The world's scheduling noise, kept here (`World.noise`).
  @exclusivity(unchecked) var noise: NoiseSource?
  @exclusivity(unchecked) var turning = false
  /// The world's `executionHost`, kept here.
  @exclusivity(unchecked) var executionHost:
    ((Execution, String, @escaping (Execution) -> Void) -> Void)?
  /// Total time the main thread has been busy (callbacks, frames, blocked waits).
  @exclusivity(unchecked) package private(set) var busyTime: SimDuration = .zero
  @exclusivity(unchecked) var frames: FrameState
  /// The display links not yet invalidated (the run loop keeps a CADisplayLink, and its
  /// target, until `invalidate()`); `tearDown` invalidates them.
  @exclusivity(unchecked) package var displayLinks: [DisplayLink] = []
  /// The target of the main thread's vsync and wake events (allocated once, not per event;
  /// set at the end of `init`, which it needs `self` for).
  @exclusivity(unchecked) private(set) var events: MainThreadEvents! = nil

  init(world: World) {
    self.world = world
    self.loop = world.loop
    self.trace = world.trace
    self.reports = world.reports
    self.device = world.device
    self.frames = FrameState()
    events = MainThreadEvents(self)
  }

  // The events outlive the main thread when the loop still holds one of them.
  deinit { events.mainAlive = false }

  /// Whether the main thread is running something now.
  package var isBusy: Bool { thread.execution != nil }

  /// Items waiting to run (main-queue blocks plus sources and timers that fired).
  package var queuedCount: Int {
    queued.reduce(0) { $0 + $1.count } + (batch.count - batchIndex)
  }

  // MARK: The main queue

  /// GCD main-queue `async`: runs `body` on the main thread on a later turn, in every mode.
  public func async(label: String = "main.async", _ body: @escaping (Execution) -> Void) {
    enqueue(Item(modes: .common, label: label, body: body))
  }

  /// GCD main-queue `asyncAfter`: enqueues `body` on the main queue after `delay`.
  public func asyncAfter(
    _ delay: SimDuration, label: String = "main.asyncAfter",
    _ body: @escaping (Execution) -> Void
  ) {
    precondition(delay >= .zero, "MainThread.asyncAfter: negative delay \(delay)")
    loop.schedule(after: delay) { [self] in
      enqueue(Item(modes: .common, label: label, body: body))
    }
  }

  // MARK: Run-loop sources and timers

  /// Signals a run-loop source scheduled in `modes`: `body` runs on a turn whose mode the
  /// modes allow (an NSURLConnection callback, `performSelector:onThread:` in modes).
  public func perform(
    inModes modes: RunLoopModes, label: String = "source",
    _ body: @escaping (Execution) -> Void
  ) {
    precondition(!modes.isEmpty, "MainThread.perform(inModes:): no mode given")
    enqueue(Item(modes: modes, label: label, body: body))
  }

  /// Schedules a timer in `modes` that fires after `delay` (and then every `interval`, if given,
  /// until invalidated). A firing is queued as a source; a repeating timer whose firing is still
  /// waiting for its mode does not queue another (missed firings coalesce, as NSTimer's do).
  @discardableResult
  public func scheduleTimer(
    after delay: SimDuration, repeating interval: SimDuration? = nil,
    inModes modes: RunLoopModes = .default, label: String = "timer",
    _ body: @escaping (Execution) -> Void
  ) -> RunLoopTimer {
    precondition(delay >= .zero, "MainThread.scheduleTimer: negative delay \(delay)")
    let timer = RunLoopTimer()
    // The run loop retains a scheduled timer until it is invalidated or, for a one-shot timer,
    // has fired, as NSRunLoop does: the closure below holds it strongly.
    let fire: () -> Void = { [self] in
      guard timer.isValid, !timer.firingQueued else { return }
      timer.firingQueued = true
      enqueue(
        Item(modes: modes, label: label) { execution in
          timer.firingQueued = false
          if interval == nil { timer.isValid = false }
          if timer.isValid || interval == nil { body(execution) }
        })
    }
    if let interval {
      precondition(interval > .zero, "MainThread.scheduleTimer: interval must be positive")
      timer.handle = loop.scheduleRepeating(first: loop.now + delay, every: interval, fire)
    } else {
      timer.handle = loop.schedule(after: delay, fire)
    }
    timer.loop = loop
    return timer
  }

  /// Changes the run-loop mode. Leaving tracking lets waiting default-mode sources run on the
  /// next turn.
  package func setMode(_ newMode: RunLoopMode) {
    guard newMode != mode else { return }
    mode = newMode
    trace.record(at: loop.now, "runloop.mode") { $0.field("mode", newMode.rawValue) }
    reports.send(.runLoopMode(newMode))
    scheduleWake()
  }

  // MARK: Turns

  func enqueue(_ item: Item) {
    var item = item
    item.seq = nextItemSeq
    nextItemSeq += 1
    queued[Self.list(for: item.modes)].append(item)
    if let noise, !isBusy, batchIndex == batch.count {
      // Idle: a wake-up already scheduled (delayed or not) takes this item too.
      if !wakeScheduled { scheduleDelayedWake(after: noise.mainLatency(), for: item.label) }
    } else {
      scheduleWake()
    }
  }

  /// Makes sure a turn happens at this instant if the main thread is free.
  func scheduleWake() {
    guard !isBusy, !wakeScheduled || delayedWakePending else { return }
    wakeScheduled = true
    delayedWakePending = false
    loop.schedule(after: .zero, target: events, tag: MainThreadEvents.wakeTag)
  }

  /// Scheduling noise: the idle main thread wakes up `latency` after work was queued for it.
  func scheduleDelayedWake(after latency: SimDuration, for label: String) {
    wakeScheduled = true
    delayedWakePending = true
    let generation = wakeGeneration
    trace.record(at: loop.now, "noise.wake") {
      $0.field("thread", "main")
      $0.field("label", label)
      $0.field("after", latency)
    }
    loop.schedule(after: latency) { [self] in
      if generation == wakeGeneration { wake() }
    }
  }

  /// A scheduled wake: takes a run-loop turn.
  func wake() {
    wakeScheduled = false
    delayedWakePending = false
    wakeGeneration &+= 1
    takeTurn()
  }

  func takeTurn() {
    guard !turning else { return }
    turning = true
    defer { turning = false }
    guard !isBusy else { return }
    if batchIndex == batch.count {
      if let due = frames.due {
        runFrame(due)
        if !isBusy { scheduleWake() }
        return
      }
      let own = mode == .default ? 1 : 2
      guard !queued[0].isEmpty || !queued[own].isEmpty else { return }
      batch = Self.merge(queued[0], queued[own])
      // Release rather than keep capacity: the batch may share a list's storage, and keeping
      // a large capacity would allocate (and fault in) a fresh buffer every turn.
      queued[0] = []
      queued[own] = []
      batchIndex = 0
    }
    // Run the batch back to back; items that finish at once loop here instead of recursing.
    while batchIndex < batch.count {
      runNextInBatch()
      if isBusy { return }
    }
    scheduleWake()
  }

  /// The list an item with `modes` waits in: 0 for every mode, 1 default only, 2 tracking only.
  static func list(for modes: RunLoopModes) -> Int {
    modes == .common ? 0 : (modes == .default ? 1 : 2)
  }

  /// Two lists in `seq` order merged into one.
  static func merge(_ a: [Item], _ b: [Item]) -> [Item] {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var merged: [Item] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i].seq < b[j].seq) {
        merged.append(a[i])
        i += 1
      } else {
        merged.append(b[j])
        j += 1
      }
    }
    return merged
  }

  /// Continues after a piece of main-thread work ended at a later instant than it started.
  func workEnded() {
    if turning { return }
    if batchIndex < batch.count {
      takeTurn()
    } else {
      scheduleWake()
    }
  }

  func runNextInBatch() {
    let item = batch[batchIndex]
    batchIndex += 1
    if batchIndex == batch.count {
      batch.removeAll(keepingCapacity: true)
      batchIndex = 0
    }
    // The run loop's and GCD's own work around the block: the main thread stays busy for it
    // after the block's own steps.
    let cost = device.mainBlockCost
    if let host = executionHost {
      let body = item.body
      run(
        label: item.label, host: host,
        cost > .zero
          ? {
            body($0)
            $0.spend(cost)
          } : body)
      return
    }
    guard cost > .zero else {
      run(label: item.label, item.body)
      return
    }
    run(label: item.label) { execution in
      item.body(execution)
      execution.spend(cost)
    }
  }

  /// Runs `body` as an execution on the main thread; the next turn follows when it ends.
  func run(label: String, _ body: (Execution) -> Void) {
    startExecution(label: label).start(body)
  }

  /// As `run(label:_:)`, under the world's execution host, which runs `body` on a blocking
  /// thread: a blocking call in it (a main-actor task's `Data(contentsOf:)`) parks it past this
  /// call, so it escapes (a separate method, so the step API's path allocates no closure).
  func run(
    label: String, host: ExecutionHost, _ body: @escaping (Execution) -> Void
  ) {
    startExecution(label: label).start { host($0, label, body) }
  }

  /// A new execution of the main thread, which continues the run loop when it ends.
  func startExecution(label: String) -> Execution {
    let execution = Execution(world: world, thread: thread, label: label) { [self] execution in
      thread.execution = nil
      busyTime += loop.now - execution.startedAt
      reports.send(.mainWorkEnded(label: execution.label))
      workEnded()
    }
    thread.execution = execution
    return execution
  }

  /// Drops queued work and frame observers (see `World.tearDown`).
  func tearDown() {
    queued = [[], [], []]
    batch = []
    batchIndex = 0
    // A link's callback often holds the view that holds the link (an animated-image view):
    // invalidating drops the callback and breaks that cycle when the run ends.
    for link in displayLinks { link.invalidate() }
    frames.observers.removeAll()
    // A frame still running holds its steps, whose closures hold the frame's context and so
    // the execution itself, which holds the world.
    thread.execution?.dropPendingSteps()
    thread.execution = nil
  }

  /// Checks main-thread bookkeeping; stops with a message if it is broken.
  package func _checkInvariants() {
    precondition(batchIndex <= batch.count, "MainThread: batch index past the batch")
    precondition(busyTime >= .zero, "MainThread: negative busy time")
    if !isBusy && batchIndex < batch.count {
      precondition(wakeScheduled, "MainThread: a batch is pending with no turn scheduled")
    }
    for (index, list) in queued.enumerated() {
      precondition(
        list.allSatisfy { Self.list(for: $0.modes) == index }, "MainThread: item in the wrong list")
      precondition(
        zip(list, list.dropFirst()).allSatisfy { $0.seq < $1.seq },
        "MainThread: queued items out of enqueue order")
    }
  }
}

/// A run-loop timer; `invalidate()` stops it.
public final class RunLoopTimer {
  @exclusivity(unchecked) var handle: EventHandle?
  @exclusivity(unchecked) weak var loop: EventLoop?
  @exclusivity(unchecked) var firingQueued = false
  /// False once invalidated, or after a one-shot timer fired.
  @exclusivity(unchecked) public internal(set) var isValid = true

  /// Stops the timer; a firing already queued does not run its body.
  public func invalidate() {
    isValid = false
    if let handle { loop?.cancel(handle) }
  }
}
