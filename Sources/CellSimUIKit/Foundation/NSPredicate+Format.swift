import Foundation

#if !canImport(ObjectiveC)
  /// swift-corelibs-foundation cannot parse predicate strings, so its
  /// `NSPredicate(format:_:)` is unavailable, while fetch options are written with it
  /// (`NSPredicate(format: "mediaType = %d", PHAssetMediaType.image.rawValue)` for PhotoKit's
  /// `PHFetchOptions`). This shadows it so that such code compiles: the predicate is kept for
  /// the API it is given to, which may read its format (`formatText`), and evaluating it stops
  /// the program with a message naming the format, rather than answering wrongly.
  extension NSPredicate {
    /// `NSPredicate(format:_:)`: a predicate that keeps its format and cannot be evaluated.
    public convenience init(format predicateFormat: String, _ args: CVarArg...) {
      let text = predicateFormat
      self.init { _, _ in
        preconditionFailure(
          "CellSimUIKit: NSPredicate(format: \"\(text)\") cannot be evaluated off Apple's "
            + "platforms (swift-corelibs-foundation parses no predicate strings); use "
            + "NSPredicate(block:)")
      }
      objc_setAssociatedObject(self, &FormatSlot.slot, predicateFormat, .OBJC_ASSOCIATION_COPY)
    }

    /// The format a predicate was made with (`init(format:_:)`), nil for any other.
    public var formatText: String? {
      objc_getAssociatedObject(self, &FormatSlot.slot) as? String
    }
  }

  /// The associated-object key of a predicate's format.
  enum FormatSlot {
    nonisolated(unsafe) static var slot: UInt8 = 0
  }
#endif
