/// Editing and selection settings of tables and collection views, and the small types their
/// labels and buttons name. No one edits, swipes or taps in a run, so these are kept for the code
/// that sets and reads them.
extension UITableView {
  /// `isEditing`, set by `setEditing(_:animated:)`.
  public var isEditing: Bool {
    get { listSettings.isEditing }
    set { setEditing(newValue, animated: false) }
  }

  /// `setEditing(_:animated:)`: kept, and passed to the displayed cells, as UIKit does.
  public func setEditing(_ editing: Bool, animated: Bool) {
    listSettings.isEditing = editing
    for cell in visibleCells { cell.setEditing(editing, animated: animated) }
  }

  /// `allowsSelectionDuringEditing` (kept).
  public var allowsSelectionDuringEditing: Bool {
    get { listSettings.allowsSelectionDuringEditing }
    set { listSettings.allowsSelectionDuringEditing = newValue }
  }

  /// `allowsMultipleSelectionDuringEditing` (kept).
  public var allowsMultipleSelectionDuringEditing: Bool {
    get { listSettings.allowsMultipleSelectionDuringEditing }
    set { listSettings.allowsMultipleSelectionDuringEditing = newValue }
  }
}

extension UICollectionView {
  /// `isEditing` (iOS 14; kept).
  public var isEditing: Bool {
    get { listSettings.isEditing }
    set { listSettings.isEditing = newValue }
  }

  /// `allowsMultipleSelectionDuringEditing` (kept).
  public var allowsMultipleSelectionDuringEditing: Bool {
    get { listSettings.allowsMultipleSelectionDuringEditing }
    set { listSettings.allowsMultipleSelectionDuringEditing = newValue }
  }

  /// `selectionFollowsFocus` (kept; there is no focus engine).
  public var selectionFollowsFocus: Bool {
    get { listSettings.selectionFollowsFocus }
    set { listSettings.selectionFollowsFocus = newValue }
  }

  /// `layoutAttributesForItem(at:)`: the layout's attributes for the item, else, for an item on
  /// screen, attributes with its cell's frame; nil otherwise.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
  {
    if let attributes = layoutAttributes(for: indexPath) { return attributes }
    guard let cell = cellForItem(at: indexPath) else { return nil }
    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = cell.frame
    return attributes
  }

  /// `layoutAttributesForSupplementaryElement(ofKind:at:)`: the layout's, if it gives any.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }
}

/// Settings of a table or collection view kept for the code that sets them, made at first use.
@MainActor final class ListSettings {
  var isEditing = false
  var allowsSelectionDuringEditing = false
  var allowsMultipleSelectionDuringEditing = false
  var selectionFollowsFocus = false
  weak var tableDragDelegate: (any UITableViewDragDelegate)?
  weak var tableDropDelegate: (any UITableViewDropDelegate)?
  var dragInteractionEnabled = false
}

extension UIButton {
  /// `adjustsImageWhenHighlighted` (kept).
  public var adjustsImageWhenHighlighted: Bool {
    get { buttonSettings.adjustsImageWhenHighlighted }
    set { buttonSettings.adjustsImageWhenHighlighted = newValue }
  }

  /// `menu` (iOS 14; kept, never shown).
  public var menu: UIMenu? {
    get { buttonSettings.menu }
    set { buttonSettings.menu = newValue }
  }

  /// `showsMenuAsPrimaryAction` (kept).
  public var showsMenuAsPrimaryAction: Bool {
    get { buttonSettings.showsMenuAsPrimaryAction }
    set { buttonSettings.showsMenuAsPrimaryAction = newValue }
  }

  /// `setPreferredSymbolConfiguration(_:forImageIn:)` (iOS 13): kept per state (symbols are not
  /// drawn, so the image itself is unchanged).
  public func setPreferredSymbolConfiguration(
    _ configuration: UIImage.SymbolConfiguration?, forImageIn state: UIControl.State
  ) {
    buttonSettings.symbolConfigurations[state.rawValue] = configuration
  }

  /// `preferredSymbolConfigurationForImage(in:)`: the state's configuration, else the normal
  /// state's, as a state's title and image fall back to the normal one.
  public func preferredSymbolConfigurationForImage(in state: UIControl.State)
    -> UIImage.SymbolConfiguration?
  {
    buttonSettings.symbolConfigurations[state.rawValue] ?? buttonSettings.symbolConfigurations[0]
  }
}

/// A button's kept menu settings, made at first use.
@MainActor final class ButtonSettings {
  var adjustsImageWhenHighlighted = true
  var menu: UIMenu?
  var showsMenuAsPrimaryAction = false
  var symbolConfigurations: [UInt: UIImage.SymbolConfiguration] = [:]
}

/// UIKit's `UIBaselineAdjustment`, with its raw values.
public enum UIBaselineAdjustment: Int, Sendable {
  case alignBaselines = 0
  case alignCenters = 1
  case none = 2
}

extension UITableView {
  /// `scrollToNearestSelectedRow(at:animated:)`: scrolls the first selected row to
  /// `scrollPosition`, if a row is selected.
  public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
    guard let indexPath = indexPathForSelectedRow else { return }
    scrollToRow(
      at: indexPath, at: scrollPosition == .none ? .top : scrollPosition, animated: animated)
  }

  /// `hasUncommittedUpdates`: false (changes apply as they are made; nothing is dragged).
  public var hasUncommittedUpdates: Bool { false }
}

extension UIControl {
  /// `addTarget(_:action:for:)`: kept. The action is never sent: there is no Objective-C runtime
  /// to send a selector, and `#selector` itself needs one (closure actions, `addAction(_:for:)`,
  /// do run). The action defaults to an empty selector, so that a call whose `#selector` line
  /// was removed still compiles (see `Selector`).
  public func addTarget(_ target: Any?, action: Selector = "", for controlEvents: Event) {
    controlSettings.targets.append((Self.object(target), action, controlEvents))
  }

  /// `removeTarget(_:action:for:)`: forgets matching targets (nil target or action matches any).
  public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
    let object = Self.object(target)
    var kept: [(target: AnyObject?, action: Selector, events: UIControl.Event)] = []
    for entry in controlSettings.targets {
      let matches =
        (object == nil || entry.target === object) && (action == nil || entry.action == action)
        && entry.events == controlEvents
      if !matches { kept.append(entry) }
    }
    controlSettings.targets = kept
  }

  /// `allTargets`: the targets added, each once.
  public var allTargets: Set<AnyHashable> {
    // Loops rather than closures in this extension: see `AppearanceRecord.isInstance`.
    var targets = Set<AnyHashable>()
    for entry in controlSettings.targets {
      if let target = entry.target { targets.insert(ObjectIdentifier(target)) }
    }
    return targets
  }

  static func object(_ target: Any?) -> AnyObject? {
    guard let target else { return nil }
    return target as AnyObject
  }
}

/// A control's target-action pairs, kept (never sent).
@MainActor final class ControlSettings {
  var targets: [(target: AnyObject?, action: Selector, events: UIControl.Event)] = []
}
