/// UIKit's `UIConfigurationState`: what a configuration is updated for (not modelled: no state
/// changes reach configurations).
public protocol UIConfigurationState {}

/// UIKit's `UICellConfigurationState` (its flags are kept, never set by the table).
public struct UICellConfigurationState: UIConfigurationState, Sendable {
  /// `isSelected`.
  public var isSelected = false
  /// `isHighlighted`.
  public var isHighlighted = false
  /// A state with no flag set.
  public init() {}
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
/// hosted cell's oracle judges.
public struct UIListContentConfiguration: UIContentConfiguration {
  /// `ImageProperties` (kept).
  public struct ImageProperties: Sendable {
    /// `maximumSize`.
    public var maximumSize: CGSize = .zero
    /// `reservedLayoutSize`.
    public var reservedLayoutSize: CGSize = .zero
    /// `cornerRadius`.
    public var cornerRadius: CGFloat = 0
  }

  /// `TextProperties` (kept).
  public struct TextProperties {
    /// `font`.
    public var font: UIFont = .systemFont(ofSize: 17)
    /// `color`.
    public var color: UIColor = .label
    /// `numberOfLines`.
    public var numberOfLines = 0
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

  /// A `UIListContentView` showing the configuration.
  public func makeContentView() -> any UIView & UIContentView {
    UIListContentView(configuration: self)
  }
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

  func apply() {
    imageView.image = listConfiguration.image
    imageView.isHidden = listConfiguration.image == nil
    textLabel.text = listConfiguration.text
    secondaryLabel.text = listConfiguration.secondaryText
  }
}
