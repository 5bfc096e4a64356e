import SimKernel
import SimPlatform
import SimThreads

/// The view layer's state in one world, attached to it.
final class ViewLayerState {
  /// The transition an image change inside `UIView.transition(with:…)`'s animations gets.
  var transition: ImageTransition = .none
  /// UIKit's graphics context stacks, one per simulated thread (UIKit keeps one per thread, so
  /// a worker that blocks between `UIGraphicsBeginImageContextWithOptions` and its end never
  /// sees another thread's context), each innermost last. Only looked up, never iterated.
  var contextStacks: [ObjectIdentifier: [CGContext]] = [:]
  /// `UIApplication.shared.isNetworkActivityIndicatorVisible`.
  var networkActivityIndicator = false
  /// What the app presented (`UIViewController.present`), in order: the presented controller's
  /// type name, for tests and traces.
  var presentations: [String] = []
  /// What the app asked `UIApplication.open(_:options:completionHandler:)` to open, in order.
  var openedURLs: [URL] = []
  /// The window last made key (`makeKeyAndVisible()`, `makeKey()`): the hosted screen's.
  weak var keyWindow: UIWindow?
  /// `UIApplication.shared.delegate` (held weakly: whoever sets it keeps it).
  weak var applicationDelegate: (any UIApplicationDelegate)?
  /// The background tasks begun and not yet ended (`UIApplication.beginBackgroundTask`), and
  /// the next identifier to give.
  var backgroundTasks: Set<Int> = []
  var nextBackgroundTask = 1
  /// Set by `UIView.setAnimationsEnabled(false)`.
  var animationsDisabled = false
  /// `UITraitCollection.current` as code set it (nil: the screen's traits).
  var currentTraits: UITraitCollection?
  /// `UIApplication.shared.isStatusBarHidden` as code set it (deprecated setter; kept).
  var statusBarHidden = false
  /// The open `UIView.beginAnimations(_:context:)` blocks (their depth; commit closes one).
  var legacyAnimationDepth = 0

  /// The state of `world`, attached at its first use.
  static func of(_ world: World) -> ViewLayerState { world.layerAttachment { ViewLayerState() } }
}

/// A value moved across an isolation boundary that the simulation keeps on one thread at a time
/// (a main-actor completion run later on the simulated main thread).
package struct Unchecked<Value>: @unchecked Sendable {
  /// The value.
  package let value: Value
  /// A box holding `value`.
  package init(value: Value) { self.value = value }
  /// A box holding `value`.
  package init(_ value: Value) { self.value = value }
}

extension UIView {
  /// `UIView.AnimationOptions` (UIKit's raw values).
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    /// The transition bits (`transition…` options are a 4-bit field, not flags).
    var transitionKind: UInt { (rawValue >> 20) & 0xF }
  }

  /// `UIView.transition(with:duration:options:animations:completion:)`.
  ///
  /// Runs `animations` now. With `.transitionCrossDissolve`, an image change it makes inside a
  /// table cell is a cross-dissolve of `duration` on the cell's SimTable image view (both images
  /// on screen until it ends, as `ImageView.setImage(_:transition:)` models); other transitions
  /// change the image at once. `completion(true)` runs on the main thread when the transition
  /// ends, in virtual time (on a later turn for a zero duration).
  public class func transition(
    with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let world = SimulationContext.world(for: "UIView.transition(with:duration:options:…)")
    let state = ViewLayerState.of(world)
    let previous = state.transition
    if options.transitionKind == AnimationOptions.transitionCrossDissolve.transitionKind,
      !state.animationsDisabled
    {
      state.transition = .fade(simDuration(duration))
    }
    animations?()
    state.transition = previous
    complete(completion, after: duration, in: world)
  }

  /// `UIView.animate(withDuration:delay:options:animations:completion:)`: the animated
  /// properties take their final values at once (nothing in between is modelled: a view fading
  /// in shows from the start); `completion(true)` runs on the main thread after `delay` plus
  /// `duration`, in virtual time.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let world = SimulationContext.world(for: "UIView.animate(withDuration:…)")
    animations()
    complete(completion, after: max(0, delay) + max(0, duration), in: world)
  }

  /// `UIView.animate(withDuration:animations:completion:)`.
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations,
      completion: completion)
  }

  /// `UIView.animate(withDuration:animations:)`.
  public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// The spring form of `animate`: as `animate(withDuration:delay:options:…)` (the spring's
  /// curve is not modelled).
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }

  /// `UIView.performWithoutAnimation(_:)`: runs `actionsWithoutAnimation` with no transition.
  public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    guard let world = SimulationContext.world else { return actionsWithoutAnimation() }
    let state = ViewLayerState.of(world)
    let previous = state.transition
    state.transition = .none
    actionsWithoutAnimation()
    state.transition = previous
  }

  /// Runs `completion(true)` on the world's main thread `seconds` from now.
  static func complete(
    _ completion: ((Bool) -> Void)?, after seconds: TimeInterval, in world: World
  ) {
    guard let completion else { return }
    let box = Unchecked(value: completion)
    world.main.asyncAfter(animationWait(seconds, in: world), label: "UIView.animation.completion") {
      box.value(true)
    }
  }

  /// How long an animation of `seconds` takes in `world`: none after
  /// `setAnimationsEnabled(false)`.
  static func animationWait(_ seconds: TimeInterval, in world: World) -> SimDuration {
    ViewLayerState.of(world).animationsDisabled ? .zero : simDuration(seconds)
  }

  /// `seconds` as a virtual duration (negative and non-finite values are zero).
  static func simDuration(_ seconds: TimeInterval) -> SimDuration {
    guard seconds.isFinite, seconds > 0 else { return .zero }
    return SimDuration(nanoseconds: Int64((seconds * 1e9).rounded()))
  }
}
