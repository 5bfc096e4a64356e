/// UIKit's `UIColor`, as a plain RGBA value: views keep it and report it back, and nothing is
/// drawn. Dynamic (light/dark) colours resolve to their light appearance.
open class UIColor: @unchecked Sendable, Equatable, CustomStringConvertible {
  /// The components, 0…1.
  public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

  /// `UIColor(red:green:blue:alpha:)`.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `UIColor(white:alpha:)`.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// `withAlphaComponent(_:)`.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Equal components.
  public static func == (a: UIColor, b: UIColor) -> Bool {
    a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
  }

  /// For example `UIColor(r: 1, g: 0, b: 0, a: 1)`.
  open var description: String { "UIColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }

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
}

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

/// Core Animation's `CALayer`, as far as views configure it: the values are kept, nothing is
/// drawn. The defaults are Core Animation's (a shadow is black, 3 points below, of radius 3,
/// and transparent until `shadowOpacity` is set).
open class CALayer {
  /// `cornerRadius`.
  open var cornerRadius: CGFloat = 0
  /// `maskedCorners`: the corners `cornerRadius` rounds.
  open var maskedCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
  /// `cornerCurve`.
  open var cornerCurve: CALayerCornerCurve = .circular
  /// `masksToBounds`.
  open var masksToBounds = false
  /// `borderWidth`.
  open var borderWidth: CGFloat = 0
  /// `borderColor`: opaque black by default.
  open var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
  /// `backgroundColor`.
  open var backgroundColor: CGColor?
  /// `opacity`.
  open var opacity: Float = 1
  /// `isOpaque`.
  open var isOpaque = false
  /// `isHidden`.
  open var isHidden = false
  /// `zPosition`.
  open var zPosition: CGFloat = 0
  /// `shouldRasterize`.
  open var shouldRasterize = false
  /// `rasterizationScale`.
  open var rasterizationScale: CGFloat = 1
  /// `shadowColor`: opaque black by default.
  open var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
  /// `shadowOpacity`: 0, no shadow, by default.
  open var shadowOpacity: Float = 0
  /// `shadowOffset`: 3 points up by default (Core Animation's coordinates).
  open var shadowOffset = CGSize(width: 0, height: -3)
  /// `shadowRadius`.
  open var shadowRadius: CGFloat = 3
  /// `shadowPath`.
  open var shadowPath: CGPath?
  /// `name`.
  open var name: String?
  /// A layer.
  public init() {}
}

/// Core Animation's `CACornerMask`.
public struct CACornerMask: OptionSet, Sendable {
  /// The mask's bits.
  public let rawValue: UInt
  /// A mask of `rawValue`'s corners.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The top-left corner (in UIKit's flipped coordinates).
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  /// The top-right corner.
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  /// The bottom-left corner.
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  /// The bottom-right corner.
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Core Animation's `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  /// The curve's name.
  public let rawValue: String
  /// The curve named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A quarter circle.
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  /// Apple's continuous curve.
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
