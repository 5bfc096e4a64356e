/// UIKit's `UIViewController`: a view loaded on demand and the appearance callbacks.
///
/// `view` loads the view at first access: `loadView()` (by default a plain view the size of the
/// world's screen), then `viewDidLoad()`. A host (`CellSimUIKitHost`) drives the appearance:
/// `viewWillAppear(false)` just before the table's first layout pass (then
/// `viewIsAppearing(false)`, and `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` around
/// the view's layout),
/// `viewDidAppear(false)` on
/// the next main-thread turn after it, `viewWillDisappear(false)` and `viewDidDisappear(false)`
/// when the scenario's `disappear` event takes the table off screen (and the appearance pair
/// again on `appear`), and `didReceiveMemoryWarning()` on a `memory_warning` event.
///
/// Presentation is recorded, not shown: `present(_:animated:completion:)` sets
/// `presentedViewController` and `presentingViewController`, loads the presented view, and runs
/// `completion` on the next main-thread turn; the presenting screen (the table the oracle judges)
/// stays on screen, as it does under an alert. `dismiss(animated:completion:)` undoes it. A
/// `transitioningDelegate`'s animator and `.custom` presentation controller run (see
/// `UIViewControllerTransitioningDelegate`); the completion then runs when the animator completes
/// the transition.
///
/// Navigation: `navigationItem` keeps a title and bar button items; `navigationController` is the
/// `UINavigationController` whose stack holds the controller, else nil.
///
/// A controller made from a storyboard scene is made through the scene's test-side stand-in
/// (`UIStoryboard`); its nib is never loaded.
///
/// Not modelled: nibs (`nibName` is kept) and storyboards beyond the stand-ins of
/// `UIStoryboard`, the presented screen's appearance
/// callbacks and content, child containment beyond keeping the list, size classes.
@preconcurrency @MainActor open class UIViewController: UIResponder {
  var storedView: UIView? {
    didSet {
      if oldValue !== storedView, oldValue?.owningController === self {
        oldValue?.owningController = nil
      }
      storedView?.owningController = self
    }
  }
  /// Settings about how the controller is shown (`UIViewController+Presentation.swift`).
  lazy var presentationSettings = PresentationSettings()
  /// The nib name given (never loaded).
  public let nibName: String?
  /// The bundle given (never read).
  public let nibBundle: Bundle?
  /// `title`; setting it sets the navigation item's and the tab bar item's titles too, as in UIKit.
  open var title: String? {
    didSet {
      storedNavigationItem?.title = title
      storedTabBarItem?.title = title
    }
  }
  var storedNavigationItem: UINavigationItem?
  /// `overrideUserInterfaceStyle` (kept; the layer's colours are their light appearance).
  open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
  /// `modalPresentationStyle` (kept; presentations are recorded, not shown). Setting
  /// `.popover` gives the controller a `popoverPresentationController`, as in UIKit.
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic {
    didSet {
      if modalPresentationStyle != .popover { storedPopover = nil }
    }
  }
  /// `modalTransitionStyle` (kept).
  open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
  /// `isModalInPresentation` (kept).
  open var isModalInPresentation = false
  /// `modalPresentationCapturesStatusBarAppearance` (kept; false by default).
  open var modalPresentationCapturesStatusBarAppearance = false
  /// `preferredContentSize` (kept).
  open var preferredContentSize = CGSize.zero
  var storedPopover: UIPopoverPresentationController?
  /// The sheet presentation controller, made at first access (`UISheetPresentationController`).
  var storedSheet: UISheetPresentationController?
  /// The popover presentation controller while `modalPresentationStyle` is `.popover`, else
  /// nil, as in UIKit (its source and arrows are kept; nothing is shown).
  open var popoverPresentationController: UIPopoverPresentationController? {
    guard modalPresentationStyle == .popover else { return nil }
    if let storedPopover { return storedPopover }
    let popover = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
    storedPopover = popover
    return popover
  }
  var storedTabBarItem: UITabBarItem?
  /// The controller's tab: made at first access with its `title`, as UIKit makes it (kept,
  /// never drawn).
  open var tabBarItem: UITabBarItem! {
    get {
      if let storedTabBarItem { return storedTabBarItem }
      let item = UITabBarItem(title: title, image: nil, tag: 0)
      storedTabBarItem = item
      return item
    }
    set { storedTabBarItem = newValue }
  }
  /// The nearest tab bar controller among the controller's ancestors, else nil.
  open var tabBarController: UITabBarController? {
    var ancestor = parent
    while let controller = ancestor {
      if let tabs = controller as? UITabBarController { return tabs }
      ancestor = controller.parent
    }
    return nil
  }

  /// `definesPresentationContext` (kept; presentations are recorded, not shown).
  open var definesPresentationContext = false
  /// `providesPresentationContextTransitionStyle` (kept).
  open var providesPresentationContextTransitionStyle = false
  /// The child view controllers.
  open private(set) var children: [UIViewController] = []
  /// The parent view controller.
  open private(set) weak var parent: UIViewController?
  /// The storyboard the controller was made from (`UIStoryboard`), if any.
  open var storyboard: UIStoryboard? { storedStoryboard }
  var storedStoryboard: UIStoryboard?
  /// What connects the outlets of a controller made from a storyboard's stand-in, once its view
  /// loads (`UIStoryboard.standIn(_:forIdentifier:inStoryboard:outlets:)`).
  // `final`: as an overridable stored property of this type, Swift 6.3.1 left its getter out
  // of the object file while subclasses' vtables named it (a link error).
  final var storyboardOutlets: (@MainActor (UIViewController) -> Void)?

  /// `UIViewController(nibName:bundle:)`, the designated initializer.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    self.nibName = nibNameOrNil
    self.nibBundle = nibBundleOrNil
    super.init()
  }

  /// A view controller without a nib (storyboards are not modelled).
  public required init?(coder: NSCoder) {
    self.nibName = nil
    self.nibBundle = nil
    super.init()
  }

  /// `UIViewController()`: no nib.
  public override convenience init() { self.init(nibName: nil, bundle: nil) }

  /// The next responder: the view's superview (the window, for a window's root controller), else
  /// the controller that presented this one.
  open override var next: UIResponder? {
    viewIfLoaded?.superview ?? presentingViewController
  }

  /// The root view, loaded at first access.
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return storedView
    }
    set { storedView = newValue }
  }

  /// Whether the view was loaded.
  open var isViewLoaded: Bool { storedView != nil }
  /// The view if it was loaded.
  open var viewIfLoaded: UIView? { storedView }

  /// Loads the view now if it was not: `loadView()`, then `viewDidLoad()`.
  open func loadViewIfNeeded() {
    guard storedView == nil else { return }
    loadView()
    if storedView == nil { storedView = UIView(frame: Self.screenBounds) }
    if let outlets = storyboardOutlets {
      storyboardOutlets = nil
      outlets(self)
    }
    viewDidLoad()
  }

  /// Makes the view: a plain view the size of the screen.
  open func loadView() { storedView = UIView(frame: Self.screenBounds) }

  /// The screen of the world the caller runs in (390×844 pt outside any world).
  static var screenBounds: CGRect {
    guard let device = SimulationContext.world?.device else {
      return CGRect(x: 0, y: 0, width: 390, height: 844)
    }
    return CGRect(x: 0, y: 0, width: device.screenWidth, height: device.screenHeight)
  }

  /// `encodeRestorableState(with:)`: never called (state restoration is not modelled); an
  /// override compiles and calls `super`.
  open func encodeRestorableState(with coder: NSCoder) {}
  /// `decodeRestorableState(with:)`: never called (state restoration is not modelled).
  open func decodeRestorableState(with coder: NSCoder) {}
  /// `applicationFinishedRestoringState()`: never called.
  open func applicationFinishedRestoringState() {}

  /// The view was loaded.
  open func viewDidLoad() {}
  /// The view is about to appear.
  open func viewWillAppear(_ animated: Bool) {}
  /// The view was added to the hierarchy and sized, before it lays out its subviews.
  open func viewIsAppearing(_ animated: Bool) {}
  /// The view appeared.
  open func viewDidAppear(_ animated: Bool) {}
  /// The view is about to disappear.
  open func viewWillDisappear(_ animated: Bool) {}
  /// The view disappeared.
  open func viewDidDisappear(_ animated: Bool) {}
  /// The view is about to lay out its subviews.
  open func viewWillLayoutSubviews() {}
  /// The view laid out its subviews.
  open func viewDidLayoutSubviews() {}
  /// The app received a memory warning (after the table emptied its reuse pool).
  open func didReceiveMemoryWarning() {}
  /// The view is about to change size (never called: the screen keeps its size;
  /// `UIViewControllerTransitions.swift`).
  open func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {}
  /// The traits changed (never called: the screen's traits are fixed for a run).
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
  /// The view's safe area changed (never called: the screen's safe area is fixed for a run).
  open func viewSafeAreaInsetsDidChange() {}
  /// The view's layout margins changed (never called: they are fixed for a run).
  open func viewLayoutMarginsDidChange() {}
  /// Updates the view's constraints: called once before the first layout of a hosted screen,
  /// where UIKit's constraint pass calls it; runs the view's `updateConstraintsIfNeeded()`.
  open func updateViewConstraints() { viewIfLoaded?.updateConstraintsIfNeeded() }

  /// `updateProperties()` (iOS 26): sets content and styling before layout; the base does
  /// nothing. Called before `viewWillLayoutSubviews()` in the first layout pass, and in the next
  /// update pass after `setNeedsUpdateProperties()` or a change to an `@Observable` property it
  /// read (`AutomaticObservation`).
  open func updateProperties() {}
  /// `setNeedsUpdateProperties()` (iOS 26): asks for `updateProperties()` in the next update pass.
  open func setNeedsUpdateProperties() {
    needsPropertiesUpdate = true
    AutomaticObservation.requestPass(for: self)
  }
  /// `updatePropertiesIfNeeded()` (iOS 26): updates the controller's properties if they need
  /// it, then those of its view and the view's subviews.
  open func updatePropertiesIfNeeded() {
    runPropertiesUpdateIfNeeded()
    viewIfLoaded?.updatePropertiesIfNeeded()
  }
  var needsPropertiesUpdate = true

  // MARK: Content unavailable (iOS 17)

  /// `contentUnavailableConfiguration` (iOS 17): what the controller shows while it has no
  /// content, commonly a `UIContentUnavailableConfiguration` (nil until set). Kept and read
  /// back; no view is put over the controller's view, and cells are judged as they are.
  public final var contentUnavailableConfiguration: (any UIContentConfiguration)?
  /// `contentUnavailableConfigurationState` (iOS 17): the screen's traits and the text of the
  /// navigation item's search controller; an override adds its own states to `super`'s.
  open var contentUnavailableConfigurationState: UIContentUnavailableConfigurationState {
    systemContentUnavailableConfigurationState
  }
  /// `setNeedsUpdateContentUnavailableConfiguration()` (iOS 17): asks for
  /// `updateContentUnavailableConfiguration(using:)` in the next update pass.
  open func setNeedsUpdateContentUnavailableConfiguration() {
    needsContentUnavailableConfigurationUpdate = true
    AutomaticObservation.requestPass(for: self)
  }
  /// `updateContentUnavailableConfiguration(using:)` (iOS 17): where a subclass sets
  /// `contentUnavailableConfiguration` for `state`; the base does nothing. Called at the start
  /// of the first layout pass, before the view appears, and in the next update pass after
  /// `setNeedsUpdateContentUnavailableConfiguration()` or a change to an `@Observable` property
  /// it read (`AutomaticObservation`).
  open func updateContentUnavailableConfiguration(
    using state: UIContentUnavailableConfigurationState
  ) {}
  /// Whether `updateContentUnavailableConfiguration(using:)` is due (true until its first run).
  final var needsContentUnavailableConfigurationUpdate = true

  // MARK: What a screen declares about itself (kept; nothing in a run asks)

  /// `preferredStatusBarStyle`.
  open var preferredStatusBarStyle: UIStatusBarStyle { .default }
  /// `prefersStatusBarHidden`.
  open var prefersStatusBarHidden: Bool { false }
  /// `setNeedsStatusBarAppearanceUpdate()`.
  open func setNeedsStatusBarAppearanceUpdate() {}
  /// `supportedInterfaceOrientations`.
  open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
  /// `shouldAutorotate`.
  open var shouldAutorotate: Bool { true }
  /// `childForStatusBarStyle`: nil (the controller's own style), as UIKit's default.
  open var childForStatusBarStyle: UIViewController? { nil }
  /// `childForStatusBarHidden`: nil, as UIKit's default.
  open var childForStatusBarHidden: UIViewController? { nil }
  /// `childForHomeIndicatorAutoHidden`: nil, as UIKit's default.
  open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
  /// `setNeedsUpdateOfSupportedInterfaceOrientations()` (iOS 16): kept; the screen never rotates.
  open func setNeedsUpdateOfSupportedInterfaceOrientations() {}
  /// `attemptRotationToDeviceOrientation()` (deprecated in iOS 16): the screen never rotates.
  open class func attemptRotationToDeviceOrientation() {}
  /// `preferredInterfaceOrientationForPresentation`: portrait.
  open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
  /// `isEditing`, set by `setEditing(_:animated:)`.
  open var isEditing: Bool {
    get { editing }
    set { setEditing(newValue, animated: false) }
  }
  var editing = false
  /// `setEditing(_:animated:)`.
  open func setEditing(_ editing: Bool, animated: Bool) { self.editing = editing }

  // MARK: Segues (storyboards are not modelled)

  /// `prepare(for:sender:)`: never called, since no segue runs (storyboards are not modelled).
  open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
  /// `shouldPerformSegue(withIdentifier:sender:)`.
  open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }
  /// `performSegue(withIdentifier:sender:)`: stops the run, naming the segue, as UIKit raises
  /// for a controller without a storyboard. Present or push the destination in code instead.
  open func performSegue(withIdentifier identifier: String, sender: Any?) {
    preconditionFailure(
      "CellSimUIKit: performSegue(withIdentifier: \"\(identifier)\") needs a storyboard, and "
        + "storyboards are not modelled; present or push the destination in code")
  }

  /// Adds `childController` as a child.
  open func addChild(_ childController: UIViewController) {
    childController.removeFromParent()
    children.append(childController)
    childController.parent = self
  }

  /// Removes the controller from its parent.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
  }

  // MARK: Navigation

  /// What the controller shows in a navigation bar, made at first access with its `title`
  /// (kept, never drawn).
  open var navigationItem: UINavigationItem {
    if let storedNavigationItem { return storedNavigationItem }
    let item = UINavigationItem()
    item.title = title
    storedNavigationItem = item
    return item
  }

  /// The nearest navigation controller among the controller's ancestors: nil unless the
  /// controller is in a `UINavigationController`'s stack.
  open var navigationController: UINavigationController? {
    var ancestor = parent
    while let controller = ancestor {
      if let navigation = controller as? UINavigationController { return navigation }
      ancestor = controller.parent
    }
    return nil
  }

  /// Called before the controller moves to `parent`; does nothing.
  open func willMove(toParent parent: UIViewController?) {}
  /// Called after the controller moved to `parent`; does nothing.
  open func didMove(toParent parent: UIViewController?) {}

  // MARK: Presentation (recorded)

  /// The controller this one presents, if any.
  open internal(set) var presentedViewController: UIViewController?
  /// The controller that presents this one, if any.
  open internal(set) weak var presentingViewController: UIViewController?

  /// Presents `viewControllerToPresent` over this controller (see the type's notes). As UIKit
  /// does, a controller that already presents one presents nothing more.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    guard presentedViewController == nil,
      viewControllerToPresent.presentingViewController == nil
    else { return }
    presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = self
    viewControllerToPresent.loadViewIfNeeded()
    if let world = SimulationContext.world {
      let name = String(describing: type(of: viewControllerToPresent))
      ViewLayerState.of(world).presentations.append(name)
      world.trace.record(at: world.now, "uikit.present") {
        $0.field("controller", name)
      }
    }
    if viewControllerToPresent.runCustomPresentation(
      by: self, animated: flag, completion: completion)
    {
      return
    }
    nextTurn(completion, label: "UIViewController.present.completion")
  }

  /// Dismisses the controller this one presents (or, for a presented controller, itself).
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    let presenter = presentedViewController == nil ? presentingViewController : self
    if let presenter, let presented = presenter.presentedViewController {
      if presented.runCustomDismissal(by: presenter, animated: flag, completion: completion) {
        return
      }
      presented.presentingViewController = nil
      presenter.presentedViewController = nil
    }
    nextTurn(completion, label: "UIViewController.dismiss.completion")
  }

  /// Runs `body` on the next main-thread turn of the world, if there is a world.
  func nextTurn(_ body: (() -> Void)?, label: String) {
    guard let body, let world = SimulationContext.world else { return }
    let box = Unchecked(value: body)
    world.main.async(label: label) { box.value() }
  }
}

/// UIKit's `UIStoryboardSegue`: declared so that `prepare(for:sender:)` overrides compile.
@preconcurrency @MainActor open class UIStoryboardSegue: NSObject {
  /// The segue's identifier.
  public let identifier: String?
  /// The controller the segue starts from.
  public let source: UIViewController
  /// The controller the segue shows.
  public let destination: UIViewController
  /// `UIStoryboardSegue(identifier:source:destination:)`.
  public init(identifier: String?, source: UIViewController, destination: UIViewController) {
    self.identifier = identifier
    self.source = source
    self.destination = destination
  }
  /// `perform()`: does nothing (no storyboard transition runs).
  open func perform() {}
}

/// UIKit's `UIStatusBarStyle`.
public enum UIStatusBarStyle: Int, Sendable {
  case `default` = 0
  case lightContent = 1
  case darkContent = 3
}

/// UIKit's `UIInterfaceOrientationMask`.
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
  /// The mask's bits.
  public let rawValue: UInt
  /// A mask of `rawValue`'s bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Portrait.
  public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
  /// Landscape, home button (or bottom) on the left.
  public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
  /// Landscape, home button (or bottom) on the right.
  public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
  /// Portrait, upside down.
  public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
  /// Both landscapes.
  public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
  /// Every orientation.
  public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
  /// Every orientation but upside down.
  public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}
