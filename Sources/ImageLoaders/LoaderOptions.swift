public import SimKernel
import SimPlatform

/// A value given for a loader option in a scenario (`loader: {name: reference, memory_cache:
/// "20MB"}`) or on the command line.
public enum LoaderOptionValue: Sendable, Hashable, CustomStringConvertible {
  /// `true` / `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// Text: a name, a duration (`"250ms"`) or a size (`"20MB"`).
  case string(String)

  public var description: String {
    switch self {
    case .bool(let b): "\(b)"
    case .number(let n): n == n.rounded() && abs(n) < 1e15 ? "\(Int64(n))" : "\(n)"
    case .string(let s): "\"\(s)\""
    }
  }
}

/// Why a loader could not be made.
public enum LoaderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No loader has this name.
  case unknownLoader(String, suggestion: String?)
  /// The loader has no option with this name.
  case unknownOption(loader: String, option: String, suggestion: String?)
  /// The option's value has the wrong type or is out of range.
  case invalidOption(loader: String, option: String, expected: String, got: String)

  public var description: String {
    switch self {
    case .unknownLoader(let name, let suggestion):
      return "unknown loader \"\(name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        + " (`cellsim loaders` lists them)"
    case .unknownOption(let loader, let option, let suggestion):
      return "loader \(loader) has no option \"\(option)\""
        + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
    case .invalidOption(let loader, let option, let expected, let got):
      return "loader \(loader), option \(option): expected \(expected), got \(got)"
    }
  }
}

/// One option a loader accepts: its name, kind, default and meaning (`cellsim loaders` prints
/// these).
public struct LoaderOptionSpec: Sendable, Hashable {
  /// The kinds of values an option takes.
  public enum Kind: Sendable, Hashable {
    case bool
    case integer(ClosedRange<Int>)
    case duration
    case size
    case choice([String])
  }

  /// The option's name in scenarios.
  public let name: String
  /// The kind of value.
  public let kind: Kind
  /// The default, as text.
  public let defaultValue: String
  /// What it does.
  public let summary: String

  /// An option spec.
  public init(_ name: String, _ kind: Kind, default defaultValue: String, _ summary: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.summary = summary
  }

  /// A human description of the expected value.
  public var expected: String {
    switch kind {
    case .bool: "true or false"
    case .integer(let range): "a whole number in \(range.lowerBound)...\(range.upperBound)"
    case .duration: "a duration such as \"250ms\""
    case .size: "a size such as \"20MB\""
    case .choice(let names): names.map { "\"\($0)\"" }.joined(separator: " or ")
    }
  }
}

/// The options given to a loader, validated against its specs.
///
/// The typed accessors read an option or its spec's default. Construction refuses unknown
/// names (suggesting the nearest) and values of the wrong kind, so a typo in a scenario is an
/// error, never a silent default.
public struct LoaderOptions: Sendable, Hashable {
  /// The loader's name, for messages.
  public let loader: String
  /// The options given, in order.
  public let entries: [(key: String, value: LoaderOptionValue)]
  let specs: [LoaderOptionSpec]

  /// Validates `entries` against `specs`.
  public init(
    loader: String, entries: [(key: String, value: LoaderOptionValue)] = [],
    specs: [LoaderOptionSpec]
  ) throws(LoaderError) {
    self.loader = loader
    self.entries = entries
    self.specs = specs
    for entry in entries {
      guard let spec = specs.first(where: { $0.name == entry.key }) else {
        throw .unknownOption(
          loader: loader, option: entry.key,
          suggestion: nearestName(to: entry.key, in: specs.map(\.name)))
      }
      _ = try Self.check(entry.value, against: spec, loader: loader)
    }
  }

  public static func == (a: LoaderOptions, b: LoaderOptions) -> Bool {
    a.loader == b.loader && a.entries.map(\.key) == b.entries.map(\.key)
      && a.entries.map(\.value) == b.entries.map(\.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(loader)
    for entry in entries {
      hasher.combine(entry.key)
      hasher.combine(entry.value)
    }
  }

  /// A boolean option.
  public func bool(_ name: String) -> Bool {
    if case .bool(let b) = resolved(name) { return b }
    preconditionFailure("LoaderOptions.bool: \(name) is not a boolean option of \(loader)")
  }

  /// An integer option.
  public func integer(_ name: String) -> Int {
    if case .number(let n) = resolved(name) { return Int(n) }
    preconditionFailure("LoaderOptions.integer: \(name) is not an integer option of \(loader)")
  }

  /// A duration option.
  public func duration(_ name: String) -> SimDuration {
    if case .string(let text) = resolved(name), let d = try? SimDuration(parsing: text) { return d }
    if case .number(let ms) = resolved(name) { return .milliseconds(ms) }
    preconditionFailure("LoaderOptions.duration: \(name) is not a duration option of \(loader)")
  }

  /// A size option, in bytes.
  public func size(_ name: String) -> Int64 {
    if case .string(let text) = resolved(name), let b = try? ByteSize(parsing: text) {
      return b.bytes
    }
    if case .number(let n) = resolved(name) { return Int64(n) }
    preconditionFailure("LoaderOptions.size: \(name) is not a size option of \(loader)")
  }

  /// A choice option.
  public func choice(_ name: String) -> String {
    if case .string(let s) = resolved(name) { return s }
    preconditionFailure("LoaderOptions.choice: \(name) is not a choice option of \(loader)")
  }

  /// The given value, or the spec's default parsed as a value.
  func resolved(_ name: String) -> LoaderOptionValue {
    if let given = entries.last(where: { $0.key == name }) { return given.value }
    guard let spec = specs.first(where: { $0.name == name }) else {
      preconditionFailure("LoaderOptions: \(loader) declares no option \(name)")
    }
    switch spec.kind {
    case .bool: return .bool(spec.defaultValue == "true")
    case .integer: return .number(Double(spec.defaultValue) ?? 0)
    case .duration, .size, .choice: return .string(spec.defaultValue)
    }
  }

  static func check(_ value: LoaderOptionValue, against spec: LoaderOptionSpec, loader: String)
    throws(LoaderError) -> LoaderOptionValue
  {
    let bad = LoaderError.invalidOption(
      loader: loader, option: spec.name, expected: spec.expected, got: value.description)
    switch (spec.kind, value) {
    case (.bool, .bool): return value
    case (.integer(let range), .number(let n)):
      guard n == n.rounded(), n.isFinite, range.contains(Int(n)) else { throw bad }
      return value
    case (.duration, .number(let ms)):
      guard ms >= 0, ms.isFinite else { throw bad }
      return value
    case (.duration, .string(let text)):
      guard (try? SimDuration(parsing: text)) != nil else { throw bad }
      return value
    case (.size, .number(let n)):
      guard n >= 0, n == n.rounded(), n.isFinite else { throw bad }
      return value
    case (.size, .string(let text)):
      guard (try? ByteSize(parsing: text)) != nil else { throw bad }
      return value
    case (.choice(let names), .string(let s)):
      guard names.contains(s) else { throw bad }
      return value
    default:
      throw bad
    }
  }
}
