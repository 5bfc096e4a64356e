/// UIKit's `UIBarPositioning`: a bar that says where it sits.
@preconcurrency @MainActor public protocol UIBarPositioning: AnyObject {
  /// Where the bar sits.
  var barPosition: UIBarPosition { get }
}

/// UIKit's `UIBarPositioningDelegate`: the delegate that places a bar.
@preconcurrency @MainActor public protocol UIBarPositioningDelegate: AnyObject {
  /// The position of `bar` in its window (an optional method in UIKit: `.any` unless the
  /// delegate of a specific bar says otherwise).
  func position(for bar: any UIBarPositioning) -> UIBarPosition
}

extension UIBarPositioningDelegate {
  /// `.any`, UIKit's answer when the delegate does not implement it.
  public func position(for bar: any UIBarPositioning) -> UIBarPosition { .any }
}

/// UIKit's `UINavigationBarDelegate`. A view controller often declares it and implements
/// nothing; the layer's navigation bar pushes and pops no items of its own, so only
/// `position(for:)` is ever asked (by `barPosition`).
@preconcurrency @MainActor public protocol UINavigationBarDelegate: UIBarPositioningDelegate {
  /// Whether `item` may be pushed (true unless implemented; never asked).
  func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
  /// `item` was pushed (never called).
  func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
  /// Whether `item` may be popped (true unless implemented; never asked).
  func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
  /// `item` was popped (never called).
  func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
  /// `.top`: a navigation bar's delegate answers `.top` by default (Apple's documentation).
  public func position(for bar: any UIBarPositioning) -> UIBarPosition { .top }
  /// True.
  public func navigationBar(
    _ navigationBar: UINavigationBar, shouldPush item: UINavigationItem
  ) -> Bool { true }
  /// Nothing.
  public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
  /// True.
  public func navigationBar(
    _ navigationBar: UINavigationBar, shouldPop item: UINavigationItem
  ) -> Bool { true }
  /// Nothing.
  public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

extension UINavigationBar: UIBarPositioning {
  /// Where the bar sits: its delegate's `position(for:)`, else `.top` (a navigation
  /// controller's bar, whose controller answers for it).
  public var barPosition: UIBarPosition { delegate?.position(for: self) ?? .top }
}
