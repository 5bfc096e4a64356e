/// Scroll view settings that image screens set or read, and the programmatic scrolls they
/// make. A scenario's drags and flings move a bound table or collection view with the
/// scenario's physics, so settings that shape a person's gestures are kept, not applied.
extension UIScrollView {
  /// UIKit's `UIScrollView.DecelerationRate`, with its values.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// `.normal`: 0.998.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// `.fast`: 0.99.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// `decelerationRate` (kept: a fling's deceleration is the scenario's device's).
  public var decelerationRate: DecelerationRate {
    get { scrollSettings.decelerationRate }
    set { scrollSettings.decelerationRate = newValue }
  }

  /// `contentLayoutGuide`: its layout frame is the content's rectangle.
  public var contentLayoutGuide: UILayoutGuide { scrollGuide(\.contentGuide) }

  /// `frameLayoutGuide`: its layout frame is the visible rectangle.
  public var frameLayoutGuide: UILayoutGuide { scrollGuide(\.frameGuide) }

  func scrollGuide(_ path: ReferenceWritableKeyPath<UIScrollView, UILayoutGuide?>) -> UILayoutGuide
  {
    if let guide = self[keyPath: path] { return guide }
    let guide = UILayoutGuide()
    guide.owningView = self
    self[keyPath: path] = guide
    return guide
  }

  /// `scrollRectToVisible(_:animated:)`: scrolls vertically by the least amount that shows
  /// `rect` (its top when it is taller than the view), through `setContentOffset(_:animated:)`.
  public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    let offset = contentOffset
    let height = bounds.height
    var y = offset.y
    if rect.minY < offset.y || rect.height > height {
      y = rect.minY
    } else if rect.maxY > offset.y + height {
      y = rect.maxY - height
    }
    let maxY = max(0, contentSize.height - height)
    y = min(max(0, y), maxY)
    if y != offset.y { setContentOffset(CGPoint(x: offset.x, y: y), animated: animated) }
  }

  /// `isZooming`: false (no one pinches in a run).
  public var isZooming: Bool { false }

  /// `zoom(to:animated:)`: the zoom scale that fits `rect` in the view, within the minimum and
  /// maximum scales (kept; zoomed content is not laid out).
  public func zoom(to rect: CGRect, animated: Bool) {
    guard rect.width > 0, rect.height > 0 else { return }
    let scale = min(bounds.width / rect.width, bounds.height / rect.height)
    setZoomScale(min(max(scale, minimumZoomScale), maximumZoomScale), animated: animated)
  }

  /// `bouncesZoom` (kept).
  public var bouncesZoom: Bool {
    get { scrollSettings.bouncesZoom }
    set { scrollSettings.bouncesZoom = newValue }
  }

  /// `delaysContentTouches` (kept).
  public var delaysContentTouches: Bool {
    get { scrollSettings.delaysContentTouches }
    set { scrollSettings.delaysContentTouches = newValue }
  }

  /// `canCancelContentTouches` (kept).
  public var canCancelContentTouches: Bool {
    get { scrollSettings.canCancelContentTouches }
    set { scrollSettings.canCancelContentTouches = newValue }
  }

  /// `isDirectionalLockEnabled` (kept).
  public var isDirectionalLockEnabled: Bool {
    get { scrollSettings.isDirectionalLockEnabled }
    set { scrollSettings.isDirectionalLockEnabled = newValue }
  }

  /// `automaticallyAdjustsScrollIndicatorInsets` (kept).
  public var automaticallyAdjustsScrollIndicatorInsets: Bool {
    get { scrollSettings.automaticallyAdjustsScrollIndicatorInsets }
    set { scrollSettings.automaticallyAdjustsScrollIndicatorInsets = newValue }
  }
}

/// A scroll view's kept gesture settings, made at first use.
@MainActor final class ScrollSettings {
  var decelerationRate = UIScrollView.DecelerationRate.normal
  var bouncesZoom = true
  var delaysContentTouches = true
  var canCancelContentTouches = true
  var isDirectionalLockEnabled = false
  var automaticallyAdjustsScrollIndicatorInsets = true
  /// The edge effects (iOS 26; `UIScrollEdgeEffect.swift`).
  lazy var topEdgeEffect = UIScrollEdgeEffect()
  lazy var leftEdgeEffect = UIScrollEdgeEffect()
  lazy var bottomEdgeEffect = UIScrollEdgeEffect()
  lazy var rightEdgeEffect = UIScrollEdgeEffect()
}
