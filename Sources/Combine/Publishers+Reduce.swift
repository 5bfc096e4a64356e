// Operators that skip leading values, accumulate, or keep only the end.

extension Publishers {
  /// Drops the first `count` values.
  public struct Drop<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let count: Int

    public init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "Publishers.Drop: count must not be negative")
      self.upstream = upstream
      self.count = count
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var remaining = count
      upstream.subscribe(
        Relay("Drop", to: subscriber, onCompletion: passCompletion) { value in
          guard remaining == 0 else {
            remaining -= 1
            return .skip
          }
          return .emit(value)
        })
    }
  }

  /// Drops values while a predicate holds, then passes every value on.
  public struct DropWhile<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Upstream.Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      var dropping = true
      upstream.subscribe(
        Relay("DropWhile", to: subscriber, onCompletion: passCompletion) { value in
          if dropping && predicate(value) { return .skip }
          dropping = false
          return .emit(value)
        })
    }
  }

  /// Sends each step of an accumulation: the result of a closure on the previous result and
  /// the new value.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let initialResult: Output
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let next = nextPartialResult
      var result = initialResult
      upstream.subscribe(
        Relay("Scan", to: subscriber, onCompletion: passCompletion) { value in
          result = next(result, value)
          return .emit(result)
        })
    }
  }

  /// Accumulates every value and sends the result when the upstream finishes.
  public struct Reduce<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let initial: Output
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    public init(
      upstream: Upstream, initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let next = nextPartialResult
      var result = initial
      upstream.subscribe(
        Relay(
          "Reduce", to: subscriber, upstreamDemand: { _ in .unlimited },
          onCompletion: { completion in
            if case .finished = completion { return (result, .finished) }
            return (nil, completion)
          }
        ) { value in
          result = next(result, value)
          return .absorb
        })
    }
  }

  /// Sends only the last value, when the upstream finishes.
  public struct Last<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var last: Output?
      upstream.subscribe(
        Relay(
          "Last", to: subscriber, upstreamDemand: { _ in .unlimited },
          onCompletion: { completion in
            if case .finished = completion { return (last, .finished) }
            return (nil, completion)
          }
        ) { value in
          last = value
          return .absorb
        })
    }
  }

  /// Sends no value, only the completion.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    public typealias Output = Never
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Relay(
          "IgnoreOutput", to: subscriber, upstreamDemand: { _ in .unlimited },
          onCompletion: passCompletion
        ) { _ in .absorb })
    }
  }

  /// Sends the number of values when the upstream finishes.
  public struct Count<Upstream: Publisher>: Publisher {
    public typealias Output = Int
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      Reduce(upstream: upstream, initial: 0) { count, _ in count + 1 }
        .receive(subscriber: subscriber)
    }
  }
}

extension Publisher {
  /// Drops the first `count` values.
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }

  /// Drops values while `predicate` holds.
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }

  /// Each step of accumulating the values with `nextPartialResult`.
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(
      upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }

  /// The values accumulated with `nextPartialResult`, when the upstream finishes.
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }

  /// The last value, when the upstream finishes.
  public func last() -> Publishers.Last<Self> { Publishers.Last(upstream: self) }

  /// Only the completion.
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }

  /// The number of values, when the upstream finishes.
  public func count() -> Publishers.Count<Self> { Publishers.Count(upstream: self) }
}
