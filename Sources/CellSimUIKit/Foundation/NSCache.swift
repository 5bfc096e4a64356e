import Foundation
import SimPlatform

/// Foundation's `NSCacheDelegate`. Its one method is optional in Foundation; here it has a
/// default that does nothing.
public protocol NSCacheDelegate: AnyObject {
  /// The cache is about to evict `obj` (by a limit, or `removeAllObjects`).
  func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any)
}

extension NSCacheDelegate {
  /// Does nothing.
  public func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {}
}

/// Foundation's `NSCache`, with a deterministic eviction policy.
///
/// Keys compare as Foundation's do: an `NSObject` key (`NSString`, `NSURL`) by `isEqual(_:)`
/// and `hash`, any other class by identity. Keys are held strongly, not copied.
///
/// Eviction (Apple leaves the policy unspecified and its limits "not strict"; this is our
/// choice): after each `setObject`, while the count exceeds a non-zero `countLimit` or the total
/// cost exceeds a non-zero `totalCostLimit`, the oldest stored entry is evicted: a store makes
/// an entry the newest, a lookup does not. That is the order people observe on iOS, and the
/// simulator's own memory cache's (`MemoryCache`, `.insertionOrder`). The delegate hears each
/// eviction, each `removeObject(forKey:)` of a cached object ("evicted or removed", in
/// Apple's words) and each `removeAllObjects` entry. A memory warning of a world the cache
/// stored into empties it (`removeAllObjects`), standing for iOS's eviction under pressure.
/// `evictsObjectsWithDiscardedContent` is stored and ignored (`NSDiscardableContent` is not
/// modelled). Safe to use from any thread, as Foundation's. Its contents are kept per world (a
/// cache in a `static` starts empty in each run, as in each launch of the app).
open class NSCache<KeyType: AnyObject, ObjectType: AnyObject>: NSObject, @unchecked Sendable {
  struct Key: Hashable {
    let object: AnyObject
    static func == (lhs: Key, rhs: Key) -> Bool {
      if let left = lhs.object as? NSObject, let right = rhs.object as? NSObject {
        return left.isEqual(right)
      }
      return lhs.object === rhs.object
    }
    func hash(into hasher: inout Hasher) {
      if let object = object as? NSObject {
        hasher.combine(object.hash)
      } else {
        hasher.combine(ObjectIdentifier(object))
      }
    }
  }

  struct Entry {
    var value: ObjectType
    var cost: Int
    /// Larger is stored later; unique, so the eviction order never depends on the table's.
    var stamp: UInt64
  }

  /// One world's contents.
  final class Storage {
    var entries: [Key: Entry] = [:]
    var clock: UInt64 = 0
    var totalCost = 0
  }

  private let guardLock = Foundation.NSLock()
  /// The contents in each world the cache is used in: every run is a fresh launch of the app,
  /// so a cache kept in a `static` (a loader singleton's) starts empty in each world, and
  /// worlds run in parallel never see each other's images.
  private let storages = PerWorld<Storage>()
  /// The contents used outside any world (a unit test of the cache itself).
  private let unbound = Storage()

  /// The calling code's world's contents.
  private func storage() -> Storage {
    guard let world = SimulationContext.world else { return unbound }
    return storages.value(in: world) { Storage() }
  }

  /// The cache's name.
  open var name: String = ""
  /// Hears evictions (held weakly, as Foundation's `assign` delegate is not retained).
  open weak var delegate: (any NSCacheDelegate)?
  /// The most objects kept; 0 means no limit.
  open var countLimit: Int = 0 {
    didSet { evictOverLimits() }
  }
  /// The most total cost kept; 0 means no limit.
  open var totalCostLimit: Int = 0 {
    didSet { evictOverLimits() }
  }
  /// Stored and ignored.
  open var evictsObjectsWithDiscardedContent: Bool = true

  /// An empty cache.
  public override init() {}

  /// The object for `key`, if cached (a lookup does not change the eviction order).
  open func object(forKey key: KeyType) -> ObjectType? {
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    return storage.entries[Key(object: key)]?.value
  }

  /// Stores `obj` for `key` at cost 0.
  open func setObject(_ obj: ObjectType, forKey key: KeyType) {
    setObject(obj, forKey: key, cost: 0)
  }

  /// Stores `obj` for `key` at cost `g`, then evicts over the limits.
  open func setObject(_ obj: ObjectType, forKey key: KeyType, cost g: Int) {
    precondition(g >= 0, "NSCache.setObject(_:forKey:cost:): a negative cost (\(g))")
    let storage = storage()
    guardLock.lock()
    let key = Key(object: key)
    storage.clock += 1
    storage.totalCost += g - (storage.entries[key]?.cost ?? 0)
    storage.entries[key] = Entry(value: obj, cost: g, stamp: storage.clock)
    guardLock.unlock()
    watchMemoryWarnings()
    evictOverLimits()
  }

  /// The worlds whose memory warnings empty the cache.
  private let watched = PerWorld<Bool>()

  /// Empties the cache at each memory warning of the calling world (from its first store
  /// there), as iOS evicts caches under memory pressure.
  private func watchMemoryWarnings() {
    guard let world = SimulationContext.world else { return }
    _ = watched.value(in: world) {
      let storage = storage()
      world.reports.subscribe(to: [.memoryWarning]) { [weak self, weak storage] _ in
        guard let self, let storage else { return }
        removeAllObjects(from: storage)
      }
      return true
    }
  }

  /// Removes the object for `key`, if any; the delegate hears it.
  open func removeObject(forKey key: KeyType) {
    let storage = storage()
    guardLock.lock()
    let removed = storage.entries.removeValue(forKey: Key(object: key))
    if let removed { storage.totalCost -= removed.cost }
    guardLock.unlock()
    if let removed { tellDelegate(removed.value) }
  }

  /// Removes every object; the delegate hears each, oldest stored first.
  open func removeAllObjects() { removeAllObjects(from: storage()) }

  /// Removes every object of one world's contents.
  private func removeAllObjects(from storage: Storage) {
    guardLock.lock()
    let removed = storage.entries.values.sorted { $0.stamp < $1.stamp }
    storage.entries.removeAll()
    storage.totalCost = 0
    guardLock.unlock()
    for entry in removed { tellDelegate(entry.value) }
  }

  /// The number of cached objects (not in Foundation's API: for tests and reports).
  package var count: Int {
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    return storage.entries.count
  }

  private func evictOverLimits() {
    let storage = storage()
    var evicted: [ObjectType] = []
    guardLock.lock()
    while (countLimit > 0 && storage.entries.count > countLimit)
      || (totalCostLimit > 0 && storage.totalCost > totalCostLimit && !storage.entries.isEmpty)
    {
      guard let oldest = storage.entries.min(by: { $0.value.stamp < $1.value.stamp }) else {
        break
      }
      storage.entries.removeValue(forKey: oldest.key)
      storage.totalCost -= oldest.value.cost
      evicted.append(oldest.value.value)
    }
    guardLock.unlock()
    for object in evicted { tellDelegate(object) }
  }

  private func tellDelegate(_ object: ObjectType) {
    guard let delegate else { return }
    // Foundation's delegate takes the cache type-erased (swift-corelibs-foundation casts the
    // same way): its key and object types are classes, so the reference is the same pointer.
    let erased = Unmanaged<NSCache<AnyObject, AnyObject>>.fromOpaque(
      Unmanaged.passUnretained(self).toOpaque()
    ).takeUnretainedValue()
    delegate.cache(erased, willEvictObject: object)
  }
}
