import CellSimUIKit
import Testing

/// A navigation delegate that logs what it hears, and gives `animator` (if any) for animated
/// changes and `interaction` for it.
final class LoggingNavigationDelegate: UINavigationControllerDelegate {
  let log: Log
  var animator: (any UIViewControllerAnimatedTransitioning)?
  var interaction: (any UIViewControllerInteractiveTransitioning)?
  init(log: Log) { self.log = log }

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) { log.add("willShow \(viewController.title ?? "?") \(animated)") }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) { log.add("didShow \(viewController.title ?? "?") \(animated)") }

  func navigationController(
    _ navigationController: UINavigationController,
    animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    log.add("animator for \(operation) \(fromVC.title ?? "?")->\(toVC.title ?? "?")")
    return animator
  }

  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { interaction }
}

/// An animator written as tutorials write them: the arriving view joins the container, fades
/// in over `duration`, and the transition completes unless it was cancelled.
final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let log: Log
  let duration: TimeInterval
  var container: UIView?
  init(log: Log, duration: TimeInterval = 0.3) {
    self.log = log
    self.duration = duration
  }

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
    -> TimeInterval
  { duration }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let from = transitionContext.viewController(forKey: .from)?.title ?? "?"
    let to = transitionContext.viewController(forKey: .to)?.title ?? "?"
    let fromView = transitionContext.view(forKey: .from) == nil ? "nil" : "view"
    let style = transitionContext.presentationStyle
    log.add("animate \(from)->\(to) fromView=\(fromView) style=\(style)")
    container = transitionContext.containerView
    if let toView = transitionContext.view(forKey: .to) {
      toView.alpha = 0
      toView.frame = transitionContext.finalFrame(
        for: transitionContext.viewController(forKey: .to)!)
      transitionContext.containerView.addSubview(toView)
      UIView.animate(
        withDuration: duration, animations: { toView.alpha = 1 },
        completion: { _ in
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    } else {
      UIView.animate(
        withDuration: duration, animations: {},
        completion: { _ in
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
  }

  func animationEnded(_ transitionCompleted: Bool) { log.add("ended \(transitionCompleted)") }
}

/// A controller with a title.
@MainActor func titled(_ title: String) -> UIViewController {
  let controller = UIViewController()
  controller.title = title
  return controller
}

@Suite("Navigation delegates, custom transitions and property animators")
struct TransitionTests {
  @Test("the delegate hears willShow and didShow around appearance, pushes and pops")
  @MainActor func navigationDelegate() throws {
    let log = Log()
    let delegate = LoggingNavigationDelegate(log: log)
    let root = titled("root")
    let navigation = UINavigationController(rootViewController: root)
    navigation.delegate = delegate
    try simulate(for: 1_000) {
      navigation.loadViewIfNeeded()
      navigation.pushViewController(titled("early"), animated: false)  // not yet on screen
      #expect(log.lines.isEmpty)
      _ = navigation.popViewController(animated: false)
      navigation.viewWillAppear(false)
      navigation.viewDidAppear(false)
      let detail = titled("detail")
      navigation.pushViewController(detail, animated: true)
      let world = SimulationContext.world!
      world.main.asyncAfter(.ms(100)) { _ in
        MainActor.assumeIsolated {
          _ = navigation.popViewController(animated: false)
          navigation.setViewControllers([root, titled("a"), titled("b")], animated: true)
          _ = navigation.popToViewController(root, animated: true)
          #expect(navigation.popToViewController(titled("stranger"), animated: true) == nil)
        }
      }
    }
    #expect(
      log.lines == [
        "willShow root false @0", "didShow root false @0",
        "willShow detail true @0", "animator for push root->detail @0", "didShow detail true @0",
        "willShow root false @100", "willShow b true @100", "animator for push root->b @100",
        "willShow root true @100", "animator for pop b->root @100",
        "didShow root false @100", "didShow b true @100", "didShow root true @100",
      ])
    #expect(navigation.viewControllers == [root])
  }

  @Test("a delegate's animator runs the push: the view joins the container, didShow at its end")
  @MainActor func customPush() throws {
    let log = Log()
    let delegate = LoggingNavigationDelegate(log: log)
    let animator = FadeAnimator(log: log)
    delegate.animator = animator
    let navigation = UINavigationController(rootViewController: titled("root"))
    navigation.delegate = delegate
    let detail = titled("detail")
    let outcome = try simulate(for: 1_000) {
      navigation.loadViewIfNeeded()
      navigation.viewWillAppear(false)
      navigation.viewDidAppear(false)
      log.lines.removeAll()
      navigation.pushViewController(detail, animated: true)
      #expect(detail.view.superview === navigation.view)
      #expect(detail.view.alpha == 1)  // final values at once, as UIView.animate gives them
    }
    #expect(animator.container === navigation.view)
    #expect(
      log.lines == [
        "willShow detail true @0", "animator for push root->detail @0",
        "animate root->detail fromView=view style=none @0", "didShow detail true @300",
        "ended true @300",
      ])
    #expect(outcome.trace.contains("uikit.transition kind=push animator=FadeAnimator"))
    #expect(outcome.trace.contains("uikit.transition.end animator=FadeAnimator completed=true"))
  }

  @Test("a cancelled interactive pop puts the stack back and tells no one it was shown")
  @MainActor func cancelledInteractivePop() throws {
    let log = Log()
    let delegate = LoggingNavigationDelegate(log: log)
    delegate.animator = FadeAnimator(log: log, duration: 0.25)
    let interaction = UIPercentDrivenInteractiveTransition()
    let root = titled("root")
    let detail = titled("detail")
    let navigation = UINavigationController(rootViewController: root)
    navigation.pushViewController(detail, animated: false)
    navigation.delegate = delegate
    try simulate(for: 1_000) {
      navigation.loadViewIfNeeded()
      navigation.viewWillAppear(false)
      navigation.viewDidAppear(false)
      delegate.interaction = interaction
      log.lines.removeAll()
      _ = navigation.popViewController(animated: true)
      #expect(navigation.viewControllers == [root])
      interaction.update(0.4)
      interaction.cancel()
    }
    #expect(interaction.percentComplete == 0.4 && interaction.duration == 0.25)
    #expect(navigation.viewControllers == [root, detail])
    #expect(navigation.topViewController === detail)
    #expect(
      log.lines == [
        "willShow root true @0", "animator for pop detail->root @0",
        "animate detail->root fromView=view style=none @0", "ended false @250",
      ])
  }
}

/// A transitioning delegate with a custom presentation controller and animators.
final class SheetTransitions: NSObject, UIViewControllerTransitioningDelegate {
  let log: Log
  init(log: Log) { self.log = log }
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { FadeAnimator(log: log, duration: 0.2) }
  func animationController(forDismissed dismissed: UIViewController)
    -> (any UIViewControllerAnimatedTransitioning)?
  { FadeAnimator(log: log, duration: 0.1) }
  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?,
    source: UIViewController
  ) -> UIPresentationController? {
    HalfSheet(presentedViewController: presented, presenting: presenting)
  }
}

/// A presentation controller that puts the presented view in the lower half, as half-sheet
/// tutorials do, and logs its hooks.
final class HalfSheet: UIPresentationController {
  var hooks: [String] = []
  override var frameOfPresentedViewInContainerView: CGRect {
    guard let bounds = containerView?.bounds else { return .zero }
    return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
  }
  override func presentationTransitionWillBegin() { hooks.append("willBegin") }
  override func presentationTransitionDidEnd(_ completed: Bool) {
    hooks.append("didEnd \(completed)")
  }
  override func containerViewWillLayoutSubviews() { hooks.append("willLayout") }
  override func dismissalTransitionWillBegin() { hooks.append("dismissWillBegin") }
  override func dismissalTransitionDidEnd(_ completed: Bool) {
    hooks.append("dismissDidEnd \(completed)")
  }
}

@Suite("Custom presentations and property animators")
struct CustomPresentationTests {
  @Test("a .custom presentation runs its presentation controller and animators in order")
  @MainActor func customPresentation() throws {
    let log = Log()
    let transitions = SheetTransitions(log: log)
    let presenter = titled("list")
    let sheet = titled("sheet")
    sheet.modalPresentationStyle = .custom
    sheet.transitioningDelegate = transitions
    let half = Box<HalfSheet?>(nil)
    let screenHeight = Box<CGFloat>(0)
    try simulate(for: 1_000) {
      screenHeight.value = UIScreen.main.bounds.height
      presenter.present(sheet, animated: true) { log.add("presented") }
      let world = SimulationContext.world!
      world.main.asyncAfter(.ms(500)) { _ in
        MainActor.assumeIsolated {
          half.value = sheet.presentationController as? HalfSheet
          #expect(presenter.presentedViewController === sheet)
          sheet.dismiss(animated: true) { log.add("dismissed") }
          #expect(presenter.presentedViewController === sheet)  // until the animator ends
        }
      }
    }
    let custom = try #require(half.value)
    #expect(custom.presentingViewController === presenter)
    #expect(
      custom.hooks == [
        "willBegin", "willLayout", "didEnd true", "dismissWillBegin", "dismissDidEnd true",
      ])
    #expect(screenHeight.value > 0 && sheet.view.frame.minY == screenHeight.value / 2)
    #expect(
      log.lines == [
        "animate list->sheet fromView=nil style=custom @0", "presented @200", "ended true @200",
        "animate sheet->list fromView=view style=custom @500", "dismissed @600", "ended true @600",
      ])
    #expect(presenter.presentedViewController == nil && sheet.presentingViewController == nil)
    #expect(sheet.presentationController is HalfSheet == false)
  }

  @Test("every controller has a presentation controller; popovers and sheets give their own")
  @MainActor func presentationControllers() {
    let plain = UIViewController()
    plain.modalPresentationStyle = .fullScreen
    let first = plain.presentationController
    #expect(first != nil && first === plain.presentationController)
    #expect(first?.presentedViewController === plain)
    let popover = UIViewController()
    popover.modalPresentationStyle = .popover
    #expect(popover.presentationController === popover.popoverPresentationController)
    let sheet = UIViewController()
    #expect(sheet.presentationController === sheet.sheetPresentationController)
  }

  @Test("a property animator applies at start and completes after delay plus duration")
  @MainActor func propertyAnimator() throws {
    let log = Log()
    let view = UIView()
    let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut) { view.alpha = 0.5 }
    animator.addCompletion { log.add("first \($0)") }
    animator.addCompletion { log.add("second \($0)") }
    #expect(view.alpha == 1 && animator.state == .inactive)
    let fractions = Box<[CGFloat]>([])
    try simulate(for: 2_000) {
      animator.startAnimation(afterDelay: 0.1)
      #expect(view.alpha == 0.5 && animator.state == .active && animator.isRunning)
      let world = SimulationContext.world!
      world.main.asyncAfter(.ms(250)) { _ in
        MainActor.assumeIsolated {
          fractions.value.append(animator.fractionComplete)
          animator.pauseAnimation()
          animator.addAnimations { view.alpha = 0.25 }  // active: applies at once
        }
      }
      world.main.asyncAfter(.ms(1_000)) { _ in
        MainActor.assumeIsolated {
          fractions.value.append(animator.fractionComplete)
          animator.startAnimation()
        }
      }
    }
    #expect(fractions.value.count == 2 && fractions.value.allSatisfy { abs($0 - 0.5) < 1e-9 })
    #expect(view.alpha == 0.25 && animator.state == .inactive && !animator.isRunning)
    #expect(log.lines == ["first end @1150", "second end @1150"])
  }

  @Test("stopping without finishing waits for finishAnimation; reversed ends at the start")
  @MainActor func stoppingAndReversing() throws {
    let log = Log()
    let stopped = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.7)
    stopped.addCompletion { log.add("stopped \($0)") }
    let reversed = UIViewPropertyAnimator(duration: 0.2, curve: .linear)
    reversed.addCompletion { log.add("reversed \($0)") }
    let dropped = UIViewPropertyAnimator(
      duration: 0.5, timingParameters: UISpringTimingParameters())
    dropped.addCompletion { log.add("dropped \($0)") }
    let held = UIViewPropertyAnimator(duration: 0.1, curve: .linear)
    held.pausesOnCompletion = true
    held.addCompletion { log.add("held \($0)") }
    try simulate(for: 2_000) {
      stopped.startAnimation()
      reversed.isReversed = true
      reversed.startAnimation()
      dropped.startAnimation()
      held.startAnimation()
      UIViewPropertyAnimator.runningPropertyAnimator(
        withDuration: 0.4, delay: 0, options: [], animations: {}
      ) { log.add("running \($0)") }
      let world = SimulationContext.world!
      world.main.asyncAfter(.ms(300)) { _ in
        MainActor.assumeIsolated {
          stopped.stopAnimation(false)
          #expect(stopped.state == .stopped)
          dropped.stopAnimation(true)
          #expect(dropped.state == .inactive)
        }
      }
      world.main.asyncAfter(.ms(700)) { _ in
        MainActor.assumeIsolated { stopped.finishAnimation(at: .current) }
      }
    }
    #expect(held.state == .active && !held.isRunning && held.fractionComplete == 1)
    #expect(
      log.lines == ["reversed start @200", "running end @400", "stopped current @700"])
  }
}
