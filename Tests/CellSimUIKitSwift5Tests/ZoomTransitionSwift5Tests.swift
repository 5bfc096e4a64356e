// Swift 5 language mode: a photo grid's zoom transition as tutorials wrote it before Swift 6,
// an animator that is also the navigation controller's delegate and reads the tapped cell's
// image when the push starts.
import CellSimUIKit
import Testing

class ZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning,
  UINavigationControllerDelegate
{
  var selectedImage: UIImage?
  var zoomedImage: UIImage?
  var operations: [UINavigationController.Operation] = []
  var endedWith: [Bool] = []
  var endedAt: [Int64] = []

  func navigationController(
    _ navigationController: UINavigationController,
    animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? {
    operations.append(operation)
    return self
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?)
    -> TimeInterval
  {
    0.35
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    guard let toView = transitionContext.view(forKey: .to) else { return }
    let snapshot = UIImageView(image: selectedImage)
    transitionContext.containerView.addSubview(toView)
    transitionContext.containerView.addSubview(snapshot)
    zoomedImage = snapshot.image
    let animator = UIViewPropertyAnimator(duration: 0.35, dampingRatio: 0.8) {
      snapshot.frame = transitionContext.finalFrame(
        for: transitionContext.viewController(forKey: .to)!)
    }
    animator.addCompletion { position in
      snapshot.removeFromSuperview()
      transitionContext.completeTransition(position == .end)
    }
    animator.startAnimation()
  }

  func animationEnded(_ transitionCompleted: Bool) {
    endedWith.append(transitionCompleted)
    endedAt.append(virtualMilliseconds())
  }
}

@Suite("Swift 5: a zoom transition through a navigation delegate")
struct ZoomTransitionSwift5Tests {
  @Test("the animator runs on push, completes when its property animator ends")
  @MainActor func zoom() throws {
    let zoom = ZoomAnimator()
    let grid = UIViewController()
    let navigation = UINavigationController(rootViewController: grid)
    navigation.delegate = zoom
    let photo = UIImage()
    let detail = UIViewController()
    try simulate(for: 1_000) {
      navigation.loadViewIfNeeded()
      navigation.viewWillAppear(false)
      navigation.viewDidAppear(false)
      zoom.selectedImage = photo
      navigation.pushViewController(detail, animated: true)
    }
    #expect(zoom.operations == [.push] && zoom.zoomedImage === photo)
    #expect(zoom.endedWith == [true] && zoom.endedAt == [350])
    #expect(detail.view.superview === navigation.view)
    #expect(navigation.view.subviews.count == 2)  // the grid's view and the detail's
  }
}
