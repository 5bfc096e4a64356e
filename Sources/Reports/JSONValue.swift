/// A JSON value with ordered object keys, written deterministically.
package indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int64)
  /// An unsigned integer, such as a seed above `Int64.max`, written exactly.
  case unsigned(UInt64)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }

  /// Compact JSON text.
  package var text: String {
    var out = ""
    write(into: &out)
    return out
  }

  func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .integer(let i): out += String(i)
    case .unsigned(let u): out += String(u)
    case .number(let n):
      if !n.isFinite {
        out += "null"
      } else if n == n.rounded(), abs(n) < 1e15 {
        out += String(Int64(n))
      } else {
        out += "\(n)"
      }
    case .string(let s): Self.writeString(s, into: &out)
    case .array(let values):
      out += "["
      for (i, v) in values.enumerated() {
        if i > 0 { out += "," }
        v.write(into: &out)
      }
      out += "]"
    case .object(let pairs):
      out += "{"
      for (i, pair) in pairs.enumerated() {
        if i > 0 { out += "," }
        Self.writeString(pair.0, into: &out)
        out += ":"
        pair.1.write(into: &out)
      }
      out += "}"
    }
  }

  static func writeString(_ s: String, into out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
