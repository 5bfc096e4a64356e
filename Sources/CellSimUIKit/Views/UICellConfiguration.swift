/// A cell's pending configuration update: `updateConfiguration(using:)` runs, then the cell's
/// `configurationUpdateHandler`, as UIKit runs them:
/// - before the cell is displayed: each dequeue marks the cell, and the table or collection view
///   runs the update right after the data source returns it;
/// - after `setNeedsUpdateConfiguration()` (or setting `configurationUpdateHandler`): at the
///   cell's next `layoutIfNeeded()`, and, for a displayed cell outside its data source's call,
///   on the next main-thread turn (the layout pass UIKit runs before the next frame).
@MainActor struct ConfigurationUpdates {
  /// Whether an update is pending (true until the first one).
  var needed = true
  /// Whether a main-thread turn is already scheduled for it.
  var scheduled = false

  /// Marks `cell` for an update, and schedules it when the cell is displayed and not being
  /// configured.
  mutating func request(for cell: UIView) {
    needed = true
    cell.setNeedsLayout()
    guard !scheduled, let backing = cell.pairedBacking, backing.current === cell,
      !backing.isConfiguring, let world = SimulationContext.world
    else { return }
    scheduled = true
    let box = Unchecked(value: cell)
    world.main.async(label: "UICell.updateConfiguration") { _ in
      onMainActor {
        if let cell = box.value as? UICollectionViewCell {
          cell.configurationUpdates.scheduled = false
          cell.updateConfigurationIfNeeded()
        } else if let cell = box.value as? UITableViewCell {
          cell.configurationUpdates.scheduled = false
          cell.updateConfigurationIfNeeded()
        }
      }
    }
  }
}

/// UIKit's `UICellAccessory`: an accessory of a list cell (kept, not shown).
public struct UICellAccessory {
  /// `DisplayedState`.
  public enum DisplayedState: Int, Sendable {
    case always = 0
    case whenEditing = 1
    case whenNotEditing = 2
  }
  /// `LayoutDimension`.
  public enum LayoutDimension: Sendable {
    case actual
    case standard
    case custom(CGFloat)
  }
  /// `(() -> Void)`, what an interactive accessory calls (never: no one taps).
  public typealias ActionHandler = () -> Void
  /// `AccessoryType`.
  public enum AccessoryType: Sendable, Hashable {
    case disclosureIndicator, outlineDisclosure, checkmark, delete, insert, reorder,
      multiselect, label, detail, customView, popUpMenu
  }

  /// Options of `.disclosureIndicator()`.
  public struct DisclosureIndicatorOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public init(
      isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
    }
  }
  /// Options of `.checkmark()`.
  public typealias CheckmarkOptions = DisclosureIndicatorOptions
  /// Options of `.reorder()` (kept: `isHidden`, `reservedLayoutWidth`, `tintColor`).
  public typealias ReorderOptions = DisclosureIndicatorOptions
  /// Options of `.outlineDisclosure()`, with the disclosure's `style` (kept; nothing is drawn,
  /// and no one taps the chevron).
  public struct OutlineDisclosureOptions {
    /// UIKit's `UICellAccessory.OutlineDisclosureOptions.Style`, with its raw values.
    public enum Style: Int, Sendable {
      /// A header's style if the cell is configured as a header, else a cell's.
      case automatic = 0
      /// A section header's: a tap anywhere toggles the item.
      case header = 1
      /// A selectable cell's: only a tap on the chevron toggles the item.
      case cell = 2
    }
    /// The style (`.automatic` unless given).
    public var style: Style
    /// Whether the accessory is hidden (false unless given).
    public var isHidden: Bool
    /// The width reserved for it (`.standard` unless given).
    public var reservedLayoutWidth: LayoutDimension
    /// Its tint (nil: the cell's).
    public var tintColor: UIColor?
    /// `OutlineDisclosureOptions(style:isHidden:reservedLayoutWidth:tintColor:)`: nil means the
    /// default.
    public init(
      style: Style? = nil, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
      tintColor: UIColor? = nil
    ) {
      self.style = style ?? .automatic
      self.isHidden = isHidden ?? false
      self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
      self.tintColor = tintColor
    }
  }
  /// Options of `.detail()` (kept: `isHidden`, `reservedLayoutWidth`, `tintColor`).
  public typealias DetailOptions = DisclosureIndicatorOptions
  /// Options of `.label(text:)` (kept: `isHidden`, `reservedLayoutWidth`, `tintColor`).
  public typealias LabelOptions = DisclosureIndicatorOptions
  /// Options of `.delete()` (kept: `isHidden`, `reservedLayoutWidth`, `tintColor`).
  public typealias DeleteOptions = DisclosureIndicatorOptions

  /// UIKit's `UICellAccessory.Placement`: which side of the cell an accessory is on.
  public enum Placement {
    case leading(displayed: DisplayedState = .always, at: (([UICellAccessory]) -> Int)? = nil)
    case trailing(displayed: DisplayedState = .always, at: (([UICellAccessory]) -> Int)? = nil)
  }

  /// UIKit's `UICellAccessory.CustomViewConfiguration`: a view of the app's own as an accessory
  /// (kept with the accessory; not added to the cell's views, as no accessory is shown).
  public struct CustomViewConfiguration {
    public var customView: UIView
    public var placement: Placement
    public var isHidden: Bool
    public var reservedLayoutWidth: LayoutDimension
    public var tintColor: UIColor?
    public var maintainsFixedSize: Bool
    /// `init(customView:placement:isHidden:reservedLayoutWidth:tintColor:maintainsFixedSize:)`.
    public init(
      customView: UIView, placement: Placement, isHidden: Bool? = nil,
      reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
      maintainsFixedSize: Bool? = nil
    ) {
      self.customView = customView
      self.placement = placement
      self.isHidden = isHidden ?? false
      self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
      self.tintColor = tintColor
      self.maintainsFixedSize = maintainsFixedSize ?? false
    }
  }

  /// The kind.
  public let accessoryType: AccessoryType
  /// When it is shown.
  public let displayed: DisplayedState
  let handler: ActionHandler?
  let text: String?

  init(
    _ type: AccessoryType, _ displayed: DisplayedState, handler: ActionHandler? = nil,
    text: String? = nil
  ) {
    self.accessoryType = type
    self.displayed = displayed
    self.handler = handler
    self.text = text
  }

  /// A disclosure indicator.
  public static func disclosureIndicator(
    displayed: DisplayedState = .always,
    options: DisclosureIndicatorOptions = DisclosureIndicatorOptions()
  ) -> UICellAccessory { UICellAccessory(.disclosureIndicator, displayed) }
  /// A checkmark.
  public static func checkmark(
    displayed: DisplayedState = .always, options: CheckmarkOptions = CheckmarkOptions()
  ) -> UICellAccessory { UICellAccessory(.checkmark, displayed) }
  /// A delete control.
  public static func delete(
    displayed: DisplayedState = .whenEditing, options: DeleteOptions = DeleteOptions(),
    actionHandler: ActionHandler? = nil
  ) -> UICellAccessory { UICellAccessory(.delete, displayed, handler: actionHandler) }
  /// A reorder control.
  public static func reorder(
    displayed: DisplayedState = .whenEditing, options: ReorderOptions = ReorderOptions()
  ) -> UICellAccessory { UICellAccessory(.reorder, displayed) }
  /// An outline disclosure.
  public static func outlineDisclosure(
    displayed: DisplayedState = .always,
    options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
    actionHandler: ActionHandler? = nil
  ) -> UICellAccessory { UICellAccessory(.outlineDisclosure, displayed, handler: actionHandler) }
  /// A detail button.
  public static func detail(
    displayed: DisplayedState = .always, options: DetailOptions = DetailOptions(),
    actionHandler: ActionHandler? = nil
  ) -> UICellAccessory { UICellAccessory(.detail, displayed, handler: actionHandler) }
  /// `customView(configuration:)`: a view of the app's own (kept, not shown).
  public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
    var displayed = DisplayedState.always
    switch configuration.placement {
    case .leading(let state, _), .trailing(let state, _): displayed = state
    }
    return UICellAccessory(.customView, displayed)
  }
  /// A label.
  public static func label(
    text: String, displayed: DisplayedState = .always, options: LabelOptions = LabelOptions()
  ) -> UICellAccessory { UICellAccessory(.label, displayed, text: text) }
}

/// A table or collection view cell, as its configuration update is tracked for observation.
@MainActor protocol ConfigurationUpdating: UIView {
  var needsConfigurationUpdate: Bool { get set }
}

extension ConfigurationUpdating {
  /// What a change read by the configuration update does (`AutomaticObservation`): marks the
  /// update due, and names the cell for the pass (whose `layoutIfNeeded()` runs it).
  var configurationInvalidated: @MainActor () -> UIResponder? {
    { [weak self] in
      self?.needsConfigurationUpdate = true
      return self
    }
  }
}

extension UITableViewCell: ConfigurationUpdating {}
extension UICollectionViewCell: ConfigurationUpdating {}
