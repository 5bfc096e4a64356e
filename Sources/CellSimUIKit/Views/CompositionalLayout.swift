/// UIKit's `UICollectionLayoutListConfiguration`: kept; a list section leaves its rows at the
/// scenario's table geometry (their heights are self-sized on iOS, which is not modelled).
/// Headers and footers, the background colour and swipe actions are kept, never shown or asked.
public struct UICollectionLayoutListConfiguration {
  /// `Appearance`.
  public enum Appearance: Int, Sendable {
    case plain, grouped, insetGrouped, sidebar, sidebarPlain
  }
  /// `HeaderMode`.
  public enum HeaderMode: Int, Sendable, Hashable {
    case none, supplementary, firstItemInSection
  }
  /// `FooterMode`.
  public enum FooterMode: Int, Sendable, Hashable {
    case none, supplementary
  }
  /// `(indexPath) -> UISwipeActionsConfiguration?`.
  public typealias SwipeActionsConfigurationProvider = (IndexPath) ->
    UISwipeActionsConfiguration?

  /// The appearance.
  public var appearance: Appearance
  /// `showsSeparators`.
  public var showsSeparators = true
  /// `headerMode` (`.none` by default).
  public var headerMode: HeaderMode = .none
  /// `footerMode` (`.none` by default).
  public var footerMode: FooterMode = .none
  /// `backgroundColor` (kept; nil uses the appearance's).
  public var backgroundColor: UIColor?
  /// `headerTopPadding` (kept; nil is the system's).
  public var headerTopPadding: CGFloat?
  /// `leadingSwipeActionsConfigurationProvider` (kept, never asked: no one swipes).
  public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
  /// `trailingSwipeActionsConfigurationProvider` (kept, never asked: no one swipes).
  public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
  /// A configuration with `appearance`.
  public init(appearance: Appearance) { self.appearance = appearance }
}

/// UIKit's `NSCollectionLayoutDimension`.
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
  /// An estimate in points (taken as the size: self-sizing is not modelled).
  public static func estimated(_ value: CGFloat) -> NSCollectionLayoutDimension {
    NSCollectionLayoutDimension(kind: "estimated", value: value)
  }
  /// The dimension itself (`dimension`).
  public var dimension: CGFloat { value }
  /// Whether it is a fraction of the container's width.
  public var isFractionalWidth: Bool { kind == "fractionalWidth" }
  /// Whether it is a fraction of the container's height.
  public var isFractionalHeight: Bool { kind == "fractionalHeight" }
  /// Whether it is in points.
  public var isAbsolute: Bool { kind == "absolute" }
  /// Whether it is an estimate.
  public var isEstimated: Bool { kind == "estimated" }

  /// Points, in a container of `size`.
  func resolved(in size: CGSize) -> CGFloat {
    switch kind {
    case "fractionalWidth": value * size.width
    case "fractionalHeight": value * size.height
    default: value
    }
  }
}

/// UIKit's `NSCollectionLayoutSize`.
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

  /// Points, in a container of `size`.
  func resolved(in size: CGSize) -> CGSize {
    CGSize(width: widthDimension.resolved(in: size), height: heightDimension.resolved(in: size))
  }
}

/// UIKit's `NSDirectionalEdgeInsets`.
public struct NSDirectionalEdgeInsets: Sendable, Hashable {
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

/// UIKit's `NSCollectionLayoutItem`: its size, content insets and edge spacing place it in its
/// group (see `UICollectionViewCompositionalLayout`).
@preconcurrency @MainActor open class NSCollectionLayoutItem: NSObject {
  /// The size.
  public let layoutSize: NSCollectionLayoutSize
  /// `contentInsets`: shrink the item inside the space the group gives it.
  open var contentInsets = NSDirectionalEdgeInsets()
  /// `edgeSpacing`: space before the item along its group's axis (fixed, or flexible at its
  /// minimum).
  open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
  /// The supplementary items (kept, not placed).
  public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
  /// An item of `layoutSize`.
  public convenience init(layoutSize: NSCollectionLayoutSize) {
    self.init(layoutSize: layoutSize, supplementaryItems: [])
  }
  /// An item of `layoutSize` with supplementary items (kept).
  public init(
    layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]
  ) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
  }
}

/// UIKit's `NSCollectionLayoutDecorationItem`: a view behind a section, such as its background
/// (kept in the section's `decorationItems`, not placed).
@preconcurrency @MainActor open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
  /// The kind the decoration view was registered for with the layout.
  public let elementKind: String
  /// `zIndex` (kept).
  open var zIndex = 0

  /// A decoration item of `elementKind` filling its section.
  public required init(elementKind: String) {
    self.elementKind = elementKind
    super.init(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
      supplementaryItems: [])
  }

  /// `background(elementKind:)`: a section background of `elementKind`.
  public class func background(elementKind: String) -> Self {
    self.init(elementKind: elementKind)
  }
}

/// UIKit's `NSCollectionLayoutGroup`: a row (horizontal) or column (vertical) of items.
@preconcurrency @MainActor open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  /// The subitems.
  public let subitems: [NSCollectionLayoutItem]
  /// `interItemSpacing`: between the group's items (nil: none).
  open var interItemSpacing: NSCollectionLayoutSpacing?
  let isVertical: Bool
  /// The number of items when made with `count:` (they share the space); nil when the subitems
  /// repeat while they fit.
  let count: Int?
  /// The provider of a `custom(layoutSize:itemProvider:)` group's item frames.
  var customItemProvider: NSCollectionLayoutGroupCustomItemProvider?

  init(
    layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], vertical: Bool,
    count: Int?
  ) {
    self.subitems = subitems
    self.isVertical = vertical
    self.count = count
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }
  /// `NSCollectionLayoutGroup(layoutSize:)`, which Swift inherits from
  /// `NSCollectionLayoutItem`: a group without subitems, which places no items (apps return one
  /// for an empty section).
  public convenience init(layoutSize: NSCollectionLayoutSize) {
    self.init(layoutSize: layoutSize, subitems: [], vertical: false, count: nil)
  }
  /// A horizontal group; its subitems repeat while they fit.
  open class func horizontal(
    layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, vertical: false, count: nil)
  }
  /// A horizontal group of `count` copies of `subitem`, sharing its width.
  open class func horizontal(
    layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize, subitems: [subitem], vertical: false, count: count)
  }
  /// A horizontal group of `count` copies of `subitem`, sharing its width.
  @available(
    *, deprecated, renamed: "horizontal(layoutSize:repeatingSubitem:count:)",
    message: "Deprecated in iOS 16"
  )
  open class func horizontal(
    layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize, subitems: [subitem], vertical: false, count: count)
  }
  /// A vertical group; its subitems repeat while they fit.
  open class func vertical(
    layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, vertical: true, count: nil)
  }
  /// A vertical group of `count` copies of `subitem`, sharing its height.
  open class func vertical(
    layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
    count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize, subitems: [subitem], vertical: true, count: count)
  }
  /// A vertical group of `count` copies of `subitem`, sharing its height.
  @available(
    *, deprecated, renamed: "vertical(layoutSize:repeatingSubitem:count:)",
    message: "Deprecated in iOS 16"
  )
  open class func vertical(
    layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
  ) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(
      layoutSize: layoutSize, subitems: [subitem], vertical: true, count: count)
  }
}

/// UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
  case none = 0
  case continuous = 1
  case continuousGroupLeadingBoundary = 2
  case paging = 3
  case groupPaging = 4
  case groupPagingCentered = 5
}

/// UIKit's `NSCollectionLayoutSection`: its group repeated down the section, `interGroupSpacing`
/// apart, inside `contentInsets` and below its top boundary items (see
/// `UICollectionViewCompositionalLayout`).
@preconcurrency @MainActor open class NSCollectionLayoutSection: NSObject {
  /// The group.
  public let group: NSCollectionLayoutGroup
  /// `contentInsets`.
  open var contentInsets = NSDirectionalEdgeInsets()
  /// `interGroupSpacing`.
  open var interGroupSpacing: CGFloat = 0
  /// `orthogonalScrollingBehavior`: other than `.none`, the groups are laid out in one row.
  open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior =
    .none
  /// `boundarySupplementaryItems`: a top-aligned one (a header) moves the items down by its
  /// height, a bottom-aligned one (a footer) takes room below them; both are shown.
  open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
  /// `supplementariesFollowContentInsets` (kept).
  open var supplementariesFollowContentInsets = true
  /// `visibleItemsInvalidationHandler` (kept, never called: it adjusts how visible items look
  /// as a section scrolls, a carousel's scale or fade, which neither places cells nor decides
  /// what they show).
  open var visibleItemsInvalidationHandler:
    NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
  /// `decorationItems`: a section's background views (kept, not placed: a section background
  /// shows no cell's image).
  open var decorationItems: [NSCollectionLayoutDecorationItem] = []
  /// Whether the section is a list (its rows keep the scenario's geometry).
  var isList = false
  /// A section of `group`.
  public init(group: NSCollectionLayoutGroup) { self.group = group }
  /// A list section (its rows keep the scenario's table geometry).
  public static func list(
    using configuration: UICollectionLayoutListConfiguration,
    layoutEnvironment: any NSCollectionLayoutEnvironment
  ) -> NSCollectionLayoutSection {
    let size = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
    let section = NSCollectionLayoutSection(
      group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
    section.isList = true
    return section
  }
}

/// UIKit's `UICollectionViewCompositionalLayoutConfiguration` (kept; `interSectionSpacing` has
/// no effect with one section).
@preconcurrency @MainActor open class UICollectionViewCompositionalLayoutConfiguration: NSObject {
  /// `scrollDirection`.
  open var scrollDirection: UICollectionView.ScrollDirection = .vertical
  /// `interSectionSpacing`.
  open var interSectionSpacing: CGFloat = 0
  /// `boundarySupplementaryItems` (kept).
  open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
  /// A default configuration.
  public override init() {}
}

/// UIKit's `UICollectionViewCompositionalLayoutSectionProvider`.
public typealias UICollectionViewCompositionalLayoutSectionProvider = (
  Int, any NSCollectionLayoutEnvironment
) -> NSCollectionLayoutSection?

/// UIKit's `UICollectionViewCompositionalLayout`: places items as their section says (see
/// `CompositionalPlacement`). The provider is asked for each of the data source's sections,
/// with an environment whose container is the collection view's bounds (the screen's, while they
/// are empty); the sections follow each other down the content, each as tall as its items
/// (with its insets and top header). A list section (`.list(using:…)`) in the first section
/// leaves the cells at the scenario's row geometry.
@preconcurrency @MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  let fixedSection: NSCollectionLayoutSection?
  let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider?
  /// The sections the provider made, for the container size they were made for.
  var resolved: (size: CGSize, sections: [NSCollectionLayoutSection?])?
  /// The configuration.
  open var configuration: UICollectionViewCompositionalLayoutConfiguration

  /// A layout of one kind of section. (Each of the four initializers is designated, as UIKit's
  /// are, so a subclass may call any of them through `super`.)
  public init(section: NSCollectionLayoutSection) {
    self.fixedSection = section
    self.sectionProvider = nil
    self.configuration = UICollectionViewCompositionalLayoutConfiguration()
    super.init()
  }
  /// A layout of one kind of section, with `configuration`.
  public init(
    section: NSCollectionLayoutSection,
    configuration: UICollectionViewCompositionalLayoutConfiguration
  ) {
    self.fixedSection = section
    self.sectionProvider = nil
    self.configuration = configuration
    super.init()
  }
  /// A layout whose sections `sectionProvider` makes.
  public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
    self.fixedSection = nil
    self.sectionProvider = sectionProvider
    self.configuration = UICollectionViewCompositionalLayoutConfiguration()
    super.init()
  }
  /// A layout whose sections `sectionProvider` makes, with `configuration`.
  public init(
    sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
    configuration: UICollectionViewCompositionalLayoutConfiguration
  ) {
    self.fixedSection = nil
    self.sectionProvider = sectionProvider
    self.configuration = configuration
    super.init()
  }
  /// Not available (nibs are not modelled).
  public required init?(coder: NSCoder) { nil }

  /// A list layout.
  open class func list(using configuration: UICollectionLayoutListConfiguration)
    -> UICollectionViewCompositionalLayout
  {
    UICollectionViewCompositionalLayout(
      section: .list(
        using: configuration,
        layoutEnvironment: CompositionalEnvironment(contentSize: .zero, insets: .zero)))
  }

  /// Forgets the section the provider made, so that it is asked again.
  open override func invalidateLayout() {
    super.invalidateLayout()
    resolved = nil
  }

  /// The attributes of the item at `indexPath`, from its section (nil for a list section).
  open override func layoutAttributesForItem(at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard let frame = placedSections()?.frame(of: appPath(indexPath)) else { return nil }
    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = frame
    return attributes
  }

  /// The attributes of the items whose frames meet `rect`.
  open override func layoutAttributesForElements(in rect: CGRect)
    -> [UICollectionViewLayoutAttributes]?
  {
    guard let placed = placedSections(), let collectionView else { return nil }
    return (0..<collectionView.engineItemCount).compactMap { item in
      let path = collectionView.appItemPath(IndexPath(item: item, section: 0))
      guard let frame = placed.frame(of: path), frame.intersects(rect) else { return nil }
      let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
      attributes.frame = frame
      return attributes
    }
  }

  /// The content's size: the container's width, down to the last section's end.
  open override var collectionViewContentSize: CGSize {
    guard let placed = placedSections() else { return .zero }
    return CGSize(width: placed.container.width, height: placed.height)
  }

  /// `indexPath` as a section and an item of the app (a one-index path is an item of section 0).
  func appPath(_ indexPath: IndexPath) -> IndexPath {
    indexPath.count == 2 ? indexPath : IndexPath(item: indexPath.last ?? 0, section: 0)
  }
}
