/// A number of bytes read from a scenario: `65536`, `"64KB"`, `"1.5MB"` (1 KB is 1,000 bytes;
/// `KiB`/`MiB`/`GiB` are powers of 1,024).
public struct ByteSize: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number of bytes.
  public var bytes: Int64

  /// `bytes` bytes.
  public init(bytes: Int64) { self.bytes = bytes }

  /// Reads a size: a plain number of bytes, or a number with a unit (`B`, `KB`, `MB`, `GB`,
  /// `KiB`, `MiB`, `GiB`), rounded to the nearest byte. Negative sizes are refused.
  public init(parsing text: String) throws(ByteSizeParseError) {
    let trimmed = text.trimmingSpaces
    let numberEnd =
      trimmed.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+")) }
      ?? trimmed.endIndex
    let unit = String(trimmed[numberEnd...]).trimmingSpaces
    let scale: Int64
    switch unit {
    case "", "B": scale = 1
    case "KB", "kB": scale = 1_000
    case "MB": scale = 1_000_000
    case "GB": scale = 1_000_000_000
    case "KiB": scale = 1_024
    case "MiB": scale = 1_048_576
    case "GiB": scale = 1_073_741_824
    default:
      throw .malformed(text)
    }
    guard let decimal = ExactDecimal(String(trimmed[..<numberEnd])) else {
      throw .malformed(text)
    }
    guard let value = decimal.scaledRounded(by: scale) else { throw .malformed(text) }
    if value < 0 { throw .negative(text) }
    bytes = value
  }

  public static func < (a: ByteSize, b: ByteSize) -> Bool { a.bytes < b.bytes }

  /// The size in the largest decimal unit that keeps it readable, e.g. `64KB`, `1.5MB`.
  public var description: String {
    let units: [(Int64, String)] = [(1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "KB")]
    for (scale, name) in units where bytes >= scale {
      let whole = bytes / scale
      let rest = bytes % scale
      if rest == 0 { return "\(whole)\(name)" }
      var digits = String(rest)
      digits = String(repeating: "0", count: String(scale).count - 1 - digits.count) + digits
      while digits.hasSuffix("0") { digits.removeLast() }
      return "\(whole).\(digits)\(name)"
    }
    return "\(bytes)B"
  }
}

/// Why a size string could not be read.
public enum ByteSizeParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not a number with an optional unit.
  case malformed(String)
  /// A negative size.
  case negative(String)

  public var description: String {
    switch self {
    case .malformed(let text):
      return "expected a size such as 65536, \"64KB\" or \"1.5MB\", got \"\(text)\""
    case .negative(let text):
      return "size \"\(text)\" is negative"
    }
  }
}

extension ByteSize: ExpressibleByIntegerLiteral {
  /// A literal number of bytes: `bandwidth: 250_000` reads as `ByteSize(bytes: 250_000)`.
  public init(integerLiteral value: Int64) { self.init(bytes: value) }
}
