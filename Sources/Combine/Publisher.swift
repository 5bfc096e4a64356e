// Combine's core protocols and values, as Apple documents them. The stand-in runs inside a
// simulation where one simulated thread runs at a time, so its types keep no locks: every call
// into a chain happens on the one thread the simulation lets run.
import Synchronization

/// A type that can send values over time to subscribers.
public protocol Publisher<Output, Failure> {
  /// The kind of values the publisher sends.
  associatedtype Output
  /// The kind of errors the publisher may send.
  associatedtype Failure: Error

  /// Attaches `subscriber`: the publisher calls its `receive(subscription:)` once.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher (what operators and `sink` call).
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// A type that receives values, and a completion, from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values it receives.
  associatedtype Input
  /// The kind of errors it may receive.
  associatedtype Failure: Error

  /// Receives the subscription, through which it requests values.
  func receive(subscription: any Subscription)
  /// Receives a value; returns how many more values it wants (added to its demand).
  func receive(_ input: Input) -> Subscribers.Demand
  /// Receives the end of the stream: finished or failed.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Receives a `Void` value.
  public func receive() -> Subscribers.Demand { receive(()) }
}

/// The link between a publisher and one subscriber.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks for up to `demand` more values.
  func request(_ demand: Subscribers.Demand)
}

/// Something that can be cancelled: a subscription, a sink.
public protocol Cancellable {
  /// Stops the activity and frees what it holds.
  func cancel()
}

/// A unique identity for publisher streams, as Combine's.
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
  private let value: UInt64

  /// A new identifier, different from every one made before in this process.
  public init() { value = IdentifierCounter.next() }

  /// The identifier of `object`.
  public init(_ object: AnyObject) {
    value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))
  }

  public var description: String { "0x\(String(value, radix: 16))" }
}

/// The counter behind `CombineIdentifier()`; a number, never read for ordering. Atomic: worlds
/// run in parallel on different threads.
private enum IdentifierCounter {
  static let last = Atomic<UInt64>(0)
  static func next() -> UInt64 { last.wrappingAdd(1, ordering: .relaxed).newValue }
}

/// A type that names its stream with a `CombineIdentifier`.
public protocol CustomCombineIdentifierConvertible {
  /// The identity of this stream.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// A class's identifier is its object identity.
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// Namespace for subscriber types and the values subscribers exchange.
public enum Subscribers {}

extension Subscribers {
  /// How a stream ended.
  public enum Completion<Failure: Error> {
    /// Normally.
    case finished
    /// With an error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers {
  /// How many values a subscriber wants: a number, or unlimited.
  public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// nil stands for unlimited.
    private let count: Int?

    private init(count: Int?) { self.count = count }

    /// As many values as the publisher sends.
    public static let unlimited = Demand(count: nil)
    /// No values.
    public static let none = Demand(count: 0)

    /// At most `value` values; `value` must not be negative.
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "Subscribers.Demand.max: a demand cannot be negative")
      return Demand(count: value)
    }

    /// The number of values, or nil when unlimited.
    public var max: Int? { count }

    public var description: String { count.map { "max(\($0))" } ?? "unlimited" }

    /// The sum; unlimited if either is (or on overflow).
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let l = lhs.count, let r = rhs.count else { return .unlimited }
      let (sum, overflow) = l.addingReportingOverflow(r)
      return overflow ? .unlimited : Demand(count: sum)
    }
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    public static func + (lhs: Demand, rhs: Int) -> Demand { lhs + .max(Swift.max(0, rhs)) }
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// The difference, never below none; unlimited minus a number stays unlimited, and
    /// anything minus unlimited is none.
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      guard let r = rhs.count else { return .none }
      guard let l = lhs.count else { return .unlimited }
      return Demand(count: Swift.max(0, l - r))
    }
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      guard let l = lhs.count else { return .unlimited }
      return Demand(count: Swift.max(0, l - rhs))
    }
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    /// The product; unlimited stays unlimited.
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      guard let l = lhs.count else { return .unlimited }
      let (product, overflow) = l.multipliedReportingOverflow(by: Swift.max(0, rhs))
      return overflow ? .unlimited : Demand(count: product)
    }
    public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// Unlimited is more than any number.
    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      switch (lhs.count, rhs.count) {
      case (nil, _): return false
      case (_, nil): return true
      case (let l?, let r?): return l < r
      }
    }

    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.count == rhs }
    public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.count != rhs }
    public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.count == lhs }
    public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.count != lhs }
    public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 < rhs } ?? false }
    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 > rhs } ?? true }
    public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 <= rhs } ?? false }
    public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 >= rhs } ?? true }
    public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
    public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
  }
}

/// Namespace for publisher types.
public enum Publishers {}
