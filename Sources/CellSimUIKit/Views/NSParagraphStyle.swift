import Foundation

/// UIKit's `NSWritingDirection`, with its raw values.
public enum NSWritingDirection: Int, Sendable {
  /// The direction of the language (`-1`).
  case natural = -1
  /// Left to right.
  case leftToRight = 0
  /// Right to left.
  case rightToLeft = 1
}

/// UIKit's `NSParagraphStyle`: the paragraph values of an attributed string's `.paragraphStyle`
/// (kept, never laid out: text is not drawn). Immutable; `NSMutableParagraphStyle` sets them.
/// `copy()` and `mutableCopy()` make independent copies, as Foundation's copying does.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  /// The values, one struct so that copies and `setParagraphStyle(_:)` move them together.
  struct Values: Equatable {
    var alignment: NSTextAlignment = .natural
    var lineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0
    var paragraphSpacingBefore: CGFloat = 0
    var firstLineHeadIndent: CGFloat = 0
    var headIndent: CGFloat = 0
    var tailIndent: CGFloat = 0
    var lineBreakMode: NSLineBreakMode = .byWordWrapping
    var minimumLineHeight: CGFloat = 0
    var maximumLineHeight: CGFloat = 0
    var lineHeightMultiple: CGFloat = 0
    var baseWritingDirection: NSWritingDirection = .natural
    var hyphenationFactor: Float = 0
    var allowsDefaultTighteningForTruncation = false
    var defaultTabInterval: CGFloat = 0
  }
  var values = Values()

  /// A style with the default values.
  public override init() { super.init() }

  /// `NSParagraphStyle.default`: natural alignment, word wrapping, no spacing or indents (a new
  /// object each time, which compares equal to every other default style).
  open class var `default`: NSParagraphStyle { NSParagraphStyle() }

  /// The text alignment.
  open var alignment: NSTextAlignment { values.alignment }
  /// The space between lines.
  open var lineSpacing: CGFloat { values.lineSpacing }
  /// The space after the paragraph.
  open var paragraphSpacing: CGFloat { values.paragraphSpacing }
  /// The space before the paragraph.
  open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
  /// The first line's indent.
  open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
  /// The other lines' indent.
  open var headIndent: CGFloat { values.headIndent }
  /// The trailing indent.
  open var tailIndent: CGFloat { values.tailIndent }
  /// How lines break.
  open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
  /// The minimum line height (0: none).
  open var minimumLineHeight: CGFloat { values.minimumLineHeight }
  /// The maximum line height (0: none).
  open var maximumLineHeight: CGFloat { values.maximumLineHeight }
  /// The line height multiple (0: none).
  open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
  /// The writing direction.
  open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
  /// The hyphenation threshold (0: none).
  open var hyphenationFactor: Float { values.hyphenationFactor }
  /// Whether text may tighten before truncating.
  open var allowsDefaultTighteningForTruncation: Bool {
    values.allowsDefaultTighteningForTruncation
  }
  /// The tab interval (0: none).
  open var defaultTabInterval: CGFloat { values.defaultTabInterval }

  /// An immutable copy with the same values.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSParagraphStyle()
    copy.values = values
    return copy
  }
  /// A mutable copy with the same values.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    let copy = NSMutableParagraphStyle()
    copy.values = values
    return copy
  }
  /// Equal when every value is (Foundation compares paragraph styles by value).
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? NSParagraphStyle)?.values == values
  }
  /// The hash of the alignment and line break mode.
  open override var hash: Int { values.alignment.rawValue &* 31 &+ values.lineBreakMode.rawValue }
}

/// UIKit's `NSMutableParagraphStyle`: an `NSParagraphStyle` whose values can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
  /// Replaces every value with `obj`'s.
  open func setParagraphStyle(_ obj: NSParagraphStyle) { values = obj.values }

  open override var alignment: NSTextAlignment {
    get { values.alignment }
    set { values.alignment = newValue }
  }
  open override var lineSpacing: CGFloat {
    get { values.lineSpacing }
    set { values.lineSpacing = newValue }
  }
  open override var paragraphSpacing: CGFloat {
    get { values.paragraphSpacing }
    set { values.paragraphSpacing = newValue }
  }
  open override var paragraphSpacingBefore: CGFloat {
    get { values.paragraphSpacingBefore }
    set { values.paragraphSpacingBefore = newValue }
  }
  open override var firstLineHeadIndent: CGFloat {
    get { values.firstLineHeadIndent }
    set { values.firstLineHeadIndent = newValue }
  }
  open override var headIndent: CGFloat {
    get { values.headIndent }
    set { values.headIndent = newValue }
  }
  open override var tailIndent: CGFloat {
    get { values.tailIndent }
    set { values.tailIndent = newValue }
  }
  open override var lineBreakMode: NSLineBreakMode {
    get { values.lineBreakMode }
    set { values.lineBreakMode = newValue }
  }
  open override var minimumLineHeight: CGFloat {
    get { values.minimumLineHeight }
    set { values.minimumLineHeight = newValue }
  }
  open override var maximumLineHeight: CGFloat {
    get { values.maximumLineHeight }
    set { values.maximumLineHeight = newValue }
  }
  open override var lineHeightMultiple: CGFloat {
    get { values.lineHeightMultiple }
    set { values.lineHeightMultiple = newValue }
  }
  open override var baseWritingDirection: NSWritingDirection {
    get { values.baseWritingDirection }
    set { values.baseWritingDirection = newValue }
  }
  open override var hyphenationFactor: Float {
    get { values.hyphenationFactor }
    set { values.hyphenationFactor = newValue }
  }
  open override var allowsDefaultTighteningForTruncation: Bool {
    get { values.allowsDefaultTighteningForTruncation }
    set { values.allowsDefaultTighteningForTruncation = newValue }
  }
  open override var defaultTabInterval: CGFloat {
    get { values.defaultTabInterval }
    set { values.defaultTabInterval = newValue }
  }
}
