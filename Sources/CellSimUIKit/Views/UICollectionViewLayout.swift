/// UIKit's `UICollectionViewLayout`. Layouts are kept and never consulted: the scenario's table
/// places the items (`columns` per line, `row_height` points high).
@preconcurrency @MainActor open class UICollectionViewLayout {
  /// A layout.
  public init() {}
  /// Does nothing.
  open func invalidateLayout() {}
}

/// UIKit's `UICollectionViewFlowLayout` (its values are kept).
@preconcurrency @MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
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
  /// `sectionInset`.
  open var sectionInset: UIEdgeInsets = .zero
  /// `scrollDirection`.
  open var scrollDirection: ScrollDirection = .vertical
  /// `headerReferenceSize` (kept; there are no headers).
  open var headerReferenceSize: CGSize = .zero
  /// `footerReferenceSize` (kept; there are no footers).
  open var footerReferenceSize: CGSize = .zero
  /// `UICollectionViewFlowLayout.automaticSize`.
  public static let automaticSize = CGSize(width: -1, height: -1)
}

/// UIKit's `UICollectionViewDelegateFlowLayout`: the grid's per-item sizes and per-section
/// spacing, asked of the collection view's `delegate`. Every method is optional; the defaults
/// answer the flow layout's own values (`itemSize`, `sectionInset`, `minimumLineSpacing`,
/// `minimumInteritemSpacing`, `headerReferenceSize`, `footerReferenceSize`), or zero for another
/// layout.
///
/// Accepted, not used: the collection view never asks, as it never consults its layout (the
/// scenario's `columns` and `row_height` place the items), so an implementation compiles and
/// can be called by your own code, and has no effect on the geometry the oracle judges.
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

/// UIKit's `UICollectionLayoutListConfiguration` (kept).
public struct UICollectionLayoutListConfiguration: Sendable {
  /// `Appearance`.
  public enum Appearance: Int, Sendable {
    case plain, grouped, insetGrouped, sidebar, sidebarPlain
  }
  /// The appearance.
  public var appearance: Appearance
  /// `showsSeparators`.
  public var showsSeparators = true
  /// A configuration with `appearance`.
  public init(appearance: Appearance) { self.appearance = appearance }
}

/// UIKit's `NSCollectionLayoutDimension` (kept).
public struct NSCollectionLayoutDimension: Sendable {
  let kind: String
  let value: CGFloat
  /// A fraction of the container's width.
  public static func fractionalWidth(_ value: CGFloat) -> NSCollectionLayoutDimension {
    NSCollectionLayoutDimension(kind: "fractionalWidth", value: value)
  }
  /// A fraction of the container's height.
  public static func fractionalHeight(_ value: CGFloat) -> NSCollectionLayoutDimension {
    NSCollectionLayoutDimension(kind: "fractionalHeight", value: value)
  }
  /// Points.
  public static func absolute(_ value: CGFloat) -> NSCollectionLayoutDimension {
    NSCollectionLayoutDimension(kind: "absolute", value: value)
  }
  /// An estimate in points.
  public static func estimated(_ value: CGFloat) -> NSCollectionLayoutDimension {
    NSCollectionLayoutDimension(kind: "estimated", value: value)
  }
}

/// UIKit's `NSCollectionLayoutSize` (kept).
public struct NSCollectionLayoutSize: Sendable {
  /// The width.
  public let widthDimension: NSCollectionLayoutDimension
  /// The height.
  public let heightDimension: NSCollectionLayoutDimension
  /// A size.
  public init(
    widthDimension width: NSCollectionLayoutDimension,
    heightDimension height: NSCollectionLayoutDimension
  ) {
    widthDimension = width
    heightDimension = height
  }
}

/// UIKit's `NSCollectionLayoutItem` (kept).
@preconcurrency @MainActor open class NSCollectionLayoutItem {
  /// The size.
  public let layoutSize: NSCollectionLayoutSize
  /// `contentInsets` (kept).
  open var contentInsets = NSDirectionalEdgeInsets()
  /// An item of `layoutSize`.
  public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }
}

/// UIKit's `NSDirectionalEdgeInsets`.
public struct NSDirectionalEdgeInsets: Sendable, Equatable {
  /// The insets.
  public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
  /// `NSDirectionalEdgeInsets(top:leading:bottom:trailing:)`.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
  /// No insets.
  public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
  /// `NSDirectionalEdgeInsets.zero`.
  public static let zero = NSDirectionalEdgeInsets()
}

/// UIKit's `NSCollectionLayoutGroup` (kept).
@preconcurrency @MainActor open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  /// The subitems.
  public let subitems: [NSCollectionLayoutItem]
  init(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) {
    self.subitems = subitems
    super.init(layoutSize: layoutSize)
  }
  /// A horizontal group.
  open class func horizontal(
    layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems)
  }
  /// A horizontal group of `count` copies of `subitem`.
  open class func horizontal(
    layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize, subitems: Array(repeating: subitem, count: count))
  }
  /// A vertical group.
  open class func vertical(
    layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems)
  }
}

/// UIKit's `NSCollectionLayoutSection` (kept).
@preconcurrency @MainActor open class NSCollectionLayoutSection {
  /// The group.
  public let group: NSCollectionLayoutGroup
  /// `contentInsets` (kept).
  open var contentInsets = NSDirectionalEdgeInsets()
  /// `interGroupSpacing` (kept).
  open var interGroupSpacing: CGFloat = 0
  /// A section of `group`.
  public init(group: NSCollectionLayoutGroup) { self.group = group }
  /// A list section.
  public static func list(
    using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: Any
  ) -> NSCollectionLayoutSection {
    let size = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
    return NSCollectionLayoutSection(
      group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
  }
}

/// UIKit's `UICollectionViewCompositionalLayout` (kept; see `UICollectionViewLayout`).
@preconcurrency @MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  let section: NSCollectionLayoutSection?

  /// A layout of one kind of section.
  public init(section: NSCollectionLayoutSection) {
    self.section = section
    super.init()
  }

  /// A layout whose sections a provider makes (not called).
  public init(sectionProvider: @escaping (Int, Any) -> NSCollectionLayoutSection?) {
    self.section = nil
    super.init()
  }

  /// A list layout.
  open class func list(using configuration: UICollectionLayoutListConfiguration)
    -> UICollectionViewCompositionalLayout
  {
    UICollectionViewCompositionalLayout(
      section: .list(using: configuration, layoutEnvironment: ()))
  }
}

/// UIKit's `UICollectionViewController`: a view controller whose view is a collection view with
/// the controller as its data source and delegate.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource,
  UICollectionViewDelegate
{
  let layout: UICollectionViewLayout

  /// A controller whose collection view uses `layout`.
  public init(collectionViewLayout layout: UICollectionViewLayout) {
    self.layout = layout
    super.init(nibName: nil, bundle: nil)
  }

  /// A controller with a flow layout (storyboards are not modelled).
  public required init?(coder: NSCoder) {
    self.layout = UICollectionViewFlowLayout()
    super.init(coder: coder)
  }

  /// The collection view: the controller's view.
  open var collectionView: UICollectionView! {
    get { view as? UICollectionView }
    set { view = newValue }
  }

  /// The layout.
  open var collectionViewLayout: UICollectionViewLayout { layout }

  /// Makes a collection view with the controller as its data source and delegate.
  open override func loadView() {
    let view = UICollectionView(frame: Self.screenBounds, collectionViewLayout: layout)
    view.dataSource = self
    view.delegate = self
    self.view = view
  }

  /// No items.
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { 0 }
  /// Subclasses return their cell; the base returns an empty cell.
  open func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    UICollectionViewCell(frame: .zero)
  }
  /// One section.
  open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  /// Does nothing.
  open func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  open func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  /// Does nothing.
  open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  /// Does nothing.
  open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  /// Yes.
  open func collectionView(
    _ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  open func collectionView(
    _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  open func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  /// Does nothing.
  open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  /// Does nothing.
  open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  /// Does nothing.
  open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
  /// Leaves the target where it is.
  open func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  /// Yes.
  open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
  /// None.
  open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
}
