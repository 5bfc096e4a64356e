/// UIKit's `UINavigationController`, as far as a hosted list needs it: a container whose view
/// shows its top view controller's view, so that a screen built as
/// `UINavigationController(rootViewController: PhotosViewController())` is hosted as it is (the
/// host finds the table in the top view controller).
///
/// Modelled: `init(rootViewController:)`, `viewControllers`, `topViewController`,
/// `visibleViewController`, and the appearance, layout and memory-warning callbacks, forwarded to
/// the top view controller as UIKit forwards them. Pushing and popping are recorded, not shown:
/// `pushViewController(_:animated:)` makes the pushed controller a child, loads its view and makes
/// it the top, but the screen the host judges (the root's table) stays on screen, as under a
/// presented controller; `popViewController(animated:)` and `popToRootViewController(animated:)`
/// undo it. Its `navigationBar` keeps its values and is not drawn.
///
/// The `delegate` hears `willShow` and `didShow` around each change of the top controller once
/// the container has appeared, and an animator it gives for an animated push or pop runs (see
/// `UINavigationControllerDelegate`).
///
/// Not modelled: the bar's drawing and layout (the content view is the screen's size), UIKit's own
/// transition animations and their coordinators, the interactive pop gesture, toolbars.
@preconcurrency @MainActor open class UINavigationController: UIViewController {
  /// The stack, root first.
  open var viewControllers: [UIViewController] = [] {
    didSet {
      adoptStack(from: oldValue)
      let animated = navigationState.animatedChange
      navigationState.animatedChange = false
      if !navigationState.quiet { topChanged(from: oldValue, animated: animated) }
    }
  }
  /// The delegate (weak): told when the top controller changes, and asked for animators.
  open weak var delegate: (any UINavigationControllerDelegate)?
  let navigationState = NavigationState()
  /// The navigation bar (kept, not drawn).
  public let navigationBar = UINavigationBar()
  /// `isNavigationBarHidden` (kept).
  open var isNavigationBarHidden = false

  /// A navigation controller whose stack is `rootViewController`.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    viewControllers = [rootViewController]
    adoptStack(from: [])  // an initializer's own assignment does not run `didSet`
  }

  /// An empty navigation controller.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// An empty navigation controller (storyboards are not modelled).
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// The controller on top of the stack.
  open var topViewController: UIViewController? { viewControllers.last }
  /// The top controller, or what it presents.
  open var visibleViewController: UIViewController? {
    topViewController?.presentedViewController ?? topViewController
  }

  /// Replaces the stack.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    navigationState.animatedChange = animated
    self.viewControllers = viewControllers
  }

  /// Pushes `viewController` on the stack (recorded; see the type's notes).
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    navigationState.animatedChange = animated
    viewControllers.append(viewController)
  }

  /// Pops the top controller unless it is the root; returns it.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1 else { return nil }
    navigationState.animatedChange = animated
    return viewControllers.removeLast()
  }

  /// Pops the controllers above `viewController`; returns them, or nil if it is not in the
  /// stack.
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else {
      return nil
    }
    let popped = Array(viewControllers[(index + 1)...])
    guard !popped.isEmpty else { return [] }
    navigationState.animatedChange = animated
    viewControllers = Array(viewControllers[...index])
    return popped
  }

  /// Pops every controller above the root; returns them.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard viewControllers.count > 1 else { return [] }
    let popped = Array(viewControllers.dropFirst())
    navigationState.animatedChange = animated
    viewControllers = Array(viewControllers.prefix(1))
    return popped
  }

  /// `setNavigationBarHidden(_:animated:)` (kept).
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    isNavigationBarHidden = hidden
  }

  /// Makes the container's view and shows the root's view in it.
  open override func loadView() {
    super.loadView()
    if let root = viewControllers.first { show(root) }
  }

  /// Makes the new controllers children, and drops the removed ones.
  func adoptStack(from old: [UIViewController]) {
    for controller in old where !viewControllers.contains(controller) {
      controller.viewIfLoaded?.removeFromSuperview()
      controller.removeFromParent()
    }
    for controller in viewControllers where controller.parent !== self {
      addChild(controller)
    }
    if let root = viewControllers.first, isViewLoaded { show(root) }
  }

  /// Puts `controller`'s view in the container's view, if it is not there yet.
  func show(_ controller: UIViewController) {
    guard let container = viewIfLoaded, controller.view.superview !== container else { return }
    controller.view.frame = container.bounds
    container.addSubview(controller.view)
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    // The bar enters the window with the controller's view: it takes its appearance now.
    navigationBar.applyAppearance(containers: appearanceContainers)
    appearanceWillBegin(animated: animated)
    topViewController?.viewWillAppear(animated)
  }
  open override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    topViewController?.viewIsAppearing(animated)
  }
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    topViewController?.viewDidAppear(animated)
    appearanceDidEnd(animated: animated)
  }
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    topViewController?.viewWillDisappear(animated)
  }
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    topViewController?.viewDidDisappear(animated)
  }
  open override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    topViewController?.viewWillLayoutSubviews()
  }
  open override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    topViewController?.viewDidLayoutSubviews()
  }
  open override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    for controller in viewControllers { controller.didReceiveMemoryWarning() }
  }
}

/// UIKit's `UINavigationBar` (its values are kept; nothing is drawn).
@preconcurrency @MainActor open class UINavigationBar: UIView {
  /// `delegate` (weak), asked for the bar's position.
  open weak var delegate: (any UINavigationBarDelegate)?
  /// `prefersLargeTitles` (kept).
  open var prefersLargeTitles = false
  /// `isTranslucent` (kept).
  open var isTranslucent = true {
    didSet { appearanceDidSet(.isTranslucent, \UINavigationBar.isTranslucent, isTranslucent) }
  }
  /// `barTintColor` (kept).
  open var barTintColor: UIColor? {
    didSet { appearanceDidSet(.barTintColor, \UINavigationBar.barTintColor, barTintColor) }
  }
  /// `titleTextAttributes`: the title's font and colour (kept; the bar is never drawn).
  open var titleTextAttributes: [NSAttributedString.Key: Any]? {
    didSet {
      appearanceDidSet(
        .titleTextAttributes, \UINavigationBar.titleTextAttributes, titleTextAttributes)
    }
  }
  /// `largeTitleTextAttributes`: the large title's font and colour (kept; the bar is never
  /// drawn).
  open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
    didSet {
      appearanceDidSet(
        .largeTitleTextAttributes, \UINavigationBar.largeTitleTextAttributes,
        largeTitleTextAttributes)
    }
  }
  /// `standardAppearance` (iOS 13; kept, never drawn).
  open var standardAppearance = UINavigationBarAppearance() {
    didSet {
      appearanceDidSet(.standardAppearance, \UINavigationBar.standardAppearance, standardAppearance)
    }
  }
  /// `scrollEdgeAppearance` (kept).
  open var scrollEdgeAppearance: UINavigationBarAppearance? {
    didSet {
      appearanceDidSet(
        .scrollEdgeAppearance, \UINavigationBar.scrollEdgeAppearance, scrollEdgeAppearance)
    }
  }
  /// `compactAppearance` (kept).
  open var compactAppearance: UINavigationBarAppearance? {
    didSet {
      appearanceDidSet(.compactAppearance, \UINavigationBar.compactAppearance, compactAppearance)
    }
  }
  /// `compactScrollEdgeAppearance` (kept).
  open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
    didSet {
      appearanceDidSet(
        .compactScrollEdgeAppearance, \UINavigationBar.compactScrollEdgeAppearance,
        compactScrollEdgeAppearance)
    }
  }
  /// `barStyle` (kept).
  open var barStyle: UIBarStyle = .default {
    didSet { appearanceDidSet(.barStyle, \UINavigationBar.barStyle, barStyle) }
  }
  /// `shadowImage`: the bar's hairline (kept; an empty `UIImage()` is the usual way to hide it).
  open var shadowImage: UIImage? {
    didSet { appearanceDidSet(.shadowImage, \UINavigationBar.shadowImage, shadowImage) }
  }
  var backgroundImages: [UIBarMetrics: UIImage] = [:]

  /// `setBackgroundImage(_:for:)`: kept for `barMetrics` (nil removes it); never drawn.
  open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
    backgroundImages[barMetrics] = backgroundImage
  }
  /// `backgroundImage(for:)`: the image set for `barMetrics`.
  open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? {
    backgroundImages[barMetrics]
  }
  /// `setBackgroundImage(_:for:barMetrics:)`: a navigation bar is at `.top` or `.any`, so the
  /// position is ignored and the image kept for `barMetrics`.
  open func setBackgroundImage(
    _ backgroundImage: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics
  ) {
    setBackgroundImage(backgroundImage, for: barMetrics)
  }
  /// `backgroundImage(for:barMetrics:)`: the image set for `barMetrics`.
  open func backgroundImage(for barPosition: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
    backgroundImage(for: barMetrics)
  }
}

/// UIKit's `UIBarMetrics`, with its raw values.
public enum UIBarMetrics: Int, Sendable {
  case `default` = 0
  case compact = 1
  case defaultPrompt = 101
  case compactPrompt = 102
}

/// UIKit's `UIBarPosition`, with its raw values.
public enum UIBarPosition: Int, Sendable {
  case any = 0
  case bottom = 1
  case top = 2
  case topAttached = 3
}

/// UIKit's `UINavigationItem`: what a view controller shows in a navigation bar (kept, never
/// drawn).
@preconcurrency @MainActor open class UINavigationItem: NSObject {
  /// `UINavigationItem.LargeTitleDisplayMode`.
  public enum LargeTitleDisplayMode: Int, Sendable {
    case automatic = 0
    case always = 1
    case never = 2
  }

  /// The title.
  open var title: String?
  /// `prompt` (kept).
  open var prompt: String?
  /// `backButtonTitle` (kept).
  open var backButtonTitle: String?
  /// `hidesBackButton` (kept).
  open var hidesBackButton = false
  /// `leftItemsSupplementBackButton` (kept).
  open var leftItemsSupplementBackButton = false
  /// `largeTitleDisplayMode` (kept).
  open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
  /// `titleView` (kept).
  open var titleView: UIView?
  /// The bar button items on the left, first outermost.
  open var leftBarButtonItems: [UIBarButtonItem]?
  /// The bar button items on the right, first outermost.
  open var rightBarButtonItems: [UIBarButtonItem]?
  /// `searchController`: the search controller whose bar the navigation bar shows (kept, never
  /// drawn; see `UISearchController`).
  open var searchController: UISearchController?
  /// `backBarButtonItem`: the item a pushed controller's back button shows (kept).
  open var backBarButtonItem: UIBarButtonItem?
  /// `backButtonDisplayMode` (kept).
  open var backButtonDisplayMode: BackButtonDisplayMode = .default
  /// The iOS 26 titles: subtitles, large titles (`UIKit26+Bars.swift`).
  lazy var subtitleSettings = NavigationItemSubtitleSettings()

  /// UIKit's `UINavigationItem.BackButtonDisplayMode`, with its raw values.
  public enum BackButtonDisplayMode: Int, Sendable {
    case `default` = 0
    case generic = 1
    case minimal = 2
  }

  /// `standardAppearance`, `scrollEdgeAppearance`, `compactAppearance` (kept, never drawn).
  open var standardAppearance: UINavigationBarAppearance?
  /// `scrollEdgeAppearance` (kept).
  open var scrollEdgeAppearance: UINavigationBarAppearance?
  /// `compactAppearance` (kept).
  open var compactAppearance: UINavigationBarAppearance?

  /// `hidesSearchBarWhenScrolling` (kept; true by default, as UIKit's).
  open var hidesSearchBarWhenScrolling = true
  /// `preferredSearchBarPlacement` (iOS 16; kept; `.automatic` by default).
  open var preferredSearchBarPlacement: SearchBarPlacement = .automatic

  /// UIKit's `UINavigationItem.SearchBarPlacement` (iOS 16), with its raw values.
  public enum SearchBarPlacement: Int, Sendable {
    case automatic = 0
    case inline = 1
    case stacked = 2
  }

  /// An item with `title`.
  public init(title: String) { self.title = title }

  /// An item without a title.
  public override init() {}

  /// The first left item.
  open var leftBarButtonItem: UIBarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }
  /// The first right item.
  open var rightBarButtonItem: UIBarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  /// Sets `leftBarButtonItem`.
  open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
  /// Sets `rightBarButtonItem`.
  open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) {
    rightBarButtonItem = item
  }
  /// Sets `leftBarButtonItems` (nothing is drawn, so nothing animates).
  open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    leftBarButtonItems = items
  }
  /// Sets `rightBarButtonItems` (nothing is drawn, so nothing animates).
  open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    rightBarButtonItems = items
  }
  /// Sets `hidesBackButton`.
  open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
    self.hidesBackButton = hidesBackButton
  }
}
