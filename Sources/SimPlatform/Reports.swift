package import SimKernel

/// What the platform tells the world's observers (the oracle, metrics, reports).
package enum PlatformReport {
  /// A frame finished: its timing and whether it hitched.
  case frame(FrameRecord)
  /// The main run loop changed mode.
  case runLoopMode(RunLoopMode)
  /// A memory cache hit, missed, stored or evicted.
  case cache(CacheReport)
  /// A request queue changed.
  case requestQueue(RequestQueueReport)
  /// A memory warning was delivered.
  case memoryWarning
  /// A piece of main-thread work (a frame, a main-queue block, a run-loop source) ended: the
  /// main-thread turn that ran it is over. Checks due "before that main-thread turn ends" run
  /// here.
  case mainWorkEnded(label: String)
  /// UIKit was touched off the main thread.
  case mainThreadViolation(MainThreadViolation)
  /// A scheduler's priority was set, or it chose what to start (`latest_priority_wins`).
  case priority(PriorityReport)
  /// Simulated threads that can never go on: blocked on each other, or every thread blocked
  /// with nothing scheduled that could wake one (`deadlock`).
  case deadlock(DeadlockReport)
  /// A loader declared a request, or one of its declared requests ended
  /// (`one_terminal_callback`).
  case requestLifecycle(RequestLifecycleReport)
  /// A disk read or a decode started (`no_wasted_work`, the `wasted_work` metrics).
  case work(WorkReport)

  /// The report's kind.
  package var kind: Kind {
    switch self {
    case .frame: .frame
    case .runLoopMode: .runLoopMode
    case .cache: .cache
    case .requestQueue: .requestQueue
    case .memoryWarning: .memoryWarning
    case .mainWorkEnded: .mainWorkEnded
    case .mainThreadViolation: .mainThreadViolation
    case .priority: .priority
    case .deadlock: .deadlock
    case .requestLifecycle: .requestLifecycle
    case .work: .work
    }
  }

  /// The kinds of report, one per case.
  package enum Kind: Int, CaseIterable, Sendable {
    case frame, runLoopMode, cache, requestQueue, memoryWarning, mainWorkEnded
    case mainThreadViolation, priority, deadlock, requestLifecycle, work
  }
}

/// Delivers platform reports to subscribers in subscription order.
///
/// A subscriber may name the kinds it wants: every frame sends two reports, and calling
/// every subscriber for every report (most of them ignore most kinds) was a few percent of a
/// run.
package final class ReportBus {
  struct Subscriber {
    var owner: ObjectIdentifier?
    var receive: (PlatformReport) -> Void
  }

  /// The subscribers of each kind (by `Kind.rawValue`), in subscription order.
  @exclusivity(unchecked) var subscribers: [[Subscriber]] =
    Array(repeating: [], count: PlatformReport.Kind.allCases.count)

  /// Adds a subscriber; it receives every later report of `kinds` (nil: of every kind),
  /// synchronously, in order. An object whose subscriber captures it unowned names itself as
  /// `owner` and unsubscribes in its `deinit` (`removeSubscribers(owner:)`).
  package func subscribe(
    to kinds: [PlatformReport.Kind]? = nil, owner: AnyObject? = nil,
    _ subscriber: @escaping (PlatformReport) -> Void
  ) {
    let entry = Subscriber(owner: owner.map(ObjectIdentifier.init), receive: subscriber)
    for kind in PlatformReport.Kind.allCases where kinds?.contains(kind) ?? true {
      subscribers[kind.rawValue].append(entry)
    }
  }

  /// Removes the subscribers added with `owner` (call it from the owner's `deinit`).
  package func removeSubscribers(owner: AnyObject) {
    let owner = ObjectIdentifier(owner)
    for index in subscribers.indices { subscribers[index].removeAll { $0.owner == owner } }
  }

  /// Sends `report` to every subscriber of its kind.
  package func send(_ report: PlatformReport) {
    for subscriber in subscribers[report.kind.rawValue] { subscriber.receive(report) }
  }

  /// Forgets every subscriber (when a run is over, to break reference cycles).
  package func removeAllSubscribers() {
    for index in subscribers.indices { subscribers[index].removeAll() }
  }
}

/// Live and peak bytes of decoded images, from real ARC lifetimes.
///
/// Each decoded bitmap registers `width × height × 4` bytes when it is created and unregisters
/// them in `deinit`; decode steps register their working memory for as long as they last. A
/// loader that leaks images therefore shows up here.
package final class MemoryMeter {
  // Stored privately and read through computed properties: `@exclusivity(unchecked)` is not
  // honoured for a stored property read directly from another module (the oracle reads the
  // peak every frame).
  @exclusivity(unchecked) var live: Int64 = 0
  @exclusivity(unchecked) var peak: Int64 = 0
  @exclusivity(unchecked) var registrations = 0
  @exclusivity(unchecked) var contentImages = 0
  @exclusivity(unchecked) var contentImageLive: Int64 = 0

  /// Bytes registered now.
  package var liveBytes: Int64 { live }
  /// The most bytes ever registered at once.
  package var peakBytes: Int64 { peak }
  /// Registrations alive now.
  package var liveRegistrations: Int { registrations }
  /// Decoded content images (bitmaps decoded from network bytes, and their resamples) alive
  /// now: what `no_leaked_images` attributes to holders.
  package var liveContentImages: Int { contentImages }
  /// The bytes of `liveContentImages`.
  package var liveContentImageBytes: Int64 { contentImageLive }

  init() {}

  /// Adds `bytes` to the live total.
  package func register(_ bytes: Int64) {
    precondition(bytes >= 0, "MemoryMeter.register: negative byte count \(bytes)")
    live += bytes
    registrations += 1
    peak = max(peak, live)
  }

  /// Removes `bytes` from the live total.
  package func unregister(_ bytes: Int64) {
    precondition(
      bytes <= live && registrations > 0,
      "MemoryMeter.unregister: \(bytes) bytes were never registered")
    live -= bytes
    registrations -= 1
  }
}

/// Holds `bytes` registered with a meter for exactly its own lifetime.
package final class MemoryRegistration {
  /// The bytes held.
  package let bytes: Int64
  /// Whether they are a decoded content image's bitmap (counted apart as well).
  let isContentImage: Bool
  /// Held strongly: a weak reference would give the meter a side table, and every retain of
  /// it (the oracle reads the peak every frame) would take the runtime's slow path. The meter
  /// references nothing, so a registration outliving its world only keeps a few bytes alive.
  let meter: MemoryMeter

  /// Registers `bytes` with `meter` until this object is deallocated.
  package init(bytes: Int64, meter: MemoryMeter, isContentImage: Bool = false) {
    self.bytes = bytes
    self.meter = meter
    self.isContentImage = isContentImage
    meter.register(bytes)
    if isContentImage {
      meter.contentImages += 1
      meter.contentImageLive += bytes
    }
  }

  deinit {
    meter.unregister(bytes)
    if isContentImage {
      meter.contentImages -= 1
      meter.contentImageLive -= bytes
    }
  }
}

/// A deadlock among simulated threads, as the blocking-thread scheduler found it.
package struct DeadlockReport: Sendable, Equatable {
  /// One blocked thread and what it waits for.
  package struct Wait: Sendable, Equatable {
    /// The simulated thread (`main`, `w3`).
    package var thread: String
    /// The blocking body it runs (a queue item's or main-queue block's label).
    package var label: String
    /// What it waits for: `lock "b" held by w2`, `queue "cache" (which this thread holds)` (a
    /// sync onto the queue it runs on), `semaphore "s"`.
    package var waitsFor: String

    package init(thread: String, label: String, waitsFor: String) {
      self.thread = thread
      self.label = label
      self.waitsFor = waitsFor
    }
  }

  /// When it was found.
  package var time: SimTime
  /// `cycle` (threads waiting on each other) or `all_blocked` (every thread blocked and
  /// nothing scheduled that could wake one).
  package var kind: String
  /// The threads involved, in the order the cycle runs (or in start order).
  package var waits: [Wait]

  package init(time: SimTime, kind: String, waits: [Wait]) {
    self.time = time
    self.kind = kind
    self.waits = waits
  }

  /// One sentence naming every thread and its wait.
  package var summary: String {
    let threads = waits.map { "\($0.thread) (\($0.label)) waits for \($0.waitsFor)" }
    let head =
      kind == "cycle"
      ? "threads wait for each other" : "every thread is blocked and nothing can wake one"
    return head + ": " + threads.joined(separator: "; ")
  }
}
