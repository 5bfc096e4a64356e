// Operators whose values are publishers: flatMap and switchToLatest.

extension Publishers {
  /// Subscribes to the publisher a closure makes from each value (at most `maxPublishers` at
  /// once) and sends their values as they come.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    public typealias Output = NewPublisher.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let maxPublishers: Subscribers.Demand
    public let transform: (Upstream.Output) -> NewPublisher

    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Merger<Upstream.Output, NewPublisher, S>(
          subscriber, maxPublishers: maxPublishers, transform: transform))
    }
  }
}

/// The subscription of `flatMap` (and `merge`, which flattens a fixed list): each inner
/// publisher is asked for one value at a time, and a value that arrives while downstream has
/// no demand waits in its child until downstream asks, children served in subscription order.
final class Merger<Source, Inner: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  typealias Input = Source
  typealias Failure = Inner.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var demand = Subscribers.Demand.none
  private var children: [Child] = []
  private var upstreamFinished = false
  private var introduced = false
  private let maxPublishers: Subscribers.Demand
  private let transform: (Source) -> Inner

  init(
    _ downstream: Downstream, maxPublishers: Subscribers.Demand,
    transform: @escaping (Source) -> Inner
  ) {
    self.downstream = downstream
    self.maxPublishers = maxPublishers
    self.transform = transform
  }

  var description: String { "FlatMap" }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    introduced = true
    downstream.receive(subscription: self)
    subscription.request(maxPublishers)
  }

  func receive(_ input: Source) -> Subscribers.Demand {
    guard downstream != nil else { return .none }
    let child = Child(owner: self)
    children.append(child)
    transform(input).subscribe(child)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard downstream != nil else { return }
    upstream = nil
    switch completion {
    case .finished:
      upstreamFinished = true
      finishIfDone()
    case .failure(let error): fail(error)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    drain()
  }

  func cancel() {
    downstream = nil
    let held = upstream
    upstream = nil
    let ended = children
    children = []
    held?.cancel()
    for child in ended { child.subscription?.cancel() }
  }

  /// Sends waiting values while downstream has demand, then asks idle children for more.
  private func drain() {
    var index = 0
    while index < children.count, demand > 0, let downstream {
      let child = children[index]
      if let value = child.waiting {
        child.waiting = nil
        demand -= 1
        demand += downstream.receive(value)
        child.askForOne()
        if child.finished { remove(child) } else { index += 1 }
      } else {
        index += 1
      }
    }
    for child in children where demand > 0 && !child.asked { child.askForOne() }
    finishIfDone()
  }

  fileprivate func childSent(_ value: Inner.Output, from child: Child) {
    child.asked = false
    guard let downstream else { return }
    if demand > 0 && children.first(where: { $0.waiting != nil }) == nil {
      demand -= 1
      demand += downstream.receive(value)
      if demand > 0 { child.askForOne() }
    } else {
      child.waiting = value
    }
  }

  fileprivate func childSubscribed(_ child: Child) {
    if demand > 0 { child.askForOne() }
  }

  fileprivate func childEnded(_ child: Child, _ completion: Subscribers.Completion<Failure>) {
    child.finished = true
    if case .failure(let error) = completion {
      fail(error)
      return
    }
    if child.waiting == nil { remove(child) }
    if maxPublishers != .unlimited { upstream?.request(.max(1)) }
    finishIfDone()
  }

  private func remove(_ child: Child) { children.removeAll { $0 === child } }

  private func finishIfDone() {
    guard upstreamFinished, children.isEmpty, let downstream else { return }
    self.downstream = nil
    downstream.receive(completion: .finished)
  }

  private func fail(_ error: Failure) {
    guard let downstream else { return }
    cancel()
    downstream.receive(completion: .failure(error))
  }

  /// The subscriber given to one inner publisher.
  fileprivate final class Child: Subscriber {
    typealias Input = Inner.Output
    typealias Failure = Inner.Failure
    weak var owner: Merger?
    var subscription: (any Subscription)?
    var waiting: Inner.Output?
    var asked = false
    var finished = false

    init(owner: Merger) { self.owner = owner }

    func askForOne() {
      guard !asked, !finished, let subscription else { return }
      asked = true
      subscription.request(.max(1))
    }

    func receive(subscription: any Subscription) {
      guard self.subscription == nil, let owner else {
        subscription.cancel()
        return
      }
      self.subscription = subscription
      owner.childSubscribed(self)
    }

    func receive(_ input: Inner.Output) -> Subscribers.Demand {
      owner?.childSent(input, from: self)
      return .none
    }

    func receive(completion: Subscribers.Completion<Inner.Failure>) {
      subscription = nil
      owner?.childEnded(self, completion)
    }
  }
}

extension Publishers {
  /// Sends the values of the latest publisher the upstream sent, cancelling the one before.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    public typealias Output = P.Output
    public typealias Failure = P.Failure
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Switcher<P, S>(subscriber))
    }
  }
}

/// The subscription of `switchToLatest`.
final class Switcher<Inner: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  typealias Input = Inner
  typealias Failure = Inner.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var current: (any Subscription)?
  private var demand = Subscribers.Demand.none
  private var generation = 0
  private var innerActive = false
  private var upstreamFinished = false

  init(_ downstream: Downstream) { self.downstream = downstream }

  var description: String { "SwitchToLatest" }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Inner) -> Subscribers.Demand {
    guard downstream != nil else { return .none }
    generation += 1
    let previous = current
    current = nil
    previous?.cancel()
    innerActive = true
    let generation = generation
    input.subscribe(
      AnySubscriber<Inner.Output, Inner.Failure>(
        receiveSubscription: { [weak self] subscription in
          guard let self, self.generation == generation else { return subscription.cancel() }
          self.current = subscription
          if self.demand > 0 { subscription.request(self.demand) }
        },
        receiveValue: { [weak self] value in
          guard let self, self.generation == generation, let downstream = self.downstream else {
            return .none
          }
          self.demand -= 1
          let more = downstream.receive(value)
          self.demand += more
          return more
        },
        receiveCompletion: { [weak self] completion in
          guard let self, self.generation == generation else { return }
          self.current = nil
          self.innerActive = false
          if case .failure = completion {
            self.end(completion)
          } else if self.upstreamFinished {
            self.end(.finished)
          }
        }))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    upstream = nil
    upstreamFinished = true
    if case .failure = completion {
      end(completion)
    } else if !innerActive {
      end(.finished)
    }
  }

  private func end(_ completion: Subscribers.Completion<Failure>) {
    guard let downstream else { return }
    cancel()
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    current?.request(demand)
  }

  func cancel() {
    downstream = nil
    generation += 1
    let held = [upstream, current]
    upstream = nil
    current = nil
    for subscription in held { subscription?.cancel() }
  }
}

extension Publisher {
  /// Flattens the publishers `transform` makes from each value, at most `maxPublishers` at
  /// once.
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Flattens publishers that may fail, from a publisher that cannot.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }

  /// Flattens publishers that cannot fail.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Sends the values of the latest publisher received, cancelling the previous one.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}
