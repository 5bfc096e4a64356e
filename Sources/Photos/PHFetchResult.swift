public import CellSimUIKit

/// `PHFetchResult`: an ordered list of library objects, as a fetch returned them.
open class PHFetchResult<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
  /// The objects, in order.
  let objects: [ObjectType]

  /// A result of `objects`.
  init(_ objects: [ObjectType]) { self.objects = objects }

  /// `PHFetchResult()`: an empty result.
  public override convenience init() { self.init([]) }

  /// The number of objects.
  open var count: Int { objects.count }
  /// The first object, if any.
  open var firstObject: ObjectType? { objects.first }
  /// The last object, if any.
  open var lastObject: ObjectType? { objects.last }

  /// `object(at:)`: the object at `index` (out of range stops the program, as Photos raises).
  open func object(at index: Int) -> ObjectType {
    precondition(
      objects.indices.contains(index),
      "Photos: PHFetchResult.object(at: \(index)) out of range 0..<\(objects.count)")
    return objects[index]
  }

  /// `fetchResult[index]`: `object(at:)`.
  open subscript(index: Int) -> ObjectType { object(at: index) }

  /// `objects(at:)`: the objects at `indexes`, in ascending order.
  open func objects(at indexes: IndexSet) -> [ObjectType] { indexes.map { object(at: $0) } }

  /// `contains(_:)`: whether an equal object is in the result.
  open func contains(_ anObject: ObjectType) -> Bool { index(of: anObject) != NSNotFound }

  /// `index(of:)`: the first equal object's index, else `NSNotFound`.
  open func index(of anObject: ObjectType) -> Int {
    objects.firstIndex { Self.same($0, anObject) } ?? NSNotFound
  }

  /// `index(of:in:)`: the first equal object's index within `range`, else `NSNotFound`.
  open func index(of anObject: ObjectType, in range: NSRange) -> Int {
    let lower = max(0, range.location)
    let upper = min(objects.count, range.location + range.length)
    guard lower < upper else { return NSNotFound }
    return (lower..<upper).first { Self.same(objects[$0], anObject) } ?? NSNotFound
  }

  /// `enumerateObjects(_:)`: calls `block` with each object and its index, in order, until it
  /// sets its third argument to true.
  open func enumerateObjects(_ block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void) {
    enumerate(Array(objects.indices), block)
  }

  /// `enumerateObjects(options:using:)`: in order, or backwards with `.reverse`
  /// (`.concurrent` is enumerated in order on the calling thread).
  open func enumerateObjects(
    options opts: NSEnumerationOptions = [],
    using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    let order = Array(objects.indices)
    enumerate(opts.contains(.reverse) ? order.reversed() : order, block)
  }

  /// `enumerateObjects(at:options:using:)`: the objects at `s`, as `enumerateObjects(options:using:)`.
  open func enumerateObjects(
    at s: IndexSet, options opts: NSEnumerationOptions = [],
    using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    let order = Array(s)
    enumerate(opts.contains(.reverse) ? order.reversed() : order, block)
  }

  /// `countOfAssets(with:)`: how many objects are assets of `mediaType`.
  open func countOfAssets(with mediaType: PHAssetMediaType) -> Int {
    objects.reduce(0) { $0 + (($1 as? PHAsset)?.mediaType == mediaType ? 1 : 0) }
  }

  private func enumerate(
    _ indexes: [Int], _ block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    var stop = ObjCBool(false)
    for index in indexes {
      block(object(at: index), index, &stop)
      if stop.boolValue { return }
    }
  }

  private static func same(_ lhs: ObjectType, _ rhs: ObjectType) -> Bool {
    if lhs === rhs { return true }
    if let lhs = lhs as? NSObject { return lhs.isEqual(rhs) }
    return false
  }
}

/// `PHFetchOptions`: kept as set. A fetch honours the first sort descriptor on `creationDate` or
/// `modificationDate` and `fetchLimit`; the predicate and the other options are kept only (a
/// run's assets are all visible images of the user's library).
open class PHFetchOptions: NSObject, @unchecked Sendable {
  /// Kept, not applied.
  open var predicate: NSPredicate?
  /// The first one on a date orders the fetch.
  open var sortDescriptors: [NSSortDescriptor]?
  /// Kept.
  open var includeHiddenAssets = false
  /// Kept.
  open var includeAllBurstAssets = false
  /// Kept.
  open var includeAssetSourceTypes: PHAssetSourceType = []
  /// At most this many objects; 0 for no limit.
  open var fetchLimit = 0
  /// Kept (a run's library never changes, so there are no change details).
  open var wantsIncrementalChangeDetails = true

  /// Options that change nothing.
  public override init() {}
}
