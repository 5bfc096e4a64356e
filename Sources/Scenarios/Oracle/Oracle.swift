import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// Checks the invariants of docs/scenario-format.md against what the user would see: what each
/// frame commits (the display log), what the network carried (transfer events), what the main
/// thread did (frame records) and what the table told the app (display callbacks). It never
/// looks at a loader's private state.
///
/// The oracle keeps the facts every rule reads (`OracleFacts`) and composes one checker per
/// invariant the scenario checks (`InvariantCheckers`): each event updates the facts, then goes
/// to the checkers that hear it, in registration order. The report keeps the first violation
/// per (invariant, row) and a count per invariant; each violation is also traced, so the
/// digest covers the verdict.
final class Oracle {
  let facts: OracleFacts
  let metrics: MetricsCollector
  /// Disk reads and decodes for URLs no row wanted any more (`wasted_work`, `no_wasted_work`).
  let wastedWork: WastedWorkLedger
  /// Every checker, in registration order.
  let checkers: [any InvariantChecker]
  /// The checkers that hear each event, in registration order (a frame's hooks run per frame,
  /// so the lists are made once).
  let onFrameBegan: [any InvariantChecker]
  let onCellJudged: [any InvariantChecker]
  let onFrameJudged: [any InvariantChecker]
  let onTransferQueued: [any InvariantChecker]
  let onTransferEnded: [any InvariantChecker]
  let onTransferCallbacks: [any InvariantChecker]
  let onTableCallbacks: [any InvariantChecker]
  let onTurns: [any InvariantChecker]
  let onRequestQueue: [any InvariantChecker]
  let onMemoryWarning: [any InvariantChecker]
  let onPriorities: [any InvariantChecker]
  let onDeadlock: [any InvariantChecker]
  let onRequestLifecycle: [any InvariantChecker]

  var world: World { facts.world }
  var table: TableView { facts.table }
  var report: ViolationReport { facts.report }
  /// Whether each cell of the frame just committed showed its row's image (for the metrics).
  var frameCorrect: [Bool] { facts.frameCorrect }

  init(
    world: World, table: TableView, network: FakeNetwork, server: ImageServer,
    checks: [Scenario.InvariantCheck], metrics: MetricsCollector
  ) {
    facts = OracleFacts(
      world: world, table: table, network: network, server: server, checks: checks)
    self.metrics = metrics
    wastedWork = WastedWorkLedger(facts: facts)
    let checkers = InvariantCheckers.make(checks, facts: facts, wastedWork: wastedWork)
    self.checkers = checkers
    func hearing(_ hook: OracleHooks) -> [any InvariantChecker] {
      checkers.filter { $0.hooks.contains(hook) }
    }
    onFrameBegan = hearing(.frameBegan)
    onCellJudged = hearing(.cellJudged)
    onFrameJudged = hearing(.frameJudged)
    onTransferQueued = hearing(.transferQueued)
    onTransferEnded = hearing(.transferEnded)
    onTransferCallbacks = hearing(.transferCallbacks)
    onTableCallbacks = hearing(.tableCallbacks)
    onTurns = hearing(.turns)
    onRequestQueue = hearing(.requestQueue)
    onMemoryWarning = hearing(.memoryWarning)
    onPriorities = hearing(.priorities)
    onDeadlock = hearing(.deadlock)
    onRequestLifecycle = hearing(.requestLifecycle)
  }

  /// Sets the run's item-to-URL lookup (deleted items included).
  func setURLOfItem(_ lookup: @escaping (Int) -> String?) { facts.setURLOfItem(lookup) }

  // MARK: Events

  /// A frame committed: its cells are judged, and every frame check runs.
  func frameCommitted(_ frame: CommittedFrame) {
    facts.beginFrame(frame)
    let reloadEnded = facts.reloadPending && table.isOnScreen
    // The layout pass has rebuilt the displayed rows: checks deferred by the reload can run.
    // A reload while the table is off screen waits for the first frame after it appears.
    if reloadEnded { facts.setReloadPending(false) }
    for checker in onFrameBegan { checker.frameBegan(frame, reloadEnded: reloadEnded) }
    let judges = onCellJudged
    facts.judgeCells(of: frame) { cell, served in
      for checker in judges { checker.cellJudged(cell, served: served) }
    }
    for checker in onFrameJudged { checker.frameJudged(frame) }
    facts.endFrame(frame.cells)
  }

  /// A piece of main-thread work ended (the turn is over).
  func mainWorkEnded() {
    for checker in onTurns { checker.turnEnded() }
    for checker in onTurns { checker.turnSettled() }
  }

  /// A transfer event: the facts take it in, then the checkers hear it.
  func transferEvent(_ event: TransferEvent) {
    facts.record(event)
    switch event.kind {
    case .queued: for checker in onTransferQueued { checker.transferEvent(event) }
    case .ended: for checker in onTransferEnded { checker.transferEvent(event) }
    case .callbackRan: for checker in onTransferCallbacks { checker.transferEvent(event) }
    default: break
    }
  }

  /// A display callback of the table.
  func tableCallback(_ callback: TableCallback) {
    switch callback {
    case .willDisplay(_, _, let itemID, _):
      metrics.rowDisplayed(itemID: itemID, at: world.now)
    case .didEndDisplaying(_, _, let itemID, _):
      if let itemID { metrics.rowEnded(itemID: itemID, at: world.now) }
    case .cancelPrefetching, .cellForRow, .manualImage:
      break
    }
    wastedWork.tableCallback(callback)
    for checker in onTableCallbacks { checker.tableCallback(callback) }
  }

  /// A disk read or a decode started.
  func workStarted(_ report: WorkReport) { wastedWork.workStarted(report) }

  /// A request queue of the loader's changed.
  func requestQueueChanged() {
    for checker in onRequestQueue { checker.requestQueueChanged() }
  }

  /// The app called `reloadData`: checks that need the displayed rows wait for the layout pass
  /// that displays them again (the next frame commit on screen).
  func reloadBegan() { facts.setReloadPending(true) }

  /// The app received a memory warning.
  func memoryWarningDelivered() {
    for checker in onMemoryWarning { checker.memoryWarningDelivered() }
  }

  /// A priority report.
  func priorityReport(_ report: PriorityReport) {
    for checker in onPriorities { checker.priorityReport(report) }
  }

  /// Blocking threads that can never go on.
  func deadlockFound(_ report: DeadlockReport) {
    for checker in onDeadlock { checker.deadlockFound(report) }
  }

  /// A request the loader declared started or ended.
  func requestLifecycle(_ report: RequestLifecycleReport) {
    for checker in onRequestLifecycle { checker.requestLifecycle(report) }
  }

  /// The checks due at the end of the run.
  func finish() {
    for checker in checkers where checker.hooks.contains(.finish) { checker.finish() }
    for checker in checkers where checker.hooks.contains(.runEnd) { checker.judgeRunEnd() }
  }
}
