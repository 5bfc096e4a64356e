// Written as iOS code: this file imports only the layer (and Testing). An error banner that
// centres its attributed title with a paragraph style.
import CellSimUIKit
import Testing

@Suite("NSParagraphStyle and NSMutableParagraphStyle")
struct ParagraphStyleTests {
  @Test("the default style's values; a mutable style sets them and copies independently")
  func values() {
    let base = NSParagraphStyle.default
    #expect(base.alignment == .natural && base.lineBreakMode == .byWordWrapping)
    #expect(base.lineSpacing == CGFloat(0) && base.baseWritingDirection == .natural)
    let style = NSMutableParagraphStyle()
    style.alignment = NSTextAlignment.center
    style.lineSpacing = 4
    style.lineBreakMode = .byTruncatingTail
    #expect(style.alignment == .center && style.lineSpacing == CGFloat(4))
    let frozen = style.copy() as? NSParagraphStyle
    let mutable = style.mutableCopy() as? NSMutableParagraphStyle
    style.alignment = .right
    #expect(frozen?.alignment == .center && !(frozen is NSMutableParagraphStyle))
    #expect(mutable?.alignment == .center && mutable?.lineBreakMode == .byTruncatingTail)
    mutable?.setParagraphStyle(base)
    #expect(mutable?.isEqual(NSParagraphStyle.default) == true && style != base)
  }

  @Test("an attributed title keeps its paragraph style under .paragraphStyle")
  func attributedTitle() {
    let style = NSMutableParagraphStyle()
    style.alignment = .center
    let title = NSAttributedString(
      string: "Offline", attributes: [.paragraphStyle: style, .font: UIFont.systemFont(ofSize: 17)])
    let kept = title.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
    #expect(kept?.alignment == .center)
  }
}
