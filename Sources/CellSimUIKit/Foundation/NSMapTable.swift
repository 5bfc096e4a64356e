import Foundation
import SimPlatform

/// Foundation's `NSPointerFunctions`, for the memory and personality options a map table is
/// made with (swift-corelibs-foundation has neither class). Only the object options are
/// modelled: opaque, malloc and Mach memory, and the C-string, struct and integer
/// personalities, are accepted and treat their pointers as objects compared by identity.
open class NSPointerFunctions: NSObject, @unchecked Sendable {
  /// Foundation's `NSPointerFunctions.Options`, with Foundation's raw values: the memory kind
  /// in the low byte, the personality in the next, `copyIn` above them.
  public struct Options: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: UInt
    /// The options of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Strong references (the default: no bits).
    public static let strongMemory = Options([])
    /// No memory management (treated as strong).
    public static let opaqueMemory = Options(rawValue: 2)
    /// `malloc`ed memory (treated as strong).
    public static let mallocMemory = Options(rawValue: 3)
    /// Mach virtual memory (treated as strong).
    public static let machVirtualMemory = Options(rawValue: 4)
    /// Zeroing weak references: the entry goes when the object is freed.
    public static let weakMemory = Options(rawValue: 5)
    /// `isEqual(_:)` and `hash` (the default: no bits).
    public static let objectPersonality = Options([])
    /// Pointer identity (treated as object pointer identity).
    public static let opaquePersonality = Options(rawValue: 1 << 8)
    /// Pointer identity for equality and hashing.
    public static let objectPointerPersonality = Options(rawValue: 2 << 8)
    /// C strings (treated as object pointer identity).
    public static let cStringPersonality = Options(rawValue: 3 << 8)
    /// Structs (treated as object pointer identity).
    public static let structPersonality = Options(rawValue: 4 << 8)
    /// Integers (treated as object pointer identity).
    public static let integerPersonality = Options(rawValue: 5 << 8)
    /// Copies the object (`NSCopying`) as it is stored.
    public static let copyIn = Options(rawValue: 1 << 16)

    /// The memory kind: weak or not.
    var isWeak: Bool { rawValue & 0xFF == Options.weakMemory.rawValue }
    /// The personality: `isEqual(_:)` and `hash`, or identity.
    var comparesByIdentity: Bool { (rawValue >> 8) & 0xFF != 0 }
    /// Whether objects are copied in.
    var copiesIn: Bool { rawValue & Options.copyIn.rawValue != 0 }
  }

  /// The options the functions were made with.
  let options: Options

  /// `NSPointerFunctions(options:)`.
  public init(options: Options = []) { self.options = options }
}

/// Foundation's `NSMapTable`: a dictionary whose keys and values may be held weakly.
///
/// swift-corelibs-foundation has no `NSMapTable`; this one follows Foundation's documented
/// behaviour for object keys and values: a key is compared by `isEqual(_:)` and `hash` (an
/// `NSObject`; any other class by identity) unless `.objectPointerPersonality` asks for
/// identity; `.copyIn` stores a copy of an `NSCopying` object; with `.weakMemory` an entry is
/// removed once its weakly held key or value is freed (it is gone from `object(forKey:)`,
/// `count` and the enumerators from then on). Enumeration follows insertion order (Foundation's
/// order is unspecified; ours never depends on hashing). Safe to use from any thread. As with
/// `NSCache`, the contents are kept per world: a table in a `static` starts empty in each run.
open class NSMapTable<KeyType: AnyObject, ObjectType: AnyObject>: NSObject, Sequence,
  @unchecked Sendable
{
  /// One held object, strongly or weakly.
  struct Held {
    let strong: AnyObject?
    weak var weakReference: AnyObject?
    init(_ object: AnyObject, weakly: Bool) {
      strong = weakly ? nil : object
      weakReference = weakly ? object : nil
    }
    var object: AnyObject? { strong ?? weakReference }
  }

  struct Entry {
    var key: Held
    var value: Held
    /// The key's hash when stored (a weak key may be gone when the table is next searched).
    let hash: Int
    /// Insertion order: a replaced value keeps its key's place.
    let order: UInt64
  }

  /// One world's contents.
  final class Storage {
    var entries: [Entry] = []
    var next: UInt64 = 0
  }

  private let keyOptions: NSPointerFunctions.Options
  private let valueOptions: NSPointerFunctions.Options
  private let guardLock = Foundation.NSLock()
  private let storages = PerWorld<Storage>()
  private let unbound = Storage()

  private func storage() -> Storage {
    guard let world = SimulationContext.world else { return unbound }
    return storages.value(in: world) { Storage() }
  }

  /// `NSMapTable(keyOptions:valueOptions:)`.
  public init(
    keyOptions: NSPointerFunctions.Options = [], valueOptions: NSPointerFunctions.Options = []
  ) {
    self.keyOptions = keyOptions
    self.valueOptions = valueOptions
  }

  /// `NSMapTable(keyOptions:valueOptions:capacity:)`: the capacity is a hint, ignored.
  public convenience init(
    keyOptions: NSPointerFunctions.Options = [], valueOptions: NSPointerFunctions.Options = [],
    capacity initialCapacity: Int
  ) {
    self.init(keyOptions: keyOptions, valueOptions: valueOptions)
  }

  /// `NSMapTable(keyPointerFunctions:valuePointerFunctions:capacity:)`.
  public convenience init(
    keyPointerFunctions: NSPointerFunctions, valuePointerFunctions: NSPointerFunctions,
    capacity initialCapacity: Int
  ) {
    self.init(
      keyOptions: keyPointerFunctions.options, valueOptions: valuePointerFunctions.options)
  }

  /// Strong keys, strong values.
  open class func strongToStrongObjects() -> NSMapTable<KeyType, ObjectType> {
    NSMapTable(keyOptions: .strongMemory, valueOptions: .strongMemory)
  }
  /// Weak keys, strong values.
  open class func weakToStrongObjects() -> NSMapTable<KeyType, ObjectType> {
    NSMapTable(keyOptions: .weakMemory, valueOptions: .strongMemory)
  }
  /// Strong keys, weak values.
  open class func strongToWeakObjects() -> NSMapTable<KeyType, ObjectType> {
    NSMapTable(keyOptions: .strongMemory, valueOptions: .weakMemory)
  }
  /// Weak keys, weak values.
  open class func weakToWeakObjects() -> NSMapTable<KeyType, ObjectType> {
    NSMapTable(keyOptions: .weakMemory, valueOptions: .weakMemory)
  }

  /// The functions the keys are held with.
  open var keyPointerFunctions: NSPointerFunctions { NSPointerFunctions(options: keyOptions) }
  /// The functions the values are held with.
  open var valuePointerFunctions: NSPointerFunctions {
    NSPointerFunctions(options: valueOptions)
  }

  private func hash(of key: AnyObject) -> Int {
    if !keyOptions.comparesByIdentity, let object = key as? NSObject { return object.hash }
    return ObjectIdentifier(key).hashValue
  }

  private func matches(_ stored: AnyObject, _ key: AnyObject) -> Bool {
    if stored === key { return true }
    if keyOptions.comparesByIdentity { return false }
    guard let stored = stored as? NSObject, let key = key as? NSObject else { return false }
    return stored.isEqual(key)
  }

  /// Drops the entries whose weakly held key or value is gone, then returns the index of
  /// `key`'s entry, if any. Call with the lock held.
  private func purgeAndFind(_ key: AnyObject?, in storage: Storage) -> Int? {
    storage.entries.removeAll { $0.key.object == nil || $0.value.object == nil }
    guard let key else { return nil }
    let hash = hash(of: key)
    return storage.entries.firstIndex { entry in
      guard entry.hash == hash, let stored = entry.key.object else { return false }
      return matches(stored, key)
    }
  }

  private func copiedIfAsked(_ object: AnyObject, _ options: NSPointerFunctions.Options)
    -> AnyObject
  {
    guard options.copiesIn, let copying = object as? NSCopying else { return object }
    return copying.copy(with: nil) as AnyObject
  }

  /// The value for `aKey`, or nil.
  open func object(forKey aKey: KeyType?) -> ObjectType? {
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    guard let index = purgeAndFind(aKey, in: storage) else { return nil }
    return storage.entries[index].value.object as? ObjectType
  }

  /// Stores `anObject` for `aKey`, replacing any value the key had; a nil object removes the
  /// key's entry (Foundation's documentation leaves nil undefined; this is its usual effect).
  open func setObject(_ anObject: ObjectType?, forKey aKey: KeyType?) {
    guard let aKey else { return }
    guard let anObject else {
      removeObject(forKey: aKey)
      return
    }
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    let value = Held(copiedIfAsked(anObject, valueOptions), weakly: valueOptions.isWeak)
    if let index = purgeAndFind(aKey, in: storage) {
      storage.entries[index].value = value
      return
    }
    let key = copiedIfAsked(aKey, keyOptions)
    storage.next += 1
    storage.entries.append(
      Entry(
        key: Held(key, weakly: keyOptions.isWeak), value: value, hash: hash(of: key),
        order: storage.next))
  }

  /// Removes `aKey`'s entry, if any.
  open func removeObject(forKey aKey: KeyType?) {
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    if let index = purgeAndFind(aKey, in: storage) { storage.entries.remove(at: index) }
  }

  /// Removes every entry.
  open func removeAllObjects() {
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    storage.entries.removeAll()
  }

  /// The number of entries whose key and value are both still there.
  open var count: Int { live().count }

  /// The live entries' keys and values, in insertion order.
  private func live() -> [(key: AnyObject, value: AnyObject)] {
    let storage = storage()
    guardLock.lock()
    defer { guardLock.unlock() }
    _ = purgeAndFind(nil, in: storage)
    return storage.entries.compactMap { entry in
      guard let key = entry.key.object, let value = entry.value.object else { return nil }
      return (key, value)
    }
  }

  /// The keys, in insertion order.
  open func keyEnumerator() -> NSEnumerator { ListEnumerator(live().map(\.key)) }

  /// The values, in their keys' insertion order.
  open func objectEnumerator() -> NSEnumerator? { ListEnumerator(live().map(\.value)) }

  /// The entries as a dictionary (keys that are not `Hashable` are keyed by identity).
  open func dictionaryRepresentation() -> [AnyHashable: ObjectType] {
    var dictionary: [AnyHashable: ObjectType] = [:]
    for (key, value) in live() {
      guard let value = value as? ObjectType else { continue }
      dictionary[(key as? AnyHashable) ?? AnyHashable(ObjectIdentifier(key))] = value
    }
    return dictionary
  }

  /// Iterates the keys, as Foundation's `NSFastEnumeration` does in a `for`-`in` loop.
  public func makeIterator() -> NSEnumerator.Iterator { keyEnumerator().makeIterator() }
}

/// An enumerator over a fixed list, taken when it was made.
private final class ListEnumerator: NSEnumerator {
  private var objects: [AnyObject]
  private var index = 0
  init(_ objects: [AnyObject]) { self.objects = objects }
  override func nextObject() -> Any? {
    guard index < objects.count else { return nil }
    defer { index += 1 }
    return objects[index]
  }
}
