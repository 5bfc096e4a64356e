/// Why a duration string could not be read.
public enum DurationParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not a number with an optional unit.
  case malformed(String)
  /// The unit is not one of `ns`, `us`, `µs`, `ms`, `s`.
  case unknownUnit(text: String, unit: String)
  /// The value does not fit in 64-bit nanoseconds.
  case outOfRange(String)
  /// A negative duration where only non-negative ones make sense.
  case negative(String)

  public var description: String {
    switch self {
    case .malformed(let text):
      return "expected a duration such as 250, \"250ms\", \"1.5s\" or \"800us\", got \"\(text)\""
    case .unknownUnit(let text, let unit):
      return "unknown duration unit \"\(unit)\" in \"\(text)\"; use ns, us, ms or s"
    case .outOfRange(let text):
      return "duration \"\(text)\" is too large"
    case .negative(let text):
      return "duration \"\(text)\" is negative; durations must be zero or more"
    }
  }
}

extension SimDuration {
  /// Reads a duration from text: a plain number is milliseconds (`250`, `0.5`), and a number
  /// with a unit is read in that unit (`"250ms"`, `"1.5s"`, `"800us"`, `"12ns"`).
  ///
  /// The decimal is read exactly and rounded to the nearest nanosecond (halves away from zero),
  /// so `"1.5s"` is exactly 1,500,000,000 ns. Negative values are refused unless
  /// `allowNegative` is true.
  public init(parsing text: String, allowNegative: Bool = false) throws(DurationParseError) {
    let trimmed = text.trimmingSpaces
    var numberEnd = trimmed.startIndex
    for index in trimmed.indices {
      let c = trimmed[index]
      if c.isASCII && (c.isNumber || c == "." || c == "-" || c == "+") {
        numberEnd = trimmed.index(after: index)
      } else {
        break
      }
    }
    let numberText = String(trimmed[..<numberEnd])
    let unit = String(trimmed[numberEnd...]).trimmingSpaces
    let scale: Int64
    switch unit {
    case "ns": scale = 1
    case "us", "µs": scale = 1_000
    case "", "ms": scale = 1_000_000
    case "s": scale = 1_000_000_000
    default:
      if numberText.isEmpty { throw .malformed(text) }
      throw .unknownUnit(text: text, unit: unit)
    }
    guard let value = ExactDecimal(numberText) else { throw .malformed(text) }
    guard let ns = value.scaledRounded(by: scale) else { throw .outOfRange(text) }
    if ns < 0 && !allowNegative { throw .negative(text) }
    self.init(nanoseconds: ns)
  }
}

extension SimDuration: CustomStringConvertible {
  /// The shortest exact text in the largest fitting unit: `250ms`, `1.5s`, `800us`, `12ns`.
  /// Reading the text back with `init(parsing:)` gives the same duration.
  public var description: String {
    let ns = nanoseconds
    let magnitude = ns.magnitude
    let unit: (scale: UInt64, name: String)
    if magnitude >= 1_000_000_000 {
      unit = (1_000_000_000, "s")
    } else if magnitude >= 1_000_000 {
      unit = (1_000_000, "ms")
    } else if magnitude >= 1_000 {
      unit = (1_000, "us")
    } else {
      unit = (1, "ns")
    }
    let whole = magnitude / unit.scale
    let fraction = magnitude % unit.scale
    var text = (ns < 0 ? "-" : "") + String(whole)
    if fraction != 0 {
      var digits = String(fraction)
      let width = String(unit.scale).count - 1
      digits = String(repeating: "0", count: width - digits.count) + digits
      while digits.hasSuffix("0") { digits.removeLast() }
      text += "." + digits
    }
    return text + unit.name
  }
}

/// A decimal number read exactly from text: `mantissa × 10^-fractionDigits`.
struct ExactDecimal {
  var negative: Bool
  var digits: [UInt8]
  var fractionDigits: Int

  init?(_ text: String) {
    var chars = Substring(text)
    negative = false
    if chars.first == "-" || chars.first == "+" {
      negative = chars.first == "-"
      chars = chars.dropFirst()
    }
    digits = []
    fractionDigits = 0
    var seenPoint = false
    for c in chars {
      if c == "." {
        if seenPoint { return nil }
        seenPoint = true
      } else if let d = c.wholeNumberValue, c.isASCII {
        digits.append(UInt8(d))
        if seenPoint { fractionDigits += 1 }
      } else {
        return nil
      }
    }
    if digits.isEmpty { return nil }
  }

  /// The value times `scale` (a power of ten), rounded to the nearest integer, halves away
  /// from zero; nil on overflow.
  func scaledRounded(by scale: Int64) -> Int64? {
    var scaleDigits = 0
    var s = scale
    while s > 1 {
      s /= 10
      scaleDigits += 1
    }
    // Value × 10^scaleDigits: keep digits up to (fractionDigits - scaleDigits) after the point.
    let keepFraction = fractionDigits - scaleDigits
    let integerDigitCount = digits.count - max(keepFraction, 0)
    var result: Int64 = 0
    for d in digits.prefix(integerDigitCount) {
      let (m, o1) = result.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(Int64(d))
      if o1 || o2 { return nil }
      result = a
    }
    if keepFraction < 0 {
      for _ in 0 ..< -keepFraction {
        let (m, o) = result.multipliedReportingOverflow(by: 10)
        if o { return nil }
        result = m
      }
    } else if keepFraction > 0 {
      let firstDropped = digits[integerDigitCount]
      if firstDropped >= 5 {
        let (a, o) = result.addingReportingOverflow(1)
        if o { return nil }
        result = a
      }
    }
    return negative ? -result : result
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var slice = Substring(self)
    while let f = slice.first, f == " " || f == "\t" { slice = slice.dropFirst() }
    while let l = slice.last, l == " " || l == "\t" { slice = slice.dropLast() }
    return String(slice)
  }
}
