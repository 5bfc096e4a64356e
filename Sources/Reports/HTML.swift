/// The one place that turns text into HTML. Scenario names, `about:` texts, URLs, loader
/// names and violation sentences are user input: every one reaches a page through `text` or
/// `attribute`, never by interpolation, so a page stays well-formed and inert whatever they
/// hold.
package enum HTML {
  /// `text` escaped for element content and for double-quoted attribute values: `&`, `<`,
  /// `>`, `"` and `'` become character references; NUL and other C0 controls but tab and
  /// newline become U+FFFD, which HTML and XML both accept.
  package static func text(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `value` as a double-quoted attribute value, quotes included.
  package static func attribute(_ value: String) -> String { "\"" + text(value) + "\"" }

  /// A number for SVG coordinates: at most two decimals, no exponent.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int64((min(max(value, -1e15), 1e15) * 100).rounded())
    let magnitude = hundredths.magnitude
    var text = String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
      text += "." + (fraction < 10 ? "0" : "") + String(fraction)
      if text.hasSuffix("0") { text.removeLast() }
    }
    return (hundredths < 0 ? "-" : "") + text
  }

}
