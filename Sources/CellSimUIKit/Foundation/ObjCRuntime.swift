import Foundation
import SimPlatform
import SimThreads

/// Darwin's `objc_AssociationPolicy`, with its raw values. The policy is accepted; every
/// association holds its value strongly (ASSIGN included: a divergence, there being no weak
/// unsafe-unretained storage of `Any`), and atomicity does not matter (one simulated thread
/// runs at a time).
// swift-format-ignore: TypeNamesShouldBeCapitalized, AlwaysUseLowerCamelCase
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
  case OBJC_ASSOCIATION_ASSIGN = 0
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  case OBJC_ASSOCIATION_RETAIN = 769
  case OBJC_ASSOCIATION_COPY = 771
}

/// The associated objects of live owners, keyed by owner identity and checked against a weak
/// reference (an address reused after the owner died never sees the old values).
///
/// Without an Objective-C runtime nothing runs at an owner's `deinit`: a dead owner's values
/// are released at the next associated-object call (every call sweeps dead owners), not at the
/// owner's deinit. Guarded by a real lock, held only inside a call.
enum AssociatedObjects {
  struct Owner {
    weak var object: AnyObject?
    var values: [UnsafeRawPointer: Any] = [:]
  }

  nonisolated(unsafe) static var table: [ObjectIdentifier: Owner] = [:]
  static let guardLock = Foundation.NSLock()

  /// The object `object` stands for: itself for a class instance, and for a class (as
  /// `objc_sync_enter(Cache.self)` passes one: on Darwin a class is an object too) one token per
  /// class, kept for the process's life, as a class lives.
  static func owner(_ object: Any, _ api: StaticString) -> AnyObject {
    if let someClass = object as? AnyClass { return ClassObjects.token(for: someClass) }
    guard type(of: object) is AnyClass else {
      preconditionFailure("CellSimUIKit: \(api) needs a class instance as its object")
    }
    return object as AnyObject
  }

  /// Drops dead owners' values (their order does not matter: nothing observes a release).
  static func sweep() {
    table = table.filter { $0.value.object != nil }
  }
}

/// The objects that stand for classes in `AssociatedObjects.owner`: one per class, never
/// released. Only looked up, never iterated. Guarded by a real lock, held only inside a call.
enum ClassObjects {
  final class Token {}
  nonisolated(unsafe) static var tokens: [ObjectIdentifier: Token] = [:]
  static let guardLock = Foundation.NSLock()

  static func token(for someClass: AnyClass) -> Token {
    guardLock.lock()
    defer { guardLock.unlock() }
    if let token = tokens[ObjectIdentifier(someClass)] { return token }
    let token = Token()
    tokens[ObjectIdentifier(someClass)] = token
    return token
  }
}

/// Darwin's `objc_setAssociatedObject`: `value` (nil removes it) stays with `object` under
/// `key` until replaced or until `object` is gone (see `AssociatedObjects`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
  let owner = AssociatedObjects.owner(object, "objc_setAssociatedObject")
  let id = ObjectIdentifier(owner)
  var released: Any?
  AssociatedObjects.guardLock.lock()
  AssociatedObjects.sweep()
  var entry = AssociatedObjects.table[id] ?? AssociatedObjects.Owner(object: owner)
  released = entry.values[key]
  entry.values[key] = value
  AssociatedObjects.table[id] = entry.values.isEmpty ? nil : entry
  AssociatedObjects.guardLock.unlock()
  // The old value is released outside the lock (its deinit may call back in).
  released = nil
  _ = released
}

/// Darwin's `objc_getAssociatedObject`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  let owner = AssociatedObjects.owner(object, "objc_getAssociatedObject")
  AssociatedObjects.guardLock.lock()
  defer { AssociatedObjects.guardLock.unlock() }
  AssociatedObjects.sweep()
  return AssociatedObjects.table[ObjectIdentifier(owner)]?.values[key]
}

/// Darwin's `objc_removeAssociatedObjects`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func objc_removeAssociatedObjects(_ object: Any) {
  let owner = AssociatedObjects.owner(object, "objc_removeAssociatedObjects")
  AssociatedObjects.guardLock.lock()
  let removed = AssociatedObjects.table.removeValue(forKey: ObjectIdentifier(owner))
  AssociatedObjects.sweep()
  AssociatedObjects.guardLock.unlock()
  _ = removed
}

/// The recursive locks `objc_sync_enter` takes, per world, per live object.
enum SyncLocks {
  final class Table {
    var locks: [ObjectIdentifier: (owner: Weak, lock: SimLock)] = [:]
  }
  struct Weak { weak var object: AnyObject? }
  static let tables = PerWorld<Table>()

  static func lock(for object: Any, _ api: StaticString) -> SimLock {
    let world = SimulationContext.world(for: api)
    let owner = AssociatedObjects.owner(object, api)
    let table = tables.value(in: world) { Table() }
    let id = ObjectIdentifier(owner)
    if let entry = table.locks[id], entry.owner.object === owner { return entry.lock }
    let lock = SimLock(name: "objc_sync \(type(of: owner))", recursive: true, world: world)
    table.locks[id] = (Weak(object: owner), lock)
    return lock
  }
}

/// Darwin's `objc_sync_enter` (`@synchronized`): takes `obj`'s recursive lock, parking in
/// virtual time while another simulated thread holds it. Returns 0 (`OBJC_SYNC_SUCCESS`).
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func objc_sync_enter(_ obj: Any) -> Int32 {
  SyncLocks.lock(for: obj, "objc_sync_enter").lock()
  return 0
}

/// Darwin's `objc_sync_exit`: releases one hold of `obj`'s lock. Returns 0, or -1
/// (`OBJC_SYNC_NOT_OWNING_THREAD_ERROR`) when the caller does not hold it.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func objc_sync_exit(_ obj: Any) -> Int32 {
  let lock = SyncLocks.lock(for: obj, "objc_sync_exit")
  guard lock.isLocked else { return -1 }
  lock.unlock()
  return 0
}
