/// UIKit's `UITraitEnvironment`: an object with traits (views and view controllers).
@preconcurrency @MainActor public protocol UITraitEnvironment: AnyObject {
  /// The object's traits.
  var traitCollection: UITraitCollection { get }
  /// The traits changed (never called: a run's traits never change).
  func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}

/// UIKit's `UITraitDefinition` (iOS 17): a trait, named by its type.
public protocol UITraitDefinition {
  /// The trait's value type.
  associatedtype Value
  /// The value when nothing sets it.
  static var defaultValue: Value { get }
  /// A unique name (the type's, by default).
  static var identifier: String { get }
  /// A readable name (the type's, by default).
  static var name: String { get }
  /// Whether the trait changes colours (false by default).
  static var affectsColorAppearance: Bool { get }
}

extension UITraitDefinition {
  /// The type's full name.
  public static var identifier: String { String(reflecting: Self.self) }
  /// The type's name.
  public static var name: String { String(describing: Self.self) }
  /// False.
  public static var affectsColorAppearance: Bool { false }
}

/// UIKit's `UITrait`: a trait's type, as `registerForTraitChanges(_:handler:)` takes them.
public typealias UITrait = any UITraitDefinition.Type

/// The interface style trait.
public enum UITraitUserInterfaceStyle: UITraitDefinition {
  /// `.unspecified`.
  public static var defaultValue: UIUserInterfaceStyle { .unspecified }
  /// True: the style changes dynamic colours.
  public static var affectsColorAppearance: Bool { true }
}
/// The horizontal size class trait.
public enum UITraitHorizontalSizeClass: UITraitDefinition {
  /// `.unspecified`.
  public static var defaultValue: UIUserInterfaceSizeClass { .unspecified }
}
/// The vertical size class trait.
public enum UITraitVerticalSizeClass: UITraitDefinition {
  /// `.unspecified`.
  public static var defaultValue: UIUserInterfaceSizeClass { .unspecified }
}
/// The display scale trait.
public enum UITraitDisplayScale: UITraitDefinition {
  /// 0 (unspecified).
  public static var defaultValue: CGFloat { 0 }
}
/// The interface idiom trait.
public enum UITraitUserInterfaceIdiom: UITraitDefinition {
  /// `.unspecified`.
  public static var defaultValue: UIUserInterfaceIdiom { .unspecified }
}
/// The Dynamic Type size trait.
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {
  /// `.unspecified`.
  public static var defaultValue: UIContentSizeCategory { .unspecified }
}

/// UIKit's `UIContentSizeCategory`: the Dynamic Type sizes, with UIKit's raw values. A run's
/// screen stays at the default size, `.large`.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
  /// The size's name.
  public let rawValue: String
  /// The size named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// No size.
  public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
  /// Extra small.
  public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
  /// Small.
  public static let small = Self(rawValue: "UICTContentSizeCategoryS")
  /// Medium.
  public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
  /// Large, the default.
  public static let large = Self(rawValue: "UICTContentSizeCategoryL")
  /// Extra large.
  public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
  /// Extra extra large.
  public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
  /// Extra extra extra large.
  public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
  /// Accessibility medium.
  public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
  /// Accessibility large.
  public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
  /// Accessibility extra large.
  public static let accessibilityExtraLarge = Self(
    rawValue: "UICTContentSizeCategoryAccessibilityXL")
  /// Accessibility extra extra large.
  public static let accessibilityExtraExtraLarge = Self(
    rawValue: "UICTContentSizeCategoryAccessibilityXXL")
  /// Accessibility extra extra extra large.
  public static let accessibilityExtraExtraExtraLarge = Self(
    rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
  /// Whether the size is one of the accessibility sizes.
  public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
}

/// UIKit's `UITraitChangeRegistration`: the token a registration returns.
public protocol UITraitChangeRegistration {}

/// A registration: the traits it names (nothing is ever sent to it).
struct TraitChangeRegistration: UITraitChangeRegistration {
  let traits: [String]
}

/// UIKit's `UITraitChangeObservable` (iOS 17), adopted by views and view controllers.
///
/// Registrations are accepted and their handlers, targets and actions never run: a run's traits
/// never change (no rotation, appearance or Dynamic Type change), as `traitCollectionDidChange`
/// is never called.
@preconcurrency @MainActor public protocol UITraitChangeObservable {}

extension UITraitChangeObservable {
  /// `(the object whose traits changed, its previous traits)`.
  public typealias TraitChangeHandler<TraitEnvironment> = (TraitEnvironment, UITraitCollection) ->
    Void

  /// Registers `handler` for changes of `traits` (never called: traits never change).
  @discardableResult
  public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping TraitChangeHandler<TraitEnvironment>
  ) -> any UITraitChangeRegistration {
    TraitChangeRegistration(traits: traits.map { $0.identifier })
  }

  /// Registers `target`'s `action` for changes of `traits` (never sent).
  @discardableResult
  public func registerForTraitChanges(_ traits: [UITrait], target: Any, action: Selector)
    -> any UITraitChangeRegistration
  {
    TraitChangeRegistration(traits: traits.map { $0.identifier })
  }

  /// Registers this object's `action` for changes of `traits` (never sent).
  @discardableResult
  public func registerForTraitChanges(_ traits: [UITrait], action: Selector)
    -> any UITraitChangeRegistration
  {
    TraitChangeRegistration(traits: traits.map { $0.identifier })
  }

  /// Ends `registration` (nothing to stop).
  public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {}
}

extension UIView: UITraitChangeObservable {}
extension UIViewController: UITraitChangeObservable {}
