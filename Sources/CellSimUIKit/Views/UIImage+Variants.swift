/// The variants of an image that change only how UIKit lays it out or draws it. The layer draws
/// nothing and the device reads left to right, so each is the same image: what a cell shows,
/// and what the oracle judges, is the image's content, which these never change.
extension UIImage {
  /// `withAlignmentRectInsets(_:)`: the same image (alignment insets are not laid out).
  public func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage { self }
  /// `alignmentRectInsets`: none.
  public var alignmentRectInsets: UIEdgeInsets { .zero }
  /// `imageFlippedForRightToLeftLayoutDirection()`: the same image (nothing is laid out right
  /// to left).
  public func imageFlippedForRightToLeftLayoutDirection() -> UIImage { self }
  /// `flipsForRightToLeftLayoutDirection`: false.
  public var flipsForRightToLeftLayoutDirection: Bool { false }
  /// `withHorizontallyFlippedOrientation()`: the same image (a mirrored orientation changes
  /// how it is drawn, not what it shows).
  public func withHorizontallyFlippedOrientation() -> UIImage { self }
  /// The deprecated `stretchableImage(withLeftCapWidth:topCapHeight:)`: the same image
  /// (stretching is not drawn), as `resizableImage(withCapInsets:)` gives.
  public func stretchableImage(withLeftCapWidth leftCapWidth: Int, topCapHeight: Int) -> UIImage {
    self
  }
}
