// Operators that pair the values of two publishers: combineLatest and zip.

/// Two upstreams feeding one downstream; `Pairing` decides what to send. Downstream's demand is
/// honoured: it never gets more values than it asked for.
final class Pair<A: Publisher, B: Publisher, Downstream: Subscriber>: Subscription,
  CustomStringConvertible
where
  A.Failure == B.Failure, Downstream.Input == (A.Output, B.Output), Downstream.Failure == A.Failure
{
  enum Mode { case latest, zip }

  private var downstream: Downstream?
  private var subscriptions: [(any Subscription)?] = [nil, nil]
  private var finished = [false, false]
  private var demand = Subscribers.Demand.none
  private let mode: Mode
  // combineLatest: the latest of each and whether a new pair waits; zip: the queues.
  private var aValues: [A.Output] = []
  private var bValues: [B.Output] = []
  private var fresh = false
  private var introduced = false

  init(_ downstream: Downstream, mode: Mode) {
    self.downstream = downstream
    self.mode = mode
  }

  var description: String { mode == .latest ? "CombineLatest" : "Zip" }

  func start(_ a: A, _ b: B) {
    a.subscribe(
      AnySubscriber<A.Output, A.Failure>(
        receiveSubscription: { [self] in attach($0, side: 0) },
        receiveValue: { [self] in
          received(a: $0)
          return .none
        },
        receiveCompletion: { [self] in ended($0, side: 0) }))
    b.subscribe(
      AnySubscriber<B.Output, B.Failure>(
        receiveSubscription: { [self] in attach($0, side: 1) },
        receiveValue: { [self] in
          received(b: $0)
          return .none
        },
        receiveCompletion: { [self] in ended($0, side: 1) }))
  }

  private func attach(_ subscription: any Subscription, side: Int) {
    guard subscriptions[side] == nil, downstream != nil else { return subscription.cancel() }
    subscriptions[side] = subscription
    if subscriptions[0] != nil, subscriptions[1] != nil, !introduced, let downstream {
      introduced = true
      downstream.receive(subscription: self)
    }
  }

  private func received(a: A.Output) {
    if mode == .latest { aValues = [a] } else { aValues.append(a) }
    fresh = true
    flush()
  }

  private func received(b: B.Output) {
    if mode == .latest { bValues = [b] } else { bValues.append(b) }
    fresh = true
    flush()
  }

  /// Sends what downstream may receive now.
  private func flush() {
    while demand > 0, let downstream, let a = aValues.first, let b = bValues.first {
      if mode == .latest {
        guard fresh else { break }
        fresh = false
      } else {
        aValues.removeFirst()
        bValues.removeFirst()
      }
      demand -= 1
      demand += downstream.receive((a, b))
    }
    endIfDone()
  }

  private func ended(_ completion: Subscribers.Completion<A.Failure>, side: Int) {
    subscriptions[side] = nil
    finished[side] = true
    if case .failure = completion {
      end(completion)
      return
    }
    endIfDone()
  }

  private func endIfDone() {
    let done: Bool
    switch mode {
    case .latest:
      done =
        (finished[0] && finished[1]) || (finished[0] && aValues.isEmpty)
        || (finished[1] && bValues.isEmpty)
    case .zip: done = (finished[0] && aValues.isEmpty) || (finished[1] && bValues.isEmpty)
    }
    if done { end(.finished) }
  }

  private func end(_ completion: Subscribers.Completion<A.Failure>) {
    guard let downstream else { return }
    cancel()
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    switch mode {
    case .latest:
      // Each upstream's values replace the last: asking for them all loses nothing downstream
      // asked for.
      if demand > 0 {
        for subscription in subscriptions { subscription?.request(.unlimited) }
      }
    case .zip:
      // Ask each side for what completes the pairs downstream wants.
      if demand > 0 {
        subscriptions[0]?.request(demand)
        subscriptions[1]?.request(demand)
      }
    }
    flush()
  }

  func cancel() {
    downstream = nil
    let held = subscriptions
    subscriptions = [nil, nil]
    for subscription in held { subscription?.cancel() }
  }
}

extension Publishers {
  /// Pairs the latest value of each of two publishers, each time either sends one (once both
  /// have).
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
  where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure
    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      Pair<A, B, S>(subscriber, mode: .latest).start(a, b)
    }
  }

  /// Pairs the values of two publishers in order: the first with the first, and so on.
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure
    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      Pair<A, B, S>(subscriber, mode: .zip).start(a, b)
    }
  }
}

extension Publisher {
  /// Pairs of the latest values of this publisher and `other`.
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where Failure == P.Failure {
    Publishers.CombineLatest(self, other)
  }

  /// The latest values of this publisher and `other`, combined by `transform`.
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
    Publishers.CombineLatest(self, other).map(transform)
  }

  /// Pairs of this publisher's and `other`'s values, in order.
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where Failure == P.Failure {
    Publishers.Zip(self, other)
  }

  /// This publisher's and `other`'s values, in order, combined by `transform`.
  public func zip<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where Failure == P.Failure {
    Publishers.Zip(self, other).map(transform)
  }
}
