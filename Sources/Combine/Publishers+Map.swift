// Operators that transform or drop each value.

extension Publishers {
  /// Transforms each value with a closure.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        Relay("Map", to: subscriber, onCompletion: passCompletion) { .emit(transform($0)) })
    }
  }

  /// Transforms each value with a closure that may throw; a thrown error fails the stream.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = any Error
    public let upstream: Upstream
    public let transform: (Upstream.Output) throws -> Output

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        Relay("TryMap", to: subscriber, onCompletion: anyErrorCompletion) { value in
          do { return .emit(try transform(value)) } catch { return .fail(error) }
        })
    }
  }

  /// Transforms each value, dropping those the closure maps to nil.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output?

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        Relay("CompactMap", to: subscriber, onCompletion: passCompletion) { value in
          transform(value).map { .emit($0) } ?? .skip
        })
    }
  }

  /// Passes on the values a predicate accepts.
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let isIncluded: (Upstream.Output) -> Bool

    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let isIncluded = isIncluded
      upstream.subscribe(
        Relay("Filter", to: subscriber, onCompletion: passCompletion) { value in
          isIncluded(value) ? .emit(value) : .skip
        })
    }
  }

  /// Transforms the failure with a closure.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    public typealias Output = Upstream.Output
    public let upstream: Upstream
    public let transform: (Upstream.Failure) -> Failure

    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = map
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        Relay(
          "MapError", to: subscriber,
          onCompletion: { completion in
            switch completion {
            case .finished: return (nil, .finished)
            case .failure(let error): return (nil, .failure(transform(error)))
            }
          }
        ) { .emit($0) })
    }
  }

  /// Gives a publisher that cannot fail the failure type downstream expects.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    public typealias Output = Upstream.Output
    public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Relay("SetFailureType", to: subscriber, onCompletion: { _ in (nil, .finished) }) {
          .emit($0)
        })
    }
  }

  /// Replaces a failure with a last value, then finishes.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Never
    public let upstream: Upstream
    public let output: Upstream.Output

    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let output = output
      upstream.subscribe(
        Relay(
          "ReplaceError", to: subscriber,
          onCompletion: { completion in
            if case .failure = completion { return (output, .finished) }
            return (nil, .finished)
          }
        ) { .emit($0) })
    }
  }

  /// Sends a value when the upstream finishes without sending any.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let output: Upstream.Output

    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let output = output
      var sent = false
      upstream.subscribe(
        Relay(
          "ReplaceEmpty", to: subscriber,
          onCompletion: { completion in
            if case .finished = completion, !sent { return (output, .finished) }
            return (nil, completion)
          }
        ) { value in
          sent = true
          return .emit(value)
        })
    }
  }

  /// Passes on a value only if it differs from the one before (by a predicate).
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Output, Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      var last: Output?
      upstream.subscribe(
        Relay("RemoveDuplicates", to: subscriber, onCompletion: passCompletion) { value in
          defer { last = value }
          if let last, predicate(last, value) { return .skip }
          return .emit(value)
        })
    }
  }
}

/// A completion with the failure widened to `any Error`.
func anyErrorCompletion<Output, Failure: Error>(
  _ completion: Subscribers.Completion<Failure>
) -> (value: Output?, completion: Subscribers.Completion<any Error>) {
  switch completion {
  case .finished: return (nil, .finished)
  case .failure(let error): return (nil, .failure(error))
  }
}

extension Publisher {
  /// Transforms each value.
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Transforms each value with a closure that may throw.
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }

  /// Transforms each value, dropping nils.
  public func compactMap<T>(_ transform: @escaping (Output) -> T?)
    -> Publishers.CompactMap<
      Self, T
    >
  {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Passes on the values `isIncluded` accepts.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Transforms the failure.
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E)
    -> Publishers.MapError<
      Self, E
    >
  {
    Publishers.MapError(upstream: self, transform)
  }

  /// Replaces a failure with `output`, then finishes.
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }

  /// Sends `output` if the upstream finishes without a value.
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }

  /// Passes on a value only if `predicate` says it differs from the one before.
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  /// Replaces each nil with `output`.
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    Publishers.Map(upstream: self) { $0 ?? output }
  }
}

extension Publisher where Output: Equatable {
  /// Passes on a value only if it differs from the one before.
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates(by: ==)
  }
}

extension Publisher where Failure == Never {
  /// This publisher with the failure type `E`.
  public func setFailureType<E: Error>(to failureType: E.Type)
    -> Publishers.SetFailureType<
      Self, E
    >
  {
    Publishers.SetFailureType(upstream: self)
  }
}
