import Foundation

/// UIKit's `UIOffset`: a horizontal and a vertical adjustment, as tab bar items and bar buttons
/// take them for their titles and badges.
public struct UIOffset: Equatable, Sendable {
  /// The horizontal adjustment.
  public var horizontal: CGFloat
  /// The vertical adjustment.
  public var vertical: CGFloat
  /// No adjustment.
  public init() {
    horizontal = 0
    vertical = 0
  }
  /// `UIOffset(horizontal:vertical:)`.
  public init(horizontal: CGFloat, vertical: CGFloat) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  /// `UIOffset.zero`.
  public static let zero = UIOffset()
}

/// `UIOffsetMake(_:_:)`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> UIOffset {
  UIOffset(horizontal: horizontal, vertical: vertical)
}

/// UIKit's `UITabBarItemStateAppearance` (iOS 13): how a tab bar item looks in one state, kept
/// and never drawn. UIKit makes them, inside a `UITabBarItemAppearance`; code sets their values.
@preconcurrency @MainActor public class UITabBarItemStateAppearance {
  /// `titleTextAttributes` (empty until set).
  public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
  /// `titlePositionAdjustment`.
  public var titlePositionAdjustment = UIOffset.zero
  /// `iconColor`.
  public var iconColor: UIColor?
  /// `badgePositionAdjustment`.
  public var badgePositionAdjustment = UIOffset.zero
  /// `badgeBackgroundColor`.
  public var badgeBackgroundColor: UIColor?
  /// `badgeTextAttributes` (empty until set).
  public var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
  /// `badgeTitlePositionAdjustment`.
  public var badgeTitlePositionAdjustment = UIOffset.zero

  init() {}

  /// Takes `other`'s values.
  func copyValues(from other: UITabBarItemStateAppearance) {
    titleTextAttributes = other.titleTextAttributes
    titlePositionAdjustment = other.titlePositionAdjustment
    iconColor = other.iconColor
    badgePositionAdjustment = other.badgePositionAdjustment
    badgeBackgroundColor = other.badgeBackgroundColor
    badgeTextAttributes = other.badgeTextAttributes
    badgeTitlePositionAdjustment = other.badgeTitlePositionAdjustment
  }
}

/// UIKit's `UITabBarItemAppearance` (iOS 13): a tab bar item's look in each state (`normal`,
/// `selected`, `disabled`, `focused`), for one layout style. Kept, never drawn.
@preconcurrency @MainActor public class UITabBarItemAppearance {
  /// UIKit's `UITabBarItemAppearance.Style`, with its raw values.
  public enum Style: Int, Sendable {
    case stacked = 0
    case inline = 1
    case compactInline = 2
  }

  /// The look of an item in the normal state.
  public let normal = UITabBarItemStateAppearance()
  /// The look of the selected item.
  public let selected = UITabBarItemStateAppearance()
  /// The look of a disabled item.
  public let disabled = UITabBarItemStateAppearance()
  /// The look of the focused item.
  public let focused = UITabBarItemStateAppearance()

  /// `UITabBarItemAppearance(style:)`: the default look for `style`.
  public required init(style: Style) { configureWithDefault(for: style) }
  /// `UITabBarItemAppearance()`: the default look of a stacked item.
  public convenience init() { self.init(style: .stacked) }

  /// `configureWithDefault(for:)`: every state back to UIKit's defaults (nothing set).
  public func configureWithDefault(for style: Style) {
    for state in [normal, selected, disabled, focused] {
      state.copyValues(from: UITabBarItemStateAppearance())
    }
  }

  /// `copy()`: an appearance with the same values in every state.
  public func copy() -> Self {
    let copy = Self(style: .stacked)
    copy.normal.copyValues(from: normal)
    copy.selected.copyValues(from: selected)
    copy.disabled.copyValues(from: disabled)
    copy.focused.copyValues(from: focused)
    return copy
  }
}

extension UITabBarItem {
  /// `standardAppearance` (iOS 13): the look of the tab bar while this item is selected (kept;
  /// nil until set).
  public var standardAppearance: UITabBarAppearance? {
    get { itemAppearances.standard }
    set { itemAppearances.standard = newValue }
  }

  /// `scrollEdgeAppearance` (iOS 15; kept; nil until set).
  public var scrollEdgeAppearance: UITabBarAppearance? {
    get { itemAppearances.scrollEdge }
    set { itemAppearances.scrollEdge = newValue }
  }
}

/// A tab bar item's own bar appearances, made at first use.
@MainActor final class TabBarItemAppearances {
  var standard: UITabBarAppearance?
  var scrollEdge: UITabBarAppearance?
}
