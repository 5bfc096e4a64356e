import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The Swift runtime's concurrency hooks, looked up by name and installed for one simulation.
//
// What this relies on (read from the sources, then checked on Swift 6.3.1 for Linux by
// `RuntimeFactsTests`):
// - swiftlang/swift `include/swift/Runtime/ConcurrencyHooks.def` and
//   `stdlib/public/Concurrency/ConcurrencyHooks.cpp`: each hook is a global function pointer
//   named `<entry point>_hook`, `nullptr` by default, called with the entry point's arguments plus
//   the runtime's own implementation (`original`) last, all with the Swift calling convention.
//   `SerialExecutorRef` is two words, the same layout as `UnownedSerialExecutor`.
// - pointfreeco/swift-concurrency-extras `MainSerialExecutor.swift`: looks up
//   `swift_task_enqueueGlobal_hook` with `dlsym(dlopen(nil, 0), …)` and types it as
//   `@convention(thin) (UnownedJob, Original) -> Void`; the same technique is used here.
// - apple/swift-async-algorithms `AsyncSequenceValidation/Test.swift` and `TaskDriver.swift`:
//   installs the same hook for the duration of a validation run, which it drives from a thread
//   of its own, and removes it after. It routes every job in the process to its queue, which is
//   why its validations cannot run in parallel; this module forwards what is not its own.
// - On 6.3, `@MainActor` jobs are enqueued through the executor that `swift_task_getMainExecutor`
//   returns, not through `swift_task_enqueueMainExecutor`, so that hook alone does not see them;
//   `getMainExecutor` is hooked too (only on the simulation's thread).

/// `swift_task_enqueueGlobal_original` and `swift_task_enqueueMainExecutor_original`.
typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
/// `swift_task_enqueueGlobal_hook` and `swift_task_enqueueMainExecutor_hook`.
typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
/// `swift_task_getMainExecutor_original`.
typealias GetMainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
/// `swift_task_getMainExecutor_hook`.
typealias GetMainExecutorHook = @convention(thin) (GetMainExecutorOriginal) -> UnownedSerialExecutor
/// `swift_task_isMainExecutor_original`.
typealias IsMainExecutorOriginal = @convention(thin) (UnownedSerialExecutor) -> Bool
/// `swift_task_isMainExecutor_hook`.
typealias IsMainExecutorHook =
  @convention(thin) (UnownedSerialExecutor, IsMainExecutorOriginal) -> Bool

/// The addresses of the four hook variables this module installs, found in the process.
struct RuntimeHookTable: @unchecked Sendable {
  let enqueueGlobal: UnsafeMutablePointer<EnqueueHook?>
  let enqueueMainExecutor: UnsafeMutablePointer<EnqueueHook?>
  let getMainExecutor: UnsafeMutablePointer<GetMainExecutorHook?>
  let isMainExecutor: UnsafeMutablePointer<IsMainExecutorHook?>

  /// The symbols looked up, in lookup order.
  static let symbols = [
    "swift_task_enqueueGlobal_hook", "swift_task_enqueueMainExecutor_hook",
    "swift_task_getMainExecutor_hook", "swift_task_isMainExecutor_hook",
  ]

  /// The table of this process, looked up once.
  static let process: Result<RuntimeHookTable, AsyncSimulationError> = lookUp()

  /// Looks every hook variable up with `dlsym`; a missing one is a typed error naming it.
  static func lookUp() -> Result<RuntimeHookTable, AsyncSimulationError> {
    let handle = dlopen(nil, RTLD_NOW)
    var found: [UnsafeMutableRawPointer] = []
    for symbol in symbols {
      guard let address = dlsym(handle, symbol) else {
        return .failure(.runtimeHookMissing(symbol: symbol))
      }
      found.append(address)
    }
    return .success(
      RuntimeHookTable(
        enqueueGlobal: found[0].assumingMemoryBound(to: EnqueueHook?.self),
        enqueueMainExecutor: found[1].assumingMemoryBound(to: EnqueueHook?.self),
        getMainExecutor: found[2].assumingMemoryBound(to: GetMainExecutorHook?.self),
        isMainExecutor: found[3].assumingMemoryBound(to: IsMainExecutorHook?.self)))
  }
}

/// The hooks of one simulation: installed by `install`, put back as they were by `restore`.
///
/// Hooks that were installed before (by another library) are saved and stay in the chain: a job
/// that does not belong to the simulation is passed to the previous hook, or to the runtime's
/// own implementation if there was none.
struct HookInstallation {
  let table: RuntimeHookTable
  let saved: (EnqueueHook?, EnqueueHook?, GetMainExecutorHook?, IsMainExecutorHook?)

  /// Saves the current hook values and installs this module's hooks.
  static func install(_ table: RuntimeHookTable) -> HookInstallation {
    let saved = (
      table.enqueueGlobal.pointee, table.enqueueMainExecutor.pointee,
      table.getMainExecutor.pointee, table.isMainExecutor.pointee
    )
    PreviousHooks.store(saved)
    table.enqueueGlobal.pointee = simulationEnqueueGlobalHook
    table.enqueueMainExecutor.pointee = simulationEnqueueMainHook
    table.getMainExecutor.pointee = simulationGetMainExecutorHook
    table.isMainExecutor.pointee = simulationIsMainExecutorHook
    return HookInstallation(table: table, saved: saved)
  }

  /// Puts the saved hook values back.
  func restore() {
    table.enqueueGlobal.pointee = saved.0
    table.enqueueMainExecutor.pointee = saved.1
    table.getMainExecutor.pointee = saved.2
    table.isMainExecutor.pointee = saved.3
  }
}

/// The hooks that were installed before this module's, kept as raw bits so the hooks (which
/// cannot capture anything) can read them from any thread.
enum PreviousHooks {
  static let enqueueGlobal = Atomic<UInt>(0)
  static let enqueueMain = Atomic<UInt>(0)
  static let getMain = Atomic<UInt>(0)
  static let isMain = Atomic<UInt>(0)

  static func store(
    _ hooks: (EnqueueHook?, EnqueueHook?, GetMainExecutorHook?, IsMainExecutorHook?)
  ) {
    enqueueGlobal.store(unsafeBitCast(hooks.0, to: UInt.self), ordering: .releasing)
    enqueueMain.store(unsafeBitCast(hooks.1, to: UInt.self), ordering: .releasing)
    getMain.store(unsafeBitCast(hooks.2, to: UInt.self), ordering: .releasing)
    isMain.store(unsafeBitCast(hooks.3, to: UInt.self), ordering: .releasing)
  }

  static func forwardGlobal(_ job: UnownedJob, _ original: EnqueueOriginal) {
    let previous = unsafeBitCast(enqueueGlobal.load(ordering: .acquiring), to: EnqueueHook?.self)
    if let previous { previous(job, original) } else { original(job) }
  }

  static func forwardMain(_ job: UnownedJob, _ original: EnqueueOriginal) {
    let previous = unsafeBitCast(enqueueMain.load(ordering: .acquiring), to: EnqueueHook?.self)
    if let previous { previous(job, original) } else { original(job) }
  }
}

/// `swift_task_enqueueGlobal_hook`: Task {}, Task.detached, async let, group children and
/// default-actor jobs of tasks without an executor preference.
private let simulationEnqueueGlobalHook: EnqueueHook = { job, original in
  if ExecutorGate.shared.admit(job, lane: .pool) == .forward {
    GlobalEnqueueFence.enter()
    PreviousHooks.forwardGlobal(job, original)
    GlobalEnqueueFence.leave()
  }
}

/// Keeps forwarded global enqueues out while the default executor is swapped.
///
/// The runtime's global enqueue reads `Task.defaultExecutor`, two words (the executor and its
/// witness table) that `_createExecutors(factory:)` writes without any atomicity: a read in
/// between would pair the wrapper with Dispatch's witness table, or the reverse. The swap
/// happens once per process, with the hooks in, so every global enqueue of every thread passes
/// through this fence first: the swap waits until none is in flight and holds new ones back
/// for its duration (a few instructions). Other readers of `Task.defaultExecutor` (a
/// `Task.sleep` that finds no schedulable executor, on another thread, at that instant) are not
/// fenced; that remaining risk is taken once per process.
enum GlobalEnqueueFence {
  static let swapping = Atomic<Bool>(false)
  static let inFlight = Atomic<Int>(0)

  /// Enters a forwarded enqueue, waiting while a swap is under way.
  static func enter() {
    while true {
      while swapping.load(ordering: .sequentiallyConsistent) { sched_yield() }
      inFlight.add(1, ordering: .sequentiallyConsistent)
      if !swapping.load(ordering: .sequentiallyConsistent) { return }
      inFlight.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  /// Leaves a forwarded enqueue.
  static func leave() {
    inFlight.subtract(1, ordering: .sequentiallyConsistent)
  }

  /// Runs `body` while no forwarded enqueue is in flight and none can start.
  static func exclusively(_ body: () -> Void) {
    swapping.store(true, ordering: .sequentiallyConsistent)
    while inFlight.load(ordering: .sequentiallyConsistent) != 0 { sched_yield() }
    body()
    swapping.store(false, ordering: .sequentiallyConsistent)
  }
}

/// `swift_task_enqueueMainExecutor_hook`: `MainActor.shared.enqueue(_:)` and the runtime's own
/// main-executor enqueues.
private let simulationEnqueueMainHook: EnqueueHook = { job, original in
  if ExecutorGate.shared.admit(job, lane: .main) == .forward {
    PreviousHooks.forwardMain(job, original)
  }
}

/// `swift_task_getMainExecutor_hook`: on the simulation's thread, the main actor is the
/// simulation's main executor; every other thread keeps the real one.
private let simulationGetMainExecutorHook: GetMainExecutorHook = { original in
  if ExecutorGate.shared.isSimulationThread {
    return SimulationMainExecutor.shared.asUnownedSerialExecutor()
  }
  let bits = PreviousHooks.getMain.load(ordering: .acquiring)
  if let previous = unsafeBitCast(bits, to: GetMainExecutorHook?.self) {
    return previous(original)
  }
  return original()
}

/// `swift_task_isMainExecutor_hook`: the simulation's main executor counts as a main executor.
private let simulationIsMainExecutorHook: IsMainExecutorHook = { executor, original in
  if SimulationMainExecutor.shared.isSame(as: executor) { return true }
  let bits = PreviousHooks.isMain.load(ordering: .acquiring)
  if let previous = unsafeBitCast(bits, to: IsMainExecutorHook?.self) {
    return previous(executor, original)
  }
  return original(executor)
}
