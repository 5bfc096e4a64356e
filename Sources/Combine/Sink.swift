extension Subscribers {
  /// A subscriber that asks for unlimited values and calls closures with them; the subscriber
  /// `sink` makes.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable,
    CustomStringConvertible
  {
    /// The closure given for values (released at cancel or completion).
    public private(set) var receiveValue: (Input) -> Void
    /// The closure given for the completion (released at cancel or completion).
    public private(set) var receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    private enum Status {
      case awaiting
      case subscribed(any Subscription)
      case terminal
    }
    private var status = Status.awaiting

    /// A sink calling `receiveCompletion` and `receiveValue`.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    public var description: String { "Sink" }

    public func receive(subscription: any Subscription) {
      guard case .awaiting = status else {
        subscription.cancel()
        return
      }
      status = .subscribed(subscription)
      subscription.request(.unlimited)
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
      guard case .subscribed = status else { return .none }
      receiveValue(input)
      return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
      guard case .subscribed = status else { return }
      status = .terminal
      receiveCompletion(completion)
      release()
    }

    /// Cancels the subscription (one that arrives later is cancelled at once) and releases the
    /// closures, so what they capture is freed.
    public func cancel() {
      let previous = status
      status = .terminal
      release()
      if case .subscribed(let subscription) = previous { subscription.cancel() }
    }

    private func release() {
      receiveValue = { _ in }
      receiveCompletion = { _ in }
    }
  }

  /// A subscriber that assigns each value to a property of an object; the subscriber
  /// `assign(to:on:)` makes. It keeps the object until cancelled or completed.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
    public typealias Failure = Never
    /// The object, until cancel or completion.
    public private(set) var object: Root?
    /// The property written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>
    private var subscription: (any Subscription)?
    private var terminal = false

    /// Assigns each value to `object[keyPath: keyPath]`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      self.object = object
      self.keyPath = keyPath
    }

    public var description: String { "Assign \(Root.self)." }

    public func receive(subscription: any Subscription) {
      guard !terminal, self.subscription == nil else {
        subscription.cancel()
        return
      }
      self.subscription = subscription
      subscription.request(.unlimited)
    }

    public func receive(_ value: Input) -> Subscribers.Demand {
      object?[keyPath: keyPath] = value
      return .none
    }

    public func receive(completion: Subscribers.Completion<Never>) {
      terminal = true
      object = nil
      subscription = nil
    }

    public func cancel() {
      terminal = true
      object = nil
      let held = subscription
      subscription = nil
      held?.cancel()
    }
  }
}

extension Publisher {
  /// Subscribes with closures for the completion and for each value; keep the result to keep
  /// the subscription.
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Subscribes with a closure for each value (a publisher that cannot fail).
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }

  /// Assigns each value to `object[keyPath: keyPath]`; the subscription keeps `object`.
  public func assign<Root>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
  ) -> AnyCancellable {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
