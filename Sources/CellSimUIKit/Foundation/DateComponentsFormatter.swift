import Foundation

#if !canImport(Darwin)
  /// Foundation's `DateComponentsFormatter`, which swift-corelibs-foundation marks unavailable:
  /// a duration as text, as iOS code formats a video's length (`1:05`) or an age (`3h 5m`).
  ///
  /// The English forms of Apple's unit styles, with no localisation: `positional` (`1:00:10`),
  /// `abbreviated` (`1h 10s`), `brief` (`1hr 10sec`), `short` (`1 hr, 10 sec`), `full`
  /// (`1 hour, 10 seconds`) and `spellOut` (`one hour, ten seconds`), and the zero-formatting
  /// behaviours as Apple documents them. A time interval is split into the allowed units with
  /// fixed lengths (a week of 7 days, a month of 30, a year of 365), not a calendar's; the
  /// smallest allowed unit takes the rest, rounded to the nearest whole.
  open class DateComponentsFormatter: Formatter {
    /// How units are written.
    public enum UnitsStyle: Int, Sendable {
      case positional = 0
      case abbreviated = 1
      case short = 2
      case full = 3
      case spellOut = 4
      case brief = 5
    }

    /// What happens to units whose value is 0.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let none = ZeroFormattingBehavior([])
      /// Positional: drop leading zeros, pad the rest; other styles: drop every zero unit.
      public static let `default` = ZeroFormattingBehavior(rawValue: 1)
      public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 1)
      public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 2)
      public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 3)
      public static let dropAll: ZeroFormattingBehavior = [
        .dropLeading, .dropMiddle, .dropTrailing,
      ]
      public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
    }

    /// The units the text may use; empty means Apple's default set (years to seconds).
    open var allowedUnits: NSCalendar.Unit = []
    /// How units are written: `positional` unless set.
    open var unitsStyle: UnitsStyle = .positional
    /// What happens to zero units: `default` unless set.
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// The most units written (0: no limit); the ones after are left out.
    open var maximumUnitCount = 0
    /// Kept: whole units only.
    open var allowsFractionalUnits = false
    /// Kept: the largest unit is never collapsed.
    open var collapsesLargestUnit = false
    /// Whether the text starts with "About ".
    open var includesApproximationPhrase = false
    /// Whether the text ends with " remaining".
    open var includesTimeRemainingPhrase = false
    /// Kept; units have fixed lengths (see the type).
    open var calendar: Calendar?
    /// Kept; units have fixed lengths (see the type).
    open var referenceDate: Date?
    /// Kept.
    open var formattingContext: Formatter.Context = .unknown

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The text for `ti` seconds.
    open func string(from ti: TimeInterval) -> String? {
      guard ti.isFinite else { return nil }
      var seconds = ti.magnitude.rounded()
      let units = Self.units(in: allowedUnits)
      var values: [(Span, Int)] = []
      for (index, unit) in units.enumerated() {
        if index == units.count - 1 {
          values.append((unit, Int((seconds / unit.seconds).rounded())))
        } else {
          let count = (seconds / unit.seconds).rounded(.down)
          values.append((unit, Int(count)))
          seconds -= count * unit.seconds
        }
      }
      return text(values, negative: ti < 0)
    }

    /// The text for `components`' allowed units, as given (not carried into larger units).
    open func string(from components: DateComponents) -> String? {
      let values = Self.units(in: allowedUnits).map {
        ($0, components.value(for: $0.component) ?? 0)
      }
      let negative = values.contains { $0.1 < 0 }
      return text(values.map { ($0.0, abs($0.1)) }, negative: negative)
    }

    /// The text for the time from `startDate` to `endDate`.
    open func string(from startDate: Date, to endDate: Date) -> String? {
      string(from: endDate.timeIntervalSince(startDate))
    }

    /// The text for a `DateComponents`, or a number of seconds; nil for anything else.
    open override func string(for obj: Any?) -> String? {
      if let components = obj as? DateComponents { return string(from: components) }
      if let seconds = obj as? TimeInterval { return string(from: seconds) }
      if let seconds = obj as? Int { return string(from: TimeInterval(seconds)) }
      if let number = obj as? NSNumber { return string(from: number.doubleValue) }
      return nil
    }

    /// `localizedString(from:unitsStyle:)`: `components` in `unitsStyle`, with the default units.
    open class func localizedString(from components: DateComponents, unitsStyle: UnitsStyle)
      -> String?
    {
      let formatter = DateComponentsFormatter()
      formatter.unitsStyle = unitsStyle
      return formatter.string(from: components)
    }

    // MARK: Writing

    struct Span {
      let component: Calendar.Component
      let seconds: Double
      /// Abbreviated, brief, short, full singular, full plural.
      let names: (String, String, String, String, String)
    }

    static let allUnits: [(NSCalendar.Unit, Span)] = [
      (
        .year,
        Span(component: .year, seconds: 365 * 86_400, names: ("y", "yr", "yr", "year", "years"))
      ),
      (
        .month,
        Span(
          component: .month, seconds: 30 * 86_400, names: ("mo", "mth", "mth", "month", "months"))
      ),
      (
        .weekOfMonth,
        Span(
          component: .weekOfMonth, seconds: 7 * 86_400, names: ("w", "wk", "wk", "week", "weeks"))
      ),
      (.day, Span(component: .day, seconds: 86_400, names: ("d", "d", "day", "day", "days"))),
      (.hour, Span(component: .hour, seconds: 3_600, names: ("h", "hr", "hr", "hour", "hours"))),
      (
        .minute,
        Span(component: .minute, seconds: 60, names: ("m", "min", "min", "minute", "minutes"))
      ),
      (
        .second,
        Span(component: .second, seconds: 1, names: ("s", "sec", "sec", "second", "seconds"))
      ),
    ]

    /// The allowed units, largest first; all of them when none is named.
    static func units(in allowed: NSCalendar.Unit) -> [Span] {
      let named = allUnits.filter { allowed.contains($0.0) }.map(\.1)
      return named.isEmpty ? allUnits.map(\.1) : named
    }

    func text(_ values: [(Span, Int)], negative: Bool) -> String? {
      guard !values.isEmpty else { return nil }
      var kept = unitsStyle == .positional ? positionalUnits(values) : namedUnits(values)
      if maximumUnitCount > 0, kept.count > maximumUnitCount {
        kept = Array(kept.prefix(maximumUnitCount))
      }
      var body =
        unitsStyle == .positional ? positional(kept) : kept.map(named).joined(separator: separator)
      if negative, kept.contains(where: { $0.1 != 0 }) { body = "-" + body }
      if includesApproximationPhrase { body = "About " + body }
      if includesTimeRemainingPhrase { body += " remaining" }
      return body
    }

    /// The units a positional text shows: the zero behaviour's, keeping at least the last two
    /// (`0:05`, never `5`).
    func positionalUnits(_ values: [(Span, Int)]) -> [(Span, Int)] {
      if zeroFormattingBehavior.contains(.pad) || zeroFormattingBehavior == .none { return values }
      var first = values.firstIndex { $0.1 != 0 } ?? values.count - 1
      first = min(first, max(0, values.count - 2))
      return Array(values[first...])
    }

    /// The units a named text shows: the zero behaviour's (`default` drops every zero unit),
    /// and the smallest unit when every one is zero.
    func namedUnits(_ values: [(Span, Int)]) -> [(Span, Int)] {
      var drop = zeroFormattingBehavior
      if drop.contains(.pad) || drop == .none { return values }
      if drop.contains(.default) { drop = .dropAll }
      let nonZero = values.indices.filter { values[$0].1 != 0 }
      guard let firstNonZero = nonZero.first, let lastNonZero = nonZero.last else {
        return [values[values.count - 1]]
      }
      return values.indices.compactMap { index in
        let value = values[index]
        if value.1 != 0 { return value }
        if index < firstNonZero { return drop.contains(.dropLeading) ? nil : value }
        if index > lastNonZero { return drop.contains(.dropTrailing) ? nil : value }
        return drop.contains(.dropMiddle) ? nil : value
      }
    }

    func positional(_ values: [(Span, Int)]) -> String {
      let pads = zeroFormattingBehavior.contains(.pad)
      var parts: [String] = []
      var days = ""
      for (unit, value) in values {
        if unit.seconds >= 86_400 {
          days += "\(value)\(unit.names.0) "
          continue
        }
        let padded = pads || !parts.isEmpty
        parts.append(padded && value < 10 ? "0\(value)" : "\(value)")
      }
      return days + parts.joined(separator: ":")
    }

    var separator: String {
      switch unitsStyle {
      case .abbreviated, .brief: return " "
      default: return ", "
      }
    }

    func named(_ part: (Span, Int)) -> String {
      let (unit, value) = part
      switch unitsStyle {
      case .abbreviated: return "\(value)\(unit.names.0)"
      case .brief: return "\(value)\(unit.names.1)"
      case .short: return "\(value) \(unit.names.2)"
      case .spellOut:
        let spelled = NumberFormatter()
        spelled.numberStyle = .spellOut
        let word = spelled.string(from: NSNumber(value: value)) ?? "\(value)"
        return "\(word) \(value == 1 ? unit.names.3 : unit.names.4)"
      default: return "\(value) \(value == 1 ? unit.names.3 : unit.names.4)"
      }
    }
  }
#endif
