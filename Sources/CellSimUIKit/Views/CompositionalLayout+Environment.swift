/// UIKit's `NSCollectionLayoutContainer`: the size and insets a section is laid out in.
@preconcurrency @MainActor public protocol NSCollectionLayoutContainer: AnyObject {
  /// The container's size.
  var contentSize: CGSize { get }
  /// The size inside `effectiveContentInsets`.
  var effectiveContentSize: CGSize { get }
  /// The container's insets.
  var contentInsets: NSDirectionalEdgeInsets { get }
  /// The insets in effect (the content insets: there are no safe-area or margin insets).
  var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// UIKit's `NSCollectionLayoutEnvironment`: what a section provider is told about where its
/// section goes.
@preconcurrency @MainActor public protocol NSCollectionLayoutEnvironment: AnyObject {
  /// The container: the collection view's bounds and content insets.
  var container: any NSCollectionLayoutContainer { get }
  /// The traits: the screen's.
  var traitCollection: UITraitCollection { get }
}

/// The environment and container a compositional layout hands its section provider.
@MainActor
final class CompositionalEnvironment: NSCollectionLayoutEnvironment,
  NSCollectionLayoutContainer
{
  let contentSize: CGSize
  let contentInsets: NSDirectionalEdgeInsets
  init(contentSize: CGSize, insets: NSDirectionalEdgeInsets) {
    self.contentSize = contentSize
    self.contentInsets = insets
  }
  var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
  var effectiveContentSize: CGSize {
    CGSize(
      width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
      height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
  }
  var container: any NSCollectionLayoutContainer { self }
  var traitCollection: UITraitCollection { .current }
}

/// UIKit's `NSCollectionLayoutSpacing`: `.fixed` or `.flexible` (at least, with the space left
/// over shared out) spacing.
@preconcurrency @MainActor open class NSCollectionLayoutSpacing: NSObject {
  /// The spacing in points (the minimum, when flexible).
  public let spacing: CGFloat
  /// Whether the spacing grows to share out the space left over.
  public let isFlexibleSpacing: Bool
  /// Whether the spacing is fixed.
  public var isFixedSpacing: Bool { !isFlexibleSpacing }
  init(spacing: CGFloat, flexible: Bool) {
    self.spacing = spacing
    self.isFlexibleSpacing = flexible
  }
  /// A fixed spacing.
  open class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
    NSCollectionLayoutSpacing(spacing: fixedSpacing, flexible: false)
  }
  /// A spacing of at least `flexibleSpacing`.
  open class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
    NSCollectionLayoutSpacing(spacing: flexibleSpacing, flexible: true)
  }
}

/// UIKit's `NSCollectionLayoutEdgeSpacing`: the leading (horizontal group) or top (vertical
/// group) spacing is added before the item, at its minimum when flexible; the others are kept.
@preconcurrency @MainActor open class NSCollectionLayoutEdgeSpacing: NSObject {
  /// The spacing before the leading edge.
  public let leading: NSCollectionLayoutSpacing?
  /// The spacing above the top edge.
  public let top: NSCollectionLayoutSpacing?
  /// The spacing after the trailing edge (kept).
  public let trailing: NSCollectionLayoutSpacing?
  /// The spacing below the bottom edge (kept).
  public let bottom: NSCollectionLayoutSpacing?
  /// Edge spacing.
  public init(
    leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
    trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}

/// UIKit's `NSRectAlignment`.
public enum NSRectAlignment: Int, Sendable {
  case none = 0
  case top = 1
  case topLeading = 2
  case leading = 3
  case bottomLeading = 4
  case bottom = 5
  case bottomTrailing = 6
  case trailing = 7
  case topTrailing = 8
}

/// UIKit's `NSCollectionLayoutSupplementaryItem` (kept, not placed).
@preconcurrency @MainActor open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
  /// The element kind.
  public let elementKind: String
  /// `zIndex` (kept).
  open var zIndex = 0
  /// Where it is anchored on its container (nil for section headers and footers).
  public let containerAnchor: NSCollectionLayoutAnchor?
  /// Where its own point meets the container's anchor (nil: the matching edges).
  public let itemAnchor: NSCollectionLayoutAnchor?
  init(layoutSize: NSCollectionLayoutSize, kind: String) {
    self.elementKind = kind
    containerAnchor = nil
    itemAnchor = nil
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }
  /// `init(layoutSize:elementKind:containerAnchor:)`: a supplementary view pinned to an item
  /// (a badge), kept with its anchor, not placed.
  public init(
    layoutSize: NSCollectionLayoutSize, elementKind: String,
    containerAnchor: NSCollectionLayoutAnchor
  ) {
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    itemAnchor = nil
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }
  /// `init(layoutSize:elementKind:containerAnchor:itemAnchor:)`.
  public init(
    layoutSize: NSCollectionLayoutSize, elementKind: String,
    containerAnchor: NSCollectionLayoutAnchor, itemAnchor: NSCollectionLayoutAnchor
  ) {
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }
}

/// UIKit's `NSCollectionLayoutAnchor`: where a supplementary item attaches to its container,
/// by edges and an offset (kept).
@preconcurrency @MainActor open class NSCollectionLayoutAnchor: NSObject {
  /// The edges it sits on.
  public let edges: NSDirectionalRectEdge
  /// The offset, in points or as a fraction of the item's size.
  public let offset: CGPoint
  /// Whether `offset` is absolute.
  public let isAbsoluteOffset: Bool
  /// Whether `offset` is a fraction of the item's size.
  public var isFractionalOffset: Bool { !isAbsoluteOffset }
  init(edges: NSDirectionalRectEdge, offset: CGPoint, absolute: Bool) {
    self.edges = edges
    self.offset = offset
    isAbsoluteOffset = absolute
  }
  /// `init(edges:)`.
  public convenience init(edges: NSDirectionalRectEdge) {
    self.init(edges: edges, offset: .zero, absolute: true)
  }
  /// `init(edges:absoluteOffset:)`.
  public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
    self.init(edges: edges, offset: absoluteOffset, absolute: true)
  }
  /// `init(edges:fractionalOffset:)`.
  public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
    self.init(edges: edges, offset: fractionalOffset, absolute: false)
  }
}

/// UIKit's `NSCollectionLayoutBoundarySupplementaryItem`: a section header or footer. A
/// top-aligned one moves the section's items down by its height, a bottom-aligned one takes
/// room below them, and both are shown there (`UICollectionView+SupplementaryDisplay.swift`).
/// Leading and trailing ones are kept, not placed.
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem:
  NSCollectionLayoutSupplementaryItem
{
  /// Where it sits.
  public let alignment: NSRectAlignment
  /// The offset (kept).
  public let offset: CGPoint
  /// `pinToVisibleBounds`: it stays on screen while its section passes.
  open var pinToVisibleBounds = false
  /// `extendsBoundary` (kept; it always extends the section).
  open var extendsBoundary = true
  /// A boundary item of `elementKind` at `alignment`.
  public init(
    layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment,
    absoluteOffset: CGPoint = .zero
  ) {
    self.alignment = alignment
    self.offset = absoluteOffset
    super.init(layoutSize: layoutSize, kind: elementKind)
  }
  /// A boundary item of `elementKind` at `alignment` (the `absoluteOffset`-less form).
  public convenience init(
    layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment
  ) {
    self.init(
      layoutSize: layoutSize, elementKind: elementKind, alignment: alignment,
      absoluteOffset: .zero)
  }
}

/// Where a compositional section puts each item: its group is laid out once in the section's
/// container (the container minus the section's content insets), its leaf items taken in order,
/// and the group repeated down the section (or across it, with orthogonal scrolling).
///
/// In a group, fractional dimensions are of the group's size; a group's own are of the
/// section's container; `.estimated` is taken as the size. `count:` groups share their length
/// among `count` items after the spacing; other groups repeat their subitems while they fit.
/// Fixed `interItemSpacing` sits between items; flexible spacing shares out what is left.
/// Item `contentInsets` shrink the item; `edgeSpacing`'s leading (or top) spacing goes before
/// it.
@MainActor struct CompositionalPlacement {
  let section: NSCollectionLayoutSection
  let container: CGSize
  let groupSize: CGSize
  let leaves: [CGRect]
  let origin: CGPoint

  init(section: NSCollectionLayoutSection, container: CGSize) {
    self.section = section
    self.container = container
    let insets = section.contentInsets
    let inner = CGSize(
      width: max(0, container.width - insets.leading - insets.trailing),
      height: max(0, container.height - insets.top - insets.bottom))
    groupSize = section.group.layoutSize.resolved(in: inner)
    leaves = Self.leaves(of: section.group, in: CGRect(origin: .zero, size: groupSize))
    let header =
      section.boundarySupplementaryItems
      .filter { $0.alignment.verticalEdge == true }
      .map { $0.layoutSize.resolved(in: inner).height }.max() ?? 0
    origin = CGPoint(x: insets.leading, y: insets.top + max(0, header))
    footerHeight = max(
      0,
      section.boundarySupplementaryItems
        .filter { $0.alignment.verticalEdge == false }
        .map { $0.layoutSize.resolved(in: inner).height }.max() ?? 0)
  }

  /// The tallest bottom boundary item's height: the room below the section's bottom inset.
  let footerHeight: CGFloat

  /// The frame of the `index`th item, in the collection view's content.
  func frame(ofItem index: Int) -> CGRect? {
    guard !leaves.isEmpty, index >= 0 else { return nil }
    let group = index / leaves.count
    let leaf = leaves[index % leaves.count]
    let step = CGFloat(group)
    let offset =
      section.orthogonalScrollingBehavior == .none
      ? CGPoint(x: 0, y: step * (groupSize.height + section.interGroupSpacing))
      : CGPoint(x: step * (groupSize.width + section.interGroupSpacing), y: 0)
    return leaf.offsetBy(dx: origin.x + offset.x, dy: origin.y + offset.y)
  }

  /// The frames of the leaf items of one `group` laid out in `box`.
  static func leaves(of group: NSCollectionLayoutGroup, in box: CGRect) -> [CGRect] {
    let insets = group.contentInsets
    let inner = CGRect(
      x: box.minX + insets.leading, y: box.minY + insets.top,
      width: max(0, box.width - insets.leading - insets.trailing),
      height: max(0, box.height - insets.top - insets.bottom))
    if let provider = group.customItemProvider {
      // The group is its items' container: the provider places them within its size.
      let environment = CompositionalEnvironment(contentSize: inner.size, insets: .zero)
      return provider(environment).map { $0.frame.offsetBy(dx: inner.minX, dy: inner.minY) }
    }
    let vertical = group.isVertical
    let length = vertical ? inner.height : inner.width
    let spacing = group.interItemSpacing?.spacing ?? 0
    var slots: [(item: NSCollectionLayoutItem, size: CGSize, lead: CGFloat)] = []
    if let count = group.count, let item = group.subitems.first, count > 0 {
      let share = (length - spacing * CGFloat(count - 1)) / CGFloat(count)
      let size = item.layoutSize.resolved(in: inner.size)
      let slot =
        vertical
        ? CGSize(width: size.width, height: share)
        : CGSize(
          width: share, height: size.height)
      slots = Array(repeating: (item, slot, lead(of: item, vertical: vertical)), count: count)
    } else {
      var used: CGFloat = 0
      var index = 0
      while !group.subitems.isEmpty, slots.count < 10_000 {
        let item = group.subitems[index % group.subitems.count]
        let size = item.layoutSize.resolved(in: inner.size)
        let lead = lead(of: item, vertical: vertical)
        let extent = (vertical ? size.height : size.width) + lead
        let gap = slots.isEmpty ? 0 : spacing
        if !slots.isEmpty, used + gap + extent > length + 0.001 { break }
        if extent <= 0, index >= group.subitems.count { break }
        slots.append((item, size, lead))
        used += gap + extent
        index += 1
      }
    }
    let total = slots.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) + $1.lead }
    var gap = spacing
    if group.interItemSpacing?.isFlexibleSpacing == true, slots.count > 1 {
      gap = max(spacing, (length - total) / CGFloat(slots.count - 1))
    }
    var cursor: CGFloat = 0
    var frames: [CGRect] = []
    for slot in slots {
      cursor += slot.lead
      let frame =
        vertical
        ? CGRect(
          x: inner.minX, y: inner.minY + cursor, width: slot.size.width, height: slot.size.height)
        : CGRect(
          x: inner.minX + cursor, y: inner.minY, width: slot.size.width, height: slot.size.height)
      if let subgroup = slot.item as? NSCollectionLayoutGroup {
        frames += leaves(of: subgroup, in: frame)
      } else {
        let i = slot.item.contentInsets
        frames.append(
          CGRect(
            x: frame.minX + i.leading, y: frame.minY + i.top,
            width: max(0, frame.width - i.leading - i.trailing),
            height: max(0, frame.height - i.top - i.bottom)))
      }
      cursor += (vertical ? slot.size.height : slot.size.width) + gap
    }
    return frames
  }

  static func lead(of item: NSCollectionLayoutItem, vertical: Bool) -> CGFloat {
    (vertical ? item.edgeSpacing?.top : item.edgeSpacing?.leading)?.spacing ?? 0
  }
}

extension UICollectionViewCompositionalLayout {
  /// The environment the provider is given: the collection view's bounds (the screen's while
  /// they are empty) and no insets.
  func environment() -> CompositionalEnvironment {
    var size = collectionView?.bounds.size ?? .zero
    if size.width <= 0 || size.height <= 0 { size = UIScreen.main.bounds.size }
    return CompositionalEnvironment(contentSize: size, insets: .zero)
  }

  /// The container the sections are laid out in, and the section for each of the data
  /// source's sections (nil where the provider makes none), asked of the provider once per
  /// invalidation and container size.
  func resolvedSections() -> (container: CGSize, sections: [NSCollectionLayoutSection?])? {
    let environment = environment()
    let size = environment.effectiveContentSize
    let count = collectionView?.engineSections.sectionCount ?? 1
    if let fixedSection { return (size, Array(repeating: fixedSection, count: count)) }
    if let resolved, resolved.size == size, resolved.sections.count == count {
      return (size, resolved.sections)
    }
    let sections = (0..<count).map { sectionProvider?($0, environment) }
    resolved = (size, sections)
    return (size, sections)
  }

  /// Where each section's items go; nil when the first section is a list or the provider
  /// makes none (the cells keep the scenario's row geometry).
  func placedSections() -> PlacedSections? {
    guard let (size, sections) = resolvedSections() else { return nil }
    guard let first = sections.first, let first, !first.isList else { return nil }
    let engineRows = collectionView?.engineItemCount ?? 0
    var placed = PlacedSections(container: size)
    for (index, section) in sections.enumerated() {
      let items = collectionView?.engineSections.rows(inSection: index, engineRows: engineRows) ?? 0
      placed.append(section.flatMap { $0.isList ? nil : $0 }, items: items)
    }
    return placed
  }
}

/// A compositional layout's sections down the content: each section's placement and the top
/// it starts at.
@MainActor struct PlacedSections {
  let container: CGSize
  var sections: [(placement: CompositionalPlacement?, top: CGFloat)] = []
  /// Where the next section starts: the content's height so far.
  var height: CGFloat = 0

  init(container: CGSize) { self.container = container }

  /// Places `section` (nil: a list section or none, which takes no room) of `items` items below
  /// the sections so far.
  mutating func append(_ section: NSCollectionLayoutSection?, items: Int) {
    guard let section else {
      sections.append((nil, height))
      return
    }
    let placement = CompositionalPlacement(section: section, container: container)
    sections.append((placement, height))
    let insets = section.contentInsets
    let bottom =
      items > 0
      ? placement.frame(ofItem: items - 1)?.maxY ?? placement.origin.y : placement.origin.y
    height += bottom + insets.bottom + placement.footerHeight
  }

  /// The frame of the item at the app's `indexPath`, in the content.
  func frame(of indexPath: IndexPath) -> CGRect? {
    guard sections.indices.contains(indexPath.section),
      let placement = sections[indexPath.section].placement,
      let frame = placement.frame(ofItem: indexPath.item)
    else { return nil }
    return frame.offsetBy(dx: 0, dy: sections[indexPath.section].top)
  }
}

/// UIKit's `NSCollectionLayoutVisibleItem`: an item on screen, as a section's
/// `visibleItemsInvalidationHandler` sees it (declared so that handlers compile; the layer
/// never calls them). Not declared: `transform3D` (there is no `CATransform3D`).
@preconcurrency @MainActor public protocol NSCollectionLayoutVisibleItem: AnyObject {
  /// The item's alpha.
  var alpha: CGFloat { get set }
  /// The item's z-index.
  var zIndex: Int { get set }
  /// Whether the item is hidden.
  var isHidden: Bool { get set }
  /// The item's centre.
  var center: CGPoint { get set }
  /// The item's transform.
  var transform: CGAffineTransform { get set }
  /// The item's name in its layout.
  var name: String { get }
  /// The item's index path.
  var indexPath: IndexPath { get }
  /// The item's frame.
  var frame: CGRect { get }
  /// The item's bounds.
  var bounds: CGRect { get }
  /// A cell, a supplementary view or a decoration view.
  var representedElementCategory: UICollectionView.ElementCategory { get }
  /// The supplementary or decoration kind, if any.
  var representedElementKind: String? { get }
}

/// UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = (
  [any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment
) -> Void
