/// UIKit's `UINavigationControllerDelegate` (every method optional).
///
/// A navigation controller that has appeared tells its delegate `willShow` when its top
/// controller changes (a push, a pop, `setViewControllers(_:animated:)` or `viewControllers`),
/// and `didShow` when the change is over: on the next main-thread turn, or, when the change is
/// animated and the delegate gives an animator for it, when that animator calls
/// `completeTransition(true)`. Before it first appears, the pair comes for the top controller
/// around its appearance (`viewWillAppear` and `viewDidAppear`), as on a device.
@preconcurrency @MainActor public protocol UINavigationControllerDelegate: AnyObject {
  /// The top controller is about to be shown.
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool)
  /// The top controller was shown.
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
  /// The orientations the navigation controller supports (kept; the screen never rotates).
  func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientationMask
  /// The orientation to present in (kept; never asked).
  func navigationControllerPreferredInterfaceOrientationForPresentation(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientation
  /// The interaction controller of an animated change, or nil.
  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// The animator of an animated push or pop, or nil for UIKit's own.
  func navigationController(
    _ navigationController: UINavigationController,
    animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UINavigationControllerDelegate {
  /// Does nothing.
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
  /// `.allButUpsideDown`, the phone default.
  public func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientationMask { .allButUpsideDown }
  /// `.portrait`.
  public func navigationControllerPreferredInterfaceOrientationForPresentation(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientation { .portrait }
  /// Nil.
  public func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  /// Nil.
  public func navigationController(
    _ navigationController: UINavigationController,
    animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
}

extension UINavigationController {
  /// UIKit's `UINavigationController.Operation`: what a transition does to the stack.
  public enum Operation: Int, Sendable {
    /// No change.
    case none = 0
    /// A controller was pushed.
    case push = 1
    /// A controller was popped.
    case pop = 2
  }

  /// Tells the delegate about a new top controller, after the stack changed from `old`.
  func topChanged(from old: [UIViewController], animated: Bool) {
    guard navigationState.hasAppeared, let newTop = topViewController,
      newTop !== old.last
    else { return }
    let operation: Operation =
      old.isEmpty ? .none : (old.contains { $0 === newTop } ? .pop : .push)
    delegate?.navigationController(self, willShow: newTop, animated: animated)
    if animated, let oldTop = old.last,
      let animator = delegate?.navigationController(
        self, animationControllerFor: operation, from: oldTop, to: newTop)
    {
      runTransition(animator, operation: operation, from: oldTop, to: newTop, old: old)
      return
    }
    nextTurn(
      { [weak self] in  // the change holds the controller shown until it is over, as UIKit's
        guard let self else { return }
        self.delegate?.navigationController(self, didShow: newTop, animated: animated)
      }, label: "UINavigationController.didShow")
  }

  /// Runs the delegate's animator: the container is the navigation controller's own view (the
  /// root's view is already there), and both controllers' views are given to the animator.
  /// A completed transition tells the delegate `didShow`; a cancelled one puts the stack back
  /// as it was, without telling the delegate again.
  func runTransition(
    _ animator: any UIViewControllerAnimatedTransitioning, operation: Operation,
    from oldTop: UIViewController, to newTop: UIViewController, old: [UIViewController]
  ) {
    let context = TransitionContext(
      container: viewIfLoaded ?? TransitionContext.detachedContainer(), animated: true,
      style: .none, from: oldTop, to: newTop, fromView: oldTop.view, toView: newTop.view,
      animator: animator
    ) { [weak self] completed in
      guard let self else { return }
      if completed {
        self.delegate?.navigationController(self, didShow: newTop, animated: true)
      } else {
        self.navigationState.quiet = true
        self.viewControllers = old
        self.navigationState.quiet = false
      }
    }
    let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
    context.start(interaction: interaction, kind: operation == .pop ? "pop" : "push")
  }

  /// The pair for the top controller around the container's first appearance.
  func appearanceWillBegin(animated: Bool) {
    guard !navigationState.hasAppeared, let top = topViewController else { return }
    delegate?.navigationController(self, willShow: top, animated: animated)
  }

  func appearanceDidEnd(animated: Bool) {
    guard !navigationState.hasAppeared else { return }
    navigationState.hasAppeared = true
    if let top = topViewController {
      delegate?.navigationController(self, didShow: top, animated: animated)
    }
  }
}

/// What a navigation controller remembers between stack changes.
@MainActor final class NavigationState {
  /// Whether the controller has appeared (its delegate hears about changes from then on).
  var hasAppeared = false
  /// Set while the stack is put back after a cancelled transition: no one is told.
  var quiet = false
  /// Whether the change under way is animated (push, pop and `setViewControllers` set it).
  var animatedChange = false
}
