/// UIKit's `UIContentUnavailableConfiguration` (iOS 17): what a screen shows while it has no
/// content (empty, loading, or a search with no results): an image, a text, a secondary text and
/// up to two buttons, set on a view controller's `contentUnavailableConfiguration` or shown by a
/// `UIContentUnavailableView`. Kept and read back; nothing is drawn or laid out, so nothing here
/// changes what a cell is judged to show. `loading()` makes a configuration whose view shows a
/// spinning `UIActivityIndicatorView`, as UIKit's does.
///
/// Its conformance to the main-actor `UIContentConfiguration` is declared in an extension, so
/// the struct's own members stay nonisolated, as `UIListContentConfiguration`'s do.
public struct UIContentUnavailableConfiguration {
  /// UIKit's `UIContentUnavailableConfiguration.Alignment`, with its raw values: how the image,
  /// texts and buttons line up (kept; nothing is laid out).
  public enum Alignment: Int, Sendable, Hashable {
    /// Centred.
    case center = 0
    /// The natural alignment for the locale (leading).
    case natural = 1
  }

  /// UIKit's `UIContentUnavailableConfiguration.ImageProperties`: how the image is shown (kept;
  /// for `loading()`, UIKit applies them to the spinner).
  public struct ImageProperties {
    /// `preferredSymbolConfiguration` (nil until set).
    public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
    /// `tintColor` (nil: the image view's inherited tint).
    public var tintColor: UIColor?
    /// `cornerRadius` (0 until set, as UIKit documents).
    public var cornerRadius: CGFloat = 0
    /// `maximumSize` (`.zero`, no maximum, until set).
    public var maximumSize: CGSize = .zero
    /// `accessibilityIgnoresInvertColors` (false until set).
    public var accessibilityIgnoresInvertColors = false
  }

  /// UIKit's `UIContentUnavailableConfiguration.TextProperties`: how a text is shown (kept;
  /// text is not measured).
  public struct TextProperties {
    /// `font`.
    public var font: UIFont = .systemFont(ofSize: 17)
    /// `color`.
    public var color: UIColor = .label
    /// `lineBreakMode`.
    public var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// `numberOfLines` (0: no limit).
    public var numberOfLines = 0
    /// `adjustsFontSizeToFitWidth`.
    public var adjustsFontSizeToFitWidth = false
    /// `minimumScaleFactor`, when `adjustsFontSizeToFitWidth`.
    public var minimumScaleFactor: CGFloat = 0
    /// `allowsDefaultTighteningForTruncation`.
    public var allowsDefaultTighteningForTruncation = true
  }

  /// UIKit's `UIContentUnavailableConfiguration.ButtonProperties`: what a button does (kept; no
  /// one taps it, so `primaryAction` and `menu` never run).
  public struct ButtonProperties {
    /// `primaryAction`: the action for the button's primary action event (nil until set).
    public var primaryAction: UIAction?
    /// `menu`: the menu the button shows (nil until set).
    public var menu: UIMenu?
    /// `isEnabled` (true until set, as UIKit documents).
    public var isEnabled = true
    /// `role` (`.normal` until set).
    public var role: UIButton.Role = .normal
  }

  /// `image` (nil until set).
  public var image: UIImage?
  /// `imageProperties`.
  public var imageProperties = ImageProperties()
  /// `text`: the primary text (nil until set).
  public var text: String?
  /// `attributedText`: an attributed form of the primary text (kept).
  public var attributedText: NSAttributedString?
  /// `textProperties`: the primary text's properties.
  public var textProperties = TextProperties()
  /// `secondaryText` (nil until set).
  public var secondaryText: String?
  /// `secondaryAttributedText`: an attributed form of the secondary text (kept).
  public var secondaryAttributedText: NSAttributedString?
  /// `secondaryTextProperties`: the secondary text's properties.
  public var secondaryTextProperties = TextProperties()
  /// `button`: the primary button's configuration (a plain one, with no title, until set).
  public var button: UIButton.Configuration = .plain()
  /// `buttonProperties`: what the primary button does.
  public var buttonProperties = ButtonProperties()
  /// `secondaryButton`: the secondary button's configuration (a plain one, with no title,
  /// until set).
  public var secondaryButton: UIButton.Configuration = .plain()
  /// `secondaryButtonProperties`: what the secondary button does.
  public var secondaryButtonProperties = ButtonProperties()
  /// `alignment` (`.center` until set; kept).
  public var alignment: Alignment = .center
  /// `axesPreservingSuperviewLayoutMargins` (kept; nothing is laid out).
  public var axesPreservingSuperviewLayoutMargins: UIAxis = .both
  /// `directionalLayoutMargins` (kept; nothing is laid out).
  public var directionalLayoutMargins = NSDirectionalEdgeInsets()
  /// `imageToTextPadding` (kept).
  public var imageToTextPadding: CGFloat = 0
  /// `textToButtonPadding` (kept).
  public var textToButtonPadding: CGFloat = 0
  /// `textToSecondaryTextPadding` (kept).
  public var textToSecondaryTextPadding: CGFloat = 0
  /// `buttonToSecondaryButtonPadding` (kept).
  public var buttonToSecondaryButtonPadding: CGFloat = 0
  /// `background`: the background behind the content (`.clear()` until set; kept, never drawn).
  public var background: UIBackgroundConfiguration = .clear()

  /// Whether the configuration was made by `loading()`: its view shows a spinning activity
  /// indicator.
  let showsActivityIndicator: Bool

  init(showsActivityIndicator: Bool = false) {
    self.showsActivityIndicator = showsActivityIndicator
  }

  /// `empty()`: the configuration for content that is not there, with nothing set.
  public static func empty() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration()
  }
  /// `loading()`: the configuration for content that is loading; its view shows a spinning
  /// activity indicator.
  public static func loading() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration(showsActivityIndicator: true)
  }
  /// `search()`: the configuration for a search with no results (UIKit's localised image and
  /// texts are not filled in: set your own).
  public static func search() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration()
  }
}

extension UIContentUnavailableConfiguration: UIContentConfiguration {
  /// A `UIContentUnavailableView` showing the configuration.
  public func makeContentView() -> any UIView & UIContentView {
    UIContentUnavailableView(configuration: self)
  }

  /// The configuration for `state`: unchanged (the layer fills in no search text).
  public func updated(for state: any UIConfigurationState) -> UIContentUnavailableConfiguration {
    self
  }
}

/// UIKit's `UIContentUnavailableConfigurationState` (iOS 17): what a view controller's
/// `updateContentUnavailableConfiguration(using:)` is given: the screen's traits, the search
/// controller's text (`searchText`), and the app's own custom states.
public struct UIContentUnavailableConfigurationState: UIConfigurationState, @unchecked Sendable {
  /// The traits (the screen's).
  public var traitCollection: UITraitCollection
  /// `searchText`: the text in the view controller's search controller's bar (its navigation
  /// item's `searchController`), else nil.
  public var searchText: String?
  /// A state for `traitCollection`, with no search text.
  public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

  /// The app's own states (`subscript(key:)`), by key.
  var customStates: [UIConfigurationStateCustomKey: AnyHashable] = [:]

  /// The app's own state for `key` (nil unless set), as a controller's
  /// `contentUnavailableConfigurationState` override adds it.
  public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
    get { customStates[key] }
    set { customStates[key] = newValue }
  }
}

/// UIKit's `UIContentUnavailableView` (iOS 17): a view that shows a
/// `UIContentUnavailableConfiguration`. Nothing is drawn; the configuration is kept and read
/// back, and a `loading()` configuration's spinner is a `UIActivityIndicatorView` subview that
/// is animating (removed for any other configuration). A content-unavailable view put over a
/// table or collection view does not hide its cells from the oracle.
@preconcurrency @MainActor open class UIContentUnavailableView: UIView, UIContentView {
  var unavailableConfiguration: UIContentUnavailableConfiguration
  /// The spinner a `loading()` configuration shows.
  let activityIndicator = UIActivityIndicatorView(style: .medium)

  /// `UIContentUnavailableView(configuration:)`: a view showing `configuration`.
  public init(configuration: UIContentUnavailableConfiguration) {
    unavailableConfiguration = configuration
    super.init(frame: .zero)
    apply()
  }

  /// Not available (nibs are not modelled).
  public required init?(coder: NSCoder) { nil }

  /// The configuration shown; a configuration of another type is ignored.
  open var configuration: any UIContentConfiguration {
    get { unavailableConfiguration }
    set {
      guard let unavailable = newValue as? UIContentUnavailableConfiguration else { return }
      unavailableConfiguration = unavailable
      apply()
    }
  }

  /// `isScrollEnabled`: whether the content scrolls when it does not fit (false until set, as
  /// UIKit documents; kept, nothing is laid out).
  open var isScrollEnabled = false

  func apply() {
    if unavailableConfiguration.showsActivityIndicator {
      if activityIndicator.superview !== self { addSubview(activityIndicator) }
      activityIndicator.startAnimating()
    } else if activityIndicator.superview === self {
      activityIndicator.stopAnimating()
      activityIndicator.removeFromSuperview()
    }
  }
}

extension UIButton {
  /// UIKit's `UIButton.Role` (iOS 14), with its raw values: what a button is for (kept; its look
  /// is not drawn).
  public enum Role: Int, Sendable, Hashable {
    /// A default button.
    case normal = 0
    /// The button that responds to the primary key press.
    case primary = 1
    /// The button that cancels.
    case cancel = 2
    /// A destructive button.
    case destructive = 3
  }
}
