/// A property wrapper that publishes its property: `$property` is a publisher of the values it
/// takes (the current one first), sent as the property is about to change, as Combine's does;
/// in an `ObservableObject`, each change also sends `objectWillChange` first.
///
/// Combine allows `@Published` on class properties only; this stand-in also compiles it on a
/// struct's, where it behaves as on a class.
@propertyWrapper
public struct Published<Value> {
  /// The storage shared by the wrapper's copies.
  let box: PublishedBox<Value>

  /// A published property starting at `wrappedValue`.
  public init(wrappedValue: Value) { box = PublishedBox(wrappedValue) }

  /// A published property starting at `initialValue`.
  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  /// The property's value; setting it publishes the new value before storing it.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.set(newValue) }
  }

  /// The publisher of the property's values: `$property`.
  public var projectedValue: Publisher {
    get { Publisher(box: box) }
    // Combine's setter exists for `assign(to: &$property)`; the storage is shared, so it has
    // nothing to store.
    set {}
  }

  /// The publisher of a `@Published` property: the current value, then every new one.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never
    let box: PublishedBox<Value>

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      box.fanout.add(subscriber, initial: box.value)
    }
  }
}

/// A published property's value, its subscribers and its object's change publisher.
final class PublishedBox<Value> {
  private(set) var value: Value
  let fanout = Fanout<Value, Never>()
  /// The enclosing object's `objectWillChange`, once someone asked for it (kept here: every
  /// `@Published` property of the object holds the one publisher).
  var objectWillChange: ObservableObjectPublisher?
  /// Subscriptions made by `assign(to: &$property)`, ended when the property goes.
  var assignments: [AnyCancellable] = []

  init(_ value: Value) { self.value = value }

  func set(_ newValue: Value) {
    objectWillChange?.send()
    fanout.send(newValue, latestWins: true)
    value = newValue
  }
}

/// What lets `ObservableObject` find the `@Published` properties of an object by reflection.
protocol PublishedProperty {
  func attach(_ publisher: ObservableObjectPublisher)
  var attached: ObservableObjectPublisher? { get }
}

extension Published: PublishedProperty {
  func attach(_ publisher: ObservableObjectPublisher) { box.objectWillChange = publisher }
  var attached: ObservableObjectPublisher? { box.objectWillChange }
}

extension Publisher where Failure == Never {
  /// Assigns each value to the `@Published` property `published`; the subscription lasts as
  /// long as the property.
  public func assign(to published: inout Published<Output>.Publisher) {
    let box = published.box
    let sink = Subscribers.Sink<Output, Never>(
      receiveCompletion: { _ in }, receiveValue: { [weak box] in box?.set($0) })
    box.assignments.append(AnyCancellable(sink))
    subscribe(sink)
  }
}

/// An object that publishes before it changes.
public protocol ObservableObject: AnyObject {
  /// The publisher of changes.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never
  /// Sends before the object changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's change publisher, sent before any of its `@Published` properties changes
  /// (found by reflection, superclasses included). An object without one gets a new publisher
  /// each time, which nothing sends.
  public var objectWillChange: ObservableObjectPublisher {
    var properties: [PublishedProperty] = []
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? PublishedProperty { properties.append(property) }
      }
      mirror = current.superclassMirror
    }
    guard let first = properties.first else { return ObservableObjectPublisher() }
    if let existing = first.attached { return existing }
    let publisher = ObservableObjectPublisher()
    for property in properties { property.attach(publisher) }
    return publisher
  }
}

/// The publisher of an `ObservableObject`'s changes: `Void` values, sent before each change.
public final class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never
  private let fanout = Fanout<Void, Never>()
  /// A publisher with no subscribers.
  public init() {}

  /// Sends a change to the subscribers.
  public func send() { fanout.send((), latestWins: false) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    fanout.add(subscriber, initial: nil)
  }

}
