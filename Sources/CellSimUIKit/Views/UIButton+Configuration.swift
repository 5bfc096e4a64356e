extension UIButton {
  /// `UIButton(configuration:primaryAction:)` (iOS 15): a system button with `configuration`.
  public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
    self.init(type: .system, primaryAction: primaryAction)
    self.configuration = configuration
    showConfiguration()  // an initializer's own assignment does not run `didSet`
  }

  /// UIKit's `UIButton.Configuration` (iOS 15): a button's look, kept (nothing is drawn). The
  /// styles' factory methods give UIKit's defaults for what the layer keeps: the corner style
  /// `.dynamic`, the medium size, no padding set.
  public struct Configuration: Hashable, @unchecked Sendable {
    /// UIKit's `UIButton.Configuration.CornerStyle`.
    public enum CornerStyle: Int, Sendable {
      case dynamic = 0
      case fixed = 1
      case small = 2
      case medium = 3
      case large = 4
      case capsule = 5
    }
    /// UIKit's `UIButton.Configuration.Size`.
    public enum Size: Int, Sendable {
      case mini = 0
      case small = 1
      case medium = 2
      case large = 3
    }
    /// UIKit's `UIButton.Configuration.TitleAlignment`.
    public enum TitleAlignment: Int, Sendable {
      case automatic = 0
      case leading = 1
      case center = 2
      case trailing = 3
    }

    /// The style's name (`plain`, `filled`, …).
    public let style: String
    /// `title`.
    public var title: String?
    /// `subtitle`.
    public var subtitle: String?
    /// `attributedTitle`.
    public var attributedTitle: AttributedString?
    /// `titleTextAttributesTransformer` (kept; not part of equality, as a closure cannot be
    /// compared).
    public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
    /// `subtitleTextAttributesTransformer` (kept, as the title's).
    public var subtitleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
    /// `image`.
    public var image: UIImage?
    /// `imagePadding`.
    public var imagePadding: CGFloat = 0
    /// `titlePadding`.
    public var titlePadding: CGFloat = 0
    /// `imagePlacement`.
    public var imagePlacement: NSDirectionalRectEdge = .leading
    /// `preferredSymbolConfigurationForImage`.
    public var preferredSymbolConfigurationForImage: UIImage.SymbolConfiguration?
    /// `baseForegroundColor`.
    public var baseForegroundColor: UIColor?
    /// `baseBackgroundColor`.
    public var baseBackgroundColor: UIColor?
    /// `cornerStyle`.
    public var cornerStyle: CornerStyle = .dynamic
    /// `buttonSize`.
    public var buttonSize: Size = .medium
    /// `contentInsets`.
    public var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// `titleAlignment`.
    public var titleAlignment: TitleAlignment = .automatic
    /// `showsActivityIndicator`.
    public var showsActivityIndicator = false
    /// `background`: the button's background configuration (`.clear()` until set; kept, never
    /// drawn, as a cell's is).
    public var background: UIBackgroundConfiguration = .clear()

    init(style: String) { self.style = style }

    /// `plain()`.
    public static func plain() -> Configuration { Configuration(style: "plain") }
    /// `tinted()`.
    public static func tinted() -> Configuration { Configuration(style: "tinted") }
    /// `gray()`.
    public static func gray() -> Configuration { Configuration(style: "gray") }
    /// `filled()`.
    public static func filled() -> Configuration { Configuration(style: "filled") }
    /// `borderless()`.
    public static func borderless() -> Configuration { Configuration(style: "borderless") }
    /// `bordered()`.
    public static func bordered() -> Configuration { Configuration(style: "bordered") }
    /// `borderedTinted()`.
    public static func borderedTinted() -> Configuration { Configuration(style: "borderedTinted") }
    /// `borderedProminent()`.
    public static func borderedProminent() -> Configuration {
      Configuration(style: "borderedProminent")
    }

    /// Equal when every value is; images, colours and symbol configurations by identity.
    public static func == (a: Configuration, b: Configuration) -> Bool {
      a.style == b.style && a.title == b.title && a.subtitle == b.subtitle
        && a.attributedTitle == b.attributedTitle && a.image === b.image
        && a.imagePadding == b.imagePadding && a.titlePadding == b.titlePadding
        && a.imagePlacement == b.imagePlacement
        && a.preferredSymbolConfigurationForImage === b.preferredSymbolConfigurationForImage
        && a.baseForegroundColor === b.baseForegroundColor
        && a.baseBackgroundColor === b.baseBackgroundColor && a.cornerStyle == b.cornerStyle
        && a.buttonSize == b.buttonSize && a.contentInsets == b.contentInsets
        && a.titleAlignment == b.titleAlignment
        && a.showsActivityIndicator == b.showsActivityIndicator && a.background == b.background
    }

    /// Hashes the style and the texts.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(style)
      hasher.combine(title)
      hasher.combine(subtitle)
    }
  }
}

/// UIKit's `NSDirectionalRectEdge`, with its raw values.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
  /// The edges' bits.
  public let rawValue: UInt
  /// The edges of `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// `.top`.
  public static let top = NSDirectionalRectEdge(rawValue: 1)
  /// `.leading`.
  public static let leading = NSDirectionalRectEdge(rawValue: 2)
  /// `.bottom`.
  public static let bottom = NSDirectionalRectEdge(rawValue: 4)
  /// `.trailing`.
  public static let trailing = NSDirectionalRectEdge(rawValue: 8)
  /// `.all`.
  public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
