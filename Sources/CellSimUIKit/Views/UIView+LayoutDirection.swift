/// UIKit's `UIUserInterfaceLayoutDirection`, with its raw values.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
  case leftToRight = 0
  case rightToLeft = 1
}

/// UIKit's `UISemanticContentAttribute`, with its raw values.
public enum UISemanticContentAttribute: Int, Sendable {
  case unspecified = 0
  case playback = 1
  case spatial = 2
  case forceLeftToRight = 3
  case forceRightToLeft = 4
}

extension UIView {
  /// `userInterfaceLayoutDirection(for:)`: the direction a view with `attribute` lays out in.
  /// The simulated device's language reads left to right (layout is not drawn; see *Auto
  /// Layout and drawing* in the guide), so only `.forceRightToLeft` gives `.rightToLeft`.
  public class func userInterfaceLayoutDirection(
    for attribute: UISemanticContentAttribute
  ) -> UIUserInterfaceLayoutDirection {
    attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
  }

  /// `effectiveUserInterfaceLayoutDirection`: the direction of the view's own
  /// `semanticContentAttribute`.
  public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    UIView.userInterfaceLayoutDirection(for: semanticContentAttribute)
  }
}

extension UIApplication {
  /// `userInterfaceLayoutDirection`: `.leftToRight`, the simulated device's language's.
  public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
}
