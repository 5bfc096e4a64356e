// Publishers of known values, and merging several publishers.

extension Publishers {
  /// Sends the elements of a sequence, as many as asked for, then finishes.
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    public typealias Output = Elements.Element
    public let sequence: Elements

    public init(sequence: Elements) { self.sequence = sequence }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      subscriber.receive(subscription: Feed(sequence.makeIterator(), to: subscriber))
    }
  }

  /// Sends the values of two publishers as they come; fails as soon as one fails.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    public typealias Output = A.Output
    public typealias Failure = A.Failure
    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeMany(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()).receive(subscriber: subscriber)
    }
  }

  /// Sends the values of several publishers of one type as they come.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let publishers: [Upstream]

    public init(_ upstream: Upstream...) { publishers = upstream }
    public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
      publishers = Array(upstream)
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      Publishers.Sequence<[Upstream], Failure>(sequence: publishers)
        .flatMap { $0 }
        .receive(subscriber: subscriber)
    }
  }
}

/// The subscription of `Publishers.Sequence`: one element per unit of demand.
final class Feed<Iterator: IteratorProtocol, Downstream: Subscriber>: Subscription,
  CustomStringConvertible
where Downstream.Input == Iterator.Element {
  private var iterator: Iterator
  private var next: Iterator.Element?
  private var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  private var sending = false

  init(_ iterator: Iterator, to downstream: Downstream) {
    self.iterator = iterator
    self.downstream = downstream
    next = self.iterator.next()
  }

  var description: String { "Sequence" }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    // A request made from inside `receive(_:)` only adds demand: the loop below serves it.
    guard !sending else { return }
    sending = true
    defer { sending = false }
    while self.demand > 0, let downstream, let value = next {
      self.demand -= 1
      next = iterator.next()
      self.demand += downstream.receive(value)
    }
    if next == nil, let downstream {
      self.downstream = nil
      downstream.receive(completion: .finished)
    }
  }

  func cancel() { downstream = nil }
}

extension Sequence {
  /// A publisher of the sequence's elements.
  public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

extension Optional {
  /// A publisher of the wrapped value, if any, then finished.
  public var publisher: Optional.Publisher { Optional.Publisher(self) }

  /// Sends the wrapped value (if any) to each subscriber, then finishes.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Wrapped
    public typealias Failure = Never
    public let output: Wrapped?

    public init(_ output: Wrapped?) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
      subscriber.receive(
        subscription: OneShot(value: output, completion: .finished, to: subscriber))
    }
  }
}

extension Result {
  /// A publisher of the result: the value then finished, or the failure.
  public var publisher: Result.Publisher { Result.Publisher(self) }

  /// Sends a result's value then finishes, or fails with its error.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Success
    public let result: Result<Success, Failure>

    public init(_ result: Result<Success, Failure>) { self.result = result }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Success, S.Failure == Failure {
      switch result {
      case .success(let value):
        subscriber.receive(
          subscription: OneShot(value: value, completion: .finished, to: subscriber))
      case .failure(let error):
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
      }
    }
  }
}

extension Publisher {
  /// The values of this publisher and `other`, as they come.
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }
}
