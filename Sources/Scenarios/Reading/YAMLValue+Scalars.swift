import SimKernel
import SimPlatform

/// Typed readers for scalar values: each says what it expected and what it found.
extension YAMLValue {
  /// Text from any non-null scalar (a plain number or flag is read as written).
  func text(_ what: String = "text") throws(ScenarioError) -> String {
    guard let scalar, scalar != .null else { throw expected(what) }
    return scalar.text
  }

  /// Text that is not empty.
  func nonEmptyText(_ what: String) throws(ScenarioError) -> String {
    let value = try text(what)
    if value.isEmpty { throw error(.invalidValue, "expected \(what), got an empty string") }
    return value
  }

  /// `true` or `false`.
  func bool() throws(ScenarioError) -> Bool {
    guard case .bool(let value) = scalar else { throw expected("true or false") }
    return value
  }

  /// A whole number within `range`.
  func integer(
    _ what: String = "a whole number", in range: ClosedRange<Int64> = Int64.min...Int64.max
  ) throws(ScenarioError) -> Int64 {
    if case .float(let text) = scalar, text.contains(where: { $0 == "e" || $0 == "E" }) {
      throw error(
        .invalidValue,
        "expected \(what), got \(text): a whole number is written in digits, without an exponent")
    }
    guard case .integer(let text) = scalar else { throw expected(what) }
    guard let value = Int64(text) else {
      throw error(.invalidValue, "expected \(what), got \(text), which is too large")
    }
    guard range.contains(value) else {
      throw error(.invalidValue, "expected \(what), got \(text)")
    }
    return value
  }

  /// A count of zero or more.
  func count(_ what: String = "a count of zero or more") throws(ScenarioError) -> Int {
    Int(try integer(what, in: 0...Int64(Int32.max)))
  }

  /// A count of one or more.
  func positiveCount(_ what: String = "a whole number of 1 or more") throws(ScenarioError) -> Int {
    Int(try integer(what, in: 1...Int64(Int32.max)))
  }

  /// A finite number (integer or decimal).
  func number(_ what: String = "a number") throws(ScenarioError) -> Double {
    switch scalar {
    case .integer(let text), .float(let text):
      guard let value = Double(text), value.isFinite,
        value.magnitude <= Scenario.Limits.maxMagnitude
      else {
        throw error(.invalidValue, "expected \(what), got \(text), which is out of range")
      }
      return value
    default:
      throw expected(what)
    }
  }

  /// A number of zero or more.
  func nonNegativeNumber(_ what: String = "a number of zero or more") throws(ScenarioError)
    -> Double
  {
    let value = try number(what)
    if value < 0 { throw error(.invalidValue, "expected \(what), got \(scalar?.text ?? "")") }
    return value
  }

  /// A number above zero.
  func positiveNumber(_ what: String = "a number above zero") throws(ScenarioError) -> Double {
    let value = try number(what)
    if value <= 0 { throw error(.invalidValue, "expected \(what), got \(scalar?.text ?? "")") }
    return value
  }

  /// A duration: a number of milliseconds or text with a unit, rounded to the nearest ns.
  func duration(allowNegative: Bool = false) throws(ScenarioError) -> SimDuration {
    let text: String
    switch scalar {
    case .integer(let t), .float(let t), .string(let t): text = t
    default: throw expected("a duration", hint: durationHint)
    }
    do {
      return try SimDuration(parsing: text, allowNegative: allowNegative)
    } catch {
      switch error {
      case .malformed:
        throw self.error(.invalidValue, "expected a duration, got \(shown)", hint: durationHint)
      case .unknownUnit(_, let unit):
        throw self.error(
          .invalidValue, "expected a duration, got \(shown) (unknown unit \(quoted(unit)))",
          hint: durationHint)
      case .outOfRange:
        throw self.error(.invalidValue, "expected a duration, got \(shown), which is too large")
      case .negative:
        throw self.error(.invalidValue, "expected a duration of zero or more, got \(shown)")
      }
    }
  }

  /// A size in bytes: a number or text such as `"64KB"` (1 KB is 1,000 bytes).
  func size() throws(ScenarioError) -> ByteSize {
    let text: String
    switch scalar {
    case .integer(let t), .float(let t), .string(let t): text = t
    default: throw expected("a size", hint: sizeHint)
    }
    do {
      return try ByteSize(parsing: text)
    } catch {
      switch error {
      case .malformed:
        throw self.error(.invalidValue, "expected a size, got \(shown)", hint: sizeHint)
      case .negative:
        throw self.error(.invalidValue, "expected a size of zero or more, got \(shown)")
      }
    }
  }

  /// A size above zero.
  func positiveSize() throws(ScenarioError) -> ByteSize {
    let value = try size()
    if value.bytes <= 0 { throw error(.invalidValue, "expected a size above zero, got \(shown)") }
    return value
  }

  /// A bandwidth: a size per second such as `"4MB/s"`, or a plain number of bytes per second.
  /// Returns the bytes per second, which must be above zero.
  func bandwidth() throws(ScenarioError) -> ByteSize {
    let hint = "a bandwidth is a size per second, such as \"2MB/s\" or \"500KB/s\""
    var text: String
    switch scalar {
    case .integer(let t), .float(let t): text = t
    case .string(let t):
      guard t.hasSuffix("/s") else {
        throw error(.invalidValue, "expected a bandwidth, got \(shown)", hint: hint)
      }
      text = String(t.dropLast(2))
    default: throw expected("a bandwidth", hint: hint)
    }
    guard let value = try? ByteSize(parsing: text), value.bytes > 0 else {
      throw error(.invalidValue, "expected a bandwidth above zero, got \(shown)", hint: hint)
    }
    return value
  }

  /// One of `choices`, with a suggestion for near misses.
  func choice(_ choices: [String], what: String) throws(ScenarioError) -> String {
    guard case .string(let text) = scalar else {
      throw expected("\(what) (\(choices.joined(separator: " or ")))")
    }
    guard choices.contains(text) else {
      let near = nearestName(to: text, in: choices).map { "; did you mean \"\($0)\"?" } ?? ""
      throw error(
        .invalidValue,
        "expected \(what) (\(choices.joined(separator: " or "))), got \(shown)\(near)")
    }
    return text
  }
}

private let durationHint =
  "a duration is a number of milliseconds (250, 0.5) or text with a unit: \"250ms\", "
  + "\"1.5s\", \"800us\""
private let sizeHint =
  "a size is a number of bytes or text with a unit: \"64KB\", \"1.5MB\" (1 KB = 1,000 bytes)"
