/// UIKit's `UITransitionContextViewControllerKey`: which controller of a transition.
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
  /// The key's string.
  public let rawValue: String
  /// A key with `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The controller visible at the start (and at the end of a cancelled transition).
  public static let from = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextFromViewControllerKey")
  /// The controller visible at the end of a completed transition.
  public static let to = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextToViewControllerKey")
}

/// UIKit's `UITransitionContextViewKey`: which view of a transition.
public struct UITransitionContextViewKey: Hashable, RawRepresentable, Sendable {
  /// The key's string.
  public let rawValue: String
  /// A key with `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The view leaving.
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
  /// The view arriving.
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// UIKit's `UIViewControllerContextTransitioning`: what an animator is told about a transition.
/// The layer makes the context; apps only read it and call `completeTransition(_:)`.
@preconcurrency @MainActor public protocol UIViewControllerContextTransitioning: AnyObject {
  /// The view the transition happens in.
  var containerView: UIView { get }
  /// Whether the transition is animated.
  var isAnimated: Bool { get }
  /// Whether an interaction controller drives it.
  var isInteractive: Bool { get }
  /// Whether it was cancelled.
  var transitionWasCancelled: Bool { get }
  /// The presentation style of a presentation or dismissal (`.none` for a navigation
  /// transition, which is neither, as Apple documents).
  var presentationStyle: UIModalPresentationStyle { get }
  /// Reports how far an interactive transition has come.
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  /// The interactive part finished; the transition completes.
  func finishInteractiveTransition()
  /// The interactive part was cancelled; the transition goes back.
  func cancelInteractiveTransition()
  /// The interactive part paused.
  func pauseInteractiveTransition()
  /// Ends the transition; the animator must call it once, when its animations end.
  func completeTransition(_ didComplete: Bool)
  /// The controller for `key`.
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  /// The view for `key`, or nil when the animator must not move it.
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  /// The rotation under way: the identity (the screen never rotates).
  var targetTransform: CGAffineTransform { get }
  /// `vc`'s view's frame at the start, or `.zero` if it is not on screen then.
  func initialFrame(for vc: UIViewController) -> CGRect
  /// `vc`'s view's frame at the end, or `.zero` if it is not on screen then.
  func finalFrame(for vc: UIViewController) -> CGRect
}

/// UIKit's `UIViewControllerAnimatedTransitioning`: an app's custom transition animation.
@preconcurrency @MainActor public protocol UIViewControllerAnimatedTransitioning: AnyObject {
  /// The animation's duration.
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  /// Animates the transition, then calls `completeTransition(_:)` on the context.
  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
  /// An interruptible animator for the transition (optional; never asked).
  func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning)
    -> any UIViewImplicitlyAnimating
  /// Told once the transition ended (optional).
  func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
  /// Stops: UIKit asks this only of animators that implement it, and the layer never does.
  public func interruptibleAnimator(
    using transitionContext: any UIViewControllerContextTransitioning
  ) -> any UIViewImplicitlyAnimating {
    preconditionFailure("UIViewControllerAnimatedTransitioning: no interruptible animator")
  }
  /// Does nothing.
  public func animationEnded(_ transitionCompleted: Bool) {}
}

/// UIKit's `UIViewControllerInteractiveTransitioning`: what drives a transition by gesture.
@preconcurrency @MainActor public protocol UIViewControllerInteractiveTransitioning: AnyObject {
  /// Starts the transition; the interaction controller drives it from here.
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
  /// The speed of the non-interactive end (optional; 1 by default).
  var completionSpeed: CGFloat { get }
  /// The curve of the non-interactive end (optional; `.easeInOut` by default).
  var completionCurve: UIView.AnimationCurve { get }
  /// Whether the transition starts interactive (optional; true by default).
  var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
  /// 1.
  public var completionSpeed: CGFloat { 1 }
  /// `.easeInOut`.
  public var completionCurve: UIView.AnimationCurve { .easeInOut }
  /// True.
  public var wantsInteractiveStart: Bool { true }
}

/// UIKit's `UIPercentDrivenInteractiveTransition`: runs the animator, and lets a gesture
/// handler report progress and finish or cancel.
///
/// In the layer the animator's animations run to their end in virtual time whatever the
/// progress reported (no one drags): `update(_:)` is kept in `percentComplete`, and `cancel()`
/// before the animator completes makes the context's `transitionWasCancelled` true, so an
/// animator that calls `completeTransition(!transitionContext.transitionWasCancelled)`, as
/// Apple's samples do, ends it cancelled.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning
{
  /// The animator's duration, once the transition started.
  open private(set) var duration: CGFloat = 0
  /// The progress last reported.
  open private(set) var percentComplete: CGFloat = 0
  /// `completionSpeed` (kept; 1 by default).
  open var completionSpeed: CGFloat = 1
  /// `completionCurve` (kept).
  open var completionCurve: UIView.AnimationCurve = .easeInOut
  /// `timingCurve` (kept).
  open var timingCurve: (any UITimingCurveProvider)?
  /// `wantsInteractiveStart` (kept; true by default).
  open var wantsInteractiveStart = true
  weak var context: (any UIViewControllerContextTransitioning)?
  /// The animator the navigation controller or presentation paired with this controller.
  var animator: (any UIViewControllerAnimatedTransitioning)?

  /// A percent-driven interaction controller.
  public override init() { super.init() }

  /// Runs the transition's animator.
  open func startInteractiveTransition(
    _ transitionContext: any UIViewControllerContextTransitioning
  ) {
    context = transitionContext
    duration = CGFloat(animator?.transitionDuration(using: transitionContext) ?? 0)
    animator?.animateTransition(using: transitionContext)
  }
  /// Keeps `percentComplete`.
  open func update(_ percentComplete: CGFloat) {
    self.percentComplete = min(1, max(0, percentComplete))
    context?.updateInteractiveTransition(self.percentComplete)
  }
  /// Pauses (kept).
  open func pause() { context?.pauseInteractiveTransition() }
  /// Cancels: the transition ends cancelled.
  open func cancel() { context?.cancelInteractiveTransition() }
  /// Finishes: the transition ends completed.
  open func finish() { context?.finishInteractiveTransition() }
}

/// UIKit's `UIViewControllerTransitioningDelegate`: the animators and presentation controller of
/// a controller's presentation (every method optional).
@preconcurrency @MainActor public protocol UIViewControllerTransitioningDelegate: AnyObject {
  /// The animator of the presentation, or nil for UIKit's.
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  /// The animator of the dismissal, or nil for UIKit's.
  func animationController(forDismissed dismissed: UIViewController)
    -> (any UIViewControllerAnimatedTransitioning)?
  /// The interaction controller of the presentation, or nil.
  func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// The interaction controller of the dismissal, or nil.
  func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// The presentation controller of a `.custom` presentation, or nil for UIKit's.
  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?,
    source: UIViewController
  ) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
  /// Nil.
  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  /// Nil.
  public func animationController(forDismissed dismissed: UIViewController)
    -> (any UIViewControllerAnimatedTransitioning)?
  { nil }
  /// Nil.
  public func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  /// Nil.
  public func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  /// Nil.
  public func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?,
    source: UIViewController
  ) -> UIPresentationController? { nil }
}

extension UIViewController {
  /// `transitioningDelegate` (weak): asked for the animators of this controller's presentation
  /// and dismissal.
  public var transitioningDelegate: (any UIViewControllerTransitioningDelegate)? {
    get { presentationSettings.transitioningDelegate }
    set { presentationSettings.transitioningDelegate = newValue }
  }
}
