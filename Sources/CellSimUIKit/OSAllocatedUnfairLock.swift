import SimPlatform

/// The `os` module's `OSAllocatedUnfairLock` (iOS 16), which Swift 6 code uses to guard a
/// cache's state, over the layer's `NSLock`: a contended lock parks the calling simulated thread
/// in virtual time, and which waiter gets a freed lock is the world's seeded choice (an unfair
/// lock promises no order). Taking it again on the owning thread traps on a device ("trying to
/// recursively lock an os_unfair_lock"); here the run ends with a deadlock naming the lock.
/// `import os` moves into the file's `#if canImport(UIKit)` block, as Foundation's import does.
/// The C `os_unfair_lock` is in `OSUnfairLock.swift`.
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
  /// `OSAllocatedUnfairLock.Ownership`, for `precondition(_:)`.
  public enum Ownership: Hashable, Sendable {
    case owner
    case notOwner
  }

  final class Storage: @unchecked Sendable {
    let lock: NSLock = {
      let lock = NSLock()
      lock.name = "OSAllocatedUnfairLock"
      return lock
    }()
    var state: State
    init(_ state: State) { self.state = state }
  }

  let storage: Storage

  /// A lock guarding `initialState`.
  public init(initialState: State) { storage = Storage(initialState) }

  /// A lock guarding a state that is not `Sendable`.
  public init(uncheckedState initialState: State) { storage = Storage(initialState) }

  /// Runs `body` with the state while holding the lock.
  public func withLock<R: Sendable>(_ body: @Sendable (inout State) throws -> R) rethrows -> R {
    try withLockUnchecked(body)
  }

  /// Runs `body` with the state while holding the lock, without the `Sendable` checks.
  public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R {
    storage.lock.lock()
    defer { storage.lock.unlock() }
    return try body(&storage.state)
  }

  /// Runs `body` with the state if the lock is free now; nil if it is held.
  public func withLockIfAvailable<R: Sendable>(_ body: @Sendable (inout State) throws -> R)
    rethrows -> R?
  {
    try withLockIfAvailableUnchecked(body)
  }

  /// As `withLockIfAvailable(_:)`, without the `Sendable` checks.
  public func withLockIfAvailableUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R? {
    guard storage.lock.try() else { return nil }
    defer { storage.lock.unlock() }
    return try body(&storage.state)
  }

  /// Takes the lock, waiting while another thread holds it.
  public func lock() { storage.lock.lock() }

  /// Releases the lock.
  public func unlock() { storage.lock.unlock() }

  /// Takes the lock if it is free now.
  public func lockIfAvailable() -> Bool { storage.lock.try() }

  /// Stops the run unless the calling simulated thread owns the lock (`.owner`) or does not
  /// (`.notOwner`), as the device's check traps.
  public func precondition(_ condition: Ownership) {
    let world = SimulationContext.world(for: "OSAllocatedUnfairLock.precondition(_:)")
    let owner = storage.lock.simLock("OSAllocatedUnfairLock.precondition(_:)").owner
    let owns = owner != nil && owner === SimulationContext.currentThread(in: world)
    Swift.precondition(
      owns == (condition == .owner),
      "OSAllocatedUnfairLock.precondition: the calling thread "
        + (owns ? "owns the lock" : "does not own the lock"))
  }
}

extension OSAllocatedUnfairLock where State == () {
  /// A lock with no state.
  public init() { storage = Storage(()) }

  /// Runs `body` while holding the lock.
  public func withLock<R: Sendable>(_ body: @Sendable () throws -> R) rethrows -> R {
    try withLockUnchecked(body)
  }

  /// Runs `body` while holding the lock, without the `Sendable` checks.
  public func withLockUnchecked<R>(_ body: () throws -> R) rethrows -> R {
    storage.lock.lock()
    defer { storage.lock.unlock() }
    return try body()
  }
}
