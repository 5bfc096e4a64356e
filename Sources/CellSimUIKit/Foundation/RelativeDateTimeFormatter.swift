import Foundation

// Foundation's `RelativeDateTimeFormatter` (iOS 13), which swift-corelibs-foundation does not
// declare: a feed that prints "2 hours ago" under each comment or photo stops compiling on Linux
// at that one line. Declared off Darwin only, where Foundation lacks it.
#if !canImport(Darwin)
  /// Foundation's `RelativeDateTimeFormatter`: "1 hour ago", "in 2 weeks", "yesterday".
  ///
  /// The strings come from swift-foundation's `Date.AnchoredRelativeFormatStyle` (ICU's relative
  /// date rules, as Apple's formatter uses), with the formatter's `calendar`, `locale`,
  /// `dateTimeStyle`, `unitsStyle` and `formattingContext`. `string(for:)` and
  /// `localizedString(fromTimeInterval:)` measure from the world's virtual clock (`Date()`).
  open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    /// `RelativeDateTimeFormatter.DateTimeStyle`: numbers ("1 day ago") or names ("yesterday").
    public enum DateTimeStyle: Int, Sendable {
      /// "1 day ago", "in 2 hours".
      case numeric = 0
      /// "yesterday", "next week", where the locale has a name.
      case named = 1
    }

    /// `RelativeDateTimeFormatter.UnitsStyle`.
    public enum UnitsStyle: Int, Sendable {
      /// "2 months ago".
      case full = 0
      /// "two months ago".
      case spellOut = 1
      /// "2 mo. ago".
      case short = 2
      /// "2mo ago".
      case abbreviated = 3
    }

    /// How dates are shown: `.numeric` (the default) or `.named`.
    open var dateTimeStyle: DateTimeStyle = .numeric
    /// How units are shown: `.full` by default.
    open var unitsStyle: UnitsStyle = .full
    /// The capitalization context: `.unknown` by default.
    open var formattingContext: Formatter.Context = .unknown
    /// The calendar that measures the interval: `Calendar.current` until set; nil resets it.
    open var calendar: Calendar! {
      get { storedCalendar ?? .current }
      set { storedCalendar = newValue }
    }
    /// The locale of the strings: `Locale.current` until set; nil resets it.
    open var locale: Locale! {
      get { storedLocale ?? .current }
      set { storedLocale = newValue }
    }

    private var storedCalendar: Calendar?
    private var storedLocale: Locale?

    /// A formatter with the default styles.
    public override init() { super.init() }
    /// A formatter decoded from `coder`: Linux has no keyed archives of formatters.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The interval from `referenceDate` to `date`, as "12 minutes ago" or "in 2 days".
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
      style(describing: date, fields: nil).format(referenceDate)
    }

    /// The time `timeInterval` seconds from now (negative: in the past).
    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
      let now = Date()
      return localizedString(for: now.addingTimeInterval(timeInterval), relativeTo: now)
    }

    /// The least granular nonzero unit of `dateComponents` (years, months, weeks, days, hours,
    /// minutes, seconds), in that unit: `DateComponents(day: -2)` is "2 days ago". Components
    /// that are all zero or absent are "in 0 seconds".
    open func localizedString(from dateComponents: DateComponents) -> String {
      let units: [(Calendar.Component, Int?, Date.RelativeFormatStyle.Field)] = [
        (.year, dateComponents.year, .year), (.month, dateComponents.month, .month),
        (.weekOfMonth, dateComponents.weekOfMonth ?? dateComponents.weekOfYear, .week),
        (.day, dateComponents.day, .day), (.hour, dateComponents.hour, .hour),
        (.minute, dateComponents.minute, .minute), (.second, dateComponents.second, .second),
      ]
      let unit = units.first { ($0.1 ?? 0) != 0 } ?? (.second, 0, .second)
      let reference = Date(timeIntervalSinceReferenceDate: 0)
      let date = calendar.date(byAdding: unit.0, value: unit.1 ?? 0, to: reference) ?? reference
      return style(describing: date, fields: [unit.2]).format(reference)
    }

    /// The date `obj` (a `Date` or `NSDate`) relative to now; nil for anything else.
    open override func string(for obj: Any?) -> String? {
      guard let date = (obj as? Date) ?? (obj as? NSDate).map({ $0 as Date }) else { return nil }
      return localizedString(for: date, relativeTo: Date())
    }

    /// The style that writes `date` relative to the date it formats.
    private func style(
      describing date: Date, fields: Set<Date.RelativeFormatStyle.Field>?
    ) -> Date.AnchoredRelativeFormatStyle {
      var style = Date.AnchoredRelativeFormatStyle(
        anchor: date, presentation: dateTimeStyle == .named ? .named : .numeric,
        unitsStyle: unitsStyle.formatStyle, locale: locale, calendar: calendar,
        capitalizationContext: formattingContext.capitalization)
      if let fields { style.allowedFields = fields }
      return style
    }
  }

  extension RelativeDateTimeFormatter.UnitsStyle {
    /// The format style's name for this style (Foundation's `short` is ICU's short, its
    /// `abbreviated` ICU's narrow).
    fileprivate var formatStyle: Date.RelativeFormatStyle.UnitsStyle {
      switch self {
      case .full: return .wide
      case .spellOut: return .spellOut
      case .short: return .abbreviated
      case .abbreviated: return .narrow
      }
    }
  }

  extension Formatter.Context {
    /// The format style's capitalization context (`dynamic` has none: `unknown`).
    fileprivate var capitalization: FormatStyleCapitalizationContext {
      switch self {
      case .standalone: return .standalone
      case .listItem: return .listItem
      case .beginningOfSentence: return .beginningOfSentence
      case .middleOfSentence: return .middleOfSentence
      default: return .unknown
      }
    }
  }
#endif
