/// UIKit's `UIBackgroundConfiguration` (iOS 14): a cell's, header's or button's background,
/// kept and never drawn (nothing a person sees in a background is judged; an image view put in
/// `customView` is not part of the cell's hierarchy here, as it is not its content on a device).
public struct UIBackgroundConfiguration: Hashable, @unchecked Sendable {
  /// `customView` (kept, not shown).
  public var customView: UIView?
  /// `cornerRadius`.
  public var cornerRadius: CGFloat = 0
  /// `backgroundInsets`.
  public var backgroundInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
  /// `edgesAddingLayoutMarginsToBackgroundInsets`.
  public var edgesAddingLayoutMarginsToBackgroundInsets: NSDirectionalRectEdge = []
  /// `backgroundColor` (nil: the style's colour, `tintColor`-free).
  public var backgroundColor: UIColor?
  /// `image` (iOS 18; kept, not shown).
  public var image: UIImage?
  /// `imageContentMode`.
  public var imageContentMode: UIView.ContentMode = .scaleToFill
  /// `strokeColor`.
  public var strokeColor: UIColor?
  /// `strokeWidth`.
  public var strokeWidth: CGFloat = 0
  /// `strokeOutset`.
  public var strokeOutset: CGFloat = 0
  /// `backgroundColorTransformer`: applied by `resolvedBackgroundColor(for:)`.
  public var backgroundColorTransformer: UIConfigurationColorTransformer?
  /// `strokeColorTransformer`: applied by `resolvedStrokeColor(for:)`.
  public var strokeColorTransformer: UIConfigurationColorTransformer?
  /// The style it was made for, for `resolvedBackgroundColor(for:)`.
  let style: Style

  enum Style: Hashable {
    case clear, plainCell, groupedCell, plainHeaderFooter, groupedHeaderFooter, sidebar
  }

  init(style: Style) { self.style = style }

  /// `clear()`: no colour.
  public static func clear() -> UIBackgroundConfiguration { .init(style: .clear) }
  /// `listPlainCell()`.
  public static func listPlainCell() -> UIBackgroundConfiguration { .init(style: .plainCell) }
  /// `listGroupedCell()`.
  public static func listGroupedCell() -> UIBackgroundConfiguration { .init(style: .groupedCell) }
  /// `listPlainHeaderFooter()`.
  public static func listPlainHeaderFooter() -> UIBackgroundConfiguration {
    .init(style: .plainHeaderFooter)
  }
  /// `listGroupedHeaderFooter()`.
  public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration {
    .init(style: .groupedHeaderFooter)
  }
  /// `listSidebarCell()`.
  public static func listSidebarCell() -> UIBackgroundConfiguration { .init(style: .sidebar) }
  /// `listSidebarHeader()`.
  public static func listSidebarHeader() -> UIBackgroundConfiguration { .init(style: .sidebar) }
  /// `listAccompaniedSidebarCell()`.
  public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration {
    .init(style: .sidebar)
  }
  /// `listCell()` (iOS 18): a plain list's cell.
  public static func listCell() -> UIBackgroundConfiguration { .init(style: .plainCell) }
  /// `listHeader()` (iOS 18).
  public static func listHeader() -> UIBackgroundConfiguration {
    .init(style: .plainHeaderFooter)
  }
  /// `listFooter()` (iOS 18).
  public static func listFooter() -> UIBackgroundConfiguration {
    .init(style: .plainHeaderFooter)
  }

  /// `resolvedBackgroundColor(for:)`: `backgroundColor`, else the style's system colour,
  /// through `backgroundColorTransformer` if set.
  public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
    let color: UIColor
    if let backgroundColor {
      color = backgroundColor
    } else {
      switch style {
      case .clear: color = .clear
      case .plainCell, .plainHeaderFooter, .sidebar: color = .systemBackground
      case .groupedCell: color = .secondarySystemGroupedBackground
      case .groupedHeaderFooter: color = .systemGroupedBackground
      }
    }
    return backgroundColorTransformer?.transform(color) ?? color
  }

  /// `resolvedStrokeColor(for:)`: `strokeColor`, else clear, through `strokeColorTransformer`.
  public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
    let color = strokeColor ?? .clear
    return strokeColorTransformer?.transform(color) ?? color
  }

  /// `updated(for:)`: unchanged (state changes do not reach configurations).
  public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration { self }

  public static func == (a: UIBackgroundConfiguration, b: UIBackgroundConfiguration) -> Bool {
    a.customView === b.customView && a.cornerRadius == b.cornerRadius
      && a.backgroundInsets == b.backgroundInsets
      && a.edgesAddingLayoutMarginsToBackgroundInsets
        == b.edgesAddingLayoutMarginsToBackgroundInsets
      && a.backgroundColor == b.backgroundColor && a.image === b.image
      && a.imageContentMode == b.imageContentMode && a.strokeColor == b.strokeColor
      && a.strokeWidth == b.strokeWidth && a.strokeOutset == b.strokeOutset && a.style == b.style
      && a.backgroundColorTransformer == b.backgroundColorTransformer
      && a.strokeColorTransformer == b.strokeColorTransformer
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(cornerRadius)
    hasher.combine(style)
    hasher.combine(backgroundColor)
  }
}

/// UIKit's `UIConfigurationColorTransformer`: a function from a colour to a colour, which a
/// configuration applies to the colour it resolves. Two transformers are equal when they are
/// the same one (a named one, or one copy of the same value).
public struct UIConfigurationColorTransformer: Hashable, @unchecked Sendable {
  /// The function.
  public let transform: (UIColor) -> UIColor
  /// Made once per transformer, and kept by every copy: what equality compares.
  private let token = Token()

  private final class Token {}

  /// A transformer that applies `transform`.
  public init(_ transform: @escaping (UIColor) -> UIColor) {
    self.transform = transform
  }

  /// `callAsFunction(_:)`: the transformed colour.
  public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }

  /// `grayscale`: each colour as the grey of its luminance.
  public static let grayscale = UIConfigurationColorTransformer { color in
    let grey = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue
    return UIColor(red: grey, green: grey, blue: grey, alpha: color.alpha)
  }
  /// `preferredTint`: the colour unchanged (the system's preferred tint is not modelled).
  public static let preferredTint = UIConfigurationColorTransformer { $0 }
  /// `monochromeTint`: the colour unchanged (not modelled).
  public static let monochromeTint = UIConfigurationColorTransformer { $0 }

  public static func == (a: Self, b: Self) -> Bool { a.token === b.token }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(token)) }
}
