/// UIKit's `UIColor`, as a plain RGBA value: views keep it and report it back, and nothing is
/// drawn. Dynamic (light/dark) colours resolve to their light appearance.
open class UIColor: NSObject, @unchecked Sendable {
  /// The components, 0…1.
  public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

  /// The provider of a colour made with `init(dynamicProvider:)`, which `resolvedColor(with:)`
  /// asks again for other traits (nil for a fixed colour).
  var dynamicProvider: ((UITraitCollection) -> UIColor)?

  /// `UIColor(red:green:blue:alpha:)`.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `UIColor(patternImage:)`: a colour that tiles `image`. Nothing is drawn, so it is kept as
  /// opaque mid-grey, with the image in `patternImage`.
  public convenience init(patternImage image: UIImage) {
    self.init(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    patternImage = image
  }

  /// The image a pattern colour tiles (`UIColor(patternImage:)`), if any.
  var patternImage: UIImage?

  /// `UIColor(white:alpha:)`.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// `UIColor(displayP3Red:green:blue:alpha:)`: kept as the same components (colour spaces are
  /// not modelled; nothing is drawn).
  public convenience init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: displayP3Red, green: green, blue: blue, alpha: alpha)
  }

  /// `UIColor(hue:saturation:brightness:alpha:)`: the HSB colour as its RGB components (hue
  /// wraps around 1).
  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let rgb = Self.rgb(hue: hue, saturation: saturation, brightness: brightness)
    self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: alpha)
  }

  /// `getHue(_:saturation:brightness:alpha:)`: the colour's HSB components; true.
  @discardableResult
  open func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let high = max(red, green, blue)
    let low = min(red, green, blue)
    let delta = high - low
    var h: CGFloat = 0
    if delta > 0 {
      if high == red {
        h = (green - blue) / delta
      } else if high == green {
        h = 2 + (blue - red) / delta
      } else {
        h = 4 + (red - green) / delta
      }
      h /= 6
      if h < 0 { h += 1 }
    }
    hue?.pointee = h
    saturation?.pointee = high > 0 ? delta / high : 0
    brightness?.pointee = high
    alpha?.pointee = self.alpha
    return true
  }

  /// `getRed(_:green:blue:alpha:)`: the colour's components; true.
  @discardableResult
  open func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = self.red
    green?.pointee = self.green
    blue?.pointee = self.blue
    alpha?.pointee = self.alpha
    return true
  }

  static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (
    red: CGFloat, green: CGFloat, blue: CGFloat
  ) {
    let s = min(max(saturation, 0), 1)
    let v = min(max(brightness, 0), 1)
    var h = hue.truncatingRemainder(dividingBy: 1)
    if h < 0 { h += 1 }
    let sector = h * 6
    let index = Int(sector.rounded(.down)) % 6
    let f = sector - sector.rounded(.down)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    switch index {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
  }

  /// `withAlphaComponent(_:)`.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Equal components: a colour is equal to another `UIColor` with the same red, green, blue and
  /// alpha, as UIKit's `isEqual(_:)` compares two colours in one colour space.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
  }

  /// A hash of the components, consistent with `isEqual(_:)`.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
    return hasher.finalize()
  }

  /// For example `UIColor(r: 1, g: 0, b: 0, a: 1)`.
  open override var description: String {
    "UIColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))"
  }

  /// `.clear`.
  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
  /// `.black`.
  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  /// `.white`.
  open class var white: UIColor { UIColor(white: 1, alpha: 1) }
  /// `.gray`.
  open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  /// `.lightGray`.
  open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
  /// `.darkGray`.
  open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
  /// `.red`.
  open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  /// `.green`.
  open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  /// `.blue`.
  open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  /// `.systemBackground` (light appearance).
  open class var systemBackground: UIColor { .white }
  /// `.secondarySystemBackground` (light appearance).
  open class var secondarySystemBackground: UIColor {
    UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1)
  }
  /// `.systemGray` (light appearance).
  open class var systemGray: UIColor { UIColor(red: 0.557, green: 0.557, blue: 0.576, alpha: 1) }
  /// `.systemGray5` (light appearance).
  open class var systemGray5: UIColor { UIColor(red: 0.898, green: 0.898, blue: 0.918, alpha: 1) }
  /// `.systemGray6` (light appearance).
  open class var systemGray6: UIColor { UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1) }
  /// `.label` (light appearance).
  open class var label: UIColor { .black }
  /// `.secondaryLabel` (light appearance).
  open class var secondaryLabel: UIColor {
    UIColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6)
  }
  /// `.tintColor` / `.systemBlue` (light appearance).
  open class var systemBlue: UIColor { UIColor(red: 0, green: 0.478, blue: 1, alpha: 1) }

  /// Apple's system colours in their light appearance, as the Human Interface Guidelines
  /// tabulate them (iOS 15 and later), from 0–255 components.
  /// `.systemRed` (light appearance: 255, 59, 48).
  open class var systemRed: UIColor { rgb(255, 59, 48, 1) }
  /// `.systemOrange` (light appearance: 255, 149, 0).
  open class var systemOrange: UIColor { rgb(255, 149, 0, 1) }
  /// `.systemYellow` (light appearance: 255, 204, 0).
  open class var systemYellow: UIColor { rgb(255, 204, 0, 1) }
  /// `.systemGreen` (light appearance: 52, 199, 89).
  open class var systemGreen: UIColor { rgb(52, 199, 89, 1) }
  /// `.systemMint` (light appearance: 0, 199, 190).
  open class var systemMint: UIColor { rgb(0, 199, 190, 1) }
  /// `.systemTeal` (light appearance: 48, 176, 199).
  open class var systemTeal: UIColor { rgb(48, 176, 199, 1) }
  /// `.systemCyan` (light appearance: 50, 173, 230).
  open class var systemCyan: UIColor { rgb(50, 173, 230, 1) }
  /// `.systemIndigo` (light appearance: 88, 86, 214).
  open class var systemIndigo: UIColor { rgb(88, 86, 214, 1) }
  /// `.systemPurple` (light appearance: 175, 82, 222).
  open class var systemPurple: UIColor { rgb(175, 82, 222, 1) }
  /// `.systemPink` (light appearance: 255, 45, 85).
  open class var systemPink: UIColor { rgb(255, 45, 85, 1) }
  /// `.systemBrown` (light appearance: 162, 132, 94).
  open class var systemBrown: UIColor { rgb(162, 132, 94, 1) }
  /// `.systemGray2` (light appearance: 174, 174, 178).
  open class var systemGray2: UIColor { rgb(174, 174, 178, 1) }
  /// `.systemGray3` (light appearance: 199, 199, 204).
  open class var systemGray3: UIColor { rgb(199, 199, 204, 1) }
  /// `.systemGray4` (light appearance: 209, 209, 214).
  open class var systemGray4: UIColor { rgb(209, 209, 214, 1) }
  /// `.tertiarySystemBackground` (light appearance: 255, 255, 255).
  open class var tertiarySystemBackground: UIColor { rgb(255, 255, 255, 1) }
  /// `.systemGroupedBackground` (light appearance: 242, 242, 247).
  open class var systemGroupedBackground: UIColor { rgb(242, 242, 247, 1) }
  /// `.groupTableViewBackground` (deprecated in iOS 13, still in older table code): since iOS 13
  /// it is `.systemGroupedBackground`.
  @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use systemGroupedBackground")
  open class var groupTableViewBackground: UIColor { systemGroupedBackground }
  /// `.secondarySystemGroupedBackground` (light appearance: 255, 255, 255).
  open class var secondarySystemGroupedBackground: UIColor { rgb(255, 255, 255, 1) }
  /// `.tertiarySystemGroupedBackground` (light appearance: 242, 242, 247).
  open class var tertiarySystemGroupedBackground: UIColor { rgb(242, 242, 247, 1) }
  /// `.tertiaryLabel` (light appearance: 60, 60, 67, alpha 0.3).
  open class var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
  /// `.quaternaryLabel` (light appearance: 60, 60, 67, alpha 0.18).
  open class var quaternaryLabel: UIColor { rgb(60, 60, 67, 0.18) }
  /// `.placeholderText` (light appearance: 60, 60, 67, alpha 0.3).
  open class var placeholderText: UIColor { rgb(60, 60, 67, 0.3) }
  /// `.separator` (light appearance: 60, 60, 67, alpha 0.29).
  open class var separator: UIColor { rgb(60, 60, 67, 0.29) }
  /// `.opaqueSeparator` (light appearance: 198, 198, 200).
  open class var opaqueSeparator: UIColor { rgb(198, 198, 200, 1) }
  /// `.link` (light appearance: 0, 122, 255).
  open class var link: UIColor { rgb(0, 122, 255, 1) }
  /// `.systemFill` (light appearance: 120, 120, 128, alpha 0.2).
  open class var systemFill: UIColor { rgb(120, 120, 128, 0.2) }
  /// `.secondarySystemFill` (light appearance: 120, 120, 128, alpha 0.16).
  open class var secondarySystemFill: UIColor { rgb(120, 120, 128, 0.16) }
  /// `.tertiarySystemFill` (light appearance: 118, 118, 128, alpha 0.12).
  open class var tertiarySystemFill: UIColor { rgb(118, 118, 128, 0.12) }
  /// `.quaternarySystemFill` (light appearance: 116, 116, 128, alpha 0.08).
  open class var quaternarySystemFill: UIColor { rgb(116, 116, 128, 0.08) }
  /// `.lightText`: white at alpha 0.6.
  open class var lightText: UIColor { rgb(255, 255, 255, 0.6) }
  /// `.darkText`: black.
  open class var darkText: UIColor { rgb(0, 0, 0, 1) }

  /// `.cyan`.
  open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
  /// `.yellow`.
  open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
  /// `.magenta`.
  open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
  /// `.orange`.
  open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
  /// `.purple`.
  open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
  /// `.brown`.
  open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

  static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> UIColor {
    UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
  }

  /// `#colorLiteral(red:green:blue:alpha:)`, as Xcode's colour picker writes it (UIKit's
  /// `_ExpressibleByColorLiteral` conformance).
  public required convenience init(
    _colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float
  ) {
    self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
  }
}

extension UIColor: _ExpressibleByColorLiteral {}

/// UIKit's `UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Sendable {
  /// The insets.
  public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
  /// `UIEdgeInsets(top:left:bottom:right:)`.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  /// No insets.
  public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
  /// `.zero`.
  public static let zero = UIEdgeInsets()
}

extension UIColor {
  /// `UIColor(dynamicProvider:)` (iOS 13): a colour whose components `dynamicProvider` gives
  /// for a trait collection (`UIColor { traits in traits.userInterfaceStyle == .dark ? … }`, a
  /// theme's light/dark colour). As every dynamic colour of the layer, it takes its light
  /// appearance: its components are the provider's answer for a light trait collection, asked
  /// once, when the colour is made. `resolvedColor(with:)` asks the provider again.
  public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
    let light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light))
    self.init(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)
    self.dynamicProvider = dynamicProvider
  }

  /// `resolvedColor(with:)` (iOS 13): the provider's colour for `traitCollection` for a colour
  /// made with `init(dynamicProvider:)` (itself resolved, if dynamic too), else the colour itself.
  public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
    guard let dynamicProvider else { return self }
    return dynamicProvider(traitCollection).resolvedColor(with: traitCollection)
  }
}
