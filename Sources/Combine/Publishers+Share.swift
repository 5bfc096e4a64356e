// Publishers shared by several subscribers: share, connectable publishers, autoconnect.

/// A publisher that does nothing until `connect()` is called.
public protocol ConnectablePublisher: Publisher {
  /// Starts the publisher; cancel the result to stop it.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects at the first subscriber, and disconnects when the last one cancels.
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}

extension Publishers {
  /// Connects its upstream at the first subscriber and disconnects when none is left. The
  /// connection is kept by the subscriptions, not by this object: a chain written in one
  /// expression (`Timer.publish(...).autoconnect().sink { }`) keeps running while its
  /// cancellable is kept.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public final let upstream: Upstream
    private let connection = RefCountedConnection()

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let connection = connection
      connection.subscribers += 1
      upstream.subscribe(
        Relay(
          "Autoconnect", to: subscriber, hooks: RelayHooks(cancel: { connection.left() }),
          onCompletion: passCompletion
        ) { .emit($0) })
      if connection.cancellable == nil { connection.cancellable = upstream.connect() }
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
    private let state = ShareState<Output, Failure>()

    public init(upstream: Upstream) { self.upstream = upstream }

    public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let state = state
      state.fanout.add(subscriber, initial: nil)
      guard state.connection == nil, state.fanout.completion == nil,
        !state.fanout.conduits.isEmpty
      else { return }
      let fanout = state.fanout
      let sink = Subscribers.Sink<Output, Failure>(
        receiveCompletion: {
          fanout.onEmpty = nil
          state.connection = nil
          fanout.send(completion: $0)
        },
        receiveValue: { fanout.send($0, latestWins: false) })
      state.connection = sink
      // The subscribers keep the state (through the fanout's closure) while any is left.
      fanout.onEmpty = { state.disconnect() }
      upstream.subscribe(sink)
    }
  }
}

/// An autoconnected publisher's connection and its count of subscribers.
final class RefCountedConnection {
  var cancellable: (any Cancellable)?
  var subscribers = 0

  func left() {
    subscribers -= 1
    guard subscribers == 0, let cancellable else { return }
    self.cancellable = nil
    cancellable.cancel()
  }
}

/// What a `Share` keeps: its subscribers and its subscription upstream.
final class ShareState<Output, Failure: Error> {
  var fanout = Fanout<Output, Failure>()
  var connection: Subscribers.Sink<Output, Failure>?

  /// Cancels the upstream subscription once the last subscriber left; the next subscriber
  /// starts a new one.
  func disconnect() {
    guard fanout.completion == nil, let connection else { return }
    self.connection = nil
    fanout.onEmpty = nil
    fanout = Fanout()
    connection.cancel()
  }
}

extension Publisher {
  /// One subscription to this publisher, shared by every subscriber.
  public func share() -> Publishers.Share<Self> { Publishers.Share(upstream: self) }
}
