/// The Objective-C runtime's `Selector`, as a name: it lets UIKit's `target:action:` forms
/// compile with `action: nil` or `Selector("name")` (`#selector` itself needs the runtime). A
/// selector is kept, never performed.
///
/// Code brought to Linux often has its `#selector` lines removed. When such a line was one
/// argument of a call written over several lines, what remains (`addTarget(self,` then
/// `for: .valueChanged)`) still compiles: the target-action calls give the selector argument
/// a default (an empty selector, or none), and `NotificationCenter` has
/// `addObserver(_:selector:name:object:)` with one. The target is kept and no action is
/// connected, exactly as when the whole call was on the removed line.
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

extension UIView {
  /// `convert(_:to:)` for a point: from this view's coordinates to `view`'s (nil: the root of
  /// the hierarchy, which stands for the window), through the frames and bounds origins (a scroll
  /// view's content offset) of the views between them. A displayed cell of a hosted table or
  /// collection view is its subview, at its row's rectangle, so a point converts from a cell to
  /// the table's content as on a device.
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
@preconcurrency @MainActor open class UIContextMenuConfiguration: NSObject {
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
}
