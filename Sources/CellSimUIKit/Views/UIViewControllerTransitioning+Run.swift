/// The context the layer gives an app's animator: the controllers and views of one transition,
/// and what happens when the animator calls `completeTransition(_:)`.
@MainActor final class TransitionContext: NSObject, UIViewControllerContextTransitioning {
  let containerView: UIView
  let isAnimated: Bool
  private(set) var isInteractive = false
  private(set) var transitionWasCancelled = false
  let presentationStyle: UIModalPresentationStyle
  let from: UIViewController
  let to: UIViewController
  /// The views the animator may move (nil for one it must leave alone).
  let fromView: UIView?
  let toView: UIView?
  let animator: any UIViewControllerAnimatedTransitioning
  /// Runs once, when the animator completes the transition.
  let finish: (Bool) -> Void
  private var ended = false
  /// Where a custom presentation controller puts the presented view (the presented controller
  /// is `to` when presenting, `from` when dismissing).
  var presentedFrame: CGRect?

  init(
    container: UIView, animated: Bool, style: UIModalPresentationStyle,
    from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?,
    animator: any UIViewControllerAnimatedTransitioning, finish: @escaping (Bool) -> Void
  ) {
    containerView = container
    isAnimated = animated
    presentationStyle = style
    self.from = from
    self.to = to
    self.fromView = fromView
    self.toView = toView
    self.animator = animator
    self.finish = finish
  }

  /// Progress changes nothing here: the animation runs to its end in virtual time (the
  /// interaction controller keeps what it reported).
  func updateInteractiveTransition(_ percentComplete: CGFloat) {}
  func finishInteractiveTransition() {
    isInteractive = false
    transitionWasCancelled = false
  }
  func cancelInteractiveTransition() {
    isInteractive = false
    transitionWasCancelled = true
  }
  func pauseInteractiveTransition() {}

  /// Ends the transition once (UIKit ignores a second call): the layer's part of it first, then
  /// the animator's `animationEnded(_:)`, as UIKit orders them.
  func completeTransition(_ didComplete: Bool) {
    guard !ended else { return }
    ended = true
    if let world = SimulationContext.world {
      world.trace.record(at: world.now, "uikit.transition.end") {
        $0.field("animator", String(describing: type(of: animator)))
        $0.field("completed", didComplete ? "true" : "false")
      }
    }
    finish(didComplete)
    animator.animationEnded(didComplete)
  }

  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    switch key {
    case .from: from
    case .to: to
    default: nil
    }
  }

  func view(forKey key: UITransitionContextViewKey) -> UIView? {
    switch key {
    case .from: fromView
    case .to: toView
    default: nil
    }
  }

  var targetTransform: CGAffineTransform { .identity }

  func initialFrame(for vc: UIViewController) -> CGRect {
    vc === from ? (presentedFrame ?? containerView.bounds) : .zero
  }

  func finalFrame(for vc: UIViewController) -> CGRect {
    vc === to ? (presentedFrame ?? containerView.bounds) : .zero
  }

  /// Starts the transition: through the interaction controller if there is one (a
  /// `UIPercentDrivenInteractiveTransition` runs the animator), else the animator itself.
  func start(interaction: (any UIViewControllerInteractiveTransitioning)?, kind: String) {
    if let world = SimulationContext.world {
      world.trace.record(at: world.now, "uikit.transition") {
        $0.field("kind", kind)
        $0.field("animator", String(describing: type(of: animator)))
        $0.field("interactive", interaction == nil ? "false" : "true")
      }
    }
    guard let interaction else {
      animator.animateTransition(using: self)
      return
    }
    isInteractive = interaction.wantsInteractiveStart
    if let percentDriven = interaction as? UIPercentDrivenInteractiveTransition {
      percentDriven.animator = animator
    }
    interaction.startInteractiveTransition(self)
  }

  /// A detached view of the screen's size, for a transition whose container is not on screen.
  static func detachedContainer() -> UIView {
    UIView(frame: UIScreen.main.bounds)
  }
}

extension UIViewController {
  /// `presentationController`: the custom one a `.custom` presentation's transitioning delegate
  /// gave, else the popover's or the sheet's for those styles, else a plain one, made when asked
  /// (as UIKit has one for every presentation).
  public var presentationController: UIPresentationController? {
    if let custom = presentationSettings.customPresentation { return custom }
    if let popover = popoverPresentationController { return popover }
    if let sheet = sheetPresentationController { return sheet }
    if let plain = presentationSettings.plainPresentation { return plain }
    let plain = UIPresentationController(presentedViewController: self, presenting: nil)
    presentationSettings.plainPresentation = plain
    return plain
  }

  /// Runs what this controller's `transitioningDelegate` gives for its presentation by
  /// `presenter`: a `.custom` style's presentation controller, and, when animated, an animator
  /// (the presented view is the animator's to move; the presenter's view stays where it is, so
  /// `view(forKey: .from)` is nil, as UIKit gives when the presenter's view is not removed).
  /// False when the delegate gives neither, and the plain presentation goes on.
  func runCustomPresentation(
    by presenter: UIViewController, animated: Bool, completion: (() -> Void)?
  ) -> Bool {
    let delegate = transitioningDelegate
    var custom: UIPresentationController?
    if modalPresentationStyle == .custom,
      let made = delegate?.presentationController(
        forPresented: self, presenting: presenter, source: presenter)
    {
      made.presenting = presenter
      presentationSettings.customPresentation = made
      made.beginPresentation()
      custom = made
    }
    guard animated, let delegate,
      let animator = delegate.animationController(
        forPresented: self, presenting: presenter, source: presenter)
    else {
      guard let custom else { return false }
      nextTurn(
        {
          custom.presentationTransitionDidEnd(true)
          completion?()
        }, label: "UIViewController.present.completion")
      return true
    }
    let context = TransitionContext(
      container: custom?.containerView ?? TransitionContext.detachedContainer(), animated: true,
      style: modalPresentationStyle, from: presenter, to: self, fromView: nil, toView: view,
      animator: animator
    ) { [weak self, weak presenter] completed in
      custom?.presentationTransitionDidEnd(completed)
      guard completed else {
        presenter?.presentedViewController = nil
        self?.presentingViewController = nil
        self?.presentationSettings.customPresentation = nil
        return
      }
      completion?()
    }
    context.presentedFrame = custom?.frameOfPresentedViewInContainerView
    context.start(
      interaction: delegate.interactionControllerForPresentation(using: animator),
      kind: "present")
    return true
  }

  /// Runs what this presented controller's `transitioningDelegate` gives for its dismissal:
  /// the custom presentation controller's dismissal pair, and, when animated, an animator (the
  /// presented view is `.from`; `.to` is nil, the presenter's view never having left). The
  /// links are undone when the transition completes. False when there is nothing custom.
  func runCustomDismissal(
    by presenter: UIViewController, animated: Bool, completion: (() -> Void)?
  ) -> Bool {
    let custom = presentationSettings.customPresentation
    let animator =
      animated ? transitioningDelegate?.animationController(forDismissed: self) : nil
    guard custom != nil || animator != nil else { return false }
    custom?.dismissalTransitionWillBegin()
    let unlink: () -> Void = { [weak self, weak presenter] in
      presenter?.presentedViewController = nil
      self?.presentingViewController = nil
      self?.presentationSettings.customPresentation = nil
    }
    guard let animator else {
      unlink()
      nextTurn(
        {
          custom?.dismissalTransitionDidEnd(true)
          completion?()
        }, label: "UIViewController.dismiss.completion")
      return true
    }
    let context = TransitionContext(
      container: custom?.containerView ?? view.superview ?? TransitionContext.detachedContainer(),
      animated: true, style: modalPresentationStyle, from: self, to: presenter, fromView: view,
      toView: nil, animator: animator
    ) { completed in
      custom?.dismissalTransitionDidEnd(completed)
      guard completed else { return }
      unlink()
      completion?()
    }
    context.presentedFrame = custom?.frameOfPresentedViewInContainerView
    context.start(
      interaction: transitioningDelegate?.interactionControllerForDismissal(using: animator),
      kind: "dismiss")
    return true
  }
}
