import SimPlatform

/// Keyframe animations, view-to-view transitions and turning animations off, in virtual time as
/// `UIView.animate` runs: the changes apply at once (nothing is drawn in between) and the
/// completion runs when the animation would end.
extension UIView {
  /// UIKit's `UIView.KeyframeAnimationOptions`, with its raw values.
  public struct KeyframeAnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
    public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
  }

  /// `animateKeyframes(withDuration:delay:options:animations:completion:)`: `animations` runs now
  /// (its `addKeyframe` blocks with it), the completion after `delay + duration`.
  public class func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let world = SimulationContext.world(for: "UIView.animateKeyframes(withDuration:…)")
    animations()
    complete(completion, after: max(0, delay) + max(0, duration), in: world)
  }

  /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: the keyframe's changes
  /// apply at once, inside the enclosing `animateKeyframes`.
  public class func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping () -> Void
  ) {
    animations()
  }

  /// `transition(from:to:duration:options:completion:)`: `toView` takes `fromView`'s place in
  /// its superview (with `.showHideTransitionViews`, `fromView` is hidden and `toView` shown
  /// instead), now; the completion after `duration`.
  public class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval,
    options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil
  ) {
    let world = SimulationContext.world(for: "UIView.transition(from:to:duration:…)")
    if options.contains(.showHideTransitionViews) {
      fromView.isHidden = true
      toView.isHidden = false
    } else if let superview = fromView.superview {
      var index = superview.subviews.count
      for (position, view) in superview.subviews.enumerated() where view === fromView {
        index = position
      }
      superview.insertSubview(toView, at: index)
      fromView.removeFromSuperview()
    }
    complete(completion, after: duration, in: world)
  }

  /// `animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`
  /// (iOS 17): as `animate(withDuration:delay:options:animations:completion:)`.
  public class func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
    initialSpringVelocity: CGFloat = 0, delay: TimeInterval = 0, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }

  /// `areAnimationsEnabled`: false after `setAnimationsEnabled(false)` in the world.
  public class var areAnimationsEnabled: Bool {
    guard let world = SimulationContext.world else { return true }
    return !ViewLayerState.of(world).animationsDisabled
  }

  /// `setAnimationsEnabled(_:)`: while off, animations' completions run on the next main-thread
  /// turn instead of after their duration, and image transitions show at once.
  public class func setAnimationsEnabled(_ enabled: Bool) {
    guard let world = SimulationContext.world else { return }
    ViewLayerState.of(world).animationsDisabled = !enabled
  }
}
