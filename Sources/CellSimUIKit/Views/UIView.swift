/// UIKit's `UIView`: a rectangle in a hierarchy of views.
///
/// Modelled: the hierarchy (`addSubview`, `insertSubview`, `removeFromSuperview`, `subviews`,
/// `superview`, the move callbacks), `frame`, `bounds` and `center` as plain values,
/// `isHidden`, `alpha`, `backgroundColor`, `tintColor` (inherited from the superview),
/// `contentMode`, `layer` (`cornerRadius`, `masksToBounds`), `tag`, and layout as explicit calls:
/// `setNeedsLayout()` marks the view and `layoutIfNeeded()` runs `layoutSubviews()` once. Two
/// things run an update pass on their own, on the next main-thread turn:
/// `setNeedsUpdateProperties()`, and a change to an `@Observable` property that a tracked method
/// read (`AutomaticObservation`).
///
/// What a person sees reaches the oracle through the cell the view is in: whenever an image
/// view's image, a view's `isHidden` or `alpha`, or the hierarchy changes inside a table cell, the
/// cell recomputes what it shows (`UITableViewCell`, "What the oracle sees").
///
/// Auto Layout's common case is solved at each layout pass: equality constraints among a view,
/// its direct subviews and its guides (`ConstraintLayout.swift`).
///
/// Not modelled: drawing, the rest of Auto Layout (inequalities, text sizes), hit testing and
/// gestures, storyboards and nibs (`init?(coder:)` makes an empty view).
@preconcurrency @MainActor open class UIView: UIResponder {
  /// `UIView.ContentMode`.
  public enum ContentMode: Int, Sendable {
    case scaleToFill = 0
    case scaleAspectFit = 1
    case scaleAspectFill = 2
    case redraw = 3
    case center = 4
    case top = 5
    case bottom = 6
    case left = 7
    case right = 8
    case topLeft = 9
    case topRight = 10
    case bottomLeft = 11
    case bottomRight = 12
  }

  /// `UIView.AutoresizingMask`.
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  var storedFrame: CGRect
  var storedBounds: CGRect
  weak var storedSuperview: UIView?
  var storedSubviews: [UIView] = []
  var needsLayout = true
  var storedTintColor: UIColor?
  /// Set on an appearance proxy only: what is set on it (`UIAppearance.swift`).
  var appearanceRecord: AppearanceRecord?
  /// The appearance properties the view set itself, which no proxy overrides.
  var appearanceOwnProperties: UInt32 = 0
  /// Settings few views change (`UIView+Touches.swift`).
  lazy var touchSettings = ViewTouchSettings()
  /// For a cell: the SimTable cell it is paired with, if any.
  weak var pairedBacking: BackingCell?
  /// For a cell: whether the SimTable cell's progress view follows a `UIProgressView` in it.
  var followsProgress = false
  /// Active constraints whose first item is this view (`NSLayoutConstraint`; never solved).
  var storedConstraints: [NSLayoutConstraint] = []
  var safeAreaGuide: UILayoutGuide?
  var marginsGuide: UILayoutGuide?
  /// Guides added with `addLayoutGuide(_:)`, in order.
  var addedLayoutGuides: [UILayoutGuide] = []

  /// `UIView(frame:)`.
  public init(frame: CGRect) {
    storedFrame = frame
    storedBounds = CGRect(origin: .zero, size: frame.size)
    super.init()
  }

  /// `UIView(coder:)`: an empty view (nibs and storyboards are not modelled).
  public required init?(coder: NSCoder) {
    storedFrame = .zero
    storedBounds = .zero
    super.init()
  }

  /// `UIView()`: a view with a zero frame.
  public override convenience init() { self.init(frame: .zero) }

  /// The view controller whose root view this is, if any (set as the controller loads it).
  weak var owningController: UIViewController?

  /// The next responder: the view controller whose root view this is, else the superview.
  open override var next: UIResponder? { owningController ?? storedSuperview }

  // MARK: Geometry

  /// The frame in the superview's coordinates; setting it sets the bounds' size.
  open var frame: CGRect {
    get { storedFrame }
    set {
      storedFrame = newValue
      storedBounds.size = newValue.size
      setNeedsLayout()
    }
  }

  /// The bounds; setting its size changes the frame's size around the same centre.
  open var bounds: CGRect {
    get { storedBounds }
    set {
      let center = self.center
      storedBounds = newValue
      storedFrame = CGRect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
      setNeedsLayout()
    }
  }

  /// The centre of the frame.
  open var center: CGPoint {
    get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
    set {
      storedFrame.origin = CGPoint(
        x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2)
    }
  }

  // MARK: Appearance

  /// Whether the view (and its subviews) are hidden.
  open var isHidden = false {
    didSet { if isHidden != oldValue { displayDidChange() } }
  }

  /// The opacity; a view with alpha 0 shows nothing (values in between show the view).
  open var alpha: CGFloat = 1 {
    didSet { if alpha != oldValue { displayDidChange() } }
  }

  /// The background colour (kept, never drawn).
  open var backgroundColor: UIColor? {
    didSet { appearanceDidSet(.backgroundColor, \UIView.backgroundColor, backgroundColor) }
  }
  /// `isOpaque`.
  open var isOpaque = true
  /// How content fits the bounds (kept; an image view's content is judged whole).
  open var contentMode: ContentMode = .scaleToFill
  /// `clipsToBounds`.
  open var clipsToBounds = false
  /// `tag`.
  open var tag = 0
  /// `isUserInteractionEnabled`.
  open var isUserInteractionEnabled = true
  /// `translatesAutoresizingMaskIntoConstraints` (kept; constraints are not solved).
  open var translatesAutoresizingMaskIntoConstraints = true
  /// `autoresizingMask` (kept).
  open var autoresizingMask: AutoresizingMask = []
  /// `accessibilityIdentifier`.
  open var accessibilityIdentifier: String?
  /// `accessibilityLabel`.
  open var accessibilityLabel: String?
  /// `isAccessibilityElement` (kept; false by default, as for a plain view).
  open var isAccessibilityElement = false
  /// `accessibilityHint` (kept).
  open var accessibilityHint: String?
  /// `accessibilityValue` (kept).
  open var accessibilityValue: String?
  /// `accessibilityTraits` (kept).
  open var accessibilityTraits: UIAccessibilityTraits = .none
  /// `accessibilityElementsHidden` (kept).
  open var accessibilityElementsHidden = false
  /// `accessibilityViewIsModal` (kept).
  open var accessibilityViewIsModal = false
  /// `shouldGroupAccessibilityChildren` (kept).
  open var shouldGroupAccessibilityChildren = false
  /// `accessibilityIgnoresInvertColors` (iOS 11; kept: Smart Invert is never on in a run).
  open var accessibilityIgnoresInvertColors = false

  /// The tint colour: the view's own, else its superview's, else the system blue.
  open var tintColor: UIColor! {
    get { storedTintColor ?? storedSuperview?.tintColor ?? .systemBlue }
    set {
      storedTintColor = newValue
      appearanceDidSet(.tintColor, \UIView.tintColor, newValue)
      tintColorChanged()
    }
  }

  /// The tint colour changed for the view: called on it and on the subviews that inherit it.
  open func tintColorDidChange() {}

  /// Whether `point` (in the view's coordinates) is inside it: in its bounds.
  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

  /// The deepest visible, interactive descendant containing `point` (in the view's
  /// coordinates), front to back, or the view itself, as UIKit hit-tests (`UIView+Touches.swift`).
  open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    defaultHitTest(point, with: event)
  }

  /// The backing layer (`cornerRadius`, `masksToBounds`, … kept, never drawn), sharing the
  /// view's frame: a `CAGradientLayer` or `CAShapeLayer` when `layerClass` says so, else a plain
  /// `CALayer` (Swift cannot make an instance of any other class from a metatype whose
  /// initializer is not `required`, and Core Animation's is not).
  public private(set) lazy var layer: CALayer = {
    let type: AnyClass = Self.layerClass
    let layer: CALayer =
      type is CAGradientLayer.Type
      ? CAGradientLayer() : type is CAShapeLayer.Type ? CAShapeLayer() : CALayer()
    layer.backedView = self
    return layer
  }()

  /// `overrideUserInterfaceStyle` (kept; the layer's colours are their light appearance).
  open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified

  /// The gesture recognizers attached (`addGestureRecognizer(_:)`).
  var attachedRecognizers: [UIGestureRecognizer] = []

  /// `transform` (kept; the frame and what the cell shows do not change: a cell scaled down
  /// while highlighted still shows its image, which is what the oracle judges).
  open var transform: CGAffineTransform = .identity

  /// `layerClass`: the class of the backing layer (override it to back a view with a
  /// `CAGradientLayer`, say).
  open class var layerClass: AnyClass { CALayer.self }

  // MARK: Hierarchy

  /// The superview, if any.
  open var superview: UIView? { storedSuperview }
  /// The subviews, back to front.
  open var subviews: [UIView] { storedSubviews }

  /// Adds `view` in front of the other subviews (moving it from its old superview).
  open func addSubview(_ view: UIView) {
    insertSubview(view, at: storedSubviews.count)
  }

  /// Inserts `view` at `index` of the subviews.
  open func insertSubview(_ view: UIView, at index: Int) {
    precondition(view !== self, "UIView: a view cannot be its own subview")
    if view.storedSuperview === self {
      storedSubviews.removeAll { $0 === view }
    } else {
      view.removeFromSuperview()
      view.willMove(toSuperview: self)
    }
    let oldWindow = view.window
    let newWindow = window
    if oldWindow !== newWindow { view.windowWillChange(to: newWindow) }
    storedSubviews.insert(view, at: min(max(0, index), storedSubviews.count))
    view.storedSuperview = self
    needsLayout = true
    if oldWindow !== newWindow { view.windowDidChange() }
    view.didMoveToSuperview()
    didAddSubview(view)
    displayDidChange()
  }

  /// Inserts `view` just below `siblingSubview`.
  open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
    let index = storedSubviews.firstIndex { $0 === siblingSubview } ?? 0
    insertSubview(view, at: index)
  }

  /// Inserts `view` just above `siblingSubview`.
  open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
    let index = storedSubviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 }
    insertSubview(view, at: index ?? storedSubviews.count)
  }

  /// Moves `view` in front of its siblings.
  open func bringSubviewToFront(_ view: UIView) {
    guard view.storedSuperview === self else { return }
    insertSubview(view, at: storedSubviews.count)
  }

  /// Moves `view` behind its siblings.
  open func sendSubviewToBack(_ view: UIView) {
    guard view.storedSuperview === self else { return }
    insertSubview(view, at: 0)
  }

  /// Removes the view from its superview.
  open func removeFromSuperview() {
    guard let superview = storedSuperview else { return }
    superview.willRemoveSubview(self)
    willMove(toSuperview: nil)
    let leavesWindow = window != nil
    if leavesWindow { windowWillChange(to: nil) }
    superview.storedSubviews.removeAll { $0 === self }
    storedSuperview = nil
    if leavesWindow { windowDidChange() }
    didMoveToSuperview()
    superview.displayDidChange()
  }

  /// Whether the view is `view` or one of its descendants.
  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.storedSuperview
    }
    return false
  }

  /// The view or the first descendant (depth first) whose tag is `tag`.
  open func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for subview in storedSubviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// `semanticContentAttribute`: kept, and read by `effectiveUserInterfaceLayoutDirection`
  /// (nothing is drawn mirrored).
  open var semanticContentAttribute: UISemanticContentAttribute = .unspecified

  /// The window the view is in: the nearest `UIWindow` among the view and its ancestors, or nil
  /// (`UIView+Window.swift`).
  open var window: UIWindow? {
    var view: UIView? = self
    while let current = view {
      if let window = current as? UIWindow { return window }
      view = current.storedSuperview
    }
    return nil
  }

  /// Called before the view (or an ancestor) moves to another window, or out of its window;
  /// does nothing.
  open func willMove(toWindow newWindow: UIWindow?) {}
  /// Called after the view (or an ancestor) moved to another window, or out of its window; does
  /// nothing.
  open func didMoveToWindow() {}

  /// Called before the view moves to `newSuperview`; does nothing.
  open func willMove(toSuperview newSuperview: UIView?) {}
  /// Called after the view moved to a new superview (or none); does nothing.
  open func didMoveToSuperview() {}
  /// Called after `subview` was added; does nothing.
  open func didAddSubview(_ subview: UIView) {}
  /// Called before `subview` is removed; does nothing.
  open func willRemoveSubview(_ subview: UIView) {}

  // MARK: Layout

  /// Marks the view for layout: the next `layoutIfNeeded()` runs `layoutSubviews()`.
  open func setNeedsLayout() { needsLayout = true }

  /// Updates the properties of the view and its subviews that need it
  /// (`updatePropertiesIfNeeded()`) and the view's constraints if asked
  /// (`updateConstraintsIfNeeded()`), then runs `layoutSubviews()` if the view was marked, then
  /// lays out its subviews likewise. `layoutSubviews()` is tracked for observation
  /// (`AutomaticObservation`).
  open func layoutIfNeeded() {
    updatePropertiesIfNeeded()
    updateConstraintsIfNeeded()
    if needsLayout {
      needsLayout = false
      AutomaticObservation.track(
        self, .layout,
        invalidate: { [weak self] in
          self?.setNeedsLayout()
          return self?.owningController ?? self
        },
        run: { layoutSubviews() })
    }
    for subview in storedSubviews { subview.layoutIfNeeded() }
  }

  /// `updateProperties()` (iOS 26): sets the view's content and styling before layout; the base
  /// does nothing. Called at the view's first layout, and at the next update pass after
  /// `setNeedsUpdateProperties()` or a change to an `@Observable` property it read.
  open func updateProperties() {}
  /// `setNeedsUpdateProperties()` (iOS 26): asks for `updateProperties()` in the next update
  /// pass (the next main-thread turn, while the view is in a window).
  open func setNeedsUpdateProperties() {
    needsPropertiesUpdate = true
    AutomaticObservation.requestPass(for: self)
  }
  /// `updatePropertiesIfNeeded()` (iOS 26): updates the properties of the view (and of its
  /// view controller), then of its subviews, top down, each that needs it.
  open func updatePropertiesIfNeeded() {
    owningController?.runPropertiesUpdateIfNeeded()
    runPropertiesUpdateIfNeeded()
    for subview in storedSubviews { subview.updatePropertiesIfNeeded() }
  }
  var needsPropertiesUpdate = true

  /// Lays out subviews: the base sets the frames of those laid out by constraints from the
  /// active equality constraints (`ConstraintLayout.swift`), as UIKit's applies Auto Layout's;
  /// subclasses that override it call `super` first, as on iOS.
  open func layoutSubviews() { layoutSubviewsFromConstraints() }

  /// Marks the view for redrawing; nothing is drawn.
  open func setNeedsDisplay() {}

  /// The size that fits: the bounds' size.
  open func sizeThatFits(_ size: CGSize) -> CGSize { storedBounds.size }

  /// Resizes the view to `sizeThatFits(bounds.size)`.
  open func sizeToFit() {
    frame.size = sizeThatFits(storedBounds.size)
  }

  /// `endEditing(_:)`: makes the first responder among the view and its subviews (depth first)
  /// resign, and says whether one did. `force` resigns it even if it would refuse.
  @discardableResult
  open func endEditing(_ force: Bool) -> Bool {
    if isFirstResponder {
      if resignFirstResponder() { return true }
      guard force else { return false }
      storedIsFirstResponder = false
      return true
    }
    for subview in storedSubviews where subview.endEditing(force) { return true }
    return false
  }

  // MARK: Auto Layout and drawing, as subclasses override them

  /// `UIView.noIntrinsicMetric`.
  public static let noIntrinsicMetric: CGFloat = -1
  /// `UIView.layoutFittingCompressedSize`.
  public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
  /// `UIView.layoutFittingExpandedSize`.
  public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)
  /// `intrinsicContentSize`: none, unless a subclass says (constraints are kept, not solved).
  open var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }
  /// `invalidateIntrinsicContentSize()`.
  open func invalidateIntrinsicContentSize() {}
  /// `updateConstraints()`: called by `updateConstraintsIfNeeded()` after
  /// `setNeedsUpdateConstraints()`, as UIKit's layout pass would.
  open func updateConstraints() {}
  /// `setNeedsUpdateConstraints()`.
  open func setNeedsUpdateConstraints() { constraintsNeedUpdate = true }
  /// `needsUpdateConstraints()`.
  open func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }
  /// `updateConstraintsIfNeeded()`.
  open func updateConstraintsIfNeeded() {
    guard constraintsNeedUpdate else { return }
    constraintsNeedUpdate = false
    AutomaticObservation.track(
      self, .constraints,
      invalidate: { [weak self] in
        self?.setNeedsUpdateConstraints()
        self?.setNeedsLayout()
        return self?.owningController ?? self
      },
      run: { updateConstraints() })
  }
  var constraintsNeedUpdate = false
  /// `systemLayoutSizeFitting(_:)`: `sizeThatFits(_:)` (constraints are not solved).
  open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize { sizeThatFits(targetSize) }
  /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`.
  open func systemLayoutSizeFitting(
    _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
    verticalFittingPriority: UILayoutPriority
  ) -> CGSize { systemLayoutSizeFitting(targetSize) }
  /// `traitCollectionDidChange(_:)`: never called (a run's screen keeps its traits).
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
  /// `draw(_:)`: never called (nothing is drawn to the screen; the oracle judges images).
  open func draw(_ rect: CGRect) {}
  /// `display(_:)`, the view's part as its layer's delegate: called when the layer displays,
  /// in the frame after `layer.setNeedsDisplay()`; animated-image views set their frame here.
  open func display(_ layer: CALayer) {}
  /// `layoutMargins`: 8 points on each side, UIKit's default.
  open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
    didSet { if layoutMargins != oldValue { layoutMarginsDidChange() } }
  }
  /// The layout margins changed.
  open func layoutMarginsDidChange() {}
  /// `directionalLayoutMargins`: `layoutMargins`, left to right.
  open var directionalLayoutMargins: NSDirectionalEdgeInsets {
    get {
      NSDirectionalEdgeInsets(
        top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
        trailing: layoutMargins.right)
    }
    set {
      layoutMargins = UIEdgeInsets(
        top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
        right: newValue.trailing)
    }
  }
  /// `preservesSuperviewLayoutMargins` (kept).
  open var preservesSuperviewLayoutMargins = false
  /// `insetsLayoutMarginsFromSafeArea` (kept).
  open var insetsLayoutMarginsFromSafeArea = true
  /// `safeAreaInsets`: none (a run's screen has no notch or bars over its content).
  open var safeAreaInsets: UIEdgeInsets { .zero }
  /// `safeAreaInsetsDidChange()`: never called.
  open func safeAreaInsetsDidChange() {}
  var huggingPriorities: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (
    .defaultLow, .defaultLow
  )
  var compressionPriorities: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (
    .defaultHigh, .defaultHigh
  )
  /// `setContentHuggingPriority(_:for:)` (kept).
  open func setContentHuggingPriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    if axis == .horizontal {
      huggingPriorities.horizontal = priority
    } else {
      huggingPriorities.vertical = priority
    }
  }
  /// `contentHuggingPriority(for:)`.
  open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
  }
  /// `setContentCompressionResistancePriority(_:for:)` (kept).
  open func setContentCompressionResistancePriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    if axis == .horizontal {
      compressionPriorities.horizontal = priority
    } else {
      compressionPriorities.vertical = priority
    }
  }
  /// `contentCompressionResistancePriority(for:)`.
  open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis)
    -> UILayoutPriority
  {
    axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
  }

  // MARK: What reaches the screen

  /// Whether the view stands for a SimTable cell (table and collection cells do).
  var hostsDisplay: Bool { false }

  /// Recomputes what the hosted cell shows.
  func hostedDisplayDidChange() { syncBacking() }

  /// For a cell: the table is about to reuse it (`prepareForReuse()`).
  func engineWillReuse() {}
}
