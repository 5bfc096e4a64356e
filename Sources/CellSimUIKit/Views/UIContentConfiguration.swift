/// UIKit's `UIConfigurationState`: what a configuration is updated for (not modelled: no state
/// changes reach configurations).
public protocol UIConfigurationState {}

/// UIKit's `UICellConfigurationState`: a cell's `isSelected` and `isHighlighted` when it is
/// updated (see `UICollectionViewCell.updateConfiguration(using:)`); the other flags stay false.
public struct UICellConfigurationState: UIConfigurationState, @unchecked Sendable {
  /// `isSelected`.
  public var isSelected = false
  /// `isHighlighted`.
  public var isHighlighted = false
  /// `isDisabled`.
  public var isDisabled = false
  /// `isFocused`.
  public var isFocused = false
  /// `isEditing`.
  public var isEditing = false
  /// `isExpanded`.
  public var isExpanded = false
  /// `isSwiped`.
  public var isSwiped = false
  /// `isReordering`.
  public var isReordering = false
  /// The traits (the screen's).
  public var traitCollection: UITraitCollection
  /// A state with no flag set, for `traitCollection`.
  public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
  /// A state with no flag set, for a 3x screen.
  public init() { self.init(traitCollection: UITraitCollection(displayScale: 3)) }

  /// The app's own states (`subscript(key:)`), by key.
  var customStates: [UIConfigurationStateCustomKey: AnyHashable] = [:]

  /// The app's own state for `key` (nil unless set), as a cell's `configurationState` override
  /// adds it.
  public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
    get { customStates[key] }
    set { customStates[key] = newValue }
  }
}

/// UIKit's `UIConfigurationStateCustomKey`: the name of an app's own configuration state.
public struct UIConfigurationStateCustomKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// UIKit's `UIContentConfiguration`: a value that makes the view showing it.
@preconcurrency @MainActor public protocol UIContentConfiguration {
  /// A new view showing this configuration.
  func makeContentView() -> any UIView & UIContentView
  /// The configuration for `state` (the default returns it unchanged).
  func updated(for state: any UIConfigurationState) -> Self
}

extension UIContentConfiguration {
  /// The configuration unchanged.
  public func updated(for state: any UIConfigurationState) -> Self { self }
}

/// UIKit's `UIContentView`: a view that shows a content configuration.
@preconcurrency @MainActor public protocol UIContentView: AnyObject {
  /// The configuration shown; setting it updates the view.
  var configuration: any UIContentConfiguration { get set }
  /// Whether the view can show `configuration` (by default: one of the same type).
  func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
  /// Whether `configuration` has the same type as the one shown.
  public func supports(_ configuration: any UIContentConfiguration) -> Bool {
    type(of: configuration) == type(of: self.configuration)
  }
}

/// UIKit's `UIListContentConfiguration`: an image, a text and a secondary text. Its image is shown
/// by the image view of its `UIListContentView` (hidden when there is no image), which is what a
/// hosted cell's oracle judges. Equal configurations have the same values; fonts, symbol
/// configurations and attributed strings compare by identity.
///
/// Its conformance to the main-actor `UIContentConfiguration` is declared in an extension, so
/// the struct's own members stay nonisolated: its `Hashable` conformance reads every property,
/// from any context, as UIKit's does.
public struct UIListContentConfiguration: Hashable {
  /// `ImageProperties` (kept).
  public struct ImageProperties: Hashable {
    /// `standardDimension`: the system's standard size for `reservedLayoutSize`.
    public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
    /// `maximumSize`.
    public var maximumSize: CGSize = .zero
    /// `reservedLayoutSize`.
    public var reservedLayoutSize: CGSize = .zero
    /// `cornerRadius`.
    public var cornerRadius: CGFloat = 0
    /// `tintColor` (nil: the view's).
    public var tintColor: UIColor?
    /// `preferredSymbolConfiguration`.
    public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
    /// `accessibilityIgnoresInvertColors`.
    public var accessibilityIgnoresInvertColors = false
    /// `tintColorTransformer`: applied by `resolvedTintColor(for:)`.
    public var tintColorTransformer: UIConfigurationColorTransformer?

    /// `resolvedTintColor(for:)`: `tintColor`, else the view's, through the transformer.
    public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
      let color = self.tintColor ?? tintColor
      return tintColorTransformer?.transform(color) ?? color
    }

    public static func == (a: Self, b: Self) -> Bool {
      a.maximumSize == b.maximumSize && a.reservedLayoutSize == b.reservedLayoutSize
        && a.cornerRadius == b.cornerRadius && a.tintColor == b.tintColor
        && a.preferredSymbolConfiguration === b.preferredSymbolConfiguration
        && a.accessibilityIgnoresInvertColors == b.accessibilityIgnoresInvertColors
        && a.tintColorTransformer == b.tintColorTransformer
    }
    public func hash(into hasher: inout Hasher) {
      hasher.combine(maximumSize.width)
      hasher.combine(maximumSize.height)
      hasher.combine(cornerRadius)
    }
  }

  /// `TextProperties` (kept).
  public struct TextProperties: Hashable {
    /// `TextProperties.TextAlignment`.
    public enum TextAlignment: Int, Sendable, Hashable {
      case natural = 0
      case center = 1
      case justified = 2
    }
    /// `font`.
    public var font: UIFont = .systemFont(ofSize: 17)
    /// `color`.
    public var color: UIColor = .label
    /// `numberOfLines`.
    public var numberOfLines = 0
    /// `alignment`.
    public var alignment: TextAlignment = .natural
    /// `adjustsFontSizeToFitWidth`.
    public var adjustsFontSizeToFitWidth = false
    /// `adjustsFontForContentSizeCategory` (kept; text sizes do not change in a run).
    public var adjustsFontForContentSizeCategory = true
    /// `lineBreakMode`.
    public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// `minimumScaleFactor`.
    public var minimumScaleFactor: CGFloat = 0
    /// `allowsDefaultTighteningForTruncation`.
    public var allowsDefaultTighteningForTruncation = true
    /// `showsExpansionTextWhenTruncated`.
    public var showsExpansionTextWhenTruncated = false
    /// `colorTransformer`: applied by `resolvedColor()`.
    public var colorTransformer: UIConfigurationColorTransformer?

    /// `resolvedColor()`: `color` through `colorTransformer`.
    public func resolvedColor() -> UIColor { colorTransformer?.transform(color) ?? color }

    public static func == (a: Self, b: Self) -> Bool {
      a.font === b.font && a.color == b.color && a.numberOfLines == b.numberOfLines
        && a.alignment == b.alignment && a.adjustsFontSizeToFitWidth == b.adjustsFontSizeToFitWidth
        && a.adjustsFontForContentSizeCategory == b.adjustsFontForContentSizeCategory
        && a.lineBreakMode == b.lineBreakMode && a.minimumScaleFactor == b.minimumScaleFactor
        && a.allowsDefaultTighteningForTruncation == b.allowsDefaultTighteningForTruncation
        && a.showsExpansionTextWhenTruncated == b.showsExpansionTextWhenTruncated
        && a.colorTransformer == b.colorTransformer
    }
    public func hash(into hasher: inout Hasher) {
      hasher.combine(numberOfLines)
      hasher.combine(alignment)
    }
  }

  /// The image.
  public var image: UIImage?
  /// `directionalLayoutMargins` (kept; nothing is laid out).
  public var directionalLayoutMargins = NSDirectionalEdgeInsets()
  /// `axesPreservingSuperviewLayoutMargins` (kept).
  public var axesPreservingSuperviewLayoutMargins: UIAxis = [.horizontal]
  /// `imageToTextPadding` (kept).
  public var imageToTextPadding: CGFloat = 0
  /// The text.
  public var text: String?
  /// The secondary text.
  public var secondaryText: String?
  /// The attributed text (kept; shown as its string).
  public var attributedText: NSAttributedString?
  /// The attributed secondary text (kept; shown as its string).
  public var secondaryAttributedText: NSAttributedString?
  /// `textToSecondaryTextVerticalPadding` (kept).
  public var textToSecondaryTextVerticalPadding: CGFloat = 0
  /// `textToSecondaryTextHorizontalPadding` (kept).
  public var textToSecondaryTextHorizontalPadding: CGFloat = 0
  /// `prefersSideBySideTextAndSecondaryText` (kept).
  public var prefersSideBySideTextAndSecondaryText = false
  /// The image's properties.
  public var imageProperties = ImageProperties()
  /// The text's properties.
  public var textProperties = TextProperties()
  /// The secondary text's properties.
  public var secondaryTextProperties = TextProperties()

  init() {}

  /// A configuration for a plain cell.
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// A configuration for a subtitle cell.
  public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// A configuration for a value cell.
  public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `header()`: a configuration for a list's header (the style is not drawn).
  public static func header() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `footer()`: a configuration for a list's footer.
  public static func footer() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `plainHeader()`: a header in a plain list.
  public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `plainFooter()`: a footer in a plain list.
  public static func plainFooter() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `groupedHeader()`: a header in a grouped list.
  public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `groupedFooter()`: a footer in a grouped list.
  public static func groupedFooter() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `prominentInsetGroupedHeader()`: a prominent header in an inset grouped list.
  public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
  /// `extraProminentInsetGroupedHeader()`: an extra-prominent header in an inset grouped list.
  public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
  /// `sidebarCell()`: a cell in a sidebar list.
  public static func sidebarCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `sidebarSubtitleCell()`: a subtitle cell in a sidebar list.
  public static func sidebarSubtitleCell() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
  /// `sidebarHeader()`: a header in a sidebar list.
  public static func sidebarHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// `accompaniedSidebarCell()`: a cell in a sidebar beside other content.
  public static func accompaniedSidebarCell() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
  /// `accompaniedSidebarSubtitleCell()`: a subtitle cell in a sidebar beside other content.
  public static func accompaniedSidebarSubtitleCell() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.image === b.image && a.text == b.text && a.secondaryText == b.secondaryText
      && a.attributedText === b.attributedText
      && a.secondaryAttributedText === b.secondaryAttributedText
      && a.imageProperties == b.imageProperties && a.textProperties == b.textProperties
      && a.secondaryTextProperties == b.secondaryTextProperties
      && a.directionalLayoutMargins == b.directionalLayoutMargins
      && a.axesPreservingSuperviewLayoutMargins == b.axesPreservingSuperviewLayoutMargins
      && a.imageToTextPadding == b.imageToTextPadding
      && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
      && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
      && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(secondaryText)
    hasher.combine(image.map(ObjectIdentifier.init))
    hasher.combine(imageProperties)
    hasher.combine(textProperties)
  }
}

extension UIListContentConfiguration: UIContentConfiguration {
  /// A `UIListContentView` showing the configuration.
  public func makeContentView() -> any UIView & UIContentView {
    UIListContentView(configuration: self)
  }

  /// The configuration for `state`: unchanged (states do not change list configurations).
  public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// UIKit's `UIListContentView`: an image view and two labels showing a
/// `UIListContentConfiguration`.
@preconcurrency @MainActor open class UIListContentView: UIView, UIContentView {
  let imageView = UIImageView(frame: .zero)
  let textLabel = UILabel(frame: .zero)
  let secondaryLabel = UILabel(frame: .zero)
  var listConfiguration: UIListContentConfiguration

  /// A view showing `configuration`.
  public init(configuration: UIListContentConfiguration) {
    listConfiguration = configuration
    super.init(frame: .zero)
    addSubview(imageView)
    addSubview(textLabel)
    addSubview(secondaryLabel)
    apply()
  }

  /// Not available (nibs are not modelled).
  public required init?(coder: NSCoder) { nil }

  /// The configuration shown; a configuration of another type is ignored.
  open var configuration: any UIContentConfiguration {
    get { listConfiguration }
    set {
      guard let list = newValue as? UIListContentConfiguration else { return }
      listConfiguration = list
      apply()
    }
  }

  /// `textLayoutGuide`: a guide for the text (nil with no text), as UIKit gives one so that
  /// other views align with the text. The labels are not laid out here, so the guide is kept
  /// and its frame is not solved (zero), as for any guide of your own.
  open var textLayoutGuide: UILayoutGuide? {
    textLabel.text == nil ? nil : contentGuide(0)
  }
  /// `secondaryTextLayoutGuide` (nil with no secondary text).
  open var secondaryTextLayoutGuide: UILayoutGuide? {
    secondaryLabel.text == nil ? nil : contentGuide(1)
  }
  /// `imageLayoutGuide` (nil with no image).
  open var imageLayoutGuide: UILayoutGuide? {
    imageView.image == nil ? nil : contentGuide(2)
  }
  /// The text, secondary text and image guides, made when first asked for.
  var contentGuides: [UILayoutGuide?] = [nil, nil, nil]

  func contentGuide(_ index: Int) -> UILayoutGuide {
    if let guide = contentGuides[index] { return guide }
    let guide = UILayoutGuide()
    addLayoutGuide(guide)
    contentGuides[index] = guide
    return guide
  }

  func apply() {
    imageView.image = listConfiguration.image
    imageView.isHidden = listConfiguration.image == nil
    textLabel.text = listConfiguration.text ?? listConfiguration.attributedText?.string
    secondaryLabel.text =
      listConfiguration.secondaryText ?? listConfiguration.secondaryAttributedText?.string
  }
}
