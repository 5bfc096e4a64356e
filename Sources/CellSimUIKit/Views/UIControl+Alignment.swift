extension UIControl {
  /// UIKit's `UIControl.ContentVerticalAlignment`, with its raw values.
  public enum ContentVerticalAlignment: Int, Sendable {
    case center = 0
    case top = 1
    case bottom = 2
    case fill = 3
  }

  /// UIKit's `UIControl.ContentHorizontalAlignment`, with its raw values.
  public enum ContentHorizontalAlignment: Int, Sendable {
    case center = 0
    case left = 1
    case right = 2
    case fill = 3
    case leading = 4
    case trailing = 5
  }

  /// `effectiveContentHorizontalAlignment`: `.leading` as `.left` and `.trailing` as `.right`
  /// (the simulated device reads left to right).
  public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
    switch contentHorizontalAlignment {
    case .leading: .left
    case .trailing: .right
    case let other: other
    }
  }
}
