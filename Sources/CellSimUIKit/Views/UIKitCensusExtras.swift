/// The Objective-C runtime's `Selector`, as a name: it lets UIKit's `target:action:` forms
/// compile with `action: nil` or `Selector("name")` (`#selector` itself needs the runtime). A
/// selector is kept, never performed.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The selector's name.
  let name: String
  /// `Selector("name")`.
  public init(_ name: String) { self.name = name }
  /// A selector from a string literal.
  public init(stringLiteral name: String) { self.name = name }
  /// The name.
  public var description: String { name }
}

/// `NSStringFromSelector(_:)`: the selector's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSStringFromSelector(_ aSelector: Selector) -> String { aSelector.name }
/// `NSSelectorFromString(_:)`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { Selector(aSelectorName) }

/// UIKit's `NSLineBreakMode`, with its raw values.
public enum NSLineBreakMode: Int, Sendable {
  case byWordWrapping = 0
  case byCharWrapping = 1
  case byClipping = 2
  case byTruncatingHead = 3
  case byTruncatingTail = 4
  case byTruncatingMiddle = 5
}

/// Side storage for values UIKit declares on classes whose files hold the table engine: kept per
/// object, released with it (the layer's associated objects).
@MainActor enum CensusStorage {
  nonisolated(unsafe) static var separatorInsetKey = 0
  nonisolated(unsafe) static var tableBackgroundKey = 0
  nonisolated(unsafe) static var gridBackgroundKey = 0
  nonisolated(unsafe) static var separatorColorKey = 0
  nonisolated(unsafe) static var tableSeparatorInsetKey = 0
  nonisolated(unsafe) static var readableWidthKey = 0
  nonisolated(unsafe) static var headerTopPaddingKey = 0
  nonisolated(unsafe) static var dragInteractionKey = 0
  nonisolated(unsafe) static var insetReferenceKey = 0

  static func value<T>(_ object: AnyObject, _ key: UnsafeRawPointer, default value: T) -> T {
    objc_getAssociatedObject(object, key) as? T ?? value
  }
  static func set(_ object: AnyObject, _ key: UnsafeRawPointer, _ value: Any?) {
    objc_setAssociatedObject(object, key, value, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }
}

extension UITableViewCell {
  /// `separatorInset` (kept; no separator is drawn).
  public var separatorInset: UIEdgeInsets {
    get {
      (objc_getAssociatedObject(self, &CensusStorage.separatorInsetKey) as? UIEdgeInsets)
        ?? UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
    }
    set {
      objc_setAssociatedObject(
        self, &CensusStorage.separatorInsetKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
}

extension UITableView {
  /// `backgroundView` (kept, never drawn; not a subview, so never taken for a cell's image).
  public var backgroundView: UIView? {
    get { objc_getAssociatedObject(self, &CensusStorage.tableBackgroundKey) as? UIView }
    set {
      objc_setAssociatedObject(
        self, &CensusStorage.tableBackgroundKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
}

extension UITableView {
  /// `separatorColor` (kept; no separator is drawn).
  public var separatorColor: UIColor? {
    get { CensusStorage.value(self, &CensusStorage.separatorColorKey, default: UIColor.separator) }
    set { CensusStorage.set(self, &CensusStorage.separatorColorKey, newValue) }
  }
  /// `separatorInset` (kept; no separator is drawn).
  public var separatorInset: UIEdgeInsets {
    get {
      CensusStorage.value(
        self, &CensusStorage.tableSeparatorInsetKey,
        default: UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0))
    }
    set { CensusStorage.set(self, &CensusStorage.tableSeparatorInsetKey, newValue) }
  }
  /// `cellLayoutMarginsFollowReadableWidth` (kept).
  public var cellLayoutMarginsFollowReadableWidth: Bool {
    get { CensusStorage.value(self, &CensusStorage.readableWidthKey, default: false) }
    set { CensusStorage.set(self, &CensusStorage.readableWidthKey, newValue) }
  }
  /// `sectionHeaderTopPadding` (kept; `UITableView.automaticDimension` by default).
  public var sectionHeaderTopPadding: CGFloat {
    get {
      CensusStorage.value(
        self, &CensusStorage.headerTopPaddingKey, default: UITableView.automaticDimension)
    }
    set { CensusStorage.set(self, &CensusStorage.headerTopPaddingKey, newValue) }
  }
}

extension UICollectionView {
  /// `dragInteractionEnabled` (kept; no one drags an item).
  public var dragInteractionEnabled: Bool {
    get { CensusStorage.value(self, &CensusStorage.dragInteractionKey, default: false) }
    set { CensusStorage.set(self, &CensusStorage.dragInteractionKey, newValue) }
  }
}

extension UICollectionView {
  /// `backgroundView` (kept, never drawn; not a subview, so never taken for a cell's image).
  public var backgroundView: UIView? {
    get { objc_getAssociatedObject(self, &CensusStorage.gridBackgroundKey) as? UIView }
    set {
      objc_setAssociatedObject(
        self, &CensusStorage.gridBackgroundKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
}

extension UIView {
  /// `convert(_:to:)` for a point: from this view's coordinates to `view`'s (nil: the root of
  /// the hierarchy, which stands for the window), through the frames and bounds origins (a scroll
  /// view's content offset) of the views between them. Cells of a hosted table or collection view are not
  /// subviews of it and sit at the origin, so a conversion through a cell gives the point in its
  /// cell, not in the table.
  public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    let root = rootOrigin(of: self)
    let target = view.map { rootOrigin(of: $0) } ?? .zero
    return CGPoint(x: point.x + root.x - target.x, y: point.y + root.y - target.y)
  }

  /// `convert(_:from:)` for a point.
  public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    let source = view.map { rootOrigin(of: $0) } ?? .zero
    let root = rootOrigin(of: self)
    return CGPoint(x: point.x + source.x - root.x, y: point.y + source.y - root.y)
  }

  /// `convert(_:to:)` for a rectangle (its origin converted, its size kept).
  public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  /// `convert(_:from:)` for a rectangle.
  public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, from: view), size: rect.size)
  }

  /// Where `view`'s coordinate origin lies in its hierarchy's root.
  func rootOrigin(of view: UIView) -> CGPoint {
    var origin = CGPoint.zero
    var current: UIView? = view
    while let child = current, let parent = child.superview {
      let shown = (child as? UIScrollView)?.contentOffset ?? child.bounds.origin
      origin.x += child.frame.minX - shown.x
      origin.y += child.frame.minY - shown.y
      current = parent
    }
    return origin
  }
}

/// UIKit's `UIContextMenuConfiguration`: a context menu's identifier, preview and actions, kept
/// (no one long-presses, so the providers are never called).
@preconcurrency @MainActor open class UIContextMenuConfiguration {
  /// `identifier`.
  public let identifier: any NSCopying
  /// The preview provider (never called).
  public let previewProvider: UIContextMenuContentPreviewProvider?
  /// The action provider (never called).
  public let actionProvider: UIContextMenuActionProvider?

  /// `UIContextMenuConfiguration(identifier:previewProvider:actionProvider:)`.
  public init(
    identifier: (any NSCopying)? = nil,
    previewProvider: UIContextMenuContentPreviewProvider? = nil,
    actionProvider: UIContextMenuActionProvider? = nil
  ) {
    self.identifier = identifier ?? NSUUID()
    self.previewProvider = previewProvider
    self.actionProvider = actionProvider
  }
}

/// `UIContextMenuContentPreviewProvider`.
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?
/// `UIContextMenuActionProvider`: the suggested actions in, the menu out.
public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?

extension UICollectionViewFlowLayout {
  /// UIKit's `UICollectionViewFlowLayout.SectionInsetReference`, with its raw values.
  public enum SectionInsetReference: Int, Sendable {
    case fromContentInset = 0
    case fromSafeArea = 1
    case fromLayoutMargins = 2
  }

  /// `sectionInsetReference` (kept; the flow layout's values are accepted, not used).
  public var sectionInsetReference: SectionInsetReference {
    get {
      CensusStorage.value(self, &CensusStorage.insetReferenceKey, default: .fromContentInset)
    }
    set { CensusStorage.set(self, &CensusStorage.insetReferenceKey, newValue) }
  }
}
