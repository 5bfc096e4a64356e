/// UIKit's `UIFont`, as a size and a weight name: labels keep it; no glyph is measured (text
/// measuring uses a stand-in metric of the point size and `lineHeight`: `NSStringDrawing.swift`).
open class UIFont: NSObject, @unchecked Sendable {
  /// The point size.
  public let pointSize: CGFloat
  /// The font's name.
  public let fontName: String

  /// `UIFont(name:size:)`: never nil (there are no font files).
  public init?(name fontName: String, size fontSize: CGFloat) {
    self.fontName = fontName
    self.pointSize = fontSize
  }

  init(system name: String, size: CGFloat) {
    self.fontName = name
    self.pointSize = size
  }

  /// `systemFont(ofSize:)`.
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(system: ".SFUI-Regular", size: fontSize)
  }

  /// `boldSystemFont(ofSize:)`.
  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(system: ".SFUI-Bold", size: fontSize)
  }

  /// `italicSystemFont(ofSize:)`.
  open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(system: ".SFUI-Italic", size: fontSize)
  }

  /// `systemFont(ofSize:weight:)`.
  open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(system: ".SFUI-\(weight.name)", size: fontSize)
  }

  /// `monospacedDigitSystemFont(ofSize:weight:)`.
  open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(system: ".SFUI-Mono-\(weight.name)", size: fontSize)
  }

  /// `preferredFont(forTextStyle:)`: the style's size at the default (Large) content size, as
  /// Apple's Human Interface Guidelines give it.
  open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    UIFont(system: ".SFUI-\(style.rawValue)", size: style.defaultSize)
  }

  /// `withSize(_:)`: the same font at `fontSize`.
  open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(system: fontName, size: fontSize) }

  /// UIKit's `UIFont.Weight`.
  public struct Weight: RawRepresentable, Hashable, Sendable {
    /// The weight, from -1 (ultra light) to 1 (black).
    public let rawValue: CGFloat
    /// The weight of `rawValue`.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// Ultra light.
    public static let ultraLight = Weight(rawValue: -0.8)
    /// Thin.
    public static let thin = Weight(rawValue: -0.6)
    /// Light.
    public static let light = Weight(rawValue: -0.4)
    /// Regular.
    public static let regular = Weight(rawValue: 0)
    /// Medium.
    public static let medium = Weight(rawValue: 0.23)
    /// Semibold.
    public static let semibold = Weight(rawValue: 0.3)
    /// Bold.
    public static let bold = Weight(rawValue: 0.4)
    /// Heavy.
    public static let heavy = Weight(rawValue: 0.56)
    /// Black.
    public static let black = Weight(rawValue: 0.62)

    var name: String {
      let names: [(Weight, String)] = [
        (.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
        (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"),
        (.black, "Black"),
      ]
      return names.first { $0.0 == self }?.1 ?? "Weight\(rawValue)"
    }
  }

  /// UIKit's `UIFont.TextStyle`.
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    /// The style's name.
    public let rawValue: String
    /// The style named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Large title (34 points at the default size).
    public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
    /// Title 1 (28 points).
    public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    /// Title 2 (22 points).
    public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
    /// Title 3 (20 points).
    public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
    /// Headline (17 points, semibold).
    public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    /// Subheadline (15 points).
    public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    /// Body (17 points).
    public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
    /// Callout (16 points).
    public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
    /// Footnote (13 points).
    public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
    /// Caption 1 (12 points).
    public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    /// Caption 2 (11 points).
    public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

    var defaultSize: CGFloat {
      switch self {
      case .largeTitle: return 34
      case .title1: return 28
      case .title2: return 22
      case .title3: return 20
      case .subheadline: return 15
      case .callout: return 16
      case .footnote: return 13
      case .caption1: return 12
      case .caption2: return 11
      default: return 17
      }
    }
  }
}

/// UIKit's `UIFontMetrics`: scales fonts for Dynamic Type. The simulated device keeps the
/// default content size (Large), at which UIKit's scaling is the identity, so a scaled font or
/// value is the one given.
public struct UIFontMetrics: Sendable {
  /// The text style whose curve the metrics follow.
  public let textStyle: UIFont.TextStyle
  /// The metrics of `.body`.
  public static let `default` = UIFontMetrics(forTextStyle: .body)
  /// `UIFontMetrics(forTextStyle:)`.
  public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }
  /// `scaledFont(for:)`: `font` (the default content size scales by 1).
  public func scaledFont(for font: UIFont) -> UIFont { font }
  /// `scaledFont(for:maximumPointSize:)`: `font`, capped at `maximumPointSize` (0: no cap).
  public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
    maximumPointSize > 0 && font.pointSize > maximumPointSize
      ? font.withSize(maximumPointSize) : font
  }
  /// `scaledValue(for:)`: `value` (the default content size scales by 1).
  public func scaledValue(for value: CGFloat) -> CGFloat { value }
}

extension UIFont {
  /// `lineHeight`: the system font's, about 1.19 times the point size (20.29 points at 17), as
  /// San Francisco reports it; nothing is measured, so every font answers the same ratio.
  public var lineHeight: CGFloat { (pointSize * 1.1934).rounded(toPlaces: 2) }
  /// `ascender`: about 0.95 times the point size.
  public var ascender: CGFloat { (pointSize * 0.9521).rounded(toPlaces: 2) }
  /// `descender`: about −0.24 times the point size.
  public var descender: CGFloat { (pointSize * -0.2413).rounded(toPlaces: 2) }
  /// `capHeight`: about 0.70 times the point size.
  public var capHeight: CGFloat { (pointSize * 0.7048).rounded(toPlaces: 2) }
  /// `xHeight`: about 0.53 times the point size.
  public var xHeight: CGFloat { (pointSize * 0.5278).rounded(toPlaces: 2) }
  /// `leading`: 0, as the system font reports it.
  public var leading: CGFloat { 0 }
  /// `familyName`: the part of the name before its first dash.
  public var familyName: String { String(fontName.split(separator: "-").first ?? "") }
}

extension CGFloat {
  fileprivate func rounded(toPlaces places: Int) -> CGFloat {
    let scale = CGFloat(pow(10, Double(places)))
    return (self * scale).rounded() / scale
  }
}
