/// UIKit's `UIImageView`: shows `image` (or `highlightedImage` while highlighted).
///
/// Inside a table cell, every change of what it shows reaches the cell's SimTable image view (see
/// `UITableViewCell`), where it is priced (`set_image`), checked for main-thread use, decoded at
/// first display and judged by the oracle. `contentMode` is kept; the image is judged whole.
/// Not modelled: animation images (kept, never cycled), symbol configurations.
@preconcurrency @MainActor open class UIImageView: UIView {
  /// A view with a zero frame and no image.
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// An empty image view (nibs are not modelled).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// `UIImageView(image:)`: sized to the image.
  public init(image: UIImage?) {
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
  }

  /// `UIImageView(image:highlightedImage:)`: sized to the image.
  public init(image: UIImage?, highlightedImage: UIImage?) {
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
    self.highlightedImage = highlightedImage
  }

  /// The image shown.
  open var image: UIImage? {
    didSet {
      displayDidChange()
      // Its size is the view's intrinsic size: a view laid out by constraints is laid out again.
      if !translatesAutoresizingMaskIntoConstraints, image?.size != oldValue?.size {
        storedSuperview?.needsLayout = true
      }
    }
  }

  /// The image's size, as UIKit's image view gives it (none without an image): Auto Layout
  /// sizes an image view that no constraint sizes to its image (`ConstraintLayout.swift`).
  open override var intrinsicContentSize: CGSize {
    image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// The image shown while `isHighlighted`.
  open var highlightedImage: UIImage? {
    didSet { if isHighlighted { displayDidChange() } }
  }

  /// `preferredSymbolConfiguration` (kept; symbols are not drawn).
  open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

  /// Whether the view shows `highlightedImage` (when it has one).
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue { displayDidChange() } }
  }

  /// Images to cycle through (kept, never cycled).
  open var animationImages: [UIImage]?
  /// Highlighted images to cycle through (kept, never cycled).
  open var highlightedAnimationImages: [UIImage]?
  /// `animationDuration` (kept).
  open var animationDuration: TimeInterval = 0
  /// `animationRepeatCount` (kept; 0 repeats for ever).
  open var animationRepeatCount = 0
  /// Whether `startAnimating()` was called (for animation images; nothing cycles).
  open private(set) var isAnimating = false
  /// Starts cycling animation images (recorded only).
  open func startAnimating() { isAnimating = true }
  /// Stops cycling animation images (recorded only).
  open func stopAnimating() { isAnimating = false }

  /// The image a person sees in this view, before visibility.
  var shownImage: UIImage? {
    if isHighlighted, let highlightedImage { return highlightedImage }
    return image
  }

  /// The image's size.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? .zero }
}

/// `NSTextAlignment` (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
  case left = 0
  case center = 1
  case right = 2
  case justified = 3
  case natural = 4
}

/// UIKit's `UILabel`: its text is kept and never judged.
@preconcurrency @MainActor open class UILabel: UIView {
  /// A label with a zero frame.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// An empty label.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// The text.
  open var text: String?
  /// The attributed text.
  open var attributedText: NSAttributedString?
  /// The font.
  open var font: UIFont! = .systemFont(ofSize: 17) {
    didSet { appearanceDidSet(.font, \UILabel.font, font) }
  }
  /// The text colour.
  open var textColor: UIColor! = .label {
    didSet { appearanceDidSet(.textColor, \UILabel.textColor, textColor) }
  }
  /// The alignment.
  open var textAlignment: NSTextAlignment = .natural
  /// `lineBreakMode` (kept; nothing is drawn).
  open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
  /// `minimumScaleFactor` (kept).
  open var minimumScaleFactor: CGFloat = 0
  /// `allowsDefaultTighteningForTruncation` (kept).
  open var allowsDefaultTighteningForTruncation = false
  /// `adjustsFontForContentSizeCategory` (kept; the content size stays the default, Large).
  open var adjustsFontForContentSizeCategory = false
  /// The number of lines (0: as many as needed).
  open var numberOfLines = 1
  /// `preferredMaxLayoutWidth` (kept: text sizes are not laid out).
  open var preferredMaxLayoutWidth: CGFloat = 0
  /// `adjustsFontSizeToFitWidth`.
  open var adjustsFontSizeToFitWidth = false
  /// `isEnabled` (kept).
  open var isEnabled = true
  /// `isHighlighted` (kept).
  open var isHighlighted = false
  /// `highlightedTextColor` (kept).
  open var highlightedTextColor: UIColor?
  /// `shadowColor` (kept).
  open var shadowColor: UIColor?
  /// `shadowOffset` (kept).
  open var shadowOffset = CGSize(width: 0, height: -1)
  /// `baselineAdjustment` (kept).
  open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines
  /// Draws the text in `rect` (never called: nothing is drawn; a padded label's override
  /// compiles).
  open func drawText(in rect: CGRect) {}
  /// The text's rectangle in `bounds`: `bounds` (text is not measured).
  open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect
  { bounds }
}

/// UIKit's `UIActivityIndicatorView`: a spinner that hides itself when stopped if
/// `hidesWhenStopped` (the default), as UIKit documents. It shows no image and is not judged.
@preconcurrency @MainActor open class UIActivityIndicatorView: UIView {
  /// `UIActivityIndicatorView.Style`.
  public enum Style: Int, Sendable {
    case whiteLarge = 0
    case white = 1
    case gray = 2
    case medium = 100
    case large = 101
  }

  /// The style.
  open var style: Style = .medium
  /// The spinner's colour.
  open var color: UIColor! = .gray
  /// Whether the spinner spins.
  open private(set) var isAnimating = false
  /// Whether the view hides itself while stopped.
  open var hidesWhenStopped = true {
    didSet { if !isAnimating { isHidden = hidesWhenStopped } }
  }

  /// `UIActivityIndicatorView(style:)`: stopped, and so hidden.
  public init(style: Style) {
    super.init(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    self.style = style
    isHidden = true
  }

  /// A medium spinner with `frame`: stopped, and so hidden.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isHidden = true
  }

  /// A stopped spinner. Non-failable, as UIKit declares it (`required init(coder: NSCoder)`), so
  /// a subclass's `required init(coder:)` overrides it as on iOS.
  public required init(coder: NSCoder) {
    super.init(coder: coder)!
    isHidden = true
  }

  /// Starts spinning (and shows the view).
  open func startAnimating() {
    isAnimating = true
    if hidesWhenStopped { isHidden = false }
  }

  /// Stops spinning (and hides the view if `hidesWhenStopped`).
  open func stopAnimating() {
    isAnimating = false
    if hidesWhenStopped { isHidden = true }
  }
}

/// UIKit's `UIProgressView`. Inside a table cell, the first visible one (depth first) is what the
/// cell's SimTable progress view shows: its value and whether it is visible. A plain value names
/// no request, so the oracle's `progress_isolation` does not judge it.
@preconcurrency @MainActor open class UIProgressView: UIView {
  /// `UIProgressView.Style`.
  public enum Style: Int, Sendable {
    case `default` = 0
    case bar = 1
  }

  /// The style.
  open var progressViewStyle: Style = .default
  /// The colour of the filled part.
  open var progressTintColor: UIColor?
  /// The colour of the unfilled part.
  open var trackTintColor: UIColor?
  /// `progressImage` (kept; not drawn).
  open var progressImage: UIImage?
  /// `trackImage` (kept; not drawn).
  open var trackImage: UIImage?
  /// `observedProgress`: while set, the bar follows the progress object's `fractionCompleted`,
  /// read at each frame before the layout pass, as UIKit updates it on the main thread from the
  /// object's changes (`UIProgressView+Observed.swift`).
  open var observedProgress: Progress? {
    didSet { followObservedProgress() }
  }
  var value: Float = 0

  /// `UIProgressView(progressViewStyle:)`.
  public init(progressViewStyle style: Style) {
    super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 2))
    progressViewStyle = style
  }

  /// A progress view with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// An empty progress view.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// The progress, 0…1 (values outside are pinned).
  open var progress: Float {
    get { value }
    set { setProgress(newValue, animated: false) }
  }

  /// Sets the progress; `animated` changes only how the bar moves on a device.
  open func setProgress(_ progress: Float, animated: Bool) {
    value = progress.isNaN ? 0 : min(1, max(0, progress))
    displayDidChange()
  }
}
