import Foundation
import SimPlatform

/// Foundation's `NSKeyValueObservingOptions`, with its raw values.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  /// The options' bits.
  public let rawValue: UInt
  /// Options with `rawValue`'s bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The change carries the new value.
  public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
  /// The change carries the old value.
  public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
  /// The handler also runs once at once, before any change.
  public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
  /// A separate call before each change (not modelled: no prior call is made).
  public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// Foundation's `NSKeyValueChange`, with its raw values.
public enum NSKeyValueChange: UInt, Sendable {
  case setting = 1
  case insertion = 2
  case removal = 3
  case replacement = 4
}

/// Foundation's `NSKeyValueObservedChange`: what a key-value observer's handler is given.
public struct NSKeyValueObservedChange<Value> {
  /// `NSKeyValueChange.Kind`.
  public typealias Kind = NSKeyValueChange
  /// `.setting`: a property's value changed.
  public let kind: Kind
  /// The new value, if `.new` was asked for.
  public let newValue: Value?
  /// The old value, if `.old` was asked for.
  public let oldValue: Value?
  /// Nil: no collection's elements are observed.
  public let indexes: IndexSet?
  /// False: no prior call is made.
  public let isPrior: Bool
}

/// Foundation's `NSKeyValueObservation`: keeps an observer for as long as it lives;
/// `invalidate()` or its release ends it.
public final class NSKeyValueObservation: @unchecked Sendable {
  private weak var world: World?
  private var stop: (() -> Void)?

  init(world: World, stop: @escaping () -> Void) {
    self.world = world
    self.stop = stop
  }

  /// Ends the observation: the handler is not called again.
  public func invalidate() {
    stop?()
    stop = nil
  }

  deinit { invalidate() }
}
