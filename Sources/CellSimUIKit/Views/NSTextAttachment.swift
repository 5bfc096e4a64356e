import Foundation

/// UIKit's `NSTextAttachment`: an image or data inline in an attributed string, under
/// `.attachment`. Kept, never drawn; a run never taps one, so a text view's delegate is never
/// asked about it.
open class NSTextAttachment: NSObject {
  /// The attachment's contents (kept).
  open var contents: Data?
  /// The contents' uniform type identifier (kept).
  open var fileType: String?
  /// The image shown for the attachment (kept; not drawn).
  open var image: UIImage?
  /// The attachment's bounds in the text (kept; `.zero` by default, as in UIKit).
  open var bounds: CGRect = .zero

  /// `NSTextAttachment(data:ofType:)`: an attachment with `contentData` of type `uti`.
  public init(data contentData: Data?, ofType uti: String?) {
    contents = contentData
    fileType = uti
    super.init()
  }

  /// An empty attachment.
  public override convenience init() { self.init(data: nil, ofType: nil) }

  /// `NSTextAttachment(image:)`: an attachment showing `image`.
  public convenience init(image: UIImage) {
    self.init(data: nil, ofType: nil)
    self.image = image
  }
}

extension NSAttributedString {
  /// `NSAttributedString(attachment:)`: the attachment character (U+FFFC) with `attachment`
  /// under `.attachment`, as UIKit makes it.
  public convenience init(attachment: NSTextAttachment) {
    self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
  }
}
