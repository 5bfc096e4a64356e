import Foundation

#if !canImport(ObjectiveC)
  /// swift-corelibs-foundation has no key-value coding, so its `NSSortDescriptor(key:ascending:)`
  /// and `key` are unavailable, while fetch options are written with them
  /// (`NSSortDescriptor(key: "creationDate", ascending: false)` for PhotoKit's `PHFetchOptions`).
  /// These shadow them: the descriptor keeps its key and its direction for the API it is given
  /// to, which reads `key` and `ascending`; it compares nothing by the key itself (its key path
  /// is a stub, under which every object is equal), since no object here has key-value coding.
  extension NSSortDescriptor {
    /// `NSSortDescriptor(key:ascending:)`: a descriptor that keeps `key` and `ascending`.
    public convenience init(key: String?, ascending: Bool) {
      self.init(keyPath: \KeyedSortStub.rank, ascending: ascending)
      objc_setAssociatedObject(self, &KeyedSortStub.slot, key, .OBJC_ASSOCIATION_COPY)
    }

    /// The key a descriptor was made with (`init(key:ascending:)`); nil for one made with a
    /// key path.
    public var key: String? {
      objc_getAssociatedObject(self, &KeyedSortStub.slot) as? String
    }
  }

  /// The stub a keyed descriptor sorts by, and the slot its key is kept under.
  struct KeyedSortStub {
    /// The same for every object.
    var rank = 0
    /// The associated-object key of a descriptor's key.
    nonisolated(unsafe) static var slot: UInt8 = 0
  }
#endif
