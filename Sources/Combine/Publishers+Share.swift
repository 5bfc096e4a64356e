// Publishers shared by several subscribers: share, connectable publishers, autoconnect.

/// A publisher that does nothing until `connect()` is called.
public protocol ConnectablePublisher: Publisher {
  /// Starts the publisher; cancel the result to stop it.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects at the first subscriber, and disconnects when the last one cancels.
  public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Publishers {
  /// Connects its upstream at the first subscriber and disconnects when none is left.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public final let upstream: Upstream
    private var connection: (any Cancellable)?
    private var subscribers = 0

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      subscribers += 1
      upstream.subscribe(
        Relay(
          "Autoconnect", to: subscriber,
          hooks: RelayHooks(cancel: { [weak self] in self?.left() }),
          onCompletion: passCompletion
        ) { .emit($0) })
      if connection == nil { connection = upstream.connect() }
    }

    private func left() {
      subscribers -= 1
      guard subscribers == 0, let connection else { return }
      self.connection = nil
      connection.cancel()
    }
  }

  /// Shares one subscription to its upstream among its subscribers, made at the first
  /// subscriber and cancelled when the last cancels; each value goes to the subscribers with
  /// demand, in subscription order. Once the upstream ended, a new subscriber gets the
  /// completion only.
  public final class Share<Upstream: Publisher>: Publisher, Equatable {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public final let upstream: Upstream
    private var fanout = Fanout<Output, Failure>()
    private var connection: Subscribers.Sink<Output, Failure>?

    public init(upstream: Upstream) { self.upstream = upstream }

    public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      fanout.add(subscriber, initial: nil)
      guard connection == nil, fanout.completion == nil, !fanout.conduits.isEmpty else { return }
      let fanout = fanout
      let sink = Subscribers.Sink<Output, Failure>(
        receiveCompletion: { fanout.send(completion: $0) },
        receiveValue: { fanout.send($0, latestWins: false) })
      connection = sink
      fanout.onEmpty = { [weak self] in self?.disconnect() }
      upstream.subscribe(sink)
    }

    private func disconnect() {
      guard fanout.completion == nil, let connection else { return }
      self.connection = nil
      fanout.onEmpty = nil
      fanout = Fanout()
      connection.cancel()
    }
  }
}

extension Publisher {
  /// One subscription to this publisher, shared by every subscriber.
  public func share() -> Publishers.Share<Self> { Publishers.Share(upstream: self) }
}
