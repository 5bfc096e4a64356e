// Foundation's `String(localized:)` (iOS 15) and `LocalizedStringResource` (iOS 16), which
// Darwin's Foundation has and Linux's does not: modern code writes
// `String(localized: "Search photos")` where older code wrote `NSLocalizedString(_:comment:)`.
// As `NSLocalizedString` on Linux, the string comes from the bundle's table when it has the key,
// else the default value (an app's strings catalogs are not compiled into a bundle here).
// On Darwin, Foundation declares all of it, so this file is empty there.

#if !canImport(Darwin)
  import Foundation

  extension String {
    /// `String.LocalizationValue` (iOS 15): a localizable string literal, interpolations included.
    /// Its `key` is the literal with each interpolation replaced by a format specifier, as Xcode
    /// extracts it; the default value is the literal with the interpolated values.
    public struct LocalizationValue: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation
    {
      /// The key: the literal, interpolations as `%@` / `%lld` / `%lf`.
      public let key: String
      /// The literal with its interpolated values.
      let defaultValue: String
      /// Whether the literal had interpolations (then the default value is the string).
      let isFormat: Bool

      /// `init(_:)`: a value whose key and default value are `value`.
      public init(_ value: String) {
        key = value
        defaultValue = value
        isFormat = false
      }

      public init(stringLiteral value: String) { self.init(value) }

      public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        defaultValue = stringInterpolation.value
        isFormat = stringInterpolation.hasArguments
      }

      /// The literal's pieces, as Xcode reads a localizable literal.
      public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var value = ""
        var hasArguments = false

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
          key += literal.replacingOccurrences(of: "%", with: "%%")
          value += literal
        }

        public mutating func appendInterpolation(_ string: String) {
          key += "%@"
          value += string
          hasArguments = true
        }

        public mutating func appendInterpolation<T: BinaryInteger>(_ number: T) {
          key += "%lld"
          value += String(number)
          hasArguments = true
        }

        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ number: T) {
          key += "%lf"
          value += String(describing: Double(number))
          hasArguments = true
        }

        public mutating func appendInterpolation<T>(_ value: T) {
          key += "%@"
          self.value += String(describing: value)
          hasArguments = true
        }
      }
    }

    /// `String(localized:table:bundle:locale:comment:)` (iOS 15): the bundle's string for the
    /// literal's key, or the literal (with its interpolated values) when the table lacks it.
    public init(
      localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
      locale: Locale = .current, comment: StaticString? = nil
    ) {
      self = Self.lookUp(keyAndValue.key, default: keyAndValue, table: table, bundle: bundle)
    }

    /// `String(localized:defaultValue:table:bundle:locale:comment:)` (iOS 15): the bundle's string
    /// for `key`, else `defaultValue`.
    public init(
      localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
      bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil
    ) {
      self = Self.lookUp("\(key)", default: defaultValue, table: table, bundle: bundle)
    }

    /// `String(localized:)` (iOS 16): the string of a `LocalizedStringResource`.
    public init(localized resource: LocalizedStringResource) {
      self = Self.lookUp(
        resource.key, default: resource.value, table: resource.table, bundle: resource.bundle.bundle
      )
    }

    /// An interpolated literal's own value (a table's format string is not applied to it).
    static func lookUp(
      _ key: String, default value: String.LocalizationValue, table: String?, bundle: Bundle?
    ) -> String {
      if value.isFormat { return value.defaultValue }
      return (bundle ?? .main).localizedString(forKey: key, value: value.defaultValue, table: table)
    }
  }

  /// Foundation's `LocalizedStringResource` (iOS 16): a key, default value, table and bundle,
  /// resolved to a string by `String(localized:)`.
  public struct LocalizedStringResource: Equatable, Hashable, Sendable,
    ExpressibleByStringInterpolation
  {
    /// `LocalizedStringResource.BundleDescription`: where the table is.
    public enum BundleDescription: Equatable, Hashable, Sendable {
      /// The main bundle.
      case main
      /// The bundle at `url`.
      case atURL(URL)
      /// The bundle of `Bundle(for:)` of a class (Darwin's `forClass:`).
      case forClass(AnyClass)

      var bundle: Bundle {
        switch self {
        case .main, .forClass: return .main
        case .atURL(let url): return Bundle(url: url) ?? .main
        }
      }

      public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.main, .main): return true
        case (.atURL(let x), .atURL(let y)): return x == y
        case (.forClass(let x), .forClass(let y)): return x == y
        default: return false
        }
      }

      public func hash(into hasher: inout Hasher) {
        switch self {
        case .main: hasher.combine(0)
        case .atURL(let url): hasher.combine(url)
        case .forClass(let c): hasher.combine(ObjectIdentifier(c))
        }
      }
    }

    /// The key.
    public var key: String
    /// The default value.
    var value: String.LocalizationValue
    /// The table (nil: Localizable).
    public var table: String?
    /// The locale.
    public var locale: Locale
    /// The bundle.
    public var bundle: BundleDescription

    /// `LocalizedStringResource(_:table:locale:bundle:comment:)`.
    public init(
      _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
      bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
      key = keyAndValue.key
      value = keyAndValue
      self.table = table
      self.locale = locale
      self.bundle = bundle
    }

    /// `LocalizedStringResource(_:defaultValue:table:locale:bundle:comment:)`.
    public init(
      _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
      locale: Locale = .current, bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
      self.key = "\(key)"
      value = defaultValue
      self.table = table
      self.locale = locale
      self.bundle = bundle
    }

    public init(stringLiteral value: String) { self.init(String.LocalizationValue(value)) }

    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
      self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }
  }
#endif
