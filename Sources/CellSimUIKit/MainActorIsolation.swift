import SimPlatform
import SimThreads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes the main actor's runtime isolation check accept the simulated main thread.
///
/// Code on the main queue may assume main-actor isolation: Swift 6 code calls
/// `MainActor.assumeIsolated` in a `DispatchQueue.main.async` block, and the runtime checks
/// the same isolation dynamically at some boundaries. In a world, a main-queue block runs on a
/// carrier thread, not the process's main thread, so the runtime's check (Swift's
/// `swift_task_checkIsolated`, which for the main actor asserts the real main queue) would stop
/// the process. The layer installs `swift_task_checkIsolated_hook` (a global function pointer
/// the runtime calls instead, with its own implementation as the last argument; swiftlang/swift
/// `include/swift/Runtime/ConcurrencyHooks.def`), once per process: a check of the main
/// actor's executor passes when the calling code is blocking code running on a world's main
/// thread; every other check goes to the hook installed before, or to the runtime.
///
/// On a world's other threads it passes too, recorded as a call off the main thread (traced
/// `uikit.off_main`). Swift 5 code calls UIKit from a completion handler (`present`, an alert,
/// `reloadData()`), which on a device runs, often seeming to work, while Main Thread Checker
/// logs it. The layer's main-actor methods are compiled in Swift 6 mode, where a closure such a
/// method forms (a `removeAll { $0 === view }`) checks its isolation when it runs, so without
/// this the first such call would stop the whole process. A `MainActor.assumeIsolated` off the
/// main thread is recorded the same way rather than stopping it.
enum MainActorIsolation {
  /// `swift_task_checkIsolated_original`.
  typealias Original = @convention(thin) (UnownedSerialExecutor) -> Void
  /// `swift_task_checkIsolated_hook`.
  typealias Hook = @convention(thin) (UnownedSerialExecutor, Original) -> Void

  /// The hook that was installed before the layer's, called for every check the layer does not
  /// answer. Written once, before the layer's hook is installed.
  nonisolated(unsafe) static var previous: Hook?

  /// Installs the hooks, the first time only; nothing for a hook the runtime lacks.
  static func install() {
    _ = installed
    _ = installedContextCheck
  }

  static let installed: Bool = {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), "swift_task_checkIsolated_hook") else {
      return false
    }
    let slot = address.assumingMemoryBound(to: Hook?.self)
    previous = slot.pointee
    slot.pointee = { executor, original in
      if let onMain = onWorldThreadIsMain(), isMainActor(executor) {
        if !onMain { recordOffMainThread() }
        return
      }
      if let previous = MainActorIsolation.previous {
        previous(executor, original)
      } else {
        original(executor)
      }
    }
    return true
  }()

  /// Whether the calling code runs on a world's main thread, or nil off the world's threads.
  /// (The hook calls out rather than reading the thread itself: a release build of a thin
  /// closure that held the thread crashed Swift 6.3.1's `LoadableByAddress` pass.)
  @inline(never)
  static func onWorldThreadIsMain() -> Bool? {
    BlockingThreads.currentThread?.isMain
  }

  /// Records main-actor code that ran on the calling thread, one of a world's other threads.
  @inline(never)
  static func recordOffMainThread() {
    guard let thread = BlockingThreads.currentThread,
      let world = BlockingThreads.currentFiber?.scheduler.world
    else { return }
    world.recordMainThreadViolation(
      MainThreadViolation(time: world.now, threadName: thread.name, action: "main-actor code"))
  }

  /// Whether `executor` is the main actor's.
  static func isMainActor(_ executor: UnownedSerialExecutor) -> Bool {
    let main = MainActor.sharedUnownedExecutor
    return withUnsafeBytes(of: executor) { a in
      withUnsafeBytes(of: main) { b in a.elementsEqual(b) }
    }
  }

  // MARK: The non-crashing check

  /// `swift_task_isIsolatingCurrentContext_original`: -1 unknown, 0 not isolated, 1 isolated.
  typealias ContextOriginal = @convention(thin) (UnownedSerialExecutor) -> Int8
  /// `swift_task_isIsolatingCurrentContext_hook`.
  typealias ContextHook = @convention(thin) (UnownedSerialExecutor, ContextOriginal) -> Int8

  /// The context hook installed before the layer's.
  nonisolated(unsafe) static var previousContext: ContextHook?

  /// The runtime's non-crashing question, "is this context isolated by that executor?", which
  /// it asks when no task runs on the calling thread: `Task.immediate` asks it to decide
  /// whether its body starts at once, in the caller, or is enqueued. For the main actor it
  /// looks for the real main thread; the hook answers "isolated" for blocking code on a world's
  /// main thread, as `checkIsolated` above does for the crashing form, so that a
  /// `Task.immediate { @MainActor in … }` in `cellForRowAt` runs its first part before
  /// `cellForRowAt` returns, as on a device.
  static let installedContextCheck: Bool = {
    guard
      let address = dlsym(dlopen(nil, RTLD_NOW), "swift_task_isIsolatingCurrentContext_hook")
    else { return false }
    let slot = address.assumingMemoryBound(to: ContextHook?.self)
    previousContext = slot.pointee
    slot.pointee = { executor, original in
      if BlockingThreads.currentThread?.isMain == true, isMainActor(executor) { return 1 }
      if let previous = MainActorIsolation.previousContext {
        return previous(executor, original)
      }
      return original(executor)
    }
    return true
  }()
}
