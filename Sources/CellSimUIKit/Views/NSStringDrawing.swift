import Foundation

// UIKit's string measuring (`NSStringDrawing.h`), on a deterministic stand-in metric: there are
// no font files, so no glyph is ever measured. The metric, `TextMetric`, is documented in the
// guide; cell code that sizes a label or a row from it gets the same numbers in every run.

/// UIKit's `NSStringDrawingOptions`, with its raw values: how a string is measured.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
  /// The options' bits.
  public let rawValue: Int
  /// The options of `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Uses the line fragment origin instead of the baseline origin: the text wraps to the given
  /// width, over as many lines as it needs. Without it the string is measured as one line.
  public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
  /// Uses the font leading for calculating line heights.
  public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
  /// Uses image glyph bounds instead of typographic bounds (accepted; the stand-in metric has
  /// only one kind of bounds).
  public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
  /// Truncates the last visible line if the text doesn't fit into the given height; ignored
  /// without `usesLineFragmentOrigin`, as UIKit ignores it.
  public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

extension NSString {
  /// `NSString.DrawingOptions`: `NSStringDrawingOptions`.
  public typealias DrawingOptions = NSStringDrawingOptions
}

/// UIKit's `NSStringDrawingContext`: an object that manages metrics for drawing attributed
/// strings. After a measurement, `totalBounds` is the rectangle measured and
/// `actualScaleFactor` is 1 (the stand-in metric never shrinks a font).
open class NSStringDrawingContext: NSObject {
  /// The scale factor that determines the smallest font size to use during drawing (kept; 0
  /// by default, which means 1).
  open var minimumScaleFactor: CGFloat = 0
  /// The actual scale factor that the system applied to the font: 1.
  open internal(set) var actualScaleFactor: CGFloat = 1
  /// The bounds of the last string measured with this context.
  open internal(set) var totalBounds: CGRect = .zero

  /// A context with the default values.
  public override init() { super.init() }
}

extension NSAttributedString {
  /// `boundingRect(with:options:context:)`: the rectangle the string occupies, measured with
  /// the stand-in metric (see the guide); each character takes the `.font` at its place, or
  /// the 17-point system font. Fractional, as UIKit's is: round it up before sizing views.
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
  ) -> CGRect {
    let rect = TextMetric.boundingRect(of: TextMetric.glyphs(of: self), in: size, options: options)
    context?.record(rect)
    return rect
  }

  /// `size()`: the size the string occupies with no width limit (lines break only at line
  /// breaks).
  public func size() -> CGSize {
    boundingRect(with: TextMetric.unlimited, options: .usesLineFragmentOrigin, context: nil).size
  }
}

extension NSString {
  /// `boundingRect(with:options:attributes:context:)`: the rectangle the string occupies drawn
  /// with `attributes` over the whole string (see `NSAttributedString`'s).
  public func boundingRect(
    with size: CGSize, options: NSString.DrawingOptions = [],
    attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?
  ) -> CGRect {
    String(self).boundingRect(
      with: size, options: options, attributes: attributes, context: context)
  }

  /// `size(withAttributes:)`: the size the string occupies drawn with `attributes`, with no
  /// width limit.
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    String(self).size(withAttributes: attrs)
  }
}

extension StringProtocol {
  /// `boundingRect(with:options:attributes:context:)`: as `NSString`'s.
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [],
    attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?
  ) -> CGRect {
    let font = attributes?[.font] as? UIFont ?? TextMetric.defaultFont
    let glyphs = self.map { TextMetric.Glyph(character: $0, font: font) }
    let rect = TextMetric.boundingRect(of: glyphs, in: size, options: options)
    context?.record(rect)
    return rect
  }

  /// `size(withAttributes:)`: as `NSString`'s.
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    boundingRect(
      with: TextMetric.unlimited, options: .usesLineFragmentOrigin, attributes: attrs,
      context: nil
    ).size
  }
}

extension NSStringDrawingContext {
  fileprivate func record(_ rect: CGRect) {
    totalBounds = rect
    actualScaleFactor = 1
  }
}

/// The stand-in text metric: every character, a space included, advances
/// `advanceRatio` (one half) of its font's point size; a line is as high as the tallest
/// `lineHeight` of the fonts on it (plus `leading` with `.usesFontLeading`). With
/// `.usesLineFragmentOrigin`, lines break at line breaks and wrap greedily at spaces to the
/// given width (a word wider than the width breaks between characters; the spaces at a wrap
/// are dropped); without it, the text is one line and line breaks measure nothing. A height
/// limits the lines only with `.truncatesLastVisibleLine` too (at least one line is kept). A
/// width or height of 0 or less is no limit. The rectangle's origin is zero; empty text
/// measures `.zero`.
enum TextMetric {
  /// The fraction of the point size that each character advances.
  static let advanceRatio: CGFloat = 0.5
  /// The font of text without a `.font`: the 17-point system font, as UIKit's default.
  static let defaultFont = UIFont.systemFont(ofSize: 17)
  /// A size that limits nothing.
  static let unlimited = CGSize(
    width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

  /// One character with the font it is drawn in.
  struct Glyph {
    let character: Character
    let font: UIFont
    var advance: CGFloat { character.isNewline ? 0 : font.pointSize * TextMetric.advanceRatio }
  }

  /// The characters of `string`, each with the `.font` at its place.
  static func glyphs(of string: NSAttributedString) -> [Glyph] {
    var glyphs: [Glyph] = []
    let text = string.string as NSString
    var location = 0
    while location < string.length {
      var run = NSRange(location: 0, length: 0)
      let font =
        string.attribute(.font, at: location, effectiveRange: &run) as? UIFont ?? defaultFont
      let end = max(run.location + run.length, location + 1)
      let piece = text.substring(with: NSRange(location: location, length: end - location))
      glyphs += piece.map { Glyph(character: $0, font: font) }
      location = end
    }
    return glyphs
  }

  /// The rectangle `glyphs` occupy in `size` with `options`.
  static func boundingRect(
    of glyphs: [Glyph], in size: CGSize, options: NSStringDrawingOptions
  ) -> CGRect {
    guard !glyphs.isEmpty else { return .zero }
    let wraps = options.contains(.usesLineFragmentOrigin)
    let width = size.width > 0 ? size.width : .greatestFiniteMagnitude
    var lines = wraps ? wrapped(glyphs, width: width) : [glyphs]
    if wraps, options.contains(.truncatesLastVisibleLine), size.height > 0 {
      var used: CGFloat = 0
      var kept = 0
      for line in lines {
        let next = used + height(of: line, options: options)
        if kept > 0 && next > size.height { break }
        used = next
        kept += 1
      }
      lines = Array(lines.prefix(kept))
    }
    let measuredWidth = lines.map { $0.reduce(0) { $0 + $1.advance } }.max() ?? 0
    let measuredHeight = lines.reduce(0) { $0 + height(of: $1, options: options) }
    return CGRect(x: 0, y: 0, width: measuredWidth, height: measuredHeight)
  }

  /// The height of `line`: its tallest font's line height.
  static func height(of line: [Glyph], options: NSStringDrawingOptions) -> CGFloat {
    line.map { glyph in
      glyph.font.lineHeight + (options.contains(.usesFontLeading) ? glyph.font.leading : 0)
    }.max() ?? 0
  }

  /// `glyphs` broken at line breaks and wrapped greedily to `width`. A line that ends in a line
  /// break keeps it (measuring nothing), so an empty line has its break's font.
  static func wrapped(_ glyphs: [Glyph], width: CGFloat) -> [[Glyph]] {
    var lines: [[Glyph]] = []
    var line: [Glyph] = []
    var lineWidth: CGFloat = 0
    var index = 0
    func endLine() {
      lines.append(line)
      line = []
      lineWidth = 0
    }
    while index < glyphs.count {
      let glyph = glyphs[index]
      if glyph.character.isNewline {
        line.append(glyph)
        endLine()
        index += 1
        continue
      }
      // The next word: its leading spaces and the characters up to the next space or break.
      var end = index
      while end < glyphs.count, glyphs[end].character == " " { end += 1 }
      while end < glyphs.count, glyphs[end].character != " ", !glyphs[end].character.isNewline {
        end += 1
      }
      let word = Array(glyphs[index..<end])
      let wordWidth = word.reduce(0) { $0 + $1.advance }
      if line.isEmpty || lineWidth + wordWidth <= width {
        line += word
        lineWidth += wordWidth
      } else {
        endLine()
        line = Array(word.drop { $0.character == " " })
        lineWidth = line.reduce(0) { $0 + $1.advance }
      }
      // A word wider than the line breaks between its characters.
      while lineWidth > width, line.count > 1 {
        var fitted: [Glyph] = []
        var fittedWidth: CGFloat = 0
        for glyph in line {
          if !fitted.isEmpty && fittedWidth + glyph.advance > width { break }
          fitted.append(glyph)
          fittedWidth += glyph.advance
        }
        let rest = Array(line.dropFirst(fitted.count))
        line = fitted
        endLine()
        line = rest
        lineWidth = rest.reduce(0) { $0 + $1.advance }
      }
      index = end
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
