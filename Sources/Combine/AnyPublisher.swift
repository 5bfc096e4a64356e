/// A publisher that hides the type of the publisher it wraps.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
  private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

  /// Wraps `publisher`.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      subscribeBody = erased.subscribeBody
    } else {
      subscribeBody = { publisher.receive(subscriber: $0) }
    }
  }

  public var description: String { "AnyPublisher" }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeBody(AnySubscriber(subscriber))
  }
}

extension Publisher {
  /// This publisher as an `AnyPublisher`.
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

/// A subscriber that hides the type of the subscriber it wraps.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  public let combineIdentifier: CombineIdentifier
  private let subscriptionBody: (any Subscription) -> Void
  private let valueBody: (Input) -> Subscribers.Demand
  private let completionBody: (Subscribers.Completion<Failure>) -> Void

  /// Wraps `subscriber`.
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    combineIdentifier = subscriber.combineIdentifier
    subscriptionBody = subscriber.receive(subscription:)
    valueBody = subscriber.receive(_:)
    completionBody = subscriber.receive(completion:)
  }

  /// A subscriber made of closures; a missing one does nothing (and asks for no more values).
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    subscriptionBody = receiveSubscription ?? { _ in }
    valueBody = receiveValue ?? { _ in .none }
    completionBody = receiveCompletion ?? { _ in }
  }

  /// A subscriber that forwards to `subject`, asking it for unlimited values.
  public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
    self.init(
      receiveSubscription: { subject.send(subscription: $0) },
      receiveValue: {
        subject.send($0)
        return .none
      },
      receiveCompletion: { subject.send(completion: $0) })
  }

  public var description: String { "Anonymous AnySubscriber" }

  public func receive(subscription: any Subscription) { subscriptionBody(subscription) }
  public func receive(_ input: Input) -> Subscribers.Demand { valueBody(input) }
  public func receive(completion: Subscribers.Completion<Failure>) { completionBody(completion) }
}
