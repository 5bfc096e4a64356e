import Foundation

/// Symbol configurations, and images read from a file.
///
/// - `UIImage.SymbolConfiguration` (point size, weight, scale) is kept on the image that
///   `UIImage(systemName:withConfiguration:)`, `withConfiguration(_:)` or
///   `applyingSymbolConfiguration(_:)` makes, and on `UIImageView.preferredSymbolConfiguration`;
///   it never changes the image: a symbol stays a 40×40 pt placeholder of its own, judged as
///   `UIImage(systemName:)`'s is (a failure image when its name says so).
/// - `UIImage(contentsOfFile:)` reads the file at `path` as `FileManager.contents(atPath:)`
///   does (the world's sandbox file, at the disk's cost, or a real file): nil when there is no
///   file there or its bytes are
///   not a readable PNG, else the image `UIImage(data:)` makes of them, at the scale an `@2x` or
///   `@3x` suffix in the file name gives.
extension UIImage {
  /// UIKit's `UIImage.Configuration`: the traits an image is drawn with (kept).
  open class Configuration: @unchecked Sendable {
    /// An empty configuration.
    init() {}
  }

  /// UIKit's `UIImage.SymbolWeight`.
  public enum SymbolWeight: Int, Sendable {
    case unspecified = 0
    case ultraLight = 1
    case thin = 2
    case light = 3
    case regular = 4
    case medium = 5
    case semibold = 6
    case bold = 7
    case heavy = 8
    case black = 9
  }

  /// UIKit's `UIImage.SymbolScale`.
  public enum SymbolScale: Int, Sendable {
    case `default` = -1
    case unspecified = 0
    case small = 1
    case medium = 2
    case large = 3
  }

  /// UIKit's `UIImage.SymbolConfiguration`: a symbol's point size, weight and scale (kept, never
  /// applied).
  open class SymbolConfiguration: Configuration, @unchecked Sendable {
    /// The point size, or nil when unspecified.
    let pointSize: CGFloat?
    /// The weight.
    let weight: SymbolWeight
    /// The scale.
    let scale: SymbolScale
    /// The text style whose size the symbol follows, or nil.
    let textStyle: UIFont.TextStyle?

    init(
      pointSize: CGFloat?, weight: SymbolWeight, scale: SymbolScale,
      textStyle: UIFont.TextStyle? = nil
    ) {
      self.pointSize = pointSize
      self.weight = weight
      self.scale = scale
      self.textStyle = textStyle
    }

    /// A configuration with a point size.
    public convenience init(pointSize: CGFloat) {
      self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified)
    }
    /// A configuration with a point size and a weight.
    public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
      self.init(pointSize: pointSize, weight: weight, scale: .unspecified)
    }
    /// A configuration with a point size, a weight and a scale.
    public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
      self.init(pointSize: Optional(pointSize), weight: weight, scale: scale)
    }
    /// A configuration with a scale.
    public convenience init(scale: SymbolScale) {
      self.init(pointSize: nil, weight: .unspecified, scale: scale)
    }
    /// A configuration with a weight.
    public convenience init(weight: SymbolWeight) {
      self.init(pointSize: nil, weight: weight, scale: .unspecified)
    }
    /// A configuration at `font`'s point size.
    public convenience init(font: UIFont) {
      self.init(pointSize: font.pointSize, weight: .unspecified, scale: .unspecified)
    }
    /// A configuration at `font`'s point size, at `scale`.
    public convenience init(font: UIFont, scale: SymbolScale) {
      self.init(pointSize: font.pointSize, weight: .unspecified, scale: scale)
    }
    /// A configuration following `textStyle`'s size (kept; Dynamic Type is not modelled).
    public convenience init(textStyle: UIFont.TextStyle) {
      self.init(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: textStyle)
    }
    /// A configuration following `textStyle`'s size, at `scale`.
    public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
      self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: textStyle)
    }

    /// A configuration that specifies nothing.
    open class var unspecified: SymbolConfiguration {
      SymbolConfiguration(pointSize: nil, weight: .unspecified, scale: .unspecified)
    }

    /// This configuration with what `configuration` specifies laid over it.
    open func applying(_ configuration: Configuration?) -> SymbolConfiguration {
      guard let other = configuration as? SymbolConfiguration else { return self }
      return SymbolConfiguration(
        pointSize: other.pointSize ?? pointSize,
        weight: other.weight == .unspecified ? weight : other.weight,
        scale: other.scale == .unspecified ? scale : other.scale,
        textStyle: other.textStyle ?? textStyle)
    }

    /// Whether the two configurations specify the same traits.
    open func isEqual(to other: SymbolConfiguration?) -> Bool {
      guard let other else { return false }
      return pointSize == other.pointSize && weight == other.weight && scale == other.scale
        && textStyle == other.textStyle
    }
  }

  /// `UIImage(systemName:withConfiguration:)`: `UIImage(systemName:)`, keeping the configuration.
  public convenience init?(systemName name: String, withConfiguration configuration: Configuration?)
  {
    self.init(content: .named("system:" + name), scale: 1)
    storedConfiguration = configuration
  }

  /// `UIImage(contentsOfFile:)`: the file's image (see the extension's notes).
  public convenience init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let scale: CGFloat = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
    self.init(data: data, scale: scale)
  }

  /// The configuration the image was made with.
  public var configuration: Configuration? { storedConfiguration }

  /// The symbol configuration the image was made with.
  public var symbolConfiguration: SymbolConfiguration? {
    storedConfiguration as? SymbolConfiguration
  }

  /// `withConfiguration(_:)`: the same content with `configuration`.
  public func withConfiguration(_ configuration: Configuration) -> UIImage {
    let copy = UIImage(content: content, scale: scale)
    copy.storedConfiguration = configuration
    return copy
  }

  /// `applyingSymbolConfiguration(_:)`: the same content with `configuration` laid over the
  /// image's own symbol configuration.
  public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
    let base = symbolConfiguration ?? .unspecified
    return withConfiguration(base.applying(configuration))
  }
}
