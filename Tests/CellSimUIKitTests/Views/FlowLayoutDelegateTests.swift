// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A grid as tutorials write it: three columns sized by the delegate.
final class SizedGridController: UICollectionViewController {
  override func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int { 12 }
}

extension SizedGridController: UICollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    let width = (collectionView.bounds.width - 2 * 4) / 3
    return CGSize(width: width, height: width)
  }

  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat { 4 }
}

/// A grid that recomputes its item size when the screen rotates, as grid controllers do.
final class RotatingGridController: UICollectionViewController {
  var invalidations = 0
  override func viewWillTransition(
    to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator
  ) {
    super.viewWillTransition(to: size, with: coordinator)
    coordinator.animate(alongsideTransition: { _ in
      self.collectionViewLayout.invalidateLayout()
      self.invalidations += 1
    })
  }
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
  }
}

/// A coordinator that runs the animations at once, for the test to drive the override.
final class ImmediateCoordinator: UIViewControllerTransitionCoordinator {
  let containerView = UIView()
  var isAnimated: Bool { false }
  var isInteractive: Bool { false }
  var isCancelled: Bool { false }
  var transitionDuration: TimeInterval { 0 }
  var percentComplete: CGFloat { 1 }
  var presentationStyle: UIModalPresentationStyle { .none }
  var initiallyInteractive: Bool { false }
  var isInterruptible: Bool { false }
  var completionVelocity: CGFloat { 1 }
  var completionCurve: UIView.AnimationCurve { .easeInOut }
  var targetTransform: CGAffineTransform { .identity }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    nil
  }
  func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    animation?(self)
    completion?(self)
    return true
  }
}

@Suite("UICollectionViewDelegateFlowLayout: accepted, with the flow layout's values as defaults")
@MainActor struct FlowLayoutDelegateTests {
  @Test("a controller's own sizes are its; the methods it leaves out answer the layout's values")
  func sizesAndDefaults() throws {
    let layout = UICollectionViewFlowLayout()
    layout.sectionInset = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    layout.minimumInteritemSpacing = 6
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    let controller = SizedGridController(collectionViewLayout: layout)
    let grid = try #require(controller.collectionView)
    grid.frame = CGRect(x: 0, y: 0, width: 308, height: 600)
    let delegate = try #require(grid.delegate as? UICollectionViewDelegateFlowLayout)
    let index = IndexPath(item: 0, section: 0)
    let size = delegate.collectionView(grid, layout: layout, sizeForItemAt: index)
    #expect(size == CGSize(width: 100, height: 100))
    #expect(delegate.collectionView(grid, layout: layout, minimumLineSpacingForSectionAt: 0) == 4)
    #expect(
      delegate.collectionView(grid, layout: layout, minimumInteritemSpacingForSectionAt: 0) == 6)
    #expect(
      delegate.collectionView(grid, layout: layout, insetForSectionAt: 0)
        == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(
      delegate.collectionView(grid, layout: layout, referenceSizeForHeaderInSection: 0).height
        == 30)
    #expect(
      delegate.collectionView(grid, layout: layout, referenceSizeForFooterInSection: 0) == .zero)
  }

  @Test("UICollectionView.ScrollDirection names the flow layout's direction; horizontal positions")
  func scrollDirectionAndPositions() {
    let direction: UICollectionView.ScrollDirection = .horizontal
    let layout = UICollectionViewFlowLayout()
    layout.scrollDirection = direction
    #expect(layout.scrollDirection == .horizontal)
    let positions: [UICollectionView.ScrollPosition] = [.left, .centeredHorizontally, .right]
    #expect(Set(positions.map(\.rawValue)).count == 3)
  }

  @Test("viewWillTransition(to:with:) overrides compile; the screen never calls them")
  func viewWillTransition() {
    let controller = RotatingGridController(collectionViewLayout: UICollectionViewFlowLayout())
    #expect(controller.transitionCoordinator == nil)
    controller.viewWillTransition(
      to: CGSize(width: 844, height: 390), with: ImmediateCoordinator())
    #expect(controller.invalidations == 1)
  }
}
