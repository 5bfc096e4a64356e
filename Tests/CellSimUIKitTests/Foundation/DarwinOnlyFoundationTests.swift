// Written as iOS code: this file imports only the layer (and Testing). What Darwin's Foundation
// gives iOS code and swift-corelibs-foundation lacks or makes ambiguous: each line below fails
// to compile against a plain `import Foundation` on Linux.
import CellSimUIKit
import Testing

@Suite("Foundation as Darwin spells it: geometry members, empty initializers, durations")
struct DarwinOnlyFoundationTests {
  @Test("a member both CGFloat and Double have resolves to CGFloat, as on Darwin")
  func geometryMembers() {
    let fitting = CGSize(width: 60, height: .greatestFiniteMagnitude)
    #expect(fitting.height == CGFloat.greatestFiniteMagnitude)
    let rect = CGRect(x: 0, y: .zero, width: 10, height: .infinity)
    #expect(rect.size.height == CGFloat.infinity)
    let point = CGPoint(x: .pi, y: 1)
    #expect(point.x == CGFloat.pi)
    let vector = CGVector(dx: 0, dy: .greatestFiniteMagnitude)
    #expect(vector.dy == CGFloat.greatestFiniteMagnitude)
    // Double and Int values still convert, through the same initializers.
    let scale: Double = 2.5
    let count = 3
    #expect(CGSize(width: scale, height: scale) == CGSize(width: 2.5, height: 2.5))
    #expect(CGRect(x: count, y: count, width: count, height: count).maxX == 6)
    #expect(CGPoint(x: scale, y: 0).x == 2.5)
  }

  @Test("URLResponse() and the attributed and mutable strings' empty initializers")
  func emptyInitializers() {
    let response = URLResponse()
    #expect(response.expectedContentLength == -1)
    #expect(response.mimeType == nil)
    #expect(NSAttributedString().length == 0)
    let attributed = NSMutableAttributedString()
    attributed.append(NSAttributedString(string: "ab"))
    #expect(attributed.string == "ab")
    let text = NSMutableString()
    text.append("n=")
    text.appendFormat("%d, %.1f", 3, 2.5)
    #expect(text as String == "n=3, 2.5")
  }
}

// The stand-in's own forms (Darwin's formatter is Apple's, localised).
#if !canImport(Darwin)
  extension DarwinOnlyFoundationTests {
    @Test("DateComponentsFormatter, positional: leading zeros dropped, two units kept, padding")
    func positionalDurations() {
      let formatter = DateComponentsFormatter()
      formatter.allowedUnits = [.minute, .second]
      #expect(formatter.unitsStyle == .positional)
      #expect(formatter.string(from: 65) == "1:05")
      #expect(formatter.string(from: 5) == "0:05")
      #expect(formatter.string(from: 3_725) == "62:05")
      formatter.zeroFormattingBehavior = .pad
      #expect(formatter.string(from: 5) == "00:05")
      let hours = DateComponentsFormatter()
      hours.allowedUnits = [.hour, .minute, .second]
      // Apple's example: one hour and ten seconds.
      #expect(hours.string(from: 3_610) == "1:00:10")
      #expect(hours.string(from: 65) == "1:05")
      #expect(hours.string(from: -65) == "-1:05")
      #expect(hours.string(from: .infinity) == nil)
    }

    @Test("DateComponentsFormatter, named styles and the zero behaviours Apple documents")
    func namedDurations() {
      let formatter = DateComponentsFormatter()
      formatter.allowedUnits = [.day, .hour, .minute, .second]
      formatter.unitsStyle = .abbreviated
      // Apple's examples: one hour and ten seconds; ten minutes.
      #expect(formatter.string(from: 3_610) == "1h 10s")
      formatter.zeroFormattingBehavior = .dropLeading
      #expect(formatter.string(from: 600) == "10m 0s")
      formatter.zeroFormattingBehavior = .dropTrailing
      #expect(formatter.string(from: 3_600) == "0d 1h")
      formatter.zeroFormattingBehavior = .pad
      #expect(formatter.string(from: 3_600) == "0d 1h 0m 0s")
      formatter.zeroFormattingBehavior = .default
      #expect(formatter.string(from: 0) == "0s")
      formatter.unitsStyle = .full
      #expect(formatter.string(from: 3_661) == "1 hour, 1 minute, 1 second")
      formatter.maximumUnitCount = 2
      #expect(formatter.string(from: 93_784) == "1 day, 2 hours")
      formatter.maximumUnitCount = 0
      formatter.unitsStyle = .short
      #expect(formatter.string(from: 130) == "2 min, 10 sec")
      formatter.unitsStyle = .brief
      formatter.includesApproximationPhrase = true
      formatter.includesTimeRemainingPhrase = true
      #expect(formatter.string(from: 130) == "About 2min 10sec remaining")
      let spelled = DateComponentsFormatter()
      spelled.allowedUnits = [.minute]
      spelled.unitsStyle = .spellOut
      #expect(spelled.string(from: 21 * 60) == "twenty-one minutes")
    }

    @Test("DateComponentsFormatter from components, dates and string(for:)")
    func otherInputs() {
      var components = DateComponents()
      components.hour = 2
      components.minute = 5
      #expect(
        DateComponentsFormatter.localizedString(from: components, unitsStyle: .abbreviated)
          == "2h 5m")
      let formatter = DateComponentsFormatter()
      formatter.allowedUnits = [.minute, .second]
      let start = Date(timeIntervalSinceReferenceDate: 0)
      #expect(formatter.string(from: start, to: start.addingTimeInterval(90)) == "1:30")
      #expect(formatter.string(for: 90.0) == "1:30")
      #expect(formatter.string(for: "90") == nil)
    }
  }
#endif
