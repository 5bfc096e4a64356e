/// UIKit's `NSValue` additions for geometry: the keyboard's frame in a notification's
/// `userInfo[UIResponder.keyboardFrameEndUserInfoKey]` is read `as? NSValue` and then
/// `.cgRectValue`. Linux's Foundation has the `rect`/`point`/`size` forms; these are UIKit's names
/// for them.
extension NSValue {
  /// `NSValue(cgRect:)`.
  public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
  /// `NSValue(cgPoint:)`.
  public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
  /// `NSValue(cgSize:)`.
  public convenience init(cgSize size: CGSize) { self.init(size: size) }
  /// `cgRectValue`.
  public var cgRectValue: CGRect { rectValue }
  /// `cgPointValue`.
  public var cgPointValue: CGPoint { pointValue }
  /// `cgSizeValue`.
  public var cgSizeValue: CGSize { sizeValue }
}
