import Foundation

// `CGSize(width: 60, height: .greatestFiniteMagnitude)`: on Darwin the call finds
// `CGFloat.greatestFiniteMagnitude`; swift-corelibs-foundation declares each geometry
// initializer for `CGFloat`, `Double` and `Int` alike, so a member such as
// `.greatestFiniteMagnitude` or `.infinity`, which both `CGFloat` and `Double` have, is
// ambiguous there. These declarations have the signatures of corelibs' `Double` forms, so they
// shadow them for code that imports the layer, and they are disfavoured, so such a member
// resolves to `CGFloat` as on Darwin. A `Double` value still converts, as before.
#if !canImport(Darwin)
  extension CGPoint {
    /// `CGPoint(x:y:)` from `Double` values (disfavoured: see above).
    @_disfavoredOverload
    public init(x: Double, y: Double) { self.init(x: CGFloat(x), y: CGFloat(y)) }
  }

  extension CGSize {
    /// `CGSize(width:height:)` from `Double` values (disfavoured: see above).
    @_disfavoredOverload
    public init(width: Double, height: Double) {
      self.init(width: CGFloat(width), height: CGFloat(height))
    }
  }

  extension CGRect {
    /// `CGRect(x:y:width:height:)` from `Double` values (disfavoured: see above).
    @_disfavoredOverload
    public init(x: Double, y: Double, width: Double, height: Double) {
      self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }
  }
#endif
