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
enum MainActorIsolation {
  /// `swift_task_checkIsolated_original`.
  typealias Original = @convention(thin) (UnownedSerialExecutor) -> Void
  /// `swift_task_checkIsolated_hook`.
  typealias Hook = @convention(thin) (UnownedSerialExecutor, Original) -> Void

  /// The hook that was installed before the layer's, called for every check the layer does not
  /// answer. Written once, before the layer's hook is installed.
  nonisolated(unsafe) static var previous: Hook?

  /// Installs the hook, the first time only; nothing if the runtime has no such hook.
  static func install() { _ = installed }

  static let installed: Bool = {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), "swift_task_checkIsolated_hook") else {
      return false
    }
    let slot = address.assumingMemoryBound(to: Hook?.self)
    previous = slot.pointee
    slot.pointee = { executor, original in
      if BlockingThreads.currentThread?.isMain == true,
        isMainActor(executor)
      {
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

  /// Whether `executor` is the main actor's.
  static func isMainActor(_ executor: UnownedSerialExecutor) -> Bool {
    let main = MainActor.sharedUnownedExecutor
    return withUnsafeBytes(of: executor) { a in
      withUnsafeBytes(of: main) { b in a.elementsEqual(b) }
    }
  }
}
