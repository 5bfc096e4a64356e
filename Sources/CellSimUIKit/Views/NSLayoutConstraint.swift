/// UIKit's `NSLayoutConstraint`. Cells built in code pin their image view with anchors; the
/// layer keeps each constraint (its items, attributes, relation, constant, multiplier, priority
/// and `isActive`), and a view's layout pass sets the frames of its subviews laid out by
/// constraints from the active equalities among them (`ConstraintLayout.swift` says what is
/// solved and what is not). A hosted cell is sized to its row.
@preconcurrency @MainActor open class NSLayoutConstraint: NSObject {
  /// `NSLayoutConstraint.Attribute`.
  public enum Attribute: Int, Sendable {
    case left = 1
    case right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    /// The margin attributes (iOS 8): the same edges of the item's `layoutMarginsGuide`.
    case leftMargin = 13
    case rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case notAnAttribute = 0

    /// The edge a margin attribute names, measured on the margins guide (nil: not a margin).
    var marginBase: Attribute? {
      switch self {
      case .leftMargin: return .left
      case .rightMargin: return .right
      case .topMargin: return .top
      case .bottomMargin: return .bottom
      case .leadingMargin: return .leading
      case .trailingMargin: return .trailing
      case .centerXWithinMargins: return .centerX
      case .centerYWithinMargins: return .centerY
      default: return nil
      }
    }
  }

  /// `NSLayoutConstraint.Relation`.
  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1
  }

  /// The first item (a view or a layout guide).
  public let firstItem: AnyObject?
  /// The first item's attribute.
  public let firstAttribute: Attribute
  /// The relation.
  public let relation: Relation
  /// The second item, if any.
  public let secondItem: AnyObject?
  /// The second item's attribute.
  public let secondAttribute: Attribute
  /// The multiplier.
  public let multiplier: CGFloat
  /// The constant; changing it on an active constraint marks its views for layout.
  open var constant: CGFloat {
    didSet {
      guard isActive, constant != oldValue, let view = firstItem as? UIView else { return }
      view.needsLayout = true
      view.storedSuperview?.needsLayout = true
    }
  }
  /// The priority.
  open var priority: UILayoutPriority = .required
  /// The identifier.
  open var identifier: String?
  /// Whether the constraint is active (recorded on its first item's `constraints`).
  open var isActive = false {
    didSet {
      guard isActive != oldValue, let view = firstItem as? UIView else { return }
      view.needsLayout = true
      view.storedSuperview?.needsLayout = true
      if isActive {
        view.storedConstraints.append(self)
      } else {
        view.storedConstraints.removeAll { $0 === self }
      }
    }
  }

  /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
  public init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
    toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    firstItem = view1 as AnyObject
    firstAttribute = attr1
    self.relation = relation
    secondItem = view2.map { $0 as AnyObject }
    secondAttribute = attr2
    self.multiplier = multiplier
    constant = c
  }

  /// `NSLayoutConstraint()`, as `NSObject`'s `init()` makes one: it relates no item
  /// (`.notAnAttribute` on both sides, multiplier 1, constant 0) and is inactive; activating it
  /// lays out nothing, since it names no view.
  public override init() {
    firstItem = nil
    firstAttribute = .notAnAttribute
    relation = .equal
    secondItem = nil
    secondAttribute = .notAnAttribute
    multiplier = 1
    constant = 0
  }

  /// Activates every constraint of `constraints`.
  open class func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates every constraint of `constraints`.
  open class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }
}

/// UIKit's `UILayoutPriority`.
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
  public var rawValue: Float
  public init(rawValue: Float) { self.rawValue = rawValue }
  public init(_ rawValue: Float) { self.rawValue = rawValue }
  public static let required = UILayoutPriority(1000)
  public static let defaultHigh = UILayoutPriority(750)
  public static let dragThatCanResizeScene = UILayoutPriority(510)
  public static let defaultLow = UILayoutPriority(250)
  public static let fittingSizeLevel = UILayoutPriority(50)
  /// `sceneSizeStayPut`.
  public static let sceneSizeStayPut = UILayoutPriority(500)
  /// `dragThatCannotResizeScene`.
  public static let dragThatCannotResizeScene = UILayoutPriority(490)

  /// A priority `rhs` above `lhs` (`.defaultHigh + 1`), as UIKit's Swift overlay gives it.
  public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
    UILayoutPriority(lhs.rawValue + rhs)
  }
  /// A priority `rhs` below `lhs` (`.required - 1`).
  public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
    UILayoutPriority(lhs.rawValue - rhs)
  }
}

/// UIKit's `NSLayoutAnchor`: makes constraints between two items' attributes.
@preconcurrency @MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
  let item: AnyObject
  let attribute: NSLayoutConstraint.Attribute

  init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
    self.item = item
    self.attribute = attribute
  }

  func make(
    _ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?,
    multiplier: CGFloat = 1, constant c: CGFloat
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
      attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: c)
  }

  /// `constraint(equalTo:)`.
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    make(.equal, anchor, constant: 0)
  }
  /// `constraint(equalTo:constant:)`.
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, constant: c) }
  /// `constraint(greaterThanOrEqualTo:)`.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>)
    -> NSLayoutConstraint
  { make(.greaterThanOrEqual, anchor, constant: 0) }
  /// `constraint(greaterThanOrEqualTo:constant:)`.
  open func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, constant: c) }
  /// `constraint(lessThanOrEqualTo:)`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>)
    -> NSLayoutConstraint
  { make(.lessThanOrEqual, anchor, constant: 0) }
  /// `constraint(lessThanOrEqualTo:constant:)`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  { make(.lessThanOrEqual, anchor, constant: c) }
}

/// The system spacing between two sibling views' edges, which the `…SystemSpacing…` anchors
/// take times their multiplier: UIKit's standard spacing of 8 points (it does not document a
/// value; 8 is what Interface Builder's "standard" gives between siblings).
let systemSpacing: CGFloat = 8

/// UIKit's `NSLayoutXAxisAnchor`.
@preconcurrency @MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
  /// `constraint(equalToSystemSpacingAfter:multiplier:)`: this edge `multiplier` times the
  /// system spacing after `anchor`.
  open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, constant: systemSpacing * multiplier) }
  /// `constraint(greaterThanOrEqualToSystemSpacingAfter:multiplier:)`.
  open func constraint(
    greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: systemSpacing * multiplier)
  }
  /// `constraint(lessThanOrEqualToSystemSpacingAfter:multiplier:)`.
  open func constraint(
    lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, constant: systemSpacing * multiplier) }
}

/// UIKit's `NSLayoutYAxisAnchor`.
@preconcurrency @MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
  /// `constraint(equalToSystemSpacingBelow:multiplier:)`: this edge `multiplier` times the
  /// system spacing below `anchor`.
  open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, constant: systemSpacing * multiplier) }
  /// `constraint(greaterThanOrEqualToSystemSpacingBelow:multiplier:)`.
  open func constraint(
    greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: systemSpacing * multiplier)
  }
  /// `constraint(lessThanOrEqualToSystemSpacingBelow:multiplier:)`.
  open func constraint(
    lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, constant: systemSpacing * multiplier) }
}

/// UIKit's `NSLayoutDimension`: width and height anchors, which also take constants.
@preconcurrency @MainActor open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  /// `constraint(equalToConstant:)`.
  open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.equal, nil, constant: c)
  }
  /// `constraint(greaterThanOrEqualToConstant:)`.
  open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, nil, constant: c)
  }
  /// `constraint(lessThanOrEqualToConstant:)`.
  open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.lessThanOrEqual, nil, constant: c)
  }
  /// `constraint(equalTo:multiplier:)`.
  open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, multiplier: m, constant: 0) }
  /// `constraint(equalTo:multiplier:constant:)`.
  open func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  )
    -> NSLayoutConstraint
  { make(.equal, anchor, multiplier: m, constant: c) }
  /// `constraint(greaterThanOrEqualTo:multiplier:)`.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  { make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0) }
  /// `constraint(greaterThanOrEqualTo:multiplier:constant:)`.
  open func constraint(
    greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, multiplier: m, constant: c) }
  /// `constraint(lessThanOrEqualTo:multiplier:)`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  { make(.lessThanOrEqual, anchor, multiplier: m, constant: 0) }
  /// `constraint(lessThanOrEqualTo:multiplier:constant:)`.
  open func constraint(
    lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, multiplier: m, constant: c) }
}

/// UIKit's `UILayoutGuide` (`safeAreaLayoutGuide`, `layoutMarginsGuide`): anchors and a layout
/// frame.
@preconcurrency @MainActor open class UILayoutGuide: NSObject {
  /// The view that owns the guide.
  open internal(set) weak var owningView: UIView?
  /// `identifier`.
  open var identifier = ""
  public override init() {}

  /// `layoutFrame`, in the owning view's coordinates: its bounds inset by its layout margins
  /// for the margins guide, by its safe area for the safe-area guide (no inset: a run's screen
  /// has no notch or bars); `.zero` for a guide of your own (its constraints are not solved)
  /// or one no view owns.
  open var layoutFrame: CGRect {
    guard let owner = owningView else { return .zero }
    if self === owner.marginsGuide { return owner.bounds.inset(by: owner.layoutMargins) }
    if self === owner.safeAreaGuide { return owner.bounds.inset(by: owner.safeAreaInsets) }
    if let scrollView = owner as? UIScrollView {
      if self === scrollView.contentGuide {
        return CGRect(origin: .zero, size: scrollView.contentSize)
      }
      if self === scrollView.frameGuide {
        return CGRect(origin: scrollView.contentOffset, size: scrollView.bounds.size)
      }
    }
    return .zero
  }

  /// `leadingAnchor`.
  public var leadingAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .leading) }
  /// `trailingAnchor`.
  public var trailingAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .trailing) }
  /// `leftAnchor`.
  public var leftAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .left) }
  /// `rightAnchor`.
  public var rightAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .right) }
  /// `centerXAnchor`.
  public var centerXAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .centerX) }
  /// `topAnchor`.
  public var topAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .top) }
  /// `bottomAnchor`.
  public var bottomAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .bottom) }
  /// `centerYAnchor`.
  public var centerYAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .centerY) }
  /// `widthAnchor`.
  public var widthAnchor: NSLayoutDimension { .init(item: self, attribute: .width) }
  /// `heightAnchor`.
  public var heightAnchor: NSLayoutDimension { .init(item: self, attribute: .height) }
}

extension UIView {
  /// `leadingAnchor`.
  public var leadingAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .leading) }
  /// `trailingAnchor`.
  public var trailingAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .trailing) }
  /// `leftAnchor`.
  public var leftAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .left) }
  /// `rightAnchor`.
  public var rightAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .right) }
  /// `centerXAnchor`.
  public var centerXAnchor: NSLayoutXAxisAnchor { .init(item: self, attribute: .centerX) }
  /// `topAnchor`.
  public var topAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .top) }
  /// `bottomAnchor`.
  public var bottomAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .bottom) }
  /// `centerYAnchor`.
  public var centerYAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .centerY) }
  /// `firstBaselineAnchor`.
  public var firstBaselineAnchor: NSLayoutYAxisAnchor {
    .init(item: self, attribute: .firstBaseline)
  }
  /// `lastBaselineAnchor`.
  public var lastBaselineAnchor: NSLayoutYAxisAnchor { .init(item: self, attribute: .lastBaseline) }
  /// `widthAnchor`.
  public var widthAnchor: NSLayoutDimension { .init(item: self, attribute: .width) }
  /// `heightAnchor`.
  public var heightAnchor: NSLayoutDimension { .init(item: self, attribute: .height) }

  /// The active constraints whose first item is this view (UIKit keeps them on the nearest
  /// common ancestor; the layer keeps them here).
  public var constraints: [NSLayoutConstraint] { storedConstraints }

  /// Activates `constraint`.
  public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
  /// Activates `constraints`.
  public func addConstraints(_ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.activate(constraints)
  }
  /// Deactivates `constraint`.
  public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }

  /// `safeAreaLayoutGuide`.
  public var safeAreaLayoutGuide: UILayoutGuide { guide(\.safeAreaGuide) }
  /// `layoutMarginsGuide`.
  public var layoutMarginsGuide: UILayoutGuide { guide(\.marginsGuide) }
  /// `readableContentGuide`: the margins guide. UIKit narrows it to a readable line length
  /// only on views wider than a phone's; a hosted screen is a phone's width.
  public var readableContentGuide: UILayoutGuide { layoutMarginsGuide }

  /// `addLayoutGuide(_:)`: the view owns `layoutGuide` (taken from any view that owned it).
  public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
    layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
    layoutGuide.owningView = self
    addedLayoutGuides.append(layoutGuide)
  }
  /// `removeLayoutGuide(_:)`.
  public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
    guard layoutGuide.owningView === self else { return }
    addedLayoutGuides.removeAll { $0 === layoutGuide }
    layoutGuide.owningView = nil
  }
  /// `layoutGuides`: the guides added with `addLayoutGuide(_:)`, in order.
  public var layoutGuides: [UILayoutGuide] { addedLayoutGuides }

  func guide(_ path: ReferenceWritableKeyPath<UIView, UILayoutGuide?>) -> UILayoutGuide {
    if let guide = self[keyPath: path] { return guide }
    let guide = UILayoutGuide()
    guide.owningView = self
    self[keyPath: path] = guide
    return guide
  }
}
