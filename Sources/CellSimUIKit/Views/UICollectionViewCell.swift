/// UIKit's `UICollectionReusableView`.
@preconcurrency @MainActor open class UICollectionReusableView: UIView {
  /// The reuse identifier the view was made with.
  public internal(set) var reuseIdentifier: String?
  /// Called just before the view is reused; resets nothing.
  open func prepareForReuse() {}
  /// Called with the layout's attributes after the view is given their frame; does nothing.
  open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
  /// The attributes the view would like (self-sizing is not modelled: never asked); returns
  /// `layoutAttributes`.
  open func preferredLayoutAttributesFitting(
    _ layoutAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutAttributes { layoutAttributes }

  /// How the collection view makes a registered class (see `UITableViewCell`'s counterpart).
  public required convenience init(registeredFrame frame: CGRect, reuseIdentifier: String?) {
    self.init(frame: frame)
    self.reuseIdentifier = reuseIdentifier
  }
}

/// UIKit's `UICollectionViewCell`: paired with a SimTable cell and judged as `UITableViewCell`
/// is ("What the oracle sees").
@preconcurrency @MainActor open class UICollectionViewCell: UICollectionReusableView {
  /// The view custom content goes into.
  public let contentView = UIView(frame: .zero)
  var configurationView: (any UIView & UIContentView)?
  /// `(cell, state)`.
  public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState)
    -> Void
  /// Called after `updateConfiguration(using:)`, each time it is (see `UICellConfigurationState`);
  /// setting it asks for an update.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// `automaticallyUpdatesContentConfiguration` (kept; configurations do not change with state).
  open var automaticallyUpdatesContentConfiguration = true
  var configurationUpdates = ConfigurationUpdates()

  /// A cell with `frame`.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.frame = CGRect(origin: .zero, size: frame.size)
    addSubview(contentView)
  }

  /// An empty cell (nibs are not modelled).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    addSubview(contentView)
  }

  /// `isSelected` (kept).
  open var isSelected = false
  /// `isHighlighted` (kept).
  open var isHighlighted = false
  /// `backgroundView`: behind all other views, the size of the cell when set; the oracle sees
  /// an image it shows as the cell's (`replaceBackgroundView`).
  open var backgroundView: UIView? {
    didSet { replaceBackgroundView(oldValue, with: backgroundView) }
  }
  /// `selectedBackgroundView` (kept, not shown).
  open var selectedBackgroundView: UIView?
  /// `backgroundConfiguration` (iOS 14; kept, not shown).
  open var backgroundConfiguration: UIBackgroundConfiguration?
  /// `automaticallyUpdatesBackgroundConfiguration` (kept).
  open var automaticallyUpdatesBackgroundConfiguration = true

  /// The content configuration, shown by its content view inside `contentView`.
  open var contentConfiguration: (any UIContentConfiguration)? {
    didSet {
      guard let configuration = contentConfiguration else {
        configurationView?.removeFromSuperview()
        configurationView = nil
        return
      }
      if let view = configurationView, view.supports(configuration) {
        view.configuration = configuration
      } else {
        configurationView?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = contentView.bounds
        configurationView = view
        contentView.addSubview(view)
      }
    }
  }

  /// The state configurations are updated for (`isSelected`, `isHighlighted`).
  open var configurationState: UICellConfigurationState {
    var state = UICellConfigurationState()
    state.isSelected = isSelected
    state.isHighlighted = isHighlighted
    return state
  }

  /// Asks for `updateConfiguration(using:)` at the next layout (see `ConfigurationUpdates`).
  open func setNeedsUpdateConfiguration() { configurationUpdates.request(for: self) }

  /// Updates the cell's configurations for `state`; the base does nothing. Called before the
  /// cell is displayed, each time it is dequeued, and at the next layout after
  /// `setNeedsUpdateConfiguration()`, then `configurationUpdateHandler` is called.
  open func updateConfiguration(using state: UICellConfigurationState) {}

  /// Runs the pending update, then lays out.
  open override func layoutIfNeeded() {
    updateConfigurationIfNeeded()
    super.layoutIfNeeded()
  }

  func updateConfigurationIfNeeded() {
    guard needsConfigurationUpdate else { return }
    needsConfigurationUpdate = false
    let state = configurationState
    AutomaticObservation.track(
      self, .configuration, invalidate: configurationInvalidated,
      run: {
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
      })
  }

  var needsConfigurationUpdate: Bool {
    get { configurationUpdates.needed }
    set { configurationUpdates.needed = newValue }
  }

  override var hostsDisplay: Bool { true }
  override func engineWillReuse() { prepareForReuse() }
}

/// UIKit's `UICollectionViewListCell`: accessories are kept, not shown.
@preconcurrency @MainActor open class UICollectionViewListCell: UICollectionViewCell {
  /// An empty cell configuration.
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
  /// The accessories (kept, not shown).
  open var accessories: [UICellAccessory] = []
  /// `indentationLevel` (kept).
  open var indentationLevel = 0
  /// `indentationWidth` (kept).
  open var indentationWidth: CGFloat = 16
  /// `indentsAccessories` (kept).
  open var indentsAccessories = true
  /// `separatorLayoutGuide`: the guide a cell constrains to move its separator (kept; no
  /// separator is drawn, and its constraints are not solved).
  public var separatorLayoutGuide: UILayoutGuide {
    if let guide = separatorGuide { return guide }
    let guide = UILayoutGuide()
    addLayoutGuide(guide)
    separatorGuide = guide
    return guide
  }
  var separatorGuide: UILayoutGuide?
}

extension UIView {
  /// A cell's `backgroundView` changed: UIKit "adds the background view as a subview behind all
  /// other views" and sizes it to the cell, so an image shown there is what a person sees.
  func replaceBackgroundView(_ old: UIView?, with new: UIView?) {
    guard old !== new else { return }
    if let old, old.superview === self { old.removeFromSuperview() }
    guard let new else { return }
    new.frame = bounds
    insertSubview(new, at: 0)
  }
}
