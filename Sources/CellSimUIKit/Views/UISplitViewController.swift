/// UIKit's `UISplitViewController`, as apps build an iPad root: its columns' controllers are
/// kept as children and its display settings kept; nothing is laid out or shown (its view holds
/// no column's view), so host a column's own controller rather than the split view controller.
@preconcurrency @MainActor open class UISplitViewController: UIViewController {
  /// UIKit's `UISplitViewController.Style`.
  public enum Style: Int, Sendable {
    case unspecified = 0
    case doubleColumn = 1
    case tripleColumn = 2
  }
  /// UIKit's `UISplitViewController.Column`.
  public enum Column: Int, Sendable {
    case primary = 0
    case supplementary = 1
    case secondary = 2
    case compact = 3
  }
  /// UIKit's `UISplitViewController.DisplayMode`.
  public enum DisplayMode: Int, Sendable {
    case automatic = 0
    case secondaryOnly = 1
    case oneBesideSecondary = 2
    case oneOverSecondary = 3
    case twoBesideSecondary = 4
    case twoOverSecondary = 5
    case twoDisplaceSecondary = 6
    /// `.primaryHidden`, the name before iOS 14 of `.secondaryOnly`.
    @available(iOS, deprecated: 14.0, renamed: "secondaryOnly")
    public static let primaryHidden = DisplayMode.secondaryOnly
    /// `.allVisible`, the name before iOS 14 of `.oneBesideSecondary`.
    @available(iOS, deprecated: 14.0, renamed: "oneBesideSecondary")
    public static let allVisible = DisplayMode.oneBesideSecondary
    /// `.primaryOverlay`, the name before iOS 14 of `.oneOverSecondary`.
    @available(iOS, deprecated: 14.0, renamed: "oneOverSecondary")
    public static let primaryOverlay = DisplayMode.oneOverSecondary
  }
  /// UIKit's `UISplitViewController.SplitBehavior`.
  public enum SplitBehavior: Int, Sendable {
    case automatic = 0
    case tile = 1
    case overlay = 2
    case displace = 3
  }

  /// The style.
  public let style: Style
  /// The delegate (weak; never told).
  open weak var delegate: (any UISplitViewControllerDelegate)?
  /// `preferredDisplayMode` (kept).
  open var preferredDisplayMode: DisplayMode = .automatic
  /// `displayMode`: the preferred one (nothing adapts).
  open var displayMode: DisplayMode { preferredDisplayMode }
  /// `preferredSplitBehavior` (kept).
  open var preferredSplitBehavior: SplitBehavior = .automatic
  /// `preferredPrimaryColumnWidth` (kept).
  open var preferredPrimaryColumnWidth: CGFloat = UIView.noIntrinsicMetric
  /// `preferredPrimaryColumnWidthFraction` (kept).
  open var preferredPrimaryColumnWidthFraction: CGFloat = UIView.noIntrinsicMetric
  /// `presentsWithGesture` (kept).
  open var presentsWithGesture = true
  /// `showsSecondaryOnlyButton` (kept).
  open var showsSecondaryOnlyButton = false
  /// Whether the split view is collapsed: false (an iPad's regular width is assumed).
  open var isCollapsed: Bool { false }

  var columns: [Column: UIViewController] = [:]

  /// `UISplitViewController(style:)`.
  public init(style: Style) {
    self.style = style
    super.init(nibName: nil, bundle: nil)
  }
  /// A classic (unspecified-style) split view controller.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    self.style = .unspecified
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  /// A classic split view controller (nibs are not modelled).
  public required init?(coder: NSCoder) {
    self.style = .unspecified
    super.init(coder: coder)
  }

  /// The column controllers of a classic split view (primary, then secondary).
  open var viewControllers: [UIViewController] {
    get { [Column.primary, .supplementary, .secondary].compactMap { columns[$0] } }
    set {
      for (index, controller) in newValue.prefix(2).enumerated() {
        setViewController(controller, for: index == 0 ? .primary : .secondary)
      }
    }
  }

  /// `setViewController(_:for:)`: makes `vc` the column's controller (a child).
  open func setViewController(_ vc: UIViewController?, for column: Column) {
    columns[column]?.removeFromParent()
    columns[column] = vc
    if let vc { addChild(vc) }
  }

  /// `viewController(for:)`.
  open func viewController(for column: Column) -> UIViewController? { columns[column] }

  /// `show(_:)` and `hide(_:)` (kept: nothing is shown).
  open func show(_ column: Column) {}
  /// `hide(_:)` (nothing is shown).
  open func hide(_ column: Column) {}
}

/// UIKit's `UISplitViewControllerDelegate` (every method optional; never called).
@preconcurrency @MainActor public protocol UISplitViewControllerDelegate: AnyObject {
  /// The column to show when the split view collapses.
  func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column
}

extension UISplitViewControllerDelegate {
  /// The proposed column.
  public func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column { proposedTopColumn }
}

extension UIViewController {
  /// The nearest split view controller among the controller's ancestors, else nil.
  public var splitViewController: UISplitViewController? {
    var ancestor = parent
    while let controller = ancestor {
      if let split = controller as? UISplitViewController { return split }
      ancestor = controller.parent
    }
    return nil
  }
}
