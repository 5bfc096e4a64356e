/// UIKit's `UITabBarController`, as apps build their root: a container whose view shows its
/// selected view controller's view, so a hosted tab bar controller's selected screen is found
/// and judged as it is (the host looks for the table in its view hierarchy).
///
/// Modelled: `viewControllers` (made children), `selectedIndex` and `selectedViewController`
/// (changing them swaps the shown view; the delegate is not told, as UIKit tells it only of the
/// user's taps), and the appearance, layout and memory-warning callbacks, forwarded to the
/// selected controller as UIKit forwards them. Its `tabBar` and the items keep their values and
/// are not drawn; no one taps a tab.
@preconcurrency @MainActor open class UITabBarController: UIViewController {
  /// The tab bar (kept, not drawn).
  public let tabBar = UITabBar(frame: .zero)
  /// The delegate (weak; never told: no one taps a tab).
  open weak var delegate: (any UITabBarControllerDelegate)?

  /// The tabs' controllers, in order.
  open var viewControllers: [UIViewController]? {
    didSet { adoptTabs(from: oldValue ?? []) }
  }

  /// The selected tab (0 when there are tabs; `NSNotFound` when there are none).
  open var selectedIndex: Int {
    get { (viewControllers?.isEmpty ?? true) ? NSNotFound : storedSelectedIndex }
    set {
      guard let tabs = viewControllers, tabs.indices.contains(newValue) else { return }
      let old = selectedViewController
      storedSelectedIndex = newValue
      swapShown(from: old)
    }
  }
  var storedSelectedIndex = 0
  /// The iOS 26 settings: minimizing, bottom accessory (`UIKit26+Bars.swift`).
  lazy var accessorySettings = TabBarAccessorySettings()

  /// The selected tab's controller.
  open var selectedViewController: UIViewController? {
    get {
      guard let tabs = viewControllers, tabs.indices.contains(storedSelectedIndex) else {
        return nil
      }
      return tabs[storedSelectedIndex]
    }
    set {
      guard let newValue, let index = viewControllers?.firstIndex(where: { $0 === newValue })
      else { return }
      selectedIndex = index
    }
  }

  /// `setViewControllers(_:animated:)`.
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    self.viewControllers = viewControllers
  }

  /// Makes the container's view and shows the selected controller's view in it.
  open override func loadView() {
    super.loadView()
    if let selected = selectedViewController { show(selected) }
  }

  func adoptTabs(from old: [UIViewController]) {
    let tabs = viewControllers ?? []
    for controller in old where !tabs.contains(where: { $0 === controller }) {
      controller.viewIfLoaded?.removeFromSuperview()
      controller.removeFromParent()
    }
    for controller in tabs where controller.parent !== self { addChild(controller) }
    if !tabs.indices.contains(storedSelectedIndex) { storedSelectedIndex = 0 }
    tabBar.items = tabs.map(\.tabBarItem)
    if let selected = selectedViewController, isViewLoaded {
      for controller in tabs where controller !== selected {
        controller.viewIfLoaded?.removeFromSuperview()
      }
      show(selected)
    }
  }

  func swapShown(from old: UIViewController?) {
    guard isViewLoaded, let selected = selectedViewController, selected !== old else { return }
    old?.viewIfLoaded?.removeFromSuperview()
    show(selected)
  }

  func show(_ controller: UIViewController) {
    guard let container = viewIfLoaded, controller.view.superview !== container else { return }
    controller.view.frame = container.bounds
    container.addSubview(controller.view)
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    // The bar enters the window with the controller's view: it takes its appearance now.
    tabBar.applyAppearance(containers: appearanceContainers)
    selectedViewController?.viewWillAppear(animated)
  }
  open override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    selectedViewController?.viewIsAppearing(animated)
  }
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    selectedViewController?.viewDidAppear(animated)
  }
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    selectedViewController?.viewWillDisappear(animated)
  }
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    selectedViewController?.viewDidDisappear(animated)
  }
  open override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    selectedViewController?.viewWillLayoutSubviews()
  }
  open override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    selectedViewController?.viewDidLayoutSubviews()
  }
  open override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    for controller in viewControllers ?? [] { controller.didReceiveMemoryWarning() }
  }
}

/// UIKit's `UITabBarControllerDelegate` (every method optional; never called).
@preconcurrency @MainActor public protocol UITabBarControllerDelegate: AnyObject {
  /// Whether the user may select `viewController`.
  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool
  /// The user selected `viewController`.
  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
  /// True.
  public func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool { true }
  /// Does nothing.
  public func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {}
}

/// UIKit's `UITabBar` (its values are kept; nothing is drawn).
@preconcurrency @MainActor open class UITabBar: UIView {
  /// The items, one per tab.
  open var items: [UITabBarItem]?
  /// `selectedItem` (kept).
  open var selectedItem: UITabBarItem?
  /// `barTintColor` (kept).
  open var barTintColor: UIColor? {
    didSet { appearanceDidSet(.barTintColor, \UITabBar.barTintColor, barTintColor) }
  }
  /// `unselectedItemTintColor` (kept).
  open var unselectedItemTintColor: UIColor? {
    didSet {
      appearanceDidSet(
        .unselectedItemTintColor, \UITabBar.unselectedItemTintColor, unselectedItemTintColor)
    }
  }
  /// `isTranslucent` (kept).
  open var isTranslucent = true {
    didSet { appearanceDidSet(.isTranslucent, \UITabBar.isTranslucent, isTranslucent) }
  }
  /// `barStyle` (kept).
  open var barStyle: UIBarStyle = .default {
    didSet { appearanceDidSet(.barStyle, \UITabBar.barStyle, barStyle) }
  }
  /// The delegate (held weakly). Kept: no one taps a tab bar in a run, so it is never called.
  open weak var delegate: (any UITabBarDelegate)?
  /// `standardAppearance` (iOS 13; kept, never drawn).
  open var standardAppearance = UITabBarAppearance() {
    didSet {
      appearanceDidSet(.standardAppearance, \UITabBar.standardAppearance, standardAppearance)
    }
  }
  /// `scrollEdgeAppearance` (kept).
  open var scrollEdgeAppearance: UITabBarAppearance? {
    didSet {
      appearanceDidSet(.scrollEdgeAppearance, \UITabBar.scrollEdgeAppearance, scrollEdgeAppearance)
    }
  }
}

/// UIKit's `UITabBarDelegate` (every method optional). Never called: the user's taps on a tab
/// bar are not modelled, and UIKit does not call it when code sets `selectedItem`.
@preconcurrency @MainActor public protocol UITabBarDelegate: AnyObject {
  /// The user selected `item`.
  func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
  /// Does nothing.
  public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// UIKit's `UITabBarItem`: a tab's title, images and badge (kept, never drawn).
@preconcurrency @MainActor open class UITabBarItem: NSObject {
  /// UIKit's `UITabBarItem.SystemItem`, with its raw values.
  public enum SystemItem: Int, Sendable {
    case more = 0
    case favorites = 1
    case featured = 2
    case topRated = 3
    case recents = 4
    case contacts = 5
    case history = 6
    case bookmarks = 7
    case search = 8
    case downloads = 9
    case mostRecent = 10
    case mostViewed = 11
  }

  /// The title.
  open var title: String?
  /// The image.
  open var image: UIImage?
  /// The selected image.
  open var selectedImage: UIImage?
  /// The tag.
  open var tag: Int
  /// `badgeValue` (kept).
  open var badgeValue: String?
  /// `badgeColor` (kept).
  open var badgeColor: UIColor?
  /// `isEnabled` (kept).
  open var isEnabled = true
  /// The system item, if made from one.
  public let systemItem: SystemItem?
  /// The item's own bar appearances (`UITabBarItemAppearance.swift`).
  lazy var itemAppearances = TabBarItemAppearances()

  /// `UITabBarItem(title:image:tag:)`.
  public init(title: String?, image: UIImage?, tag: Int) {
    self.title = title
    self.image = image
    self.tag = tag
    self.systemItem = nil
  }

  /// `UITabBarItem(title:image:selectedImage:)`.
  public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
    self.title = title
    self.image = image
    self.selectedImage = selectedImage
    self.tag = 0
    self.systemItem = nil
  }

  /// `UITabBarItem(tabBarSystemItem:tag:)`.
  public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
    self.tag = tag
    self.systemItem = systemItem
  }

  /// An item without a title or an image.
  public override init() {
    self.tag = 0
    self.systemItem = nil
  }
}
