import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// The events an invariant checker hears from the oracle (`InvariantChecker.hooks`).
struct OracleHooks: OptionSet {
  let rawValue: UInt16

  /// `frameBegan(_:reloadEnded:)`: a frame commit, before its cells are judged.
  static let frameBegan = OracleHooks(rawValue: 1 << 0)
  /// `cellJudged(_:served:)`: a displayed cell whose content changed since it was last judged.
  static let cellJudged = OracleHooks(rawValue: 1 << 1)
  /// `frameJudged(_:)`: a frame commit, after every cell was judged.
  static let frameJudged = OracleHooks(rawValue: 1 << 2)
  /// `transferEvent(_:)` for transfers queued.
  static let transferQueued = OracleHooks(rawValue: 1 << 3)
  /// `transferEvent(_:)` for transfers ended (whatever the outcome).
  static let transferEnded = OracleHooks(rawValue: 1 << 12)
  /// `transferEvent(_:)` for a transfer's completion callback having run.
  static let transferCallbacks = OracleHooks(rawValue: 1 << 13)
  /// `tableCallback(_:)`: a display callback of the table.
  static let tableCallbacks = OracleHooks(rawValue: 1 << 4)
  /// `turnEnded()` then `turnSettled()`: a main-thread turn ended.
  static let turns = OracleHooks(rawValue: 1 << 5)
  /// `requestQueueChanged()`: a request queue of the loader's grew or shrank.
  static let requestQueue = OracleHooks(rawValue: 1 << 6)
  /// `memoryWarningDelivered()`.
  static let memoryWarning = OracleHooks(rawValue: 1 << 7)
  /// `priorityReport(_:)`: a priority set, or a scheduler's start decision.
  static let priorities = OracleHooks(rawValue: 1 << 8)
  /// `deadlockFound(_:)`.
  static let deadlock = OracleHooks(rawValue: 1 << 9)
  /// `finish()`: the end of the run, to settle checks still pending.
  static let finish = OracleHooks(rawValue: 1 << 10)
  /// `judgeRunEnd()`: the end of the run, after every checker's `finish`, to judge the final
  /// state and the run as a whole.
  static let runEnd = OracleHooks(rawValue: 1 << 11)
  /// `requestLifecycle(_:)`: a loader's declared request started or ended.
  static let requestLifecycle = OracleHooks(rawValue: 1 << 14)
}

/// One invariant's judge: it owns its state, hears the events it asks for in `hooks`, reads the
/// shared facts, and reports violations with `facts.flag`.
///
/// The oracle makes one checker per invariant the scenario checks (`InvariantCheckers`) and
/// tells the checkers of each event in registration order. Adding an invariant is a new file
/// with a checker and one line in `InvariantCheckers.make`.
protocol InvariantChecker: AnyObject {
  /// The events the checker hears; the others are never called.
  var hooks: OracleHooks { get }
  /// A frame commit, before its cells are judged; `reloadEnded` when it is the first frame on
  /// screen after a `reload_data` (the layout pass has rebuilt the displayed rows).
  func frameBegan(_ frame: CommittedFrame, reloadEnded: Bool)
  /// A displayed cell whose content changed since it was last judged (or whose URL's
  /// deliveries grew); `served` is the digest served for its URL.
  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?)
  /// A frame commit, after every cell was judged (`facts.frameCorrect` is this frame's).
  func frameJudged(_ frame: CommittedFrame)
  /// A transfer event of a kind the checker hears (`transferQueued`, `transferEnded`,
  /// `transferCallbacks`; chunks reach no checker); the facts already include it.
  func transferEvent(_ event: TransferEvent)
  /// A display callback of the table.
  func tableCallback(_ callback: TableCallback)
  /// A main-thread turn ended (every checker hears this before any hears `turnSettled`).
  func turnEnded()
  /// A main-thread turn ended, after every checker's `turnEnded`.
  func turnSettled()
  /// A request queue of the loader's changed.
  func requestQueueChanged()
  /// The app received a memory warning.
  func memoryWarningDelivered()
  /// A priority report.
  func priorityReport(_ report: PriorityReport)
  /// Blocking threads that can never go on.
  func deadlockFound(_ report: DeadlockReport)
  /// A request the loader declared started or ended.
  func requestLifecycle(_ report: RequestLifecycleReport)
  /// The end of the run: settle the checks still pending.
  func finish()
  /// The end of the run, after every checker's `finish`: judge the final state, and the run as
  /// a whole.
  func judgeRunEnd()
}

extension InvariantChecker {
  func frameBegan(_ frame: CommittedFrame, reloadEnded: Bool) {}
  func cellJudged(_ cell: DisplayedCell, served: ContentDigest?) {}
  func frameJudged(_ frame: CommittedFrame) {}
  func transferEvent(_ event: TransferEvent) {}
  func tableCallback(_ callback: TableCallback) {}
  func turnEnded() {}
  func turnSettled() {}
  func requestQueueChanged() {}
  func memoryWarningDelivered() {}
  func priorityReport(_ report: PriorityReport) {}
  func deadlockFound(_ report: DeadlockReport) {}
  func requestLifecycle(_ report: RequestLifecycleReport) {}
  func finish() {}
  func judgeRunEnd() {}
}

/// The registry: which checker judges each invariant, in the order the oracle tells them of
/// events.
enum InvariantCheckers {
  /// The checkers for `checks`, in registration order: within one event, violations are
  /// reported in this order. An invariant the scenario does not check gets no checker.
  static func make(
    _ checks: [Scenario.InvariantCheck], facts: OracleFacts, wastedWork: WastedWorkLedger
  ) -> [any InvariantChecker] {
    var checkers: [any InvariantChecker] = []
    func has(_ id: Scenario.InvariantID) -> Bool { checks.contains { $0.id == id } }
    func value<T>(_ pick: (Scenario.InvariantCheck) -> T?) -> T? {
      for check in checks { if let value = pick(check) { return value } }
      return nil
    }
    if has(.noDuplicateTransfers) { checkers.append(DuplicateTransfersChecker(facts)) }
    if let bound = value({ if case .boundedQueue(let max) = $0 { max } else { nil } }) {
      checkers.append(BoundedQueueChecker(facts, bound: bound))
    }
    if let within = value({ if case .cancelOnEndDisplay(let w) = $0 { w } else { nil } }) {
      checkers.append(CancelOnEndDisplayChecker(facts, within: within))
    }
    if has(.noCrossCellImage) { checkers.append(CrossCellImageChecker(facts)) }
    if has(.noCorruptImage) { checkers.append(CorruptImageChecker(facts)) }
    if has(.progressIsolation) { checkers.append(ProgressIsolationChecker(facts)) }
    if let revisit = value({ check -> SimDuration?? in
      if case .cacheHitOnRevisit(let revisit) = check { return .some(revisit) }
      return nil
    }) {
      checkers.append(CacheHitOnRevisitChecker(facts, revisit: revisit))
    }
    if let within = value({ if case .eventuallyLoaded(let w) = $0 { w } else { nil } }) {
      checkers.append(EventuallyLoadedChecker(facts, within: within))
    }
    if let bound = MemoryBudgetChecker.bound(checks, device: facts.world.device) {
      checkers.append(MemoryBudgetChecker(facts, bound: bound))
    }
    if let within = value({ if case .noDeliveryStall(let w) = $0 { w } else { nil } }) {
      checkers.append(DeliveryStallChecker(facts, within: within))
    }
    if let ratio = value({ if case .frameBudget(let r) = $0 { r } else { nil } }) {
      checkers.append(FrameBudgetChecker(facts, maxRatio: ratio))
    }
    if has(.latestPriorityWins) { checkers.append(PriorityJudge(facts)) }
    if has(.deadlock) { checkers.append(DeadlockChecker(facts)) }
    if has(.manualImageKept) { checkers.append(ManualImageKeptChecker(facts)) }
    if let within = value({ if case .oneTerminalCallback(let w) = $0 { w } else { nil } }) {
      checkers.append(OneTerminalCallbackChecker(facts, within: within))
    }
    if let bound = value({ if case .noLeakedImages(let max) = $0 { max } else { nil } }) {
      checkers.append(LeakedImagesChecker(facts, bound: bound))
    }
    if let bounds = value({ check -> (Scenario.QueueBound, ByteSize?)? in
      if case .noWastedWork(let max, let maxBytes) = check { return (max, maxBytes) }
      return nil
    }) {
      checkers.append(
        WastedWorkChecker(facts, ledger: wastedWork, max: bounds.0, maxBytes: bounds.1))
    }
    return checkers
  }
}
