/// UIKit's `UIViewControllerTransitionCoordinatorContext`: what a transition's animations are
/// told about it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext:
  AnyObject
{
  /// Whether the transition is animated.
  var isAnimated: Bool { get }
  /// Whether the user drives the transition.
  var isInteractive: Bool { get }
  /// Whether the transition was cancelled.
  var isCancelled: Bool { get }
  /// The transition's duration.
  var transitionDuration: TimeInterval { get }
  /// How far the transition has come, 0 to 1.
  var percentComplete: CGFloat { get }
  /// The view the transition happens in.
  var containerView: UIView { get }
  /// The presentation style of the controller presented or dismissed.
  var presentationStyle: UIModalPresentationStyle { get }
  /// Whether the transition began interactive.
  var initiallyInteractive: Bool { get }
  /// Whether the transition can be interrupted (iOS 10).
  var isInterruptible: Bool { get }
  /// The speed at which an interactive transition completes.
  var completionVelocity: CGFloat { get }
  /// The curve an interactive transition completes with.
  var completionCurve: UIView.AnimationCurve { get }
  /// The rotation applied during the transition.
  var targetTransform: CGAffineTransform { get }
  /// The `.from` or `.to` controller.
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  /// The `.from` or `.to` view.
  func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// UIKit's `UIViewControllerTransitionCoordinator`, the type of the `coordinator` that
/// `viewWillTransition(to:with:)` receives.
///
/// Accepted, not used: the screen never changes size or rotates in a scenario, so UIKit's
/// callbacks that take a coordinator are never called, and `transitionCoordinator` is nil.
/// The protocol is here so that overrides compile.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  /// Runs `animation` alongside the transition, then `completion`; true if it will.
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

extension UIViewControllerTransitionCoordinator {
  /// `animate(alongsideTransition:completion:)` without a completion.
  @discardableResult
  public func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    animate(alongsideTransition: animation, completion: nil)
  }
}

extension UIViewController {
  /// The coordinator of the transition under way: nil (there are none).
  public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
}
