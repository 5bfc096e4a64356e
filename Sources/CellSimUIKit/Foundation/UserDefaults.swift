import Foundation
import SimPlatform
import Synchronization

/// Foundation's `UserDefaults`, kept in memory per world, so that a run starts with empty
/// defaults, as a fresh install does, and no run reads what another left.
///
/// On Linux, Foundation's `UserDefaults.standard` writes a property list under `~/.config`: an
/// app that remembers a page, a flag or a URL map there would carry it from one run, fuzz case
/// or process to the next, and runs would stop being reproducible. The layer's defaults keep
/// each world's values in memory instead (and, outside any world, in one process-wide store).
/// The object holds no values itself: `UserDefaults.standard` kept in a `static let` finds the
/// calling world's values at every call.
///
/// Modelled: `standard`, `init?(suiteName:)` (each suite its own domain; nil or the app's bundle
/// identifier is the standard one), `object(forKey:)`, the typed getters with Foundation's
/// conversions (numbers and strings convert to `Int`, `Double`, `Float` and `Bool`; a number
/// reads as a string; a string path as a file URL), `set(_:forKey:)` for property-list values
/// (anything else stops the run, as Foundation raises "Attempt to insert non-property list
/// object"), `removeObject(forKey:)`, `register(defaults:)` (the registration domain, below the
/// app's values), `dictionaryRepresentation()`, `synchronize()` (nothing to write: true), and the
/// key-value coding forms apps call, `value(forKey:)` and `setValue(_:forKey:)`. Not modelled:
/// the global and volatile domains, `addSuite(named:)`, key-value observing, and
/// `didChangeNotification`, which is declared and not posted.
open class UserDefaults: NSObject, @unchecked Sendable {
  /// The suite's name (nil: the standard defaults).
  let suite: String

  /// The app's defaults.
  open class var standard: UserDefaults { sharedStandard }
  static let sharedStandard = UserDefaults(domain: "")

  /// `resetStandardUserDefaults()`: does nothing (the values are the world's).
  open class func resetStandardUserDefaults() {}

  init(domain: String) { self.suite = domain }

  /// `UserDefaults(suiteName:)`: the suite's own defaults (nil or the main bundle's identifier:
  /// the standard ones); nil for `NSGlobalDomain`, as Foundation refuses it.
  public init?(suiteName: String?) {
    guard suiteName != "NSGlobalDomain" else { return nil }
    let suite = suiteName ?? ""
    self.suite = suite == Bundle.main.bundleIdentifier ? "" : suite
  }

  /// `UserDefaults()`: the standard defaults.
  public override convenience init() { self.init(domain: "") }

  /// `UserDefaults.didChangeNotification` (declared, never posted).
  public static let didChangeNotification = NSNotification.Name(
    "NSUserDefaultsDidChangeNotification")

  // MARK: Storage

  /// One world's (or the process's) defaults: each suite's values and the registered ones.
  final class Store {
    var suites: [String: [String: Any]] = [:]
    var registered: [String: Any] = [:]
  }

  static let outsideAnyWorld = Mutex(Unchecked(Store()))

  /// Runs `body` on the calling world's store, else on the process-wide one.
  func withStore<R>(_ body: (Store) -> R) -> R {
    if let world = SimulationContext.world {
      return body(world.layerAttachment { Store() })
    }
    return Self.outsideAnyWorld.withLock { body($0.value) }
  }

  // MARK: Reading

  /// `object(forKey:)`: the suite's value, else the registered one.
  open func object(forKey defaultName: String) -> Any? {
    withStore { $0.suites[suite]?[defaultName] ?? $0.registered[defaultName] }
  }

  /// `value(forKey:)`: `object(forKey:)`, as key-value coding reads a default.
  open func value(forKey key: String) -> Any? { object(forKey: key) }

  /// `string(forKey:)`: a string, or a number's description; nil otherwise.
  open func string(forKey defaultName: String) -> String? {
    switch object(forKey: defaultName) {
    case let string as String: string
    case let number as NSNumber: number.stringValue
    default: nil
    }
  }

  /// `array(forKey:)`.
  open func array(forKey defaultName: String) -> [Any]? { object(forKey: defaultName) as? [Any] }

  /// `dictionary(forKey:)`.
  open func dictionary(forKey defaultName: String) -> [String: Any]? {
    object(forKey: defaultName) as? [String: Any]
  }

  /// `data(forKey:)`.
  open func data(forKey defaultName: String) -> Data? { object(forKey: defaultName) as? Data }

  /// `stringArray(forKey:)`: nil unless every element is a string.
  open func stringArray(forKey defaultName: String) -> [String]? {
    object(forKey: defaultName) as? [String]
  }

  /// `integer(forKey:)`: a number's or a numeric string's value, else 0.
  open func integer(forKey defaultName: String) -> Int {
    Int(exactly: double(forKey: defaultName).rounded(.towardZero)) ?? 0
  }

  /// `float(forKey:)`: a number's or a numeric string's value, else 0.
  open func float(forKey defaultName: String) -> Float { Float(double(forKey: defaultName)) }

  /// `double(forKey:)`: a number's or a numeric string's value, else 0.
  open func double(forKey defaultName: String) -> Double {
    switch object(forKey: defaultName) {
    case let number as NSNumber: number.doubleValue
    case let string as String: Double(string.trimmingCharacters(in: .whitespaces)) ?? 0
    default: 0
    }
  }

  /// `bool(forKey:)`: a non-zero number, or the strings "YES", "true" and "1" (any case).
  open func bool(forKey defaultName: String) -> Bool {
    switch object(forKey: defaultName) {
    case let number as NSNumber: number.doubleValue != 0
    case let string as String: ["yes", "true", "1"].contains(string.lowercased())
    default: false
    }
  }

  /// `url(forKey:)`: a URL set with `set(_:forKey:)`, or a string path as a file URL.
  open func url(forKey defaultName: String) -> URL? {
    switch object(forKey: defaultName) {
    case let url as URL: url
    case let string as String: URL(fileURLWithPath: (string as NSString).expandingTildeInPath)
    default: nil
    }
  }

  /// `dictionaryRepresentation()`: the registered values overlaid with the suite's.
  open func dictionaryRepresentation() -> [String: Any] {
    withStore { store in
      store.registered.merging(store.suites[suite] ?? [:]) { _, value in value }
    }
  }

  // MARK: Writing

  /// `set(_:forKey:)`: stores a property-list value (nil removes the key). Anything else stops
  /// the run, as Foundation raises for a non-property-list object.
  open func set(_ value: Any?, forKey defaultName: String) {
    guard let value else { return removeObject(forKey: defaultName) }
    guard Self.isPropertyList(value) else {
      preconditionFailure(
        "CellSimUIKit: UserDefaults.set(_:forKey: \"\(defaultName)\"): attempt to insert "
          + "non-property list object \(value) of type \(type(of: value)) (Foundation raises)")
    }
    withStore { $0.suites[suite, default: [:]][defaultName] = value }
  }

  /// `set(_:forKey:)` for an `Int`.
  open func set(_ value: Int, forKey defaultName: String) {
    set(NSNumber(value: value) as Any, forKey: defaultName)
  }
  /// `set(_:forKey:)` for a `Float`.
  open func set(_ value: Float, forKey defaultName: String) {
    set(NSNumber(value: value) as Any, forKey: defaultName)
  }
  /// `set(_:forKey:)` for a `Double`.
  open func set(_ value: Double, forKey defaultName: String) {
    set(NSNumber(value: value) as Any, forKey: defaultName)
  }
  /// `set(_:forKey:)` for a `Bool`.
  open func set(_ value: Bool, forKey defaultName: String) {
    set(NSNumber(value: value) as Any, forKey: defaultName)
  }
  /// `set(_:forKey:)` for a URL (nil removes the key).
  open func set(_ url: URL?, forKey defaultName: String) {
    guard let url else { return removeObject(forKey: defaultName) }
    withStore { $0.suites[suite, default: [:]][defaultName] = url }
  }

  /// `setValue(_:forKey:)`: `set(_:forKey:)`, as key-value coding writes a default.
  open func setValue(_ value: Any?, forKey key: String) { set(value, forKey: key) }

  /// `removeObject(forKey:)`.
  open func removeObject(forKey defaultName: String) {
    withStore { _ = $0.suites[suite]?.removeValue(forKey: defaultName) }
  }

  /// `register(defaults:)`: values read when the suite has none (shared by every suite, as
  /// Foundation's registration domain is).
  open func register(defaults registrationDictionary: [String: Any]) {
    withStore { store in
      store.registered.merge(registrationDictionary) { _, new in new }
    }
  }

  /// `synchronize()`: nothing to write (the values live in memory): true.
  @discardableResult
  open func synchronize() -> Bool { true }

  /// Whether `value` is a property-list value: a string, number, date or data, or an array or a
  /// string-keyed dictionary of them.
  static func isPropertyList(_ value: Any) -> Bool {
    switch value {
    case is String, is NSString, is Data, is NSData, is Date, is NSDate, is NSNumber, is Int,
      is Double, is Float, is Bool, is Int64, is Int32, is UInt, is UInt64:
      true
    case let array as [Any]: array.allSatisfy(isPropertyList)
    case let dictionary as [String: Any]: dictionary.values.allSatisfy(isPropertyList)
    default: false
    }
  }
}
