// A custom layout as carousel and sticky-header tutorials write it: it overrides the animation
// and invalidation hooks too, and scales its attributes with a transform.
import CellSimUIKit
import Testing

final class ScalingCarouselLayout: UICollectionViewFlowLayout {
  var prepared = 0
  var contexts = 0

  override func prepare() {
    super.prepare()
    prepared += 1
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

  override func invalidationContext(forBoundsChange newBounds: CGRect)
    -> UICollectionViewLayoutInvalidationContext
  {
    contexts += 1
    let context = super.invalidationContext(forBoundsChange: newBounds)
    context.contentOffsetAdjustment = .zero
    return context
  }

  override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
  }

  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    let attributes = UICollectionViewLayoutAttributes(forCellWith: itemIndexPath)
    attributes.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
    return attributes
  }
}

@Suite("Custom layouts override UIKit's animation and invalidation hooks")
@MainActor
struct LayoutOverridesTests {
  @Test("invalidateLayout(with:) prepares the layout again; the hooks compile and answer")
  func invalidation() {
    let layout = ScalingCarouselLayout()
    let collection = UICollectionView(frame: .zero, collectionViewLayout: layout)
    _ = collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
    let context = layout.invalidationContext(forBoundsChange: .zero)
    layout.invalidateLayout(with: context)
    _ = collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
    #expect(layout.prepared == 2 && layout.contexts == 1 && context.invalidateEverything)
    let appearing = layout.initialLayoutAttributesForAppearingItem(
      at: IndexPath(item: 1, section: 0))
    #expect(appearing?.transform == CGAffineTransform(scaleX: 0.9, y: 0.9))
    #expect(
      layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 1, section: 0)) == nil)
  }
}
