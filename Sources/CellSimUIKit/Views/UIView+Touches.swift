/// Hit-testing and the view settings that touch handling and drawing read. No one touches the
/// screen in a run, so these answer code that asks (a cell that widens its tap area, a gesture
/// that hit-tests), as UIKit would.
extension UIView {
  /// UIKit's hit test: nil for a hidden, transparent (alpha under 0.01) or non-interactive view,
  /// or one whose `point(inside:with:)` says no; else the first subview, front to back, that
  /// returns a view, or the view itself.
  func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event)
    else { return nil }
    for subview in storedSubviews.reversed() {
      // The view form: see `UICoordinateSpace.swift` on calls with a concrete view.
      let local = subview.convert(point, from: self as UIView?)
      if let hit = subview.hitTest(local, with: event) { return hit }
    }
    return self
  }

  /// Tells the view, then the subviews that inherit its tint, that the tint changed.
  func tintColorChanged() {
    tintColorDidChange()
    for subview in storedSubviews where subview.storedTintColor == nil {
      subview.tintColorChanged()
    }
  }

  /// `contentScaleFactor`: the screen's scale (kept when set; nothing is drawn).
  public var contentScaleFactor: CGFloat {
    get { touchSettings.contentScaleFactor ?? CGFloat(SimulationContext.world?.device.scale ?? 3) }
    set { touchSettings.contentScaleFactor = newValue }
  }

  /// `mask` (kept; nothing is drawn, and a masked image view's image is judged whole).
  public var mask: UIView? {
    get { touchSettings.mask }
    set { touchSettings.mask = newValue }
  }

  /// `isExclusiveTouch` (kept).
  public var isExclusiveTouch: Bool {
    get { touchSettings.isExclusiveTouch }
    set { touchSettings.isExclusiveTouch = newValue }
  }

  /// `isMultipleTouchEnabled` (kept).
  public var isMultipleTouchEnabled: Bool {
    get { touchSettings.isMultipleTouchEnabled }
    set { touchSettings.isMultipleTouchEnabled = newValue }
  }

  /// `removeConstraints(_:)`: deactivates each.
  public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { removeConstraint(constraint) }
  }

  /// `snapshotView(afterScreenUpdates:)`: a view of the same size standing for the snapshot (it
  /// shows no image: nothing is rendered).
  public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
    UIView(frame: frame)
  }
}

/// Settings of a view that few views change, made at first use.
@MainActor final class ViewTouchSettings {
  var contentScaleFactor: CGFloat?
  var mask: UIView?
  var isExclusiveTouch = false
  var isMultipleTouchEnabled = false
  var interactions: [any UIInteraction] = []
  /// `cornerConfiguration` once set (iOS 26; `UICornerConfiguration.swift`).
  var cornerConfiguration: UICornerConfiguration?
}
