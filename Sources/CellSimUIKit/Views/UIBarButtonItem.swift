/// UIKit's `UIBarItem`: the title, image and state a bar button item shares with tab bar items
/// (kept, never drawn).
@preconcurrency @MainActor open class UIBarItem: NSObject {
  /// The title.
  open var title: String?
  /// The image.
  open var image: UIImage?
  /// `isEnabled` (kept).
  open var isEnabled = true
  /// `tag` (kept).
  open var tag = 0

  /// The title's text attributes per control state (kept; never drawn).
  var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

  /// An item.
  public override init() {}

  /// An item from an archive: an empty item (nibs and storyboards are not modelled). Required,
  /// as in UIKit; the appearance proxy is made with it.
  public required init?(coder: NSCoder) { super.init() }

  /// `setTitleTextAttributes(_:for:)`: kept for `state` (nil removes them); never drawn.
  open func setTitleTextAttributes(
    _ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State
  ) {
    titleAttributes[state.rawValue] = attributes
  }

  /// `titleTextAttributes(for:)`: the attributes set for `state`.
  open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    titleAttributes[state.rawValue]
  }
}

extension UIBarItem: UIAppearance {
  /// The proxy for the class's items: what is set on it is kept (bar items are never drawn, so
  /// nothing is applied).
  public static func appearance() -> Self {
    AppearanceRegistry.itemProxy(for: self, containers: [])
  }

  /// The proxy for the class's items inside `containerTypes` (kept; never applied).
  public static func appearance(
    whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
  ) -> Self {
    AppearanceRegistry.itemProxy(for: self, containers: AppearanceRegistry.classes(containerTypes))
  }
}

/// UIKit's `UIBarButtonItem`, in its selector-free forms: a system item, a title or an image, a
/// primary action, a menu, or a custom view (an activity indicator in the navigation bar).
/// Everything is kept; nothing is drawn and no one taps, so the primary action never runs.
///
/// The `target:action:` initializers keep their target (weakly) and action; the action is never
/// sent (no one taps, and there is no Objective-C runtime to send it). `#selector` itself needs
/// that runtime, so they compile with `action: nil` (a back button's title item) or a
/// `Selector("name")`.
@preconcurrency @MainActor open class UIBarButtonItem: UIBarItem {
  /// `UIBarButtonItem.SystemItem`.
  public enum SystemItem: Int, Sendable {
    case done = 0
    case cancel = 1
    case edit = 2
    case save = 3
    case add = 4
    case flexibleSpace = 5
    case fixedSpace = 6
    case compose = 7
    case reply = 8
    case action = 9
    case organize = 10
    case bookmarks = 11
    case search = 12
    case refresh = 13
    case stop = 14
    case camera = 15
    case trash = 16
    case play = 17
    case pause = 18
    case rewind = 19
    case fastForward = 20
    case undo = 21
    case redo = 22
    case close = 24
  }

  /// `UIBarButtonItem.Style`. As in the iOS 26 SDK, `.prominent` is the case and `.done` its
  /// older name.
  public enum Style: Int, Sendable {
    case plain = 0
    /// `.prominent` (iOS 26): a button that completes a task, not grouped with other items.
    case prominent = 2
    /// `.done`: `.prominent`'s name before iOS 26.
    public static var done: Style { .prominent }
  }

  /// The system item the item was made with, if any.
  let systemItem: SystemItem?
  /// `style` (kept).
  open var style: Style = .plain
  /// `tintColor` (kept).
  open var tintColor: UIColor?
  /// The action a tap would perform (never performed); setting one gives a non-system item the
  /// action's title and image, as in UIKit.
  open var primaryAction: UIAction? {
    didSet {
      guard let primaryAction, systemItem == nil else { return }
      title = primaryAction.title
      image = primaryAction.image
    }
  }
  /// The menu a tap would show (never shown).
  open var menu: UIMenu?
  /// The custom view the item shows in the bar.
  open var customView: UIView?
  /// `width`: the item's width, 0 (its natural width) until set; a `.fixedSpace` item's gap
  /// (kept; bars are not laid out).
  open var width: CGFloat = 0
  /// The iOS 26 settings: badge, shared background (`UIKit26+Bars.swift`).
  lazy var glassSettings = BarButtonItemGlassSettings()

  /// An empty item.
  public override init() {
    systemItem = nil
    super.init()
  }

  /// A system item, with an action and a menu.
  public convenience init(
    systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil
  ) {
    self.init(system: systemItem)
    self.primaryAction = primaryAction
    self.menu = menu
  }

  /// A plain item with a title or an image; a primary action gives its own title and image.
  public convenience init(
    title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil,
    menu: UIMenu? = nil
  ) {
    self.init(system: nil)
    // An initializer's own assignments do not run `didSet`: the action's title and image win.
    self.title = primaryAction?.title ?? title
    self.image = primaryAction?.image ?? image
    self.primaryAction = primaryAction
    self.menu = menu
  }

  /// The target (weak; the action is never sent).
  open weak var target: AnyObject?
  /// The action (kept; never sent).
  open var action: Selector?

  /// `UIBarButtonItem(title:style:target:action:)`. The action defaults to none, so that a
  /// call whose `#selector` line was removed still compiles (see `Selector`).
  public convenience init(title: String?, style: Style, target: Any?, action: Selector? = nil) {
    self.init(system: nil)
    self.title = title
    self.style = style
    self.target = target as AnyObject?
    self.action = action
  }

  /// `UIBarButtonItem(image:style:target:action:)` (the action defaults to none, as above).
  public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector? = nil) {
    self.init(system: nil)
    self.image = image
    self.style = style
    self.target = target as AnyObject?
    self.action = action
  }

  /// `UIBarButtonItem(barButtonSystemItem:target:action:)` (the action defaults to none, as
  /// above).
  public convenience init(
    barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector? = nil
  ) {
    self.init(system: systemItem)
    self.target = target as AnyObject?
    self.action = action
  }

  /// An item that shows `customView`.
  public convenience init(customView: UIView) {
    self.init(system: nil)
    self.customView = customView
  }

  init(system: SystemItem?) {
    systemItem = system
    super.init()
  }

  /// An item from an archive: an empty item (nibs and storyboards are not modelled).
  public required init?(coder: NSCoder) {
    systemItem = nil
    super.init(coder: coder)
  }
}

/// UIKit's `UIMenuElement`: what a menu holds.
@preconcurrency @MainActor open class UIMenuElement: NSObject {
  /// The title.
  open var title: String
  /// The image.
  open var image: UIImage?

  init(title: String, image: UIImage?) {
    self.title = title
    self.image = image
  }
}

/// UIKit's `UIActionHandler`.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// UIKit's `UIAction`: a title, an image and a handler (kept; no one taps, so the handler never
/// runs).
@preconcurrency @MainActor open class UIAction: UIMenuElement {
  /// The handler the action was made with.
  let handler: UIActionHandler

  /// `identifier` (kept).
  public let identifier: Identifier
  /// `attributes` (kept).
  open var attributes: UIMenuElement.Attributes
  /// `state` (kept).
  open var state: UIMenuElement.State
  /// `discoverabilityTitle` (kept).
  open var discoverabilityTitle: String?
  /// `sender`: what sent the action while its handler runs; nil, since no one sends it.
  open var sender: Any? { nil }

  /// An action with a title, an image, its settings and a handler, as UIKit's initializer
  /// takes them (each but the handler has UIKit's default).
  public init(
    title: String = "", subtitle: String? = nil, image: UIImage? = nil,
    selectedImage: UIImage? = nil, identifier: Identifier? = nil,
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
  ) {
    self.handler = handler
    self.identifier = identifier ?? Identifier(rawValue: "")
    self.attributes = attributes
    self.state = state
    self.discoverabilityTitle = discoverabilityTitle
    super.init(title: title, image: image)
  }

  /// UIKit's `UIAction.Identifier`.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }
}

extension UIMenuElement {
  /// UIKit's `UIMenuElement.Attributes`, with its raw values.
  public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let disabled = Attributes(rawValue: 1 << 0)
    public static let destructive = Attributes(rawValue: 1 << 1)
    public static let hidden = Attributes(rawValue: 1 << 2)
    public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
  }

  /// UIKit's `UIMenuElement.State`, with its raw values.
  public enum State: Int, Sendable {
    case off = 0
    case on = 1
    case mixed = 2
  }
}

/// UIKit's `UIMenu`: a titled list of actions and submenus (kept, never shown).
@preconcurrency @MainActor open class UIMenu: UIMenuElement {
  /// The menu's elements.
  public let children: [UIMenuElement]

  /// `options` (kept).
  public let options: Options

  /// A menu of `children`, as UIKit's initializer takes them (each has UIKit's default).
  public init(
    title: String = "", subtitle: String? = nil, image: UIImage? = nil,
    identifier: UIMenu.Identifier? = nil, options: Options = [], children: [UIMenuElement] = []
  ) {
    self.children = children
    self.options = options
    super.init(title: title, image: image)
  }

  /// UIKit's `UIMenu.Identifier`.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// UIKit's `UIMenu.Options`, with its raw values.
  public struct Options: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let displayInline = Options(rawValue: 1 << 0)
    public static let destructive = Options(rawValue: 1 << 1)
    public static let singleSelection = Options(rawValue: 1 << 5)
    public static let displayAsPalette = Options(rawValue: 1 << 7)
  }
}
