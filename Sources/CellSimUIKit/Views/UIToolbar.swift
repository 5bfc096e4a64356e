/// UIKit's `UIToolbar`: its items and style, kept (a picker field's Done bar, a detail
/// screen's actions). Nothing is tapped, so its items' actions run only when the app sends them.
@preconcurrency @MainActor open class UIToolbar: UIView {
  /// `items`.
  open var items: [UIBarButtonItem]?
  /// `barStyle` (kept).
  open var barStyle: UIBarStyle = .default
  /// `isTranslucent` (kept).
  open var isTranslucent = true
  /// `barTintColor` (kept).
  open var barTintColor: UIColor?
  /// `standardAppearance` (iOS 13): kept.
  open var standardAppearance = UIToolbarAppearance()
  /// `compactAppearance` (iOS 13): kept (nil: the standard one).
  open var compactAppearance: UIToolbarAppearance?
  /// `scrollEdgeAppearance` (iOS 15): kept.
  open var scrollEdgeAppearance: UIToolbarAppearance?
  /// `compactScrollEdgeAppearance` (iOS 15): kept.
  open var compactScrollEdgeAppearance: UIToolbarAppearance?
  /// The legacy per-position background and shadow images (`setBackgroundImage(_:forToolbarPosition:barMetrics:)`).
  var legacyBackgroundImages: [LegacyBarKey: UIImage] = [:]
  var legacyShadowImages: [Int: UIImage] = [:]

  /// A toolbar with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A toolbar.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `setItems(_:animated:)`: sets `items` (no animation).
  open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

  /// UIKit's height of a toolbar, 44 points, at the width given.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: size.width, height: 44)
  }
}
