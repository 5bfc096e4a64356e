import Foundation

/// UIKit's `NSTextContainer`: a region where text layout occurs. Its shape and settings are
/// kept; a text view's container follows the text view's width (see
/// `UITextView.textContainer`). Nothing is laid out in it: text is measured with the stand-in
/// metric of `boundingRect(with:options:context:)`.
open class NSTextContainer: NSObject {
  /// The size of the container's bounding rectangle.
  open var size: CGSize
  /// The amount to inset each line fragment's ends (5 points by default, as UIKit's).
  open var lineFragmentPadding: CGFloat = 5
  /// The maximum number of lines the container can store (0: no limit).
  open var maximumNumberOfLines = 0
  /// How the last line of the container breaks (`.byWordWrapping` by default).
  open var lineBreakMode: NSLineBreakMode = .byWordWrapping
  /// Whether the container's width follows its text view's (false for a container made by your
  /// code; true for a text view's own).
  open var widthTracksTextView = false
  /// Whether the container's height follows its text view's (false by default).
  open var heightTracksTextView = false
  /// The paths inside the container where text isn't laid out (kept).
  open var exclusionPaths: [UIBezierPath] = []
  /// Whether the container is a plain rectangle: true without exclusion paths.
  open var isSimpleRectangularTextContainer: Bool { exclusionPaths.isEmpty }

  /// `NSTextContainer(size:)`: a container of `size`.
  public init(size: CGSize) {
    self.size = size
    super.init()
  }

  /// An empty container (`init(size: .zero)`).
  public override convenience init() { self.init(size: .zero) }

  /// A container from an archive: an empty one (nothing is archived).
  public init(coder: NSCoder) {
    size = .zero
    super.init()
  }
}
