import SimPlatform
import SimThreads
import Synchronization

/// The `os` module's C lock, `os_unfair_lock`, as Swift imports it, over SimThreads' `SimLock`:
/// a contended `os_unfair_lock_lock` parks the calling simulated thread in virtual time, and
/// which waiter gets a freed lock is the world's seeded choice (an unfair lock promises no
/// order). Locking it again on the owning thread traps on a device ("trying to recursively lock
/// an os_unfair_lock"); here the run ends with a deadlock naming the lock.
///
/// Libraries keep one as a stored property and pass its address (`os_unfair_lock_lock(&lock)`),
/// or allocate one (`os_unfair_lock_t.allocate(capacity: 1)`). On a device its identity is its
/// address; here the first call stores an identity in the lock's opaque word, so a lock keeps it
/// even when Swift passes a temporary copy of a computed property and writes it back. Copying a
/// lock copies that identity (Apple forbids copying a lock in use).
///
/// Not modelled: an unlock from a thread that does not own the lock crashes a device ("Unlock of
/// an os_unfair_lock not owned by current thread"); here it is refused and the trace records
/// `lock.unlock_refused`, as for `NSLock` (`SimLock.unlock()`).
// swift-format-ignore: TypeNamesShouldBeCapitalized
public struct os_unfair_lock_s: @unchecked Sendable {
  /// Zero until the lock's first use; then the layer's identity of the lock.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public var _os_unfair_lock_opaque: UInt32

  /// An unlocked lock (`OS_UNFAIR_LOCK_INIT`).
  public init() { _os_unfair_lock_opaque = 0 }

  /// A lock with the given opaque word (zero: unlocked and unused).
  public init(_os_unfair_lock_opaque: UInt32) {
    self._os_unfair_lock_opaque = _os_unfair_lock_opaque
  }
}

/// `os_unfair_lock`, the name Swift code declares its locks with.
// swift-format-ignore: TypeNamesShouldBeCapitalized
public typealias os_unfair_lock = os_unfair_lock_s
/// A pointer to a lock, as the C functions take it.
// swift-format-ignore: TypeNamesShouldBeCapitalized
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

/// Takes the lock, parking the calling simulated thread while another one holds it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {
  UnfairLocks.lock(for: lock, "os_unfair_lock_lock").lock()
}

/// Takes the lock if it is free now; never waits.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool {
  UnfairLocks.lock(for: lock, "os_unfair_lock_trylock").tryLock()
}

/// Releases the lock.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {
  UnfairLocks.lock(for: lock, "os_unfair_lock_unlock").unlock()
}

/// Stops the run unless the calling simulated thread holds the lock, as the device's check
/// traps.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_unfair_lock_assert_owner(_ lock: UnsafePointer<os_unfair_lock_s>) {
  precondition(
    UnfairLocks.callerOwns(lock, "os_unfair_lock_assert_owner"),
    "os_unfair_lock_assert_owner: the calling thread does not own the lock")
}

/// Stops the run if the calling simulated thread holds the lock, as the device's check traps.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_unfair_lock_assert_not_owner(_ lock: UnsafePointer<os_unfair_lock_s>) {
  precondition(
    !UnfairLocks.callerOwns(lock, "os_unfair_lock_assert_not_owner"),
    "os_unfair_lock_assert_not_owner: the calling thread owns the lock")
}

/// A world's C unfair locks, by the identity stored in each: made at a lock's first use in the
/// world and named in the order of first use (`os_unfair_lock #1`), so reports are the same in
/// every process whatever ran before.
final class UnfairLocks {
  /// Identities handed out in this process (never zero, never reused).
  private static let lastIdentity = Atomic<UInt32>(0)
  /// The locks by identity; looked up only, never iterated.
  var locks: [UInt32: SimLock] = [:]

  /// The calling world's lock for `lock`, giving it an identity at its first use.
  static func lock(for lock: os_unfair_lock_t, _ api: StaticString) -> SimLock {
    if lock.pointee._os_unfair_lock_opaque == 0 {
      lock.pointee._os_unfair_lock_opaque = lastIdentity.add(1, ordering: .relaxed).newValue
    }
    return existing(lock.pointee._os_unfair_lock_opaque, api, make: true)!
  }

  /// Whether the calling simulated thread holds `lock` (a lock never used is held by nobody).
  static func callerOwns(_ lock: UnsafePointer<os_unfair_lock_s>, _ api: StaticString) -> Bool {
    let identity = lock.pointee._os_unfair_lock_opaque
    guard identity != 0, let simLock = existing(identity, api, make: false),
      let owner = simLock.owner
    else { return false }
    let world = SimulationContext.world(for: api)
    return owner === SimulationContext.currentThread(in: world)
  }

  /// The calling world's lock of `identity`, made (and numbered) if `make` and it is new.
  private static func existing(_ identity: UInt32, _ api: StaticString, make: Bool) -> SimLock? {
    let world = SimulationContext.world(for: api)
    let registry = world.layerAttachment { UnfairLocks() }
    if let lock = registry.locks[identity] { return lock }
    guard make else { return nil }
    let lock = SimLock(name: "os_unfair_lock #\(registry.locks.count + 1)", world: world)
    registry.locks[identity] = lock
    return lock
  }
}
