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
