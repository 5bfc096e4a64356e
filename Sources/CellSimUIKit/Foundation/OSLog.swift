// The `os` module's logging, as image libraries write it (`Logger`, `os_log`, `OSLog`,
// `OSSignposter`): it compiles and logs nothing. A run's output is its trace and its verdicts;
// a log line, which often prints an object's address, would make neither deterministic. As on a
// device, the interpolated values of a message are not evaluated unless it is logged (here,
// never). `import os.log` or `import os` moves into the file's import block.

/// `OSLogType`.
public struct OSLogType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// `default`.
  public static let `default` = OSLogType(rawValue: 0x00)
  /// `info`.
  public static let info = OSLogType(rawValue: 0x01)
  /// `debug`.
  public static let debug = OSLogType(rawValue: 0x02)
  /// `error`.
  public static let error = OSLogType(rawValue: 0x10)
  /// `fault`.
  public static let fault = OSLogType(rawValue: 0x11)
}

/// `OSLog`: a subsystem and category to log under.
public final class OSLog: @unchecked Sendable {
  /// The subsystem.
  public let subsystem: String
  /// The category.
  public let category: String
  /// `OSLog(subsystem:category:)`.
  public init(subsystem: String, category: String) {
    self.subsystem = subsystem
    self.category = category
  }
  /// `OSLog.default`.
  public static let `default` = OSLog(subsystem: "", category: "")
  /// `OSLog.disabled`.
  public static let disabled = OSLog(subsystem: "", category: "disabled")
  /// `isEnabled(type:)`: false (nothing is logged).
  public func isEnabled(type: OSLogType) -> Bool { false }
}

/// `OSLogPrivacy`: accepted in interpolations.
public struct OSLogPrivacy: Hashable, Sendable {
  let level: Int
  /// `auto`.
  public static let auto = OSLogPrivacy(level: 0)
  /// `public`.
  public static let `public` = OSLogPrivacy(level: 1)
  /// `private`.
  public static let `private` = OSLogPrivacy(level: 2)
  /// `sensitive`.
  public static let sensitive = OSLogPrivacy(level: 3)
  /// `private(mask:)`.
  public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .private }
  /// `sensitive(mask:)`.
  public static func sensitive(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .sensitive }
  /// `OSLogPrivacy.Mask`.
  public struct Mask: Hashable, Sendable {
    /// `hash`.
    public static let hash = Mask()
    /// `none`.
    public static let none = Mask()
  }
}

/// `OSLogIntegerFormatting`: accepted in interpolations.
public struct OSLogIntegerFormatting: Hashable, Sendable {
  /// `decimal`.
  public static let decimal = OSLogIntegerFormatting()
  /// `hex`.
  public static let hex = OSLogIntegerFormatting()
  /// `octal`.
  public static let octal = OSLogIntegerFormatting()
  /// `decimal(explicitPositiveSign:minDigits:)`.
  public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int? = nil) -> Self {
    .decimal
  }
  /// `hex(explicitPositiveSign:includePrefix:uppercase:minDigits:)`.
  public static func hex(
    explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
    minDigits: Int? = nil
  ) -> Self { .hex }
}

/// `OSLogFloatFormatting`: accepted in interpolations.
public struct OSLogFloatFormatting: Hashable, Sendable {
  /// `fixed`.
  public static let fixed = OSLogFloatFormatting()
  /// `fixed(precision:explicitPositiveSign:uppercase:)`.
  public static func fixed(
    precision: Int, explicitPositiveSign: Bool = false, uppercase: Bool = false
  ) -> Self { .fixed }
  /// `exponential`.
  public static let exponential = OSLogFloatFormatting()
}

/// `OSLogStringAlignment`: accepted in interpolations.
public struct OSLogStringAlignment: Hashable, Sendable {
  /// `none`.
  public static let none = OSLogStringAlignment()
  /// `left(columns:)`.
  public static func left(columns: Int) -> Self { .none }
  /// `right(columns:)`.
  public static func right(columns: Int) -> Self { .none }
}

/// `OSLogMessage`: a message with interpolations, whose values are never evaluated.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: Interpolation) {}

  /// The interpolations `Logger` messages take.
  public struct Interpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    /// A value, with a privacy level.
    public mutating func appendInterpolation<T>(
      _ value: @autoclosure @escaping () -> T, privacy: OSLogPrivacy = .auto
    ) {}
    /// A value, with an alignment and a privacy level.
    public mutating func appendInterpolation<T>(
      _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment,
      privacy: OSLogPrivacy = .auto
    ) {}
    /// A value, with a privacy level and signpost attributes (`"name=id"`).
    public mutating func appendInterpolation<T>(
      _ value: @autoclosure @escaping () -> T, privacy: OSLogPrivacy = .auto, attributes: String
    ) {}
    /// A value, with an alignment, a privacy level and signpost attributes.
    public mutating func appendInterpolation<T>(
      _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment,
      privacy: OSLogPrivacy = .auto, attributes: String
    ) {}
    /// An integer, formatted, with signpost attributes.
    public mutating func appendInterpolation<T: BinaryInteger>(
      _ value: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting,
      align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String
    ) {}
    /// A floating-point number, formatted, with signpost attributes.
    public mutating func appendInterpolation<T: BinaryFloatingPoint>(
      _ value: @autoclosure @escaping () -> T, format: OSLogFloatFormatting,
      align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String
    ) {}
    /// An integer, formatted.
    public mutating func appendInterpolation<T: BinaryInteger>(
      _ value: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting,
      align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}
    /// A floating-point number, formatted.
    public mutating func appendInterpolation<T: BinaryFloatingPoint>(
      _ value: @autoclosure @escaping () -> T, format: OSLogFloatFormatting,
      align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}
  }
}

/// `Logger` (iOS 14): every level logs nothing (see the file's notes).
public struct Logger: @unchecked Sendable {
  /// The log it writes to.
  public let log: OSLog
  /// `Logger(subsystem:category:)`.
  public init(subsystem: String, category: String) {
    log = OSLog(subsystem: subsystem, category: category)
  }
  /// `Logger()`: the default log.
  public init() { log = .default }
  /// `Logger(_:)`, over an `OSLog`.
  public init(_ log: OSLog) { self.log = log }

  /// `log(_:)`.
  public func log(_ message: OSLogMessage) {}
  /// `log(level:_:)`.
  public func log(level: OSLogType, _ message: OSLogMessage) {}
  /// `trace(_:)`.
  public func trace(_ message: OSLogMessage) {}
  /// `debug(_:)`.
  public func debug(_ message: OSLogMessage) {}
  /// `info(_:)`.
  public func info(_ message: OSLogMessage) {}
  /// `notice(_:)`.
  public func notice(_ message: OSLogMessage) {}
  /// `warning(_:)`.
  public func warning(_ message: OSLogMessage) {}
  /// `error(_:)`.
  public func error(_ message: OSLogMessage) {}
  /// `critical(_:)`.
  public func critical(_ message: OSLogMessage) {}
  /// `fault(_:)`.
  public func fault(_ message: OSLogMessage) {}
}

/// `os_log(_:log:type:_:)`: logs nothing.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_log(
  _ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ args: any CVarArg...
) {}

/// `os_log(_:log:_:_:)`, the type first: logs nothing.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_log(
  _ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ args: any CVarArg...
) {}

/// `OSSignpostID`.
public struct OSSignpostID: Hashable, Sendable {
  public let rawValue: UInt64
  public init(_ value: UInt64) { rawValue = value }
  /// `exclusive`.
  public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
  /// `invalid`.
  public static let invalid = OSSignpostID(0)
  /// `null`.
  public static let null = OSSignpostID(0)
}

/// `OSSignpostIntervalState`.
public final class OSSignpostIntervalState: @unchecked Sendable {
  init() {}
}

/// `OSSignposter` (iOS 15): intervals and events that record nothing.
public struct OSSignposter: @unchecked Sendable {
  /// `OSSignposter(logger:)`.
  public init(logger: Logger) {}
  /// `OSSignposter(subsystem:category:)`.
  public init(subsystem: String, category: String) {}
  /// `OSSignposter()`.
  public init() {}
  /// `isEnabled`: false.
  public var isEnabled: Bool { false }
  /// `makeSignpostID()`.
  public func makeSignpostID() -> OSSignpostID { .exclusive }
  /// `makeSignpostID(from:)`.
  public func makeSignpostID(from object: AnyObject) -> OSSignpostID { .exclusive }
  /// `beginInterval(_:id:)`.
  public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive)
    -> OSSignpostIntervalState
  { OSSignpostIntervalState() }
  /// `beginInterval(_:id:_:)`.
  public func beginInterval(
    _ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage
  ) -> OSSignpostIntervalState { OSSignpostIntervalState() }
  /// `endInterval(_:_:)`.
  public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
  /// `endInterval(_:_:_:)`.
  public func endInterval(
    _ name: StaticString, _ state: OSSignpostIntervalState, _ message: OSLogMessage
  ) {}
  /// `emitEvent(_:id:)`.
  public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive) {}
  /// `emitEvent(_:id:_:)`.
  public func emitEvent(
    _ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage
  ) {}
  /// `withIntervalSignpost(_:id:around:)`: runs `task`.
  public func withIntervalSignpost<T>(
    _ name: StaticString, id: OSSignpostID = .exclusive, around task: () throws -> T
  ) rethrows -> T { try task() }
}
