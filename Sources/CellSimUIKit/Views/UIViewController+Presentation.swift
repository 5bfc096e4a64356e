/// What a view controller says about how it is shown, and the generic ways to show another.
extension UIViewController {
  /// `isMovingFromParent`: true only inside the appearance callbacks of a controller being
  /// removed from its container. The layer moves no controller while such a callback runs
  /// (pushes and pops are recorded, not animated), so it is false.
  public var isMovingFromParent: Bool { false }
  /// `isMovingToParent`: false, as `isMovingFromParent`.
  public var isMovingToParent: Bool { false }
  /// `isBeingPresented`: false (presentation runs no appearance callback here).
  public var isBeingPresented: Bool { false }
  /// `isBeingDismissed`: false, as `isBeingPresented`.
  public var isBeingDismissed: Bool { false }

  /// `show(_:sender:)`: pushed onto the navigation controller the controller is in, else
  /// presented, as UIKit's default does.
  public func show(_ vc: UIViewController, sender: Any?) {
    if let navigationController {
      navigationController.pushViewController(vc, animated: true)
    } else {
      present(vc, animated: true)
    }
  }

  /// `showDetailViewController(_:sender:)`: presented (a split view's detail column is not
  /// modelled).
  public func showDetailViewController(_ vc: UIViewController, sender: Any?) {
    present(vc, animated: true)
  }

  /// `editButtonItem`: an Edit item for the navigation bar (kept; no one taps it).
  public var editButtonItem: UIBarButtonItem {
    presentationSettings.editButtonItem
  }

  /// `hidesBottomBarWhenPushed` (kept; bars are not drawn).
  public var hidesBottomBarWhenPushed: Bool {
    get { presentationSettings.hidesBottomBarWhenPushed }
    set { presentationSettings.hidesBottomBarWhenPushed = newValue }
  }

  /// `edgesForExtendedLayout` (kept; the view always has the screen's size).
  public var edgesForExtendedLayout: UIRectEdge {
    get { presentationSettings.edgesForExtendedLayout }
    set { presentationSettings.edgesForExtendedLayout = newValue }
  }

  /// `extendedLayoutIncludesOpaqueBars` (kept).
  public var extendedLayoutIncludesOpaqueBars: Bool {
    get { presentationSettings.extendedLayoutIncludesOpaqueBars }
    set { presentationSettings.extendedLayoutIncludesOpaqueBars = newValue }
  }

  /// `additionalSafeAreaInsets` (kept; the safe area is not recomputed).
  public var additionalSafeAreaInsets: UIEdgeInsets {
    get { presentationSettings.additionalSafeAreaInsets }
    set { presentationSettings.additionalSafeAreaInsets = newValue }
  }

  /// `toolbarItems` (kept; toolbars are not drawn).
  public var toolbarItems: [UIBarButtonItem]? {
    get { presentationSettings.toolbarItems }
    set { presentationSettings.toolbarItems = newValue }
  }

  /// `setToolbarItems(_:animated:)`.
  public func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
    self.toolbarItems = toolbarItems
  }

  /// `restorationIdentifier` (kept; state restoration is not modelled).
  public var restorationIdentifier: String? {
    get { presentationSettings.restorationIdentifier }
    set { presentationSettings.restorationIdentifier = newValue }
  }
}

/// UIKit's `UIRectEdge`, with its raw values.
public struct UIRectEdge: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = UIRectEdge(rawValue: 1 << 0)
  public static let left = UIRectEdge(rawValue: 1 << 1)
  public static let bottom = UIRectEdge(rawValue: 1 << 2)
  public static let right = UIRectEdge(rawValue: 1 << 3)
  public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A view controller's presentation settings, made at first use.
@MainActor final class PresentationSettings {
  lazy var editButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil)
  var hidesBottomBarWhenPushed = false
  var edgesForExtendedLayout: UIRectEdge = .all
  var extendedLayoutIncludesOpaqueBars = false
  var additionalSafeAreaInsets: UIEdgeInsets = .zero
  var toolbarItems: [UIBarButtonItem]?
  var restorationIdentifier: String?
  weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
  /// The presentation controller a `.custom` presentation's transitioning delegate gave.
  var customPresentation: UIPresentationController?
  /// The presentation controller of a style with no controller of its own, made when asked.
  var plainPresentation: UIPresentationController?
}
