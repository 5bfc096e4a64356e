// Operators that observe events, stop early or gather values.

extension Publishers {
  /// Calls closures on each event of the stream, passing everything on unchanged.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public var receiveSubscription: ((any Subscription) -> Void)?
    public var receiveOutput: ((Upstream.Output) -> Void)?
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
    public var receiveCancel: (() -> Void)?
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    public init(
      upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Upstream.Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let output = receiveOutput
      let completion = receiveCompletion
      let hooks = RelayHooks(
        subscription: receiveSubscription, cancel: receiveCancel, request: receiveRequest)
      upstream.subscribe(
        Relay(
          "HandleEvents", to: subscriber, hooks: hooks,
          onCompletion: { ending in
            completion?(ending)
            return (nil, ending)
          }
        ) { value in
          output?(value)
          return .emit(value)
        })
    }
  }

  /// Sends the first value (that a predicate accepts), then finishes.
  public struct FirstWhere<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.subscribe(
        Relay("FirstWhere", to: subscriber, onCompletion: passCompletion) {
          predicate($0) ? .emitAndFinish($0) : .skip
        })
    }
  }

  /// Sends the first value, then finishes.
  public struct First<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      FirstWhere(upstream: upstream) { _ in true }.receive(subscriber: subscriber)
    }
  }

  /// Sends the values at the indices in a range, then finishes; the publisher of
  /// `prefix(_:)` and `output(in:)`.
  public struct Output<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let range: CountableRange<Int>

    public init(upstream: Upstream, range: CountableRange<Int>) {
      precondition(range.lowerBound >= 0, "Publishers.Output: negative lower bound")
      self.upstream = upstream
      self.range = range
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let range = range
      var index = 0
      if range.isEmpty {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
        return
      }
      upstream.subscribe(
        Relay("Output", to: subscriber, onCompletion: passCompletion) { value in
          defer { index += 1 }
          if index < range.lowerBound { return .skip }
          return index + 1 == range.upperBound ? .emitAndFinish(value) : .emit(value)
        })
    }
  }

  /// Gathers every value and sends them as one array when the upstream finishes.
  public struct Collect<Upstream: Publisher>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var gathered: [Upstream.Output] = []
      upstream.subscribe(
        Relay(
          "Collect", to: subscriber, upstreamDemand: { _ in .unlimited },
          onCompletion: { completion in
            if case .finished = completion { return (gathered, .finished) }
            return (nil, completion)
          }
        ) { value in
          gathered.append(value)
          return .absorb
        })
    }
  }

  /// Decodes each value with a decoder; a decoding error fails the stream.
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
  where Upstream.Output == Coder.Input {
    public typealias Failure = any Error
    public let upstream: Upstream
    private let decoder: Coder

    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let decoder = decoder
      TryMap(upstream: upstream) { try decoder.decode(Output.self, from: $0) }
        .receive(subscriber: subscriber)
    }
  }
}

/// A type that decodes values from a top-level input (`JSONDecoder`, `PropertyListDecoder`).
public protocol TopLevelDecoder {
  /// What it decodes from (`Data`).
  associatedtype Input
  /// Decodes a value of `type` from `from`.
  func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// A type that encodes values to a top-level output (`JSONEncoder`).
public protocol TopLevelEncoder {
  /// What it encodes to (`Data`).
  associatedtype Output
  /// Encodes `value`.
  func encode<T: Encodable>(_ value: T) throws -> Output
}

extension Publisher {
  /// Calls the given closures on the stream's events.
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel,
      receiveRequest: receiveRequest)
  }

  /// The first value, then finished.
  public func first() -> Publishers.First<Self> { Publishers.First(upstream: self) }

  /// The first value `predicate` accepts, then finished.
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }

  /// At most the first `maxLength` values, then finished.
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    output(in: 0..<maxLength)
  }

  /// The values at the indices in `range`, then finished.
  public func output(in range: CountableRange<Int>) -> Publishers.Output<Self> {
    Publishers.Output(upstream: self, range: range)
  }

  /// The value at `index`, then finished.
  public func output(at index: Int) -> Publishers.Output<Self> { output(in: index..<(index + 1)) }

  /// Every value, as one array, when the upstream finishes.
  public func collect() -> Publishers.Collect<Self> { Publishers.Collect(upstream: self) }

  /// Each value decoded as `type` by `decoder`.
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(
    type: Item.Type, decoder: Coder
  ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}
