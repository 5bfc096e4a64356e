import SimPlatform
internal import Yams

/// What a scalar means, classified by CellSim's own rules (YAML 1.2 core schema) rather than
/// Yams' YAML 1.1 resolver: `yes`/`no`/`on`/`off` are text, not booleans.
///
/// Quoted, literal and folded scalars and scalars tagged `!!str` are always text; a plain
/// scalar is null (`~`, `null`, empty), a boolean (`true`, `false`), an integer (digits with
/// an optional sign), a float (a decimal with optional exponent), or else text.
enum ScalarValue: Equatable {
  case null
  case bool(Bool)
  /// An integer, kept as text so that the reader can range-check it for its field.
  case integer(String)
  /// A float, kept as text as well (durations and sizes read decimals exactly).
  case float(String)
  case string(String)

  init(_ scalar: Node.Scalar) {
    let text = scalar.string
    let tag = scalar.tag.rawValue
    if scalar.style != .plain && scalar.style != .any || tag == Tag.Name.str.rawValue {
      self = .string(text)
      return
    }
    switch text {
    case "", "~", "null", "Null", "NULL": self = .null
    case "true", "True", "TRUE": self = .bool(true)
    case "false", "False", "FALSE": self = .bool(false)
    default:
      if ScalarValue.isInteger(text) {
        self = .integer(text)
      } else if ScalarValue.isFloat(text) {
        self = .float(text)
      } else {
        self = .string(text)
      }
    }
  }

  /// The text of the scalar as written.
  var text: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .integer(let t), .float(let t), .string(let t): return t
    }
  }

  /// `[-+]?[0-9]+`
  static func isInteger(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
    return !scalars.isEmpty && scalars.allSatisfy { $0.isASCIIDigit }
  }

  /// `[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?`
  static func isFloat(_ text: String) -> Bool {
    var s = Array(text.unicodeScalars)[...]
    if let first = s.first, first == "-" || first == "+" { s = s.dropFirst() }
    let mantissaEnd = s.firstIndex { $0 == "e" || $0 == "E" } ?? s.endIndex
    let mantissa = s[..<mantissaEnd]
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }) else { return false }
    guard parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
    guard mantissaEnd < s.endIndex else { return true }
    var exponent = s[s.index(after: mantissaEnd)...]
    if let first = exponent.first, first == "-" || first == "+" { exponent = exponent.dropFirst() }
    return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigit)
  }
}

extension Unicode.Scalar {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// One value of the composed YAML tree, with the key path that leads to it, so that every
/// error can name `file:line:column` and the path.
struct YAMLValue {
  /// The node itself.
  let node: Node
  /// The key path, such as `events[3].drag.over`.
  let path: String
  /// The file name used in errors.
  let file: String

  /// The 1-based line of the node.
  var line: Int { node.mark?.line ?? 1 }
  /// The 1-based column of the node.
  var column: Int { node.mark?.column ?? 1 }

  /// The value at `key` below this one.
  func child(_ key: String, node: Node) -> YAMLValue {
    YAMLValue(node: node, path: path.isEmpty ? key : path + "." + key, file: file)
  }

  /// The value at `index` below this one.
  func element(_ index: Int, node: Node) -> YAMLValue {
    YAMLValue(node: node, path: path + "[\(index)]", file: file)
  }

  /// An error located at this value.
  func error(
    _ kind: ScenarioError.Kind, _ message: String, hint: String? = nil
  ) -> ScenarioError {
    ScenarioError(
      kind: kind, file: file, line: line, column: column, path: path, message: message,
      hint: hint)
  }

  /// A `wrongType` error: `expected <what>, got <this value>`.
  func expected(_ what: String, hint: String? = nil) -> ScenarioError {
    error(.wrongType, "expected \(what), got \(shown)", hint: hint)
  }

  /// The scalar's meaning, or nil for a mapping or a list.
  var scalar: ScalarValue? {
    if case .scalar(let s) = node { return ScalarValue(s) }
    return nil
  }

  /// True for `~`, `null` or an empty value.
  var isNull: Bool { scalar == .null }

  /// This value as it appears in messages: `"fast"`, `1200`, `a mapping`, `a list`, `nothing`.
  var shown: String {
    switch node {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    case .scalar(let s):
      switch ScalarValue(s) {
      case .null: return s.string.isEmpty ? "nothing" : s.string
      case .string(let text): return quoted(text)
      case let other: return other.text
      }
    }
  }

  /// The entries of a mapping whose keys must all be in `keys` (in documentation order; the
  /// order also breaks ties between equally near suggestions).
  func mapping(keys: [String], what: String = "a mapping") throws(ScenarioError) -> Fields {
    guard case .mapping(let mapping) = node else { throw expected(what) }
    var entries: [Fields.Entry] = []
    for (keyNode, valueNode) in mapping {
      let keyValue = YAMLValue(node: keyNode, path: path, file: file)
      guard case .scalar(let keyScalar) = keyNode else { throw keyValue.expected("a key name") }
      let key = keyScalar.string
      let value = child(key, node: valueNode)
      guard keys.contains(key) else {
        let suggestion = nearestName(to: key, in: keys).map { "; did you mean \"\($0)\"?" } ?? ""
        let at = YAMLValue(node: keyNode, path: value.path, file: file)
        throw at.error(
          .unknownKey, "unknown key \(quoted(key))\(suggestion)",
          hint: "valid keys here: " + keys.joined(separator: ", "))
      }
      entries.append(Fields.Entry(key: key, keyNode: keyNode, value: value))
    }
    return Fields(owner: self, entries: entries)
  }

  /// The elements of a list.
  func list(_ what: String = "a list") throws(ScenarioError) -> [YAMLValue] {
    guard case .sequence(let sequence) = node else { throw expected(what) }
    var values: [YAMLValue] = []
    for (index, node) in sequence.enumerated() { values.append(element(index, node: node)) }
    return values
  }
}

/// The entries of one mapping, in file order, with lookups that report missing keys.
struct Fields {
  /// One key and its value.
  struct Entry {
    let key: String
    let keyNode: Node
    let value: YAMLValue
  }

  /// The mapping itself.
  let owner: YAMLValue
  /// The entries in file order.
  let entries: [Entry]

  /// The value of `key`, or nil when it is absent.
  subscript(key: String) -> YAMLValue? {
    entries.first { $0.key == key }?.value
  }

  /// The value of `key`, which must be present.
  func required(_ key: String, _ what: String) throws(ScenarioError) -> YAMLValue {
    guard let value = self[key] else {
      throw owner.error(.missingKey, "missing required key \"\(key)\" (\(what))")
    }
    return value
  }

  /// True when `key` is present.
  func has(_ key: String) -> Bool { self[key] != nil }

  /// The entry of `key`, with its key node for locating errors at the key itself.
  func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }
}

/// `text` in double quotes, shortened to 40 characters, for messages.
func quoted(_ text: String) -> String {
  var shown = text
  if shown.count > 40 { shown = String(shown.prefix(39)) + "…" }
  var escaped = ""
  for scalar in shown.unicodeScalars {
    switch scalar {
    case "\"": escaped += "\\\""
    case "\\": escaped += "\\\\"
    case "\n": escaped += "\\n"
    case "\t": escaped += "\\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
  }
  return "\"" + escaped + "\""
}
