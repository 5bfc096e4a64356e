// Swift 5 language mode: a cell sizing its label with a height bound written as
// `.greatestFiniteMagnitude`, a test double's `URLResponse()`, and a video cell's duration text,
// each of which a plain `import Foundation` on Linux rejects.
import CellSimUIKit
import Testing

@Suite("Darwin's Foundation spellings in Swift 5 mode")
struct DarwinSpellingsSwift5Tests {
  @Test("geometry members, an empty response and a duration compile and mean what they do on iOS")
  func spellings() {
    let bound = CGSize(width: 120, height: .greatestFiniteMagnitude)
    #expect(bound.height == CGFloat.greatestFiniteMagnitude)
    let response = URLResponse()
    #expect(response.expectedContentLength == -1)
    let text = NSMutableString()
    text.appendFormat("%d", 7)
    #expect(text as String == "7")
    let duration = DateComponentsFormatter()
    duration.allowedUnits = [.minute, .second]
    duration.zeroFormattingBehavior = .pad
    #expect(duration.string(from: 75) == "01:15")
  }
}
