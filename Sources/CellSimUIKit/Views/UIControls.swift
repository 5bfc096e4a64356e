import Foundation

/// UIKit's `UIControl`, as cells and screens around images configure one: its state, and
/// closure actions (`addAction(_:for:)`, iOS 14) that `sendActions(for:)` runs. Target-action
/// (`addTarget(_:action:for:)` with `Selector("name")`) is kept and never sent: `#selector` and
/// sending a selector need the Objective-C runtime. Nothing in a run touches a control, so no
/// action runs by itself.
@preconcurrency @MainActor open class UIControl: UIView {
  /// UIKit's `UIControl.State`.
  public struct State: OptionSet, Hashable, Sendable {
    /// The state's bits.
    public let rawValue: UInt
    /// A state of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The normal state (no bit).
    public static let normal = State([])
    /// Highlighted.
    public static let highlighted = State(rawValue: 1 << 0)
    /// Disabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
    /// Focused.
    public static let focused = State(rawValue: 1 << 3)
  }

  /// `contentVerticalAlignment` (kept; nothing is laid out).
  open var contentVerticalAlignment: ContentVerticalAlignment = .center
  /// `contentHorizontalAlignment` (kept; nothing is laid out).
  open var contentHorizontalAlignment: ContentHorizontalAlignment = .center

  /// UIKit's `UIControl.Event`.
  public struct Event: OptionSet, Hashable, Sendable {
    /// The events' bits.
    public let rawValue: UInt
    /// Events of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A touch down.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A touch up inside the control.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// A value changed.
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's primary action.
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// A text field's text changed.
    public static let editingChanged = Event(rawValue: 1 << 17)
  }

  /// Whether the control is enabled.
  open var isEnabled = true
  /// Whether the control is selected.
  open var isSelected = false
  /// Whether the control is highlighted.
  open var isHighlighted = false
  /// The control's state, from the three flags.
  open var state: State {
    var state: State = .normal
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    return state
  }

  var actions: [(action: UIAction, events: Event)] = []
  /// Target-action pairs (`UIKitEditingSettings.swift`).
  lazy var controlSettings = ControlSettings()

  /// An empty control.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// An empty control.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `addAction(_:for:)`: `action` runs when the control sends one of `controlEvents`.
  open func addAction(_ action: UIAction, for controlEvents: Event) {
    actions.append((action, controlEvents))
  }

  /// `removeAction(_:for:)`.
  open func removeAction(_ action: UIAction, for controlEvents: Event) {
    actions.removeAll { $0.action === action && $0.events == controlEvents }
  }

  /// `sendActions(for:)`: runs the actions added for any of `controlEvents`, in the order added.
  open func sendActions(for controlEvents: Event) {
    for entry in actions where !entry.events.intersection(controlEvents).isEmpty {
      entry.action.handler(entry.action)
    }
  }
}

/// UIKit's `UIButton`: titles and images per state, kept. A button's image is a control's icon,
/// not content: its `imageView` is not in the view hierarchy, so the oracle never takes a
/// button's icon for the image a cell shows.
@preconcurrency @MainActor open class UIButton: UIControl {
  /// UIKit's `UIButton.ButtonType`.
  /// Menu settings (`UIKitEditingSettings.swift`).
  lazy var buttonSettings = ButtonSettings()
  public enum ButtonType: Int, Sendable {
    case custom = 0
    case system = 1
    case detailDisclosure = 2
    case infoLight = 3
    case infoDark = 4
    case contactAdd = 5
    case close = 7
  }

  /// The type the button was made with.
  public private(set) var buttonType: ButtonType
  /// `contentEdgeInsets`, deprecated in iOS 15: used by `contentRect(forBounds:)`.
  open var contentEdgeInsets: UIEdgeInsets = .zero
  /// `imageEdgeInsets`, deprecated in iOS 15 (kept).
  open var imageEdgeInsets: UIEdgeInsets = .zero
  /// `titleEdgeInsets`, deprecated in iOS 15 (kept).
  open var titleEdgeInsets: UIEdgeInsets = .zero

  /// `backgroundRect(forBounds:)`: the background image fills `bounds`.
  open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }
  /// `contentRect(forBounds:)`: `bounds` inset by `contentEdgeInsets`.
  open func contentRect(forBounds bounds: CGRect) -> CGRect {
    bounds.inset(by: contentEdgeInsets)
  }
  /// `imageRect(forContentRect:)`: the content rectangle inset by `imageEdgeInsets` (the
  /// layout of title beside image is not modelled).
  open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
    contentRect.inset(by: imageEdgeInsets)
  }
  /// `titleRect(forContentRect:)`: the content rectangle inset by `titleEdgeInsets`.
  open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
    contentRect.inset(by: titleEdgeInsets)
  }
  var titles: [UInt: String] = [:]
  var images: [UInt: UIImage] = [:]
  var backgroundImages: [UInt: UIImage] = [:]
  var titleColors: [UInt: UIColor] = [:]
  var attributedTitles: [UInt: NSAttributedString] = [:]
  /// `configuration` (iOS 15): kept; setting it shows its title in `titleLabel` and its image in
  /// `imageView` (the icon stays out of the hierarchy), and runs `configurationUpdateHandler`.
  open var configuration: Configuration? {
    didSet { showConfiguration() }
  }

  /// Shows the configuration's title and image in `titleLabel` and `imageView`.
  func showConfiguration() {
    titleLabel?.text = configuration?.title ?? currentTitle
    imageView?.image = configuration?.image ?? currentImage
  }
  /// `configurationUpdateHandler` (iOS 15): run by `setNeedsUpdateConfiguration()` and
  /// `updateConfiguration()`.
  open var configurationUpdateHandler: ((UIButton) -> Void)?
  /// `automaticallyUpdatesConfiguration` (kept).
  open var automaticallyUpdatesConfiguration = true

  /// `setNeedsUpdateConfiguration()`: runs the update at once (there is no layout pass to wait
  /// for), tracked for observation (`AutomaticObservation`).
  open func setNeedsUpdateConfiguration() {
    AutomaticObservation.track(
      self, .configuration,
      invalidate: { [weak self] in
        self?.setNeedsUpdateConfiguration()
        return nil
      },
      run: { updateConfiguration() })
  }
  /// `updateConfiguration()`: runs `configurationUpdateHandler`.
  open func updateConfiguration() { configurationUpdateHandler?(self) }
  /// The label showing the current title.
  public let titleLabel: UILabel? = UILabel(frame: .zero)
  /// The view showing the current image (kept out of the hierarchy: see the class).
  public let imageView: UIImageView? = UIImageView(frame: .zero)

  /// `UIButton(type:)`: convenience, as in UIKit, so a subclass that overrides
  /// `init(frame:)` and `init?(coder:)` keeps `init(type:)` and `init()` (and its own
  /// `init(frame:)` runs).
  public convenience init(type buttonType: ButtonType) {
    self.init(frame: .zero)
    self.buttonType = buttonType
  }
  /// A custom button with `frame`.
  public override init(frame: CGRect) {
    self.buttonType = .custom
    super.init(frame: frame)
  }
  /// `UIButton(type:primaryAction:)`: a system button that runs `primaryAction` when tapped.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: buttonType)
    if let primaryAction {
      setTitle(primaryAction.title, for: .normal)
      setImage(primaryAction.image, for: .normal)
      addAction(primaryAction, for: .primaryActionTriggered)
    }
  }
  /// An empty custom button.
  public required init?(coder: NSCoder) {
    self.buttonType = .custom
    super.init(coder: coder)
  }

  /// `setTitle(_:for:)`.
  open func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    titleLabel?.text = currentTitle
  }
  /// `title(for:)`: the state's title, else the normal one.
  open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }
  /// `setImage(_:for:)`.
  open func setImage(_ image: UIImage?, for state: State) {
    images[state.rawValue] = image
    imageView?.image = currentImage
  }
  /// `image(for:)`: the state's image, else the normal one.
  open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }
  /// `setBackgroundImage(_:for:)`.
  open func setBackgroundImage(_ image: UIImage?, for state: State) {
    backgroundImages[state.rawValue] = image
  }
  /// `backgroundImage(for:)`.
  open func backgroundImage(for state: State) -> UIImage? {
    backgroundImages[state.rawValue] ?? backgroundImages[0]
  }
  /// `setTitleColor(_:for:)`.
  open func setTitleColor(_ color: UIColor?, for state: State) {
    titleColors[state.rawValue] = color
  }
  /// `titleColor(for:)`.
  open func titleColor(for state: State) -> UIColor? {
    titleColors[state.rawValue] ?? titleColors[0]
  }
  /// `setAttributedTitle(_:for:)`: kept per state; the title label shows the current state's.
  open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
    attributedTitles[state.rawValue] = title
    titleLabel?.attributedText = currentAttributedTitle
  }
  /// `attributedTitle(for:)`: the state's attributed title, else the normal one.
  open func attributedTitle(for state: State) -> NSAttributedString? {
    attributedTitles[state.rawValue] ?? attributedTitles[0]
  }
  /// The attributed title for the current state.
  open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
  /// The title for the current state.
  open var currentTitle: String? { title(for: state) }
  /// The image for the current state.
  open var currentImage: UIImage? { image(for: state) }
  /// The background image for the current state.
  open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
}

/// UIKit's `UIStackView`: its arranged views are its subviews, in order, so what they show is
/// judged as any subview's. Each layout pass places them along the axis with the spacing,
/// alignment and distribution (`UIStackView+Arrangement.swift` says how far).
@preconcurrency @MainActor open class UIStackView: UIView {
  /// UIKit's `UIStackView.Alignment`.
  public enum Alignment: Int, Sendable {
    case fill = 0
    case leading = 1
    case firstBaseline = 2
    case center = 3
    case trailing = 4
    case lastBaseline = 5
    /// Top, for a horizontal stack (the same value as `leading`).
    public static var top: Alignment { .leading }
    /// Bottom, for a horizontal stack (the same value as `trailing`).
    public static var bottom: Alignment { .trailing }
  }

  /// UIKit's `UIStackView.Distribution`.
  public enum Distribution: Int, Sendable {
    case fill = 0
    case fillEqually = 1
    case fillProportionally = 2
    case equalSpacing = 3
    case equalCentering = 4
  }

  /// The views the stack arranges, in order.
  public private(set) var arrangedSubviews: [UIView] = []
  /// `axis`.
  open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
  /// `spacing`.
  open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
  /// `alignment`.
  open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
  /// `distribution`.
  open var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
  /// `isLayoutMarginsRelativeArrangement`.
  open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
  /// `isBaselineRelativeArrangement`.
  open var isBaselineRelativeArrangement = false
  var customSpacing: [ObjectIdentifier: CGFloat] = [:]

  /// An empty stack with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// An empty stack.
  public required init(coder: NSCoder) { super.init(frame: .zero) }
  /// `UIStackView(arrangedSubviews:)`.
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// `addArrangedSubview(_:)`: arranges `view` last, and makes it a subview.
  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// `insertArrangedSubview(_:at:)`.
  open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: min(stackIndex, arrangedSubviews.count))
    // As in UIKit, the stack lays its arranged views out by constraints of its own.
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    setNeedsLayout()
  }

  /// Places the arranged views (`UIStackView+Arrangement.swift`).
  open override func layoutSubviews() {
    super.layoutSubviews()
    arrangeSubviews()
  }

  /// `removeArrangedSubview(_:)`: no longer arranged, but still a subview (as in UIKit).
  open func removeArrangedSubview(_ view: UIView) {
    arrangedSubviews.removeAll { $0 === view }
    setNeedsLayout()
  }

  /// `setCustomSpacing(_:after:)`.
  open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
    customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
  }

  /// `customSpacing(after:)`.
  open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
    customSpacing[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
  }

  /// `UIStackView.spacingUseDefault`.
  public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
  /// `UIStackView.spacingUseSystem`.
  public static let spacingUseSystem = -CGFloat.greatestFiniteMagnitude

  open override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    arrangedSubviews.removeAll { $0 === subview }
  }
}

extension NSLayoutConstraint {
  /// UIKit's `NSLayoutConstraint.Axis`.
  public enum Axis: Int, Sendable {
    case horizontal = 0
    case vertical = 1
  }
}

/// UIKit's `UIRefreshControl`: `beginRefreshing()` and `endRefreshing()` set `isRefreshing`.
/// A run never pulls to refresh, so its actions run only when the app sends them.
@preconcurrency @MainActor open class UIRefreshControl: UIControl {
  /// Whether a refresh is under way.
  public private(set) var isRefreshing = false
  /// The title shown under the spinner.
  open var attributedTitle: NSAttributedString?

  /// A refresh control.
  public init() { super.init(frame: .zero) }
  /// A refresh control with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A refresh control.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `beginRefreshing()`.
  open func beginRefreshing() { isRefreshing = true }
  /// `endRefreshing()`.
  open func endRefreshing() { isRefreshing = false }
}

/// UIKit's `UIPageControl`: the number of pages and the current one, kept.
@preconcurrency @MainActor open class UIPageControl: UIControl {
  /// `numberOfPages`.
  open var numberOfPages = 0
  /// `currentPage`.
  open var currentPage = 0
  /// `hidesForSinglePage`.
  open var hidesForSinglePage = false
  /// `pageIndicatorTintColor`.
  open var pageIndicatorTintColor: UIColor?
  /// `currentPageIndicatorTintColor`.
  open var currentPageIndicatorTintColor: UIColor?

  /// A page control with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A page control.
  public required init?(coder: NSCoder) { super.init(coder: coder) }
}
