// Operators that go on with another publisher when one fails: catch, tryCatch, retry.

/// A downstream's one subscription over a succession of upstream publishers (the next one
/// subscribed when the current one ends as the operator decides); downstream's outstanding
/// demand carries over to the next.
final class Succession<Downstream: Subscriber>: Subscription, CustomStringConvertible {
  private var downstream: Downstream?
  private var current: (any Subscription)?
  private var demand = Subscribers.Demand.none
  /// Which upstream is current; an event from an earlier one is ignored.
  private var generation = 0
  private var introduced = false
  let description: String

  init(_ downstream: Downstream, name: String) {
    self.downstream = downstream
    self.description = name
  }

  /// Subscribes to `publisher` as the current upstream; `onCompletion` decides what its end
  /// means.
  func follow<P: Publisher>(
    _ publisher: P, onCompletion: @escaping (Subscribers.Completion<P.Failure>) -> Void
  ) where P.Output == Downstream.Input {
    guard downstream != nil else { return }
    generation += 1
    current = nil
    publisher.subscribe(Link(self, generation: generation, onCompletion: onCompletion))
  }

  /// Ends the stream with `completion`.
  func finish(_ completion: Subscribers.Completion<Downstream.Failure>) {
    guard let downstream else { return }
    self.downstream = nil
    current = nil
    downstream.receive(completion: completion)
  }

  fileprivate func attach(_ subscription: any Subscription, generation: Int) {
    guard generation == self.generation, current == nil, let downstream else {
      subscription.cancel()
      return
    }
    current = subscription
    if !introduced {
      introduced = true
      downstream.receive(subscription: self)
    } else if demand > 0 {
      subscription.request(demand)
    }
  }

  fileprivate func receive(_ value: Downstream.Input, generation: Int) -> Subscribers.Demand {
    guard generation == self.generation, let downstream else { return .none }
    demand -= 1
    let more = downstream.receive(value)
    demand += more
    return more
  }

  fileprivate func ended(generation: Int) -> Bool {
    guard generation == self.generation else { return false }
    current = nil
    return true
  }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    current?.request(demand)
  }

  func cancel() {
    downstream = nil
    generation += 1
    let held = current
    current = nil
    held?.cancel()
  }

  /// The subscriber given to each upstream.
  private final class Link<Input, Failure: Error>: Subscriber where Input == Downstream.Input {
    let owner: Succession
    let generation: Int
    let onCompletion: (Subscribers.Completion<Failure>) -> Void

    init(
      _ owner: Succession, generation: Int,
      onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
      self.owner = owner
      self.generation = generation
      self.onCompletion = onCompletion
    }

    func receive(subscription: any Subscription) {
      owner.attach(subscription, generation: generation)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      owner.receive(input, generation: generation)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard owner.ended(generation: generation) else { return }
      onCompletion(completion)
    }
  }
}

extension Publishers {
  /// On failure, replaces the upstream with the publisher a handler makes from the error.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    public typealias Output = Upstream.Output
    public typealias Failure = NewPublisher.Failure
    public let upstream: Upstream
    public let handler: (Upstream.Failure) -> NewPublisher

    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let succession = Succession(subscriber, name: "Catch")
      let handler = handler
      succession.follow(upstream) { [weak succession] completion in
        guard let succession else { return }
        switch completion {
        case .finished: succession.finish(.finished)
        case .failure(let error): succession.follow(handler(error)) { succession.finish($0) }
        }
      }
    }
  }

  /// On failure, replaces the upstream with the publisher a throwing handler makes; a thrown
  /// error fails the stream.
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error
    public let upstream: Upstream
    public let handler: (Upstream.Failure) throws -> NewPublisher

    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let succession = Succession(subscriber, name: "TryCatch")
      let handler = handler
      succession.follow(upstream) { [weak succession] completion in
        guard let succession else { return }
        switch completion {
        case .finished: succession.finish(.finished)
        case .failure(let error):
          do {
            succession.follow(try handler(error)) { ending in
              switch ending {
              case .finished: succession.finish(.finished)
              case .failure(let error): succession.finish(.failure(error))
              }
            }
          } catch {
            succession.finish(.failure(error))
          }
        }
      }
    }
  }

  /// On failure, subscribes to the upstream again, up to a number of times (nil: always).
  public struct Retry<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let retries: Int?

    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let succession = Succession(subscriber, name: "Retry")
      var remaining = retries
      let upstream = upstream
      func attempt() {
        succession.follow(upstream) { [weak succession] completion in
          guard let succession else { return }
          if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
            remaining = remaining.map { $0 - 1 }
            attempt()
          } else {
            succession.finish(completion)
          }
        }
      }
      attempt()
    }
  }
}

extension Publishers {
  /// Stops the program if the upstream fails: a failure is a programmer error here.
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Never
    public let upstream: Upstream
    public let prefix: String
    public let file: StaticString
    public let line: UInt

    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let (prefix, file, line) = (prefix, file, line)
      upstream.subscribe(
        Relay(
          "AssertNoFailure", to: subscriber,
          onCompletion: { completion in
            if case .failure(let error) = completion {
              fatalError("\(prefix)\(error)", file: file, line: line)
            }
            return (nil, .finished)
          }
        ) { .emit($0) })
    }
  }
}

extension Publisher {
  /// Stops the program, as Combine does, if the upstream fails; the message starts with
  /// `prefix`. On a simulated thread the stop is the run's trap finding.
  public func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }

  /// On failure, goes on with the publisher `handler` makes from the error.
  public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P)
    -> Publishers.Catch<
      Self, P
    > where Output == P.Output
  {
    Publishers.Catch(upstream: self, handler: handler)
  }

  /// On failure, goes on with the publisher `handler` makes, or fails with what it throws.
  public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P)
    -> Publishers.TryCatch<Self, P> where Output == P.Output
  {
    Publishers.TryCatch(upstream: self, handler: handler)
  }

  /// On failure, subscribes again, up to `retries` times.
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}
