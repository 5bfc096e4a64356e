import SimPlatform

// Deprecated UIKit API that older public code (photo browsers above all) still calls: the
// application's status-bar getters, the begin/commit animation block, and the legacy toolbar
// background and shadow setters. Kept and read back; nothing is drawn.

extension UIApplication {
  /// `isStatusBarHidden` (deprecated in iOS 13; its setter in iOS 9): what code set, else false.
  /// The layer draws no status bar either way (`statusBarFrame` is zero).
  public var isStatusBarHidden: Bool {
    get { SimulationContext.world.map { ViewLayerState.of($0).statusBarHidden } ?? false }
    set {
      guard let world = SimulationContext.world else { return }
      ViewLayerState.of(world).statusBarHidden = newValue
    }
  }

  /// `statusBarFrame` (deprecated in iOS 13): `.zero`. The layer models no status bar (every
  /// view's `safeAreaInsets` is zero), and UIKit gives `.zero` for a hidden one.
  public var statusBarFrame: CGRect { .zero }

  /// `statusBarOrientation` (deprecated in iOS 13): the main screen's orientation, portrait when
  /// it is at least as tall as it is wide (as `UIWindowScene.interfaceOrientation`).
  public var statusBarOrientation: UIInterfaceOrientation {
    let bounds = UIScreen.main.bounds
    return bounds.height >= bounds.width ? .portrait : .landscapeLeft
  }
}

extension UIView {
  /// `beginAnimations(_:context:)` (deprecated in iOS 13): opens a begin/commit block. The
  /// property changes made inside take effect at once, as with animations disabled (the layer
  /// draws no intermediate frames for the block form).
  public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
    guard let world = SimulationContext.world else { return }
    ViewLayerState.of(world).legacyAnimationDepth += 1
  }

  /// `commitAnimations()` (deprecated in iOS 13): closes the innermost begin/commit block.
  public class func commitAnimations() {
    guard let world = SimulationContext.world else { return }
    let state = ViewLayerState.of(world)
    state.legacyAnimationDepth = max(0, state.legacyAnimationDepth - 1)
  }

  /// `setAnimationDuration(_:)` (deprecated in iOS 13): accepted; the block's changes are
  /// immediate.
  public class func setAnimationDuration(_ duration: TimeInterval) {}
  /// `setAnimationDelay(_:)` (deprecated in iOS 13): accepted.
  public class func setAnimationDelay(_ delay: TimeInterval) {}
  /// `setAnimationCurve(_:)` (deprecated in iOS 13): accepted.
  public class func setAnimationCurve(_ curve: UIView.AnimationCurve) {}
  /// `setAnimationRepeatCount(_:)` (deprecated in iOS 13): accepted.
  public class func setAnimationRepeatCount(_ repeatCount: Float) {}
  /// `setAnimationRepeatAutoreverses(_:)` (deprecated in iOS 13): accepted.
  public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {}
  /// `setAnimationBeginsFromCurrentState(_:)` (deprecated in iOS 13): accepted.
  public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {}
}

/// UIKit's `UIToolbarAppearance` (iOS 13): a toolbar's background and shadow, kept.
@preconcurrency @MainActor open class UIToolbarAppearance: UIBarAppearance {}

extension UIToolbar {
  /// `setBackgroundImage(_:forToolbarPosition:barMetrics:)`: kept per position and metrics.
  public func setBackgroundImage(
    _ backgroundImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition,
    barMetrics: UIBarMetrics
  ) {
    legacyBackgroundImages[
      LegacyBarKey(position: topOrBottom.rawValue, metrics: barMetrics.rawValue)] =
      backgroundImage
  }

  /// `backgroundImage(forToolbarPosition:barMetrics:)`: what was set, else nil.
  public func backgroundImage(
    forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics
  ) -> UIImage? {
    legacyBackgroundImages[
      LegacyBarKey(position: topOrBottom.rawValue, metrics: barMetrics.rawValue)]
  }

  /// `setShadowImage(_:forToolbarPosition:)`: kept per position.
  public func setShadowImage(_ shadowImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition)
  {
    legacyShadowImages[topOrBottom.rawValue] = shadowImage
  }

  /// `shadowImage(forToolbarPosition:)`: what was set, else nil.
  public func shadowImage(forToolbarPosition topOrBottom: UIBarPosition) -> UIImage? {
    legacyShadowImages[topOrBottom.rawValue]
  }
}

struct LegacyBarKey: Hashable {
  let position: Int
  let metrics: Int
}
