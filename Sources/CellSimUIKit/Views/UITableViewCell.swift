package import SimTable

/// UIKit's `UITableViewCell`.
///
/// ## Pairing with the simulated table
///
/// A hosted `UITableView` is a façade over one SimTable `TableView`, which keeps the geometry,
/// scrolling, reuse pool, prefetching and frames, and whose `TableCell`s the oracle reads. Each
/// SimTable cell is paired one-to-one with the `UITableViewCell` that
/// `dequeueReusableCell(withIdentifier:for:)` returns while that SimTable cell is configured:
/// the registered class is instantiated on the SimTable cell's first use (one per reuse
/// identifier), and the same object comes back every time the SimTable cell is reused. The
/// table's `prepareForReuse()` is forwarded to it just before `tableView(_:cellForRowAt:)`.
///
/// ## What the oracle sees
///
/// Whenever something a person would see changes inside the cell (an image view's `image` or
/// `isHighlighted`, any view's `isHidden` or `alpha`, a subview added or removed, a progress
/// view's value), the cell recomputes what it shows and sets it on its SimTable cell:
/// - the image: that of the first `UIImageView` showing content, an image made from data or
///   redrawn from one (the highlighted image while highlighted), in depth-first order from the
///   cell itself, subviews back to front, skipping hidden subtrees and those with alpha 0;
///   failing that, the first showing any image (a placeholder, an icon, a failure image), so an
///   icon or an avatar placeholder before the photo in the hierarchy does not hide the photo;
///   or, failing that, the image of the cell's `UIListContentConfiguration`; set on the SimTable cell's `imageView` only when it is a
///   different image, so a change costs `set_image` once, is checked for main-thread use, is
///   decoded at first display and is judged, exactly as a loader's direct set is;
/// - the progress: the first visible `UIProgressView` (its value, or hidden when there is none
///   any more) on the SimTable cell's `progressView`.
///
/// Inside `UIView.transition(with:…, options: .transitionCrossDissolve, …)`, the image change is
/// a cross-dissolve. Not modelled: selection, editing, accessory views (kept), and the cell's own
/// drawing.
@preconcurrency @MainActor open class UITableViewCell: UIView {
  /// `UITableViewCell.CellStyle`.
  public enum CellStyle: Int, Sendable {
    case `default` = 0
    case value1 = 1
    case value2 = 2
    case subtitle = 3
  }

  /// `UITableViewCell.SelectionStyle`.
  public enum SelectionStyle: Int, Sendable {
    case none = 0
    case blue = 1
    case gray = 2
    case `default` = 3
  }

  /// `UITableViewCell.AccessoryType`.
  public enum AccessoryType: Int, Sendable {
    case none = 0
    case disclosureIndicator = 1
    case detailDisclosureButton = 2
    case checkmark = 3
    case detailButton = 4
  }

  /// `UITableViewCell.EditingStyle` (for `tableView(_:commit:forRowAt:)`; there is no editing).
  public enum EditingStyle: Int, Sendable {
    case none = 0
    case delete = 1
    case insert = 2
  }

  /// The reuse identifier the cell was made with.
  public internal(set) var reuseIdentifier: String?
  /// `separatorInset` (kept; no separator is drawn).
  open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
  let style: CellStyle
  /// The view custom content goes into.
  public let contentView: UIView
  var builtInImageView: UIImageView?
  var builtInTextLabel: UILabel?
  var builtInDetailLabel: UILabel?

  /// `UITableViewCell(style:reuseIdentifier:)`, the designated initializer.
  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    self.contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    addSubview(contentView)
  }

  /// An empty cell (nibs are not modelled).
  public required init?(coder: NSCoder) {
    self.style = .default
    self.reuseIdentifier = nil
    self.contentView = UIView(frame: .zero)
    super.init(coder: coder)
    addSubview(contentView)
  }

  /// A default-style cell without a reuse identifier, with `frame`.
  public override convenience init(frame: CGRect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// How the table makes a registered class: required, and convenience so that every subclass
  /// that provides UIKit's designated initializers inherits it; it calls
  /// `init(style:reuseIdentifier:)`, so a subclass's override runs.
  ///
  /// It is not UIKit API, and it cannot be avoided: Swift builds an object from a class value
  /// (what `register(_:forCellReuseIdentifier:)` keeps) only through a `required` initializer
  /// (UIKit does it through the Objective-C runtime), and UIKit's one required initializer,
  /// `init?(coder:)`, is the one cells implement with `fatalError`. A required convenience
  /// initializer is inherited only by a subclass that provides every designated initializer of
  /// this class (Swift's initializer inheritance), so a subclass that declares a designated
  /// initializer of its own without overriding `init(style:reuseIdentifier:)` fails to compile
  /// ("'required' initializer 'init(registeredStyle:reuseIdentifier:)' must be provided by
  /// subclass"). Overriding `init(style:reuseIdentifier:)` with a call to `super` fixes it and is
  /// valid UIKit; on a device such a class could not be dequeued anyway (Swift traps with "Use
  /// of unimplemented initializer 'init(style:reuseIdentifier:)'").
  public required convenience init(registeredStyle style: CellStyle, reuseIdentifier: String?) {
    self.init(style: style, reuseIdentifier: reuseIdentifier)
  }

  /// The built-in image view (made at first use, inside `contentView`); nil for `.value2`.
  open var imageView: UIImageView? {
    guard style != .value2 else { return nil }
    if let builtInImageView { return builtInImageView }
    let view = UIImageView(frame: .zero)
    builtInImageView = view
    contentView.insertSubview(view, at: 0)
    return view
  }

  /// The built-in title label (made at first use, inside `contentView`).
  open var textLabel: UILabel? {
    if let builtInTextLabel { return builtInTextLabel }
    let label = UILabel(frame: .zero)
    builtInTextLabel = label
    contentView.addSubview(label)
    return label
  }

  /// The built-in detail label (nil for `.default`).
  open var detailTextLabel: UILabel? {
    guard style != .default else { return nil }
    if let builtInDetailLabel { return builtInDetailLabel }
    let label = UILabel(frame: .zero)
    builtInDetailLabel = label
    contentView.addSubview(label)
    return label
  }

  /// `accessoryType` (kept).
  open var accessoryType: AccessoryType = .none
  /// `accessoryView` (kept, not shown).
  open var accessoryView: UIView?
  /// `selectionStyle` (kept).
  open var selectionStyle: SelectionStyle = .default
  /// `backgroundView`: behind all other views, the size of the cell when set; the oracle sees
  /// an image it shows as the cell's (`replaceBackgroundView`).
  open var backgroundView: UIView? {
    didSet { replaceBackgroundView(oldValue, with: backgroundView) }
  }
  /// `backgroundConfiguration` (iOS 14; kept, not shown).
  open var backgroundConfiguration: UIBackgroundConfiguration?
  /// `automaticallyUpdatesBackgroundConfiguration` (kept).
  open var automaticallyUpdatesBackgroundConfiguration = true
  /// `selectedBackgroundView` (kept, not shown).
  open var selectedBackgroundView: UIView?
  /// `multipleSelectionBackgroundView` (kept, not shown).
  open var multipleSelectionBackgroundView: UIView?
  /// `editingAccessoryType` (kept).
  open var editingAccessoryType: AccessoryType = .none
  /// `editingAccessoryView` (kept, not shown).
  open var editingAccessoryView: UIView?
  /// `indentationLevel` (kept).
  open var indentationLevel = 0
  /// `indentationWidth` (kept).
  open var indentationWidth: CGFloat = 10
  /// `showsReorderControl` (kept).
  open var showsReorderControl = false
  /// `isEditing`, set by `setEditing(_:animated:)`.
  open var isEditing: Bool {
    get { cellEditing }
    set { setEditing(newValue, animated: false) }
  }
  var cellEditing = false
  /// Sets `isEditing` (no editing control is shown; no one taps).
  open func setEditing(_ editing: Bool, animated: Bool) { cellEditing = editing }
  /// The cell is about to change to `state` (never called: no one edits or swipes in a run).
  open func willTransition(to state: StateMask) {}
  /// The cell changed to `state` (never called, as `willTransition(to:)`).
  open func didTransition(to state: StateMask) {}

  /// UIKit's `UITableViewCell.StateMask`, with its raw values.
  public struct StateMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let showingEditControl = StateMask(rawValue: 1 << 0)
    public static let showingDeleteConfirmation = StateMask(rawValue: 1 << 1)
  }
  /// `isSelected` (kept).
  open var isSelected = false
  /// `isHighlighted` (kept).
  open var isHighlighted = false

  /// Sets `isSelected`.
  open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
  /// Sets `isHighlighted`.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

  /// Called just before the table reuses the cell for another row. Like UIKit's, the base resets
  /// no content: an image set earlier stays until the app replaces it.
  open func prepareForReuse() {}

  /// The cell's content configuration: its content view (`makeContentView()`, reused while it
  /// `supports` the new configuration) is put inside `contentView`, so the image of a
  /// `UIListContentConfiguration` is shown, and judged, by that view's image view.
  open var contentConfiguration: (any UIContentConfiguration)? {
    didSet { applyContentConfiguration() }
  }
  var configurationView: (any UIView & UIContentView)?

  func applyContentConfiguration() {
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

  /// `defaultContentConfiguration()`: an empty cell configuration.
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

  // MARK: Configuration updates (see `ConfigurationUpdates`)

  /// `(cell, state)`.
  public typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void
  /// Called after `updateConfiguration(using:)`, each time it is; setting it asks for an update.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// `automaticallyUpdatesContentConfiguration` (kept; configurations do not change with state).
  open var automaticallyUpdatesContentConfiguration = true
  var configurationUpdates = ConfigurationUpdates()
  var needsConfigurationUpdate: Bool {
    get { configurationUpdates.needed }
    set { configurationUpdates.needed = newValue }
  }
  /// The state configurations are updated for (`isSelected`, `isHighlighted`).
  open var configurationState: UICellConfigurationState {
    var state = UICellConfigurationState()
    state.isSelected = isSelected
    state.isHighlighted = isHighlighted
    return state
  }
  /// Asks for `updateConfiguration(using:)` at the next layout.
  open func setNeedsUpdateConfiguration() { configurationUpdates.request(for: self) }
  /// Updates the cell's configurations for `state`; the base does nothing. Called before the
  /// cell is displayed, each time it is dequeued, and at the next layout after
  /// `setNeedsUpdateConfiguration()`, then `configurationUpdateHandler` is called.
  open func updateConfiguration(using state: UICellConfigurationState) {}
  /// Runs the pending configuration update, then lays out.
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

  // MARK: The SimTable side

  override var hostsDisplay: Bool { true }

  override func engineWillReuse() { prepareForReuse() }
}

/// The SimTable cell behind UIKit cells: the table creates, pools and reuses it; it holds the
/// `UITableViewCell` of each reuse identifier made for it and knows which one it shows now.
package final class BackingCell: TableCell {
  /// The UIKit cells made for this SimTable cell, by reuse identifier.
  var cells: [String: UIView] = [:]
  /// The UIKit cell shown now (the last one the data source returned for this cell).
  var current: UIView?
  /// Whether the table is asking its data source for this cell's UIKit cell now.
  var isConfiguring = false
  /// Set when the table recycled this cell: the UIKit cell that `dequeueReusableCell` returns
  /// for it is told `prepareForReuse()` then (`takeReuse(of:)`), as UIKit tells it "just before
  /// returning the object". Which one that is (with several reuse identifiers) is known only
  /// then.
  var reusePending = false

  /// Made by the SimTable table.
  package required init(reuseIdentifier: String, context: TableCell.Context) {
    super.init(reuseIdentifier: reuseIdentifier, context: context)
  }

  /// The table recycled this cell: the UIKit cell the data source dequeues for it next is
  /// told `prepareForReuse()` (`takeReuse(of:)`); a cell it makes anew, or none, is not.
  package override func prepareForReuse() {
    if current != nil { reusePending = true }
  }

  /// `cell` is dequeued for this recycled cell: it is told `prepareForReuse()`, once.
  func takeReuse(of cell: UIView) {
    guard reusePending else { return }
    reusePending = false
    onMainActor { cell.engineWillReuse() }
  }
}

/// Runs `body`, main-actor isolated code, from a SimTable callback, which always runs on the
/// simulated main thread (the table calls its data source only there). No runtime check is made
/// here: the simulated main thread runs on a carrier thread, not the process's main thread.
package func onMainActor<T>(_ body: @MainActor () -> T) -> T {
  withoutActuallyEscaping(body) { escapable in
    unsafeBitCast(escapable, to: (() -> T).self)()
  }
}
