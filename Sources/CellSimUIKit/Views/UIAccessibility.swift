/// UIKit's `UIAccessibilityTraits`: kept on views, read by nothing (there is no VoiceOver).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// `none`.
  public static let none = UIAccessibilityTraits([])
  /// `button`.
  public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
  /// `link`.
  public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
  /// `image`.
  public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
  /// `selected`.
  public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
  /// `playsSound`.
  public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
  /// `keyboardKey`.
  public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
  /// `staticText`.
  public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
  /// `summaryElement`.
  public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
  /// `notEnabled`.
  public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
  /// `updatesFrequently`.
  public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
  /// `searchField`.
  public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
  /// `startsMediaSession`.
  public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
  /// `adjustable`.
  public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
  /// `allowsDirectInteraction`.
  public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
  /// `causesPageTurn`.
  public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
  /// `header`.
  public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

/// UIKit's `UIAccessibility`: no assistive technology runs in a simulation, so the status
/// queries answer false and posted notifications go nowhere.
public enum UIAccessibility {
  /// `UIAccessibility.Notification`.
  public struct Notification: Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `screenChanged`.
    public static let screenChanged = Notification(rawValue: 1000)
    /// `layoutChanged`.
    public static let layoutChanged = Notification(rawValue: 1001)
    /// `announcement`.
    public static let announcement = Notification(rawValue: 1008)
  }

  /// `isVoiceOverRunning`: false.
  public static var isVoiceOverRunning: Bool { false }
  /// `isReduceMotionEnabled`: false.
  public static var isReduceMotionEnabled: Bool { false }
  /// `isReduceTransparencyEnabled`: false.
  public static var isReduceTransparencyEnabled: Bool { false }
  /// `post(notification:argument:)`: nothing hears it.
  public static func post(notification: Notification, argument: Any?) {}
}
