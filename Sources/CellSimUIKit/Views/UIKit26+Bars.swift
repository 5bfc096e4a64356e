// What iOS 26 added to bars, bar items and animations, as screens set it: bar button items'
// shared glass backgrounds and badges, navigation items' subtitles, the tab bar's minimizing
// and bottom accessory, and the `flushUpdates` animation option. All kept; nothing is drawn.

extension UIBarButtonItem {
  /// UIKit's `UIBarButtonItem.Badge` (iOS 26): a count, a short text or a dot on a bar button
  /// item (kept, never drawn).
  @MainActor public struct Badge {
    /// `stringValue`: the text given to `string(_:)`, the count's digits for `count(_:)`, nil
    /// for `indicator()`.
    public let stringValue: String?
    /// `backgroundColor` (kept; nil, the system's, until set).
    public var backgroundColor: UIColor?
    /// `foregroundColor` (kept; nil, the system's, until set).
    public var foregroundColor: UIColor?
    /// `font` (kept; nil, the system's, until set).
    public var font: UIFont?

    init(stringValue: String?) { self.stringValue = stringValue }

    /// `count(_:)`: a badge showing `count`.
    public static func count(_ count: Int) -> Badge { Badge(stringValue: String(count)) }
    /// `string(_:)`: a badge showing `string`.
    public static func string(_ string: String) -> Badge { Badge(stringValue: string) }
    /// `indicator()`: a badge with no content, a dot.
    public static func indicator() -> Badge { Badge(stringValue: nil) }
  }

  /// `badge` (iOS 26): the item's badge (kept; nil until set).
  public var badge: Badge? {
    get { glassSettings.badge }
    set { glassSettings.badge = newValue }
  }

  /// `hidesSharedBackground` (iOS 26): whether the item leaves the glass background it would
  /// share with its neighbours (kept; false until set, as UIKit documents).
  public var hidesSharedBackground: Bool {
    get { glassSettings.hidesSharedBackground }
    set { glassSettings.hidesSharedBackground = newValue }
  }

  /// `sharesBackground` (iOS 26): whether the item may share a glass background with other
  /// items (kept; true until set, as UIKit documents).
  public var sharesBackground: Bool {
    get { glassSettings.sharesBackground }
    set { glassSettings.sharesBackground = newValue }
  }

  /// `fixedSpace()` (iOS 26): a `.fixedSpace` item of zero width, which separates the shared
  /// backgrounds of the items on either side.
  public class func fixedSpace() -> Self { spaceItem(.fixedSpace, width: 0) }

  /// `fixedSpace(_:)` (iOS 14): a `.fixedSpace` item of `width`.
  public class func fixedSpace(_ width: CGFloat) -> Self { spaceItem(.fixedSpace, width: width) }

  /// `flexibleSpace()` (iOS 14): a `.flexibleSpace` item.
  public class func flexibleSpace() -> Self { spaceItem(.flexibleSpace, width: 0) }

  /// A space item of the class asked. The layer makes space items as plain `UIBarButtonItem`s,
  /// so asking a subclass for one stops the program, naming the call (not modelled).
  static func spaceItem(_ kind: SystemItem, width: CGFloat) -> Self {
    let item = UIBarButtonItem(system: kind)
    item.width = width
    guard let spaced = item as? Self else {
      preconditionFailure("\(Self.self).\(kind)(): space items of a subclass are not modelled")
    }
    return spaced
  }
}

/// A bar button item's iOS 26 settings, made at first use.
@MainActor final class BarButtonItemGlassSettings {
  var badge: UIBarButtonItem.Badge?
  var hidesSharedBackground = false
  var sharesBackground = true
}

extension UINavigationItem {
  /// `subtitle` (iOS 26): the text under the title (kept, never drawn). While an
  /// `attributedSubtitle` is set, it reads as that string's characters, as in UIKit; setting it
  /// clears the attributed subtitle.
  public var subtitle: String? {
    get {
      subtitleSettings.attributedSubtitle.map { String($0.characters) }
        ?? subtitleSettings.subtitle
    }
    set {
      subtitleSettings.subtitle = newValue
      subtitleSettings.attributedSubtitle = nil
    }
  }

  /// `attributedSubtitle` (iOS 26): the subtitle with attributes (kept; nil until set).
  public var attributedSubtitle: AttributedString? {
    get { subtitleSettings.attributedSubtitle }
    set { subtitleSettings.attributedSubtitle = newValue }
  }

  /// `attributedTitle` (iOS 26): the title with attributes (kept; nil until set; `title` keeps
  /// its own value).
  public var attributedTitle: AttributedString? {
    get { subtitleSettings.attributedTitle }
    set { subtitleSettings.attributedTitle = newValue }
  }

  /// `subtitleView` (iOS 26): a view shown under the title instead of the subtitle (kept).
  public var subtitleView: UIView? {
    get { subtitleSettings.subtitleView }
    set { subtitleSettings.subtitleView = newValue }
  }

  /// `largeTitle` (iOS 26): the text of the large title (kept; nil, meaning the `title`, until
  /// set).
  public var largeTitle: String? {
    get { subtitleSettings.largeTitle }
    set { subtitleSettings.largeTitle = newValue }
  }

  /// `largeSubtitle` (iOS 26): the text under the large title (kept; nil, meaning the
  /// `subtitle`, until set).
  public var largeSubtitle: String? {
    get { subtitleSettings.largeSubtitle }
    set { subtitleSettings.largeSubtitle = newValue }
  }

  /// `largeAttributedSubtitle` (iOS 26): the large subtitle with attributes (kept).
  public var largeAttributedSubtitle: AttributedString? {
    get { subtitleSettings.largeAttributedSubtitle }
    set { subtitleSettings.largeAttributedSubtitle = newValue }
  }

  /// `largeSubtitleView` (iOS 26): a view shown under the large title (kept).
  public var largeSubtitleView: UIView? {
    get { subtitleSettings.largeSubtitleView }
    set { subtitleSettings.largeSubtitleView = newValue }
  }
}

/// A navigation item's iOS 26 titles, made at first use.
@MainActor final class NavigationItemSubtitleSettings {
  var subtitle: String?
  var attributedSubtitle: AttributedString?
  var attributedTitle: AttributedString?
  var subtitleView: UIView?
  var largeTitle: String?
  var largeSubtitle: String?
  var largeAttributedSubtitle: AttributedString?
  var largeSubtitleView: UIView?
}

/// UIKit's `UITabAccessory` (iOS 26): a view shown above the tab bar, or inline in it when the
/// bar is minimized (kept, never laid out).
@preconcurrency @MainActor open class UITabAccessory: NSObject {
  /// `contentView`: the accessory's view.
  public let contentView: UIView

  /// `UITabAccessory(contentView:)`.
  public init(contentView: UIView) {
    self.contentView = contentView
    super.init()
  }
}

extension UITabBarController {
  /// UIKit's `UITabBarController.MinimizeBehavior` (iOS 26), with its raw values.
  public enum MinimizeBehavior: Int, Sendable {
    /// `.automatic`: the system's behavior.
    case automatic = 0
    /// `.never`: the tab bar never minimizes.
    case never = 1
    /// `.onScrollDown`: it minimizes when the content scrolls down.
    case onScrollDown = 2
    /// `.onScrollUp`: it minimizes when the content scrolls up.
    case onScrollUp = 3
  }

  /// `tabBarMinimizeBehavior` (iOS 26): kept (`.automatic` until set, as UIKit documents); the
  /// tab bar is not drawn, so it never minimizes.
  public var tabBarMinimizeBehavior: MinimizeBehavior {
    get { accessorySettings.minimizeBehavior }
    set { accessorySettings.minimizeBehavior = newValue }
  }

  /// `bottomAccessory` (iOS 26): kept (nil until set, as UIKit documents); its content view is
  /// not added to the controller's view.
  public var bottomAccessory: UITabAccessory? {
    get { accessorySettings.bottomAccessory }
    set { accessorySettings.bottomAccessory = newValue }
  }

  /// `setBottomAccessory(_:animated:)` (iOS 26): sets `bottomAccessory` (nothing animates).
  public func setBottomAccessory(_ bottomAccessory: UITabAccessory?, animated: Bool) {
    self.bottomAccessory = bottomAccessory
  }
}

/// A tab bar controller's iOS 26 settings, made at first use.
@MainActor final class TabBarAccessorySettings {
  var minimizeBehavior = UITabBarController.MinimizeBehavior.automatic
  var bottomAccessory: UITabAccessory?
}

extension UIView.AnimationOptions {
  /// `.flushUpdates` (iOS 26): flush pending trait, property and layout updates whenever the
  /// animation context changes (accepted; animations apply their final values at once, and
  /// layout is not solved, so there is nothing to flush).
  public static let flushUpdates = UIView.AnimationOptions(rawValue: 1 << 29)
}
