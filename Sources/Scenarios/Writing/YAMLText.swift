import SimKernel

/// Scalar spellings used when writing scenarios: each is read back to the same value.
enum YAMLText {
  /// A double-quoted YAML string; everything outside YAML's printable set is escaped.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if isPrintable(scalar) {
          out.unicodeScalars.append(scalar)
        } else if scalar.value <= 0xFFFF {
          out += "\\u" + hex(scalar.value, digits: 4)
        } else {
          out += "\\U" + hex(scalar.value, digits: 8)
        }
      }
    }
    return out + "\""
  }

  /// A mapping key: plain when it is a simple identifier, quoted otherwise.
  static func key(_ text: String) -> String {
    let simple =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0.isASCIIDigit
          || $0 == "_" || $0 == "-"
      }
      && !(text.unicodeScalars.first!.isASCIIDigit || text.hasPrefix("-"))
      && !["true", "false", "null", "True", "False", "Null", "TRUE", "FALSE", "NULL"]
        .contains(text)
    return simple ? text : string(text)
  }

  /// A number: whole values without a fraction, others in Swift's shortest exact form.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A number that must read back as a decimal, not an integer (`2.0`, `1e+20`).
  static func decimal(_ value: Double) -> String { "\(value)" }

  /// A duration: `0`, or a quoted exact text such as `"1.5s"`.
  static func duration(_ value: SimDuration) -> String {
    value == .zero ? "0" : string(value.description)
  }

  /// An instant, written as its duration from the start.
  static func time(_ value: SimTime) -> String { duration(value.sinceStart) }

  /// A size, quoted: `"64KB"`.
  static func size(_ value: ByteSize) -> String { string(value.description) }

  /// A bandwidth, quoted: `"4MB/s"`.
  static func bandwidth(_ value: ByteSize) -> String { string(value.description + "/s") }

  /// A flow mapping: `{a: 1, b: 2}`.
  static func flow(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A flow list: `[1, 2]`.
  static func list(_ items: [String]) -> String {
    "[" + items.joined(separator: ", ") + "]"
  }

  private static func isPrintable(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x2028, 0x2029: return false  // libyaml reads these as line breaks
    case 0x20...0x7E, 0xA0...0xD7FF, 0x10000...0x10FFFF: return true
    case 0xE000...0xFFFD: return s.value != 0xFEFF
    default: return false
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
