// Written as iOS code, with only the layer imported: the text measuring, text view settings and
// HTML summaries that cells use around their images.
import CellSimUIKit
import Testing

/// Whether `value` is `expected` to a thousandth of a point.
private func near(_ value: CGFloat, _ expected: CGFloat) -> Bool { abs(value - expected) < 0.001 }

/// A feed row's caption sizing, as self-sizing cells write it: the text's height at the cell's
/// width, rounded up.
private func captionHeight(_ text: String, width: CGFloat, font: UIFont) -> CGFloat {
  let rect = (text as NSString).boundingRect(
    with: CGSize(width: width, height: .greatestFiniteMagnitude),
    options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: [.font: font], context: nil)
  return ceil(rect.height)
}

/// A detail screen's summary: a text view whose links ask its delegate.
final class SummaryScreen: UIViewController, UITextViewDelegate {
  let summary = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))

  override func viewDidLoad() {
    super.viewDidLoad()
    summary.isEditable = false
    summary.dataDetectorTypes = [.link, .phoneNumber]
    summary.linkTextAttributes = [.foregroundColor: UIColor.systemRed]
    summary.textContainerInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 20)
    summary.textContainer.lineFragmentPadding = 0
    summary.delegate = self
    view.addSubview(summary)
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  func textView(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool { interaction != .preview }
}

@Suite("Text measuring, text containers and HTML summaries")
struct TextLayoutTests {
  @Test("a string's size: half the point size per character, the font's line height per line")
  func sizes() {
    let font = UIFont.systemFont(ofSize: 17)
    let size = "Hello world".size(withAttributes: [.font: font])
    #expect(near(size.width, 93.5) && near(size.height, 20.29))
    let bridged = ("Hello world" as NSString).size(withAttributes: [.font: font])
    #expect(bridged == size)
    let substring = "Hello world".prefix(5).size(withAttributes: [.font: font])
    #expect(near(substring.width, 42.5))
    #expect(near("abc".size(withAttributes: nil).width, 25.5), "the 17-point system font")
    #expect("".size(withAttributes: [.font: font]) == .zero)
    let twoLines = "Hi\nthere".size(withAttributes: [.font: UIFont.systemFont(ofSize: 10)])
    #expect(near(twoLines.width, 25) && near(twoLines.height, 2 * 11.93))
  }

  @Test("with .usesLineFragmentOrigin text wraps at spaces to the width; without, it is one line")
  func wrapping() {
    let font = UIFont.systemFont(ofSize: 17)
    let wrapped = "Hello world".boundingRect(
      with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude),
      options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
    #expect(near(wrapped.width, 42.5) && near(wrapped.height, 40.58))
    #expect(wrapped.origin == .zero)
    let oneLine = "Hello world".boundingRect(
      with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), options: [],
      attributes: [.font: font], context: nil)
    #expect(near(oneLine.width, 93.5) && near(oneLine.height, 20.29))
    let longWord = "abcdefghij".boundingRect(
      with: CGSize(width: 40, height: 0), options: .usesLineFragmentOrigin,
      attributes: [.font: font], context: nil)
    #expect(near(longWord.width, 34) && near(longWord.height, 3 * 20.29), "4, 4 and 2 letters")
    #expect(captionHeight("Hello world", width: 60, font: font) == 41)
    #expect(captionHeight("Hello world", width: 320, font: font) == 21)
  }

  @Test("a height limits the lines only with .truncatesLastVisibleLine")
  func truncation() {
    let font = UIFont.systemFont(ofSize: 17)
    let limit = CGSize(width: 60, height: 30)
    let kept = "Hello world again".boundingRect(
      with: limit, options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
    #expect(near(kept.height, 3 * 20.29))
    let cut = "Hello world again".boundingRect(
      with: limit, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
      attributes: [.font: font], context: nil)
    #expect(near(cut.height, 20.29) && near(cut.width, 42.5))
  }

  @Test("an attributed string takes each run's font; the context records what was measured")
  func attributedRuns() {
    let title = NSMutableAttributedString(
      string: "Title", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
    title.append(
      NSAttributedString(string: "\nbody", attributes: [.font: UIFont.systemFont(ofSize: 12)]))
    let context = NSStringDrawingContext()
    context.minimumScaleFactor = 0.5
    let rect = title.boundingRect(
      with: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude),
      options: [.usesLineFragmentOrigin], context: context)
    #expect(near(rect.width, 50) && near(rect.height, 23.87 + 14.32))
    #expect(context.totalBounds == rect && context.actualScaleFactor == 1)
    #expect(context.minimumScaleFactor == 0.5)
    #expect(near(NSAttributedString(string: "abcd").size().width, 34))
    let options: NSString.DrawingOptions = [.usesFontLeading, .usesDeviceMetrics]
    #expect(
      options.rawValue == 10 && NSStringDrawingOptions.truncatesLastVisibleLine.rawValue == 32)
  }

  @MainActor
  @Test("a text view's container follows its width less the insets; settings are kept")
  func textContainer() {
    let screen = SummaryScreen()
    screen.loadViewIfNeeded()
    let container = screen.summary.textContainer
    #expect(container.size.width == 270 && container.lineFragmentPadding == 0)
    #expect(container.widthTracksTextView && !container.heightTracksTextView)
    screen.summary.frame.size.width = 200
    #expect(screen.summary.textContainer.size.width == 170)
    #expect(screen.summary.textContainer === container)
    container.maximumNumberOfLines = 3
    container.lineBreakMode = .byTruncatingTail
    container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40))]
    #expect(!container.isSimpleRectangularTextContainer && container.maximumNumberOfLines == 3)
    #expect(screen.summary.dataDetectorTypes == [.link, .phoneNumber])
    #expect(screen.summary.linkTextAttributes[.foregroundColor] as? UIColor == .systemRed)
    #expect(UITextView().linkTextAttributes[.foregroundColor] as? UIColor == .blue)
    #expect(UITextView().dataDetectorTypes.isEmpty && UIDataDetectorTypes.all.contains(.money))

    let free = NSTextContainer(size: CGSize(width: 100, height: 50))
    #expect(free.lineFragmentPadding == 5 && !free.widthTracksTextView)
    #expect(free.maximumNumberOfLines == 0 && free.lineBreakMode == .byWordWrapping)
    #expect(NSTextContainer().size == .zero)
  }

  @MainActor
  @Test("a text view's delegate answers for links; attachments are allowed by default")
  func linkInteraction() {
    let screen = SummaryScreen()
    let view = screen.summary
    let url = URL(string: "https://example.com")!
    let range = NSRange(location: 0, length: 4)
    #expect(
      screen.textView(view, shouldInteractWith: url, in: range, interaction: .invokeDefaultAction))
    #expect(!screen.textView(view, shouldInteractWith: url, in: range, interaction: .preview))
    let delegate: any UITextViewDelegate = screen
    #expect(!delegate.textView(view, shouldInteractWith: url, in: range, interaction: .preview))
    let attachment = NSTextAttachment(image: UIImage())
    #expect(
      screen.textView(view, shouldInteractWith: attachment, in: range, interaction: .presentActions)
    )
    #expect(UITextItemInteraction(rawValue: 1) == .presentActions)
    let inline = NSAttributedString(attachment: attachment)
    #expect(inline.string == "\u{FFFC}")
    #expect(
      inline.attribute(.attachment, at: 0, effectiveRange: nil) as? NSTextAttachment === attachment)
  }

  @Test("HTML is read as its text: tags stripped, entities decoded, breaks and paragraphs kept")
  func html() throws {
    let html = """
      <html><head><title>Ignored</title><style>p { color: red }</style></head>
      <body><p>Fish &amp; chips&nbsp;&lt;3</p>
      <p>Caf&#233; &#x263A;<br>Open   daily &quot;9&#39;s&quot;</p><!-- a note --></body></html>
      """
    let data = try #require(html.data(using: .utf8))
    let text = try NSAttributedString(
      data: data,
      options: [
        .documentType: NSAttributedString.DocumentType.html,
        .characterEncoding: String.Encoding.utf8.rawValue,
      ],
      documentAttributes: nil)
    #expect(text.string == "Fish & chips\u{00A0}<3\nCafé ☺\nOpen daily \"9's\"\n")

    var attributes: NSDictionary?
    let plain = try NSMutableAttributedString(
      data: Data("a <b> c".utf8), options: [.documentType: NSAttributedString.DocumentType.plain],
      documentAttributes: &attributes)
    #expect(plain.string == "a <b> c")
    #expect(attributes?["DocumentType"] as? String == "NSPlainText")
    let guessed = try NSAttributedString(data: Data("<i>x</i>".utf8), documentAttributes: nil)
    #expect(guessed.string == "x")

    #expect(throws: CocoaError.self) {
      try NSAttributedString(
        data: Data("{\\rtf1 x}".utf8),
        options: [.documentType: NSAttributedString.DocumentType.rtf],
        documentAttributes: nil)
    }
    #expect(throws: CocoaError.self) {
      try NSAttributedString(data: Data([0xFF, 0xFE, 0xFD]), documentAttributes: nil)
    }
  }

  @Test("CGImageSourceCreateWithData takes an NSData as it takes a Data")
  func imageSourceFromNSData() throws {
    let bytes = try photoBytes()
    let fromNSData = try #require(CGImageSourceCreateWithData(bytes as NSData, nil))
    let fromData = try #require(CGImageSourceCreateWithData(bytes as CFData, nil))
    #expect(CGImageSourceGetCount(fromNSData) == 1)
    let properties = try #require(CGImageSourceCopyPropertiesAtIndex(fromNSData, 0, nil))
    let expected = try #require(CGImageSourceCopyPropertiesAtIndex(fromData, 0, nil))
    #expect(
      properties[kCGImagePropertyPixelWidth] as? Int == expected[kCGImagePropertyPixelWidth] as? Int
    )
    #expect(properties[kCGImagePropertyPixelWidth] as? Int ?? 0 > 0)
    #expect(CGImageSourceCreateWithData(NSData(bytes: [1, 2, 3], length: 3), nil) == nil)
  }
}
