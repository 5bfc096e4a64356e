import Foundation

extension CGRect {
  /// UIKit's `inset(by:)`: the rectangle with `insets` taken off its edges (negative insets
  /// grow it), as `UIEdgeInsetsInsetRect` computes it.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}
