import Foundation

/// The attribute keys UIKit declares on `NSAttributedString.Key` (UIKit's
/// `NSAttributedString+UIKitAdditions`), with UIKit's raw values, so attributed titles and
/// labels compile. Kept in the strings, never drawn: a label or a button keeps its attributed
/// text and draws nothing.
extension NSAttributedString.Key {
  /// `.font` (a `UIFont`).
  public static let font = NSAttributedString.Key("NSFont")
  /// `.paragraphStyle`.
  public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
  /// `.foregroundColor` (a `UIColor`).
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// `.backgroundColor` (a `UIColor`).
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
  /// `.ligature`.
  public static let ligature = NSAttributedString.Key("NSLigature")
  /// `.kern`.
  public static let kern = NSAttributedString.Key("NSKern")
  /// `.tracking`.
  public static let tracking = NSAttributedString.Key("NSTracking")
  /// `.strikethroughStyle`.
  public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
  /// `.underlineStyle`.
  public static let underlineStyle = NSAttributedString.Key("NSUnderline")
  /// `.strokeColor`.
  public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
  /// `.strokeWidth`.
  public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
  /// `.shadow`.
  public static let shadow = NSAttributedString.Key("NSShadow")
  /// `.attachment`.
  public static let attachment = NSAttributedString.Key("NSAttachment")
  /// `.link` (a `URL` or a `String`).
  public static let link = NSAttributedString.Key("NSLink")
  /// `.baselineOffset`.
  public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
  /// `.underlineColor`.
  public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
  /// `.strikethroughColor`.
  public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
  /// `.obliqueness`.
  public static let obliqueness = NSAttributedString.Key("NSObliqueness")
  /// `.expansion`.
  public static let expansion = NSAttributedString.Key("NSExpansion")
}

/// UIKit's `NSUnderlineStyle`, with its raw values: the value of `.underlineStyle` and
/// `.strikethroughStyle` (as its `rawValue`). Kept in the string, never drawn.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
  /// The style's bits.
  public let rawValue: Int
  /// The style of `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// One thin line.
  public static let single = NSUnderlineStyle(rawValue: 0x01)
  /// One thick line.
  public static let thick = NSUnderlineStyle(rawValue: 0x02)
  /// Two thin lines.
  public static let double = NSUnderlineStyle(rawValue: 0x09)
  /// Dotted.
  public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
  /// Dashed.
  public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
  /// Dash and dot.
  public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
  /// Dash, dot, dot.
  public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
  /// Only under words, not the spaces between them.
  public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
