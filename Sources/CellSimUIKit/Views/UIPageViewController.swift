/// UIKit's `UIPageViewController`: a container that shows one page (two for a double-sided
/// page curl with a spine in the middle) and turns to the next when the user swipes.
///
/// A run never swipes, so the pages change only when the app calls
/// `setViewControllers(_:direction:animated:completion:)`: the new pages become children and
/// their views fill the container's view (where a host finds a page's table or collection
/// view), the old ones leave, and the completion gets `true` on the next main-thread turn. As in
/// UIKit, that call tells the delegate nothing, and the data source is asked only by a swipe, so
/// never. The container forwards the appearance callbacks to its pages, as
/// `UINavigationController` does to its top controller.
@preconcurrency @MainActor open class UIPageViewController: UIViewController {
  /// UIKit's `UIPageViewController.TransitionStyle`.
  public enum TransitionStyle: Int, Sendable {
    /// Pages curl over.
    case pageCurl = 0
    /// Pages scroll.
    case scroll = 1
  }

  /// UIKit's `UIPageViewController.NavigationOrientation`.
  public enum NavigationOrientation: Int, Sendable {
    /// Pages turn left and right.
    case horizontal = 0
    /// Pages turn up and down.
    case vertical = 1
  }

  /// UIKit's `UIPageViewController.NavigationDirection`.
  public enum NavigationDirection: Int, Sendable {
    /// To the next page.
    case forward = 0
    /// To the previous page.
    case reverse = 1
  }

  /// UIKit's `UIPageViewController.SpineLocation`.
  public enum SpineLocation: Int, Sendable {
    /// No spine (scrolling pages).
    case none = 0
    /// At the leading edge.
    case min = 1
    /// In the middle (two pages shown).
    case mid = 2
    /// At the trailing edge.
    case max = 3
  }

  /// UIKit's `UIPageViewController.OptionsKey`.
  public struct OptionsKey: Hashable, RawRepresentable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// A key with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The spine's location (an `NSNumber` or `Int` of a `SpineLocation`'s raw value).
    public static let spineLocation = OptionsKey(
      rawValue: "UIPageViewControllerOptionSpineLocationKey")
    /// The space between scrolling pages, in points.
    public static let interPageSpacing = OptionsKey(
      rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
  }

  /// The transition style.
  public let transitionStyle: TransitionStyle
  /// The orientation pages turn in.
  public let navigationOrientation: NavigationOrientation
  /// Where the spine is: `.none` for scrolling pages; `.min` by default for a page curl, or the
  /// options' `.spineLocation`.
  public let spineLocation: SpineLocation
  /// The space between scrolling pages (the options' `.interPageSpacing`, else 0; kept).
  public let interPageSpacing: CGFloat
  /// The data source (weak; asked only when the user swipes, so never in a run).
  open weak var dataSource: (any UIPageViewControllerDataSource)?
  /// The delegate (weak; told only of the user's swipes, so never in a run).
  open weak var delegate: (any UIPageViewControllerDelegate)?
  /// `isDoubleSided` (kept).
  open var isDoubleSided = false
  /// The gesture recognizers of a page curl (none here: no one swipes).
  open var gestureRecognizers: [UIGestureRecognizer] { [] }
  /// The pages shown.
  open private(set) var viewControllers: [UIViewController]?

  /// A page view controller of `style`, turning in `navigationOrientation`, with `options`.
  public init(
    transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
    options: [OptionsKey: Any]? = nil
  ) {
    transitionStyle = style
    self.navigationOrientation = navigationOrientation
    let spine = wholeNumber(options?[.spineLocation]).flatMap(SpineLocation.init(rawValue:))
    spineLocation = style == .scroll ? .none : (spine ?? .min)
    interPageSpacing = CGFloat(wholeNumber(options?[.interPageSpacing]) ?? 0)
    super.init(nibName: nil, bundle: nil)
  }

  /// A page-curl page view controller, as a storyboard makes it.
  public required init?(coder: NSCoder) {
    transitionStyle = .pageCurl
    navigationOrientation = .horizontal
    spineLocation = .min
    interPageSpacing = 0
    super.init(coder: coder)
  }

  /// Shows `viewControllers` (see the type's notes); `completion` gets `true` on the next
  /// main-thread turn.
  open func setViewControllers(
    _ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
    completion: ((Bool) -> Void)? = nil
  ) {
    let old = self.viewControllers ?? []
    let new = viewControllers ?? []
    for page in old where !new.contains(where: { $0 === page }) {
      page.viewIfLoaded?.removeFromSuperview()
      page.removeFromParent()
    }
    self.viewControllers = viewControllers
    for page in new where page.parent !== self { addChild(page) }
    if isViewLoaded { showPages() }
    if let completion {
      nextTurn({ completion(true) }, label: "UIPageViewController.setViewControllers.completion")
    }
  }

  /// Makes the container's view and shows the pages in it.
  open override func loadView() {
    super.loadView()
    showPages()
  }

  /// Puts the pages' views in the container's view, side by side for two pages.
  func showPages() {
    guard let container = viewIfLoaded else { return }
    let pages = viewControllers ?? []
    let width = container.bounds.width / CGFloat(max(1, pages.count))
    for (index, page) in pages.enumerated() {
      page.view.frame = CGRect(
        x: CGFloat(index) * width, y: 0, width: width, height: container.bounds.height)
      if page.view.superview !== container { container.addSubview(page.view) }
    }
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    for page in viewControllers ?? [] { page.viewWillAppear(animated) }
  }
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    for page in viewControllers ?? [] { page.viewDidAppear(animated) }
  }
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    for page in viewControllers ?? [] { page.viewWillDisappear(animated) }
  }
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    for page in viewControllers ?? [] { page.viewDidDisappear(animated) }
  }
}

/// UIKit's `UIPageViewControllerDataSource`: the pages before and after a page, and the page
/// indicator's count and index (asked only when the user swipes, so never in a run).
@preconcurrency @MainActor public protocol UIPageViewControllerDataSource: AnyObject {
  /// The page before `viewController`, or nil at the first.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController?
  /// The page after `viewController`, or nil at the last.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController?
  /// The number of pages the indicator shows (optional).
  func presentationCount(for pageViewController: UIPageViewController) -> Int
  /// The page the indicator marks (optional).
  func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
  /// 0: no indicator.
  public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
  /// 0.
  public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// UIKit's `UIPageViewControllerDelegate` (every method optional; told only of the user's
/// swipes, so never called in a run).
@preconcurrency @MainActor public protocol UIPageViewControllerDelegate: AnyObject {
  /// A swipe is about to show `pendingViewControllers`.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController])
  /// A swipe ended; `completed` if it turned the page.
  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
  /// The spine's location for `orientation`.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    spineLocationFor orientation: UIInterfaceOrientation
  ) -> UIPageViewController.SpineLocation
}

extension UIPageViewControllerDelegate {
  /// Does nothing.
  public func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController]
  ) {}
  /// Does nothing.
  public func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {}
  /// The page view controller's own spine location.
  public func pageViewController(
    _ pageViewController: UIPageViewController,
    spineLocationFor orientation: UIInterfaceOrientation
  ) -> UIPageViewController.SpineLocation { pageViewController.spineLocation }
}
