/// UIKit's `UIModalPresentationStyle`, with its raw values.
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case none = -1
  case automatic = -2
}

/// UIKit's `UIModalTransitionStyle`, with its raw values.
public enum UIModalTransitionStyle: Int, Sendable {
  case coverVertical = 0
  case flipHorizontal = 1
  case crossDissolve = 2
  case partialCurl = 3
}

/// UIKit's `UIPopoverArrowDirection`, with its raw values.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
  /// The directions' bits.
  public let rawValue: UInt
  /// The directions of `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// `.up`.
  public static let up = UIPopoverArrowDirection(rawValue: 1)
  /// `.down`.
  public static let down = UIPopoverArrowDirection(rawValue: 2)
  /// `.left`.
  public static let left = UIPopoverArrowDirection(rawValue: 4)
  /// `.right`.
  public static let right = UIPopoverArrowDirection(rawValue: 8)
  /// `.any`.
  public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
  /// `.unknown`.
  public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// UIKit's `UIPresentationController`: what manages a presented controller's view.
///
/// Presentations are recorded, not shown, so its container is a view of the screen's size that
/// is in no window. A custom one, which a `.custom` presentation's `transitioningDelegate`
/// gives, is driven as UIKit drives it: `presentationTransitionWillBegin()`, then
/// `containerViewWillLayoutSubviews()`, the presented view's frame set to
/// `frameOfPresentedViewInContainerView`, `containerViewDidLayoutSubviews()`, then
/// `presentationTransitionDidEnd(_:)` when the transition ends; dismissing runs the dismissal
/// pair. Its `delegate` is kept and never asked (no one swipes a sheet away).
@preconcurrency @MainActor open class UIPresentationController: NSObject {
  /// The controller presented.
  public unowned let presentedViewController: UIViewController
  weak var presenting: UIViewController?
  /// The controller presenting it.
  public var presentingViewController: UIViewController {
    guard let presenter = presenting ?? presentedViewController.presentingViewController else {
      preconditionFailure(
        "UIPresentationController: presentingViewController read before the presentation")
    }
    return presenter
  }
  /// The delegate (weak; kept, never asked).
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
  /// The view the presentation happens in, once it began.
  open internal(set) var containerView: UIView?

  /// A presentation controller for `presentedViewController`, presented by
  /// `presentingViewController`.
  public init(
    presentedViewController: UIViewController,
    presenting presentingViewController: UIViewController?
  ) {
    self.presentedViewController = presentedViewController
    self.presenting = presentingViewController
  }

  /// The view the animators move: the presented controller's.
  open var presentedView: UIView? { presentedViewController.view }
  /// Where the presented view goes in the container: the container's bounds.
  open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
  /// The presented controller's presentation style.
  open var presentationStyle: UIModalPresentationStyle {
    presentedViewController.modalPresentationStyle
  }
  /// The style the presentation adapts to: none here.
  open var adaptivePresentationStyle: UIModalPresentationStyle {
    presentedViewController.modalPresentationStyle
  }
  /// Whether the presentation covers the screen (kept; true by default).
  open var shouldPresentInFullscreen: Bool { true }
  /// Whether the presenter's view leaves the screen: false (it always stays in the layer).
  open var shouldRemovePresentersView: Bool { false }

  /// The presentation is about to begin: override to add dimming views and the like.
  open func presentationTransitionWillBegin() {}
  /// The presentation ended, `completed` or not.
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  /// The dismissal is about to begin.
  open func dismissalTransitionWillBegin() {}
  /// The dismissal ended, `completed` or not.
  open func dismissalTransitionDidEnd(_ completed: Bool) {}
  /// The container is about to lay out its subviews.
  open func containerViewWillLayoutSubviews() {}
  /// The container laid out its subviews.
  open func containerViewDidLayoutSubviews() {}

  /// Begins the presentation: the container, the hooks, and the presented view's frame.
  func beginPresentation() {
    let container = TransitionContext.detachedContainer()
    containerView = container
    presentationTransitionWillBegin()
    containerViewWillLayoutSubviews()
    presentedView?.frame = frameOfPresentedViewInContainerView
    containerViewDidLayoutSubviews()
  }
}

/// UIKit's `UIPopoverPresentationController`: where a popover points (kept; popovers are
/// recorded presentations like any other, never shown).
@preconcurrency @MainActor open class UIPopoverPresentationController: UIPresentationController {
  /// `sourceView` (kept).
  open weak var sourceView: UIView?
  /// `sourceRect` (kept).
  open var sourceRect = CGRect.zero
  /// `barButtonItem` (kept).
  open var barButtonItem: UIBarButtonItem?
  /// `permittedArrowDirections` (kept).
  open var permittedArrowDirections: UIPopoverArrowDirection = .any
  /// `backgroundColor` (kept).
  open var backgroundColor: UIColor?
  /// `adaptiveSheetPresentationController` (iOS 15): the sheet the popover becomes in a compact
  /// width, made at first use and kept, so its detents and settings can be set ahead.
  open var adaptiveSheetPresentationController: UISheetPresentationController {
    if let adaptiveSheet { return adaptiveSheet }
    let sheet = UISheetPresentationController(
      presentedViewController: presentedViewController, presenting: presenting)
    adaptiveSheet = sheet
    return sheet
  }
  var adaptiveSheet: UISheetPresentationController?
}

/// UIKit's `UIAdaptivePresentationControllerDelegate` (every method optional; never called: no
/// one swipes a sheet away, and nothing adapts).
@preconcurrency @MainActor public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
  /// Whether the user may swipe the presentation away.
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  /// The user is swiping it away.
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  /// The user swiped it away.
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  /// The user tried to swipe it away and was refused.
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController)
  /// The style to adapt to.
  func adaptivePresentationStyle(for controller: UIPresentationController)
    -> UIModalPresentationStyle
  /// The style to adapt to for `traitCollection`.
  func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection
  ) -> UIModalPresentationStyle
}

extension UIAdaptivePresentationControllerDelegate {
  /// True.
  public func presentationControllerShouldDismiss(
    _ presentationController: UIPresentationController
  ) -> Bool { true }
  /// Does nothing.
  public func presentationControllerWillDismiss(
    _ presentationController: UIPresentationController
  ) {}
  /// Does nothing.
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
  }
  /// Does nothing.
  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
  /// `.none`: no adaptation.
  public func adaptivePresentationStyle(for controller: UIPresentationController)
    -> UIModalPresentationStyle
  { .none }
  /// `.none`: no adaptation.
  public func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection
  ) -> UIModalPresentationStyle { .none }
}

/// UIKit's `UIPopoverPresentationControllerDelegate` (never called).
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate:
  UIAdaptivePresentationControllerDelegate
{}

/// UIKit's `UIActivityViewController`, the share sheet: its items and settings are kept, and it
/// is presented like any controller (recorded, never shown, so `completionWithItemsHandler` never
/// runs: no one picks an activity). Its `modalPresentationStyle` is `.popover`, so the
/// `popoverPresentationController` that iPad code configures is there.
@preconcurrency @MainActor open class UIActivityViewController: UIViewController {
  /// The items to share.
  public let activityItems: [Any]
  /// The app's own activities.
  public let applicationActivities: [UIActivity]?
  /// `excludedActivityTypes` (kept).
  open var excludedActivityTypes: [UIActivity.ActivityType]?
  /// `completionWithItemsHandler` (kept; never called).
  open var completionWithItemsHandler:
    ((UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void)?

  /// `UIActivityViewController(activityItems:applicationActivities:)`.
  public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
    self.activityItems = activityItems
    self.applicationActivities = applicationActivities
    super.init(nibName: nil, bundle: nil)
    modalPresentationStyle = .popover
  }

  /// A share sheet with nothing to share (nibs are not modelled).
  public required init?(coder: NSCoder) {
    self.activityItems = []
    self.applicationActivities = nil
    super.init(coder: coder)
  }
}

/// UIKit's `UIActivityItemSource`: an item the share sheet asks for its data (never asked: no one
/// picks an activity). The two required methods, and the optional ones with UIKit's defaults.
@preconcurrency @MainActor public protocol UIActivityItemSource: AnyObject {
  /// The placeholder item, for the sheet's layout.
  func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController)
    -> Any
  /// The item for `activityType`.
  func activityViewController(
    _ activityViewController: UIActivityViewController,
    itemForActivityType activityType: UIActivity.ActivityType?
  ) -> Any?
  /// The subject for `activityType` (empty unless implemented).
  func activityViewController(
    _ activityViewController: UIActivityViewController,
    subjectForActivityType activityType: UIActivity.ActivityType?
  ) -> String
}

extension UIActivityItemSource {
  public func activityViewController(
    _ activityViewController: UIActivityViewController,
    subjectForActivityType activityType: UIActivity.ActivityType?
  ) -> String { "" }
}

/// UIKit's `UIActivity` (subclassed for app-specific activities; never performed).
@preconcurrency @MainActor open class UIActivity: NSObject {
  /// UIKit's `UIActivity.ActivityType`.
  public struct ActivityType: RawRepresentable, Hashable, Sendable {
    /// The type's name.
    public let rawValue: String
    /// The type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `.postToFacebook`.
    public static let postToFacebook = ActivityType(
      rawValue: "com.apple.UIKit.activity.PostToFacebook")
    /// `.postToTwitter`.
    public static let postToTwitter = ActivityType(
      rawValue: "com.apple.UIKit.activity.PostToTwitter")
    /// `.message`.
    public static let message = ActivityType(rawValue: "com.apple.UIKit.activity.Message")
    /// `.mail`.
    public static let mail = ActivityType(rawValue: "com.apple.UIKit.activity.Mail")
    /// `.print`.
    public static let print = ActivityType(rawValue: "com.apple.UIKit.activity.Print")
    /// `.copyToPasteboard`.
    public static let copyToPasteboard = ActivityType(
      rawValue: "com.apple.UIKit.activity.CopyToPasteboard")
    /// `.assignToContact`.
    public static let assignToContact = ActivityType(
      rawValue: "com.apple.UIKit.activity.AssignToContact")
    /// `.saveToCameraRoll`.
    public static let saveToCameraRoll = ActivityType(
      rawValue: "com.apple.UIKit.activity.SaveToCameraRoll")
    /// `.addToReadingList`.
    public static let addToReadingList = ActivityType(
      rawValue: "com.apple.UIKit.activity.AddToReadingList")
    /// `.airDrop`.
    public static let airDrop = ActivityType(rawValue: "com.apple.UIKit.activity.AirDrop")
    /// `.openInIBooks`.
    public static let openInIBooks = ActivityType(rawValue: "com.apple.UIKit.activity.OpenInIBooks")
  }

  /// An activity.
  public override init() {}
}

/// UIKit's `UIFeedbackGenerator`: haptics, which a simulated device does not play (every call
/// does nothing).
@preconcurrency @MainActor open class UIFeedbackGenerator: NSObject {
  /// A generator.
  public override init() {}
  /// `prepare()`: does nothing.
  open func prepare() {}
}

/// UIKit's `UISelectionFeedbackGenerator` (does nothing).
@preconcurrency @MainActor open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  /// `selectionChanged()`: does nothing.
  open func selectionChanged() {}
}

/// UIKit's `UIImpactFeedbackGenerator` (does nothing).
@preconcurrency @MainActor open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  /// UIKit's `UIImpactFeedbackGenerator.FeedbackStyle`, with its raw values.
  public enum FeedbackStyle: Int, Sendable {
    case light = 0
    case medium = 1
    case heavy = 2
    case soft = 3
    case rigid = 4
  }
  /// The style (kept).
  public let style: FeedbackStyle
  /// `UIImpactFeedbackGenerator(style:)`.
  public init(style: FeedbackStyle) {
    self.style = style
    super.init()
  }
  /// A medium generator.
  public override convenience init() { self.init(style: .medium) }
  /// `impactOccurred()`: does nothing.
  open func impactOccurred() {}
  /// `impactOccurred(intensity:)`: does nothing.
  open func impactOccurred(intensity: CGFloat) {}
}

/// UIKit's `UINotificationFeedbackGenerator` (does nothing).
@preconcurrency @MainActor open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  /// UIKit's `UINotificationFeedbackGenerator.FeedbackType`, with its raw values.
  public enum FeedbackType: Int, Sendable {
    case success = 0
    case warning = 1
    case error = 2
  }
  /// `notificationOccurred(_:)`: does nothing.
  open func notificationOccurred(_ notificationType: FeedbackType) {}
}
