/// UIKit's `UICollectionViewLayout`: the object a collection view asks where its items go.
///
/// A hosted collection view asks its layout for each item's frame when it dequeues the item's
/// cell (`layoutAttributesForItem(at:)`, else the item's entry in
/// `layoutAttributesForElements(in:)` over the content), after calling `prepare()` once per
/// invalidation (`invalidateLayout()`, a data reload or insertion, a new item count), and sets
/// that frame on the cell, so custom layouts (waterfall grids) and compositional layouts size
/// and place the cells the app sees. Which items are on screen, and when, stays the scenario's
/// table's (`columns` per line, `row_height` points high): give the scenario the layout's column
/// count. A layout that answers nothing (this base class, the flow layout) leaves the cell at the
/// table's size. `shouldInvalidateLayout(forBoundsChange:)` is never asked: the bounds keep
/// their size. Supplementary and decoration views are not placed.
@preconcurrency @MainActor open class UICollectionViewLayout: NSObject {
  /// The collection view using the layout (set when the layout is given to one).
  public internal(set) weak var collectionView: UICollectionView?
  var needsPrepare = true
  var preparedItemCount: Int?

  /// A layout.
  public override init() {}
  /// A layout (nibs are not modelled).
  public required init?(coder: NSCoder) {}

  /// Marks the layout for a new `prepare()` before the collection view next asks it.
  open func invalidateLayout() { needsPrepare = true }
  /// The classes and nibs registered for decoration views, by kind.
  var decorationViewKinds: [String: Any] = [:]
  /// `register(_:forDecorationViewOfKind:)`: kept (decoration views, such as section
  /// backgrounds, are not placed: they show no cell's image).
  open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
    decorationViewKinds[elementKind] = viewClass
  }
  /// `register(_:forDecorationViewOfKind:)` with a nib: kept, as above.
  open func register(_ nib: UINib?, forDecorationViewOfKind elementKind: String) {
    decorationViewKinds[elementKind] = nib
  }
  /// `flipsHorizontallyInOppositeLayoutDirection`: false, as UIKit's base layout (a flow
  /// layout says true). Nothing flips: the simulated device reads left to right.
  open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }
  /// `developmentLayoutDirection`: `.leftToRight`.
  open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
  /// Called before the collection view asks for frames after an invalidation; does nothing.
  open func prepare() {}
  /// The size of the content; zero in the base class.
  open var collectionViewContentSize: CGSize { .zero }
  /// The attributes of the elements in `rect`; none in the base class.
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    nil
  }
  /// The attributes of the item at `indexPath`; none in the base class.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }
  /// The attributes of a supplementary view; none in the base class.
  open func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }
  /// Whether a bounds change needs a new layout: no, in the base class (never asked).
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
  /// The attributes class: `UICollectionViewLayoutAttributes`.
  open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
  /// The content offset to stop at: `proposedContentOffset`.
  open func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint { proposedContentOffset }
  /// `invalidationContext(forBoundsChange:)`: a context for a bounds change (never asked, as
  /// `shouldInvalidateLayout(forBoundsChange:)` is not).
  open func invalidationContext(forBoundsChange newBounds: CGRect)
    -> UICollectionViewLayoutInvalidationContext
  { UICollectionViewLayoutInvalidationContext() }
  /// `invalidateLayout(with:)`: marks the layout for a new `prepare()`, as `invalidateLayout()`.
  open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    invalidateLayout()
  }
  /// Called before the collection view applies updates to animate (never called: updates
  /// apply without animation, so there is nothing to prepare).
  open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
  /// Called after animated updates (never called, as above).
  open func finalizeCollectionViewUpdates() {}
  /// The attributes an appearing item starts an animation from (never asked, as above).
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  { nil }
  /// The attributes a disappearing item ends an animation at (never asked, as above).
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  { nil }
}

/// UIKit's `UICollectionViewLayoutInvalidationContext`: what an invalidation covers (kept; any
/// invalidation prepares the whole layout again).
@preconcurrency @MainActor open class UICollectionViewLayoutInvalidationContext: NSObject {
  /// Whether everything is invalid: true, as every invalidation here prepares the whole layout.
  open var invalidateEverything: Bool { true }
  /// `invalidateDataSourceCounts` (kept).
  open var invalidateDataSourceCounts = false
  /// `contentOffsetAdjustment` (kept).
  open var contentOffsetAdjustment: CGPoint = .zero
  /// `contentSizeAdjustment` (kept).
  open var contentSizeAdjustment: CGSize = .zero
  /// An empty context.
  public override init() {}
}

/// UIKit's `UICollectionViewUpdateItem`: one update of an animated batch (declared for
/// `prepare(forCollectionViewUpdates:)` overrides; never made: updates are not animated).
@preconcurrency @MainActor open class UICollectionViewUpdateItem: NSObject {
  /// UIKit's `UICollectionViewUpdateItem.Action`, with its raw values.
  public enum Action: Int, Sendable {
    case insert = 0
    case delete = 1
    case reload = 2
    case move = 3
    case none = 4
  }
  /// The item's index path before the update.
  public let indexPathBeforeUpdate: IndexPath?
  /// The item's index path after the update.
  public let indexPathAfterUpdate: IndexPath?
  /// The update's action.
  public let updateAction: Action

  init(before: IndexPath?, after: IndexPath?, action: Action) {
    indexPathBeforeUpdate = before
    indexPathAfterUpdate = after
    updateAction = action
  }
}

/// UIKit's `UICollectionViewFlowLayout` (its values are kept; it gives no frames, so cells keep
/// the scenario's size).
@preconcurrency @MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// True, as UIKit's flow layout.
  open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }
  /// `UICollectionView.ScrollDirection`.
  public enum ScrollDirection: Int, Sendable {
    case vertical = 0
    case horizontal = 1
  }
  /// `itemSize`.
  open var itemSize = CGSize(width: 50, height: 50)
  /// `estimatedItemSize`.
  open var estimatedItemSize: CGSize = .zero
  /// `minimumLineSpacing`.
  open var minimumLineSpacing: CGFloat = 10
  /// `minimumInteritemSpacing`.
  open var minimumInteritemSpacing: CGFloat = 10
  /// `sectionInset`: its top and bottom add to the room above and below each section.
  open var sectionInset: UIEdgeInsets = .zero {
    didSet { collectionView?.sectionSpacingChanged() }
  }
  /// `sectionInsetReference` (kept; the flow layout's values are accepted, not used).
  open var sectionInsetReference: SectionInsetReference = .fromContentInset
  /// `scrollDirection`.
  open var scrollDirection: ScrollDirection = .vertical {
    didSet { collectionView?.sectionSpacingChanged() }
  }
  /// `headerReferenceSize`: its height is the room above each section, where its header view
  /// is shown.
  open var headerReferenceSize: CGSize = .zero {
    didSet { collectionView?.sectionSpacingChanged() }
  }
  /// `footerReferenceSize`: its height is the room below each section.
  open var footerReferenceSize: CGSize = .zero {
    didSet { collectionView?.sectionSpacingChanged() }
  }
  /// `sectionHeadersPinToVisibleBounds`: a header stays at the top of the screen while its
  /// section passes.
  open var sectionHeadersPinToVisibleBounds = false
  /// `sectionFootersPinToVisibleBounds`: a footer stays at the bottom of the screen while its
  /// section passes.
  open var sectionFootersPinToVisibleBounds = false
  /// `UICollectionViewFlowLayout.automaticSize`.
  public static let automaticSize = CGSize(width: -1, height: -1)
  /// A flow layout.
  public override init() { super.init() }
  /// A flow layout (nibs are not modelled).
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `layoutAttributesForElements(in:)`: the cells whose frames meet `rect`, at the frames the
  /// collection view gives its items (the scenario's grid: its columns and row height, below
  /// each section's room), so that code asking the layout which items a rectangle holds (a photo
  /// grid's preheating) gets them, as from UIKit's. Section headers and footers are not
  /// included. Nil until the layout belongs to a collection view a host has bound.
  open override func layoutAttributesForElements(in rect: CGRect)
    -> [UICollectionViewLayoutAttributes]?
  {
    guard let collectionView, collectionView.engine != nil else { return nil }
    return collectionView.gridAttributes(in: rect)
  }

  /// `layoutAttributesForItem(at:)`: the item's cell at its grid frame (see above).
  open override func layoutAttributesForItem(at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    collectionView?.gridAttributes(at: indexPath)
  }
}

/// UIKit's `UICollectionViewDelegateFlowLayout`: the grid's per-item sizes and per-section
/// spacing, asked of the collection view's `delegate`. Every method is optional; the defaults
/// answer the flow layout's own values (`itemSize`, `sectionInset`, `minimumLineSpacing`,
/// `minimumInteritemSpacing`, `headerReferenceSize`, `footerReferenceSize`), or zero for another
/// layout.
///
/// The collection view asks for each section's inset and header and footer reference sizes
/// when it counts its sections: they give a vertical flow layout's sections their room
/// (`UICollectionView+Sections.swift`). Item sizes and spacings are accepted, not used: the
/// scenario's `columns` and `row_height` size the cells.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout:
  UICollectionViewDelegate
{
  /// The size of the item at `indexPath`.
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
  /// The margins of `section`.
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    insetForSectionAt section: Int
  ) -> UIEdgeInsets
  /// The spacing between the lines of `section`.
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The spacing between the items of a line of `section`.
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The size of `section`'s header.
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize
  /// The size of `section`'s footer.
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
  /// The flow layout's `itemSize`.
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
  }
  /// The flow layout's `sectionInset`.
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    insetForSectionAt section: Int
  ) -> UIEdgeInsets {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
  }
  /// The flow layout's `minimumLineSpacing`.
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
  }
  /// The flow layout's `minimumInteritemSpacing`.
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
  }
  /// The flow layout's `headerReferenceSize`.
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
  }
  /// The flow layout's `footerReferenceSize`.
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
  }
}
