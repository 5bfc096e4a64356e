/// A publisher whose values are sent from outside by calling `send(_:)`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends `value` to the subscribers.
  func send(_ value: Output)
  /// Ends the stream for every subscriber.
  func send(completion: Subscribers.Completion<Failure>)
  /// Takes a subscription from an upstream publisher (it asks for unlimited values).
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Sends `()`.
  public func send() { send(()) }
}

extension Publisher {
  /// Sends this publisher's values to `subject`; cancel the result to stop.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where Failure == S.Failure, Output == S.Output {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

/// The subscribers of a subject, in subscription order, each with its own demand; shared by the
/// subjects, `@Published` and `share()`.
final class Fanout<Output, Failure: Error> {
  /// Each subscriber's link; an array, so delivery follows subscription order.
  private(set) var conduits: [Conduit] = []
  private(set) var completion: Subscribers.Completion<Failure>?
  /// Upstream subscriptions a subject took with `send(subscription:)`.
  var upstreams: [any Subscription] = []

  /// Runs when the last subscriber cancels (`share()` then disconnects).
  var onEmpty: (() -> Void)?

  /// Subscribes `subscriber`; `initial`, if given, is the first value it gets (once asked).
  func add<S: Subscriber>(_ subscriber: S, initial: Output?)
  where S.Input == Output, S.Failure == Failure {
    if let completion {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
      return
    }
    let conduit = Conduit(AnySubscriber(subscriber), pending: initial, owner: self)
    conduits.append(conduit)
    subscriber.receive(subscription: conduit)
  }

  /// Sends `value` to each subscriber with demand (`latestWins`: one without demand keeps it
  /// for its next request, as `CurrentValueSubject` does; else it misses it).
  func send(_ value: Output, latestWins: Bool) {
    guard completion == nil else { return }
    for conduit in conduits { conduit.offer(value, keepIfNoDemand: latestWins) }
  }

  /// Ends every subscription.
  func send(completion: Subscribers.Completion<Failure>) {
    guard self.completion == nil else { return }
    self.completion = completion
    let ended = conduits
    conduits = []
    for conduit in ended { conduit.finish(completion) }
  }

  func remove(_ conduit: Conduit) {
    conduits.removeAll { $0 === conduit }
    if conduits.isEmpty { onEmpty?() }
  }

  /// One subscriber's link.
  final class Conduit: Subscription, CustomStringConvertible {
    private var downstream: AnySubscriber<Output, Failure>?
    private var demand = Subscribers.Demand.none
    private var pending: Output?
    private weak var owner: Fanout?

    init(_ downstream: AnySubscriber<Output, Failure>, pending: Output?, owner: Fanout) {
      self.downstream = downstream
      self.pending = pending
      self.owner = owner
    }

    var description: String { "Subject conduit" }

    func offer(_ value: Output, keepIfNoDemand: Bool) {
      guard let downstream else { return }
      guard demand > 0 else {
        if keepIfNoDemand { pending = value }
        return
      }
      pending = nil
      demand -= 1
      demand += downstream.receive(value)
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
      guard let downstream else { return }
      self.downstream = nil
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "Subscription.request: demand must be more than none")
      self.demand += demand
      if let value = pending, let downstream, self.demand > 0 {
        pending = nil
        self.demand -= 1
        self.demand += downstream.receive(value)
      }
    }

    func cancel() {
      downstream = nil
      pending = nil
      owner?.remove(self)
    }
  }
}

/// A subject that passes each value to the subscribers that have demand for it; it keeps none.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
  private let fanout = Fanout<Output, Failure>()

  /// A subject with no subscribers.
  public init() {}

  public func send(_ input: Output) { fanout.send(input, latestWins: false) }

  public func send(completion: Subscribers.Completion<Failure>) {
    fanout.send(completion: completion)
  }

  public func send(subscription: any Subscription) {
    fanout.upstreams.append(subscription)
    subscription.request(.unlimited)
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fanout.add(subscriber, initial: nil)
  }
}

/// A subject that keeps its latest value: each new subscriber gets it first, and `value` reads
/// it.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
  private let fanout = Fanout<Output, Failure>()
  private var current: Output

  /// A subject holding `value`.
  public init(_ value: Output) { current = value }

  /// The latest value; setting it sends it.
  public var value: Output {
    get { current }
    set { send(newValue) }
  }

  public func send(_ input: Output) {
    guard fanout.completion == nil else { return }
    current = input
    fanout.send(input, latestWins: true)
  }

  public func send(completion: Subscribers.Completion<Failure>) {
    fanout.send(completion: completion)
  }

  public func send(subscription: any Subscription) {
    fanout.upstreams.append(subscription)
    subscription.request(.unlimited)
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fanout.add(subscriber, initial: current)
  }
}
