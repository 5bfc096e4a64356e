// `values`: a publisher's values as an async sequence, one requested per `next()`.

/// The subscriber behind `values`: it asks for one value per `next()` and resumes the waiting
/// call with it, or with nil (an error, for the throwing form) at the end. Cancelling the task
/// that waits cancels the subscription and ends the sequence.
final class AsyncBridge<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  private var subscription: (any Subscription)?
  private var ended: Subscribers.Completion<Failure>?
  private var cancelled = false
  /// A value or an end that came while nobody waited (a synchronous upstream answers
  /// `request` before `next()` waits).
  private var ready: Result<Input?, Failure>?
  private var waiting: CheckedContinuation<Handed, Never>?

  /// A result handed from the simulated thread that delivers it to the task that waits: one
  /// runs at a time, so nothing is shared while it crosses.
  struct Handed: @unchecked Sendable {
    let result: Result<Input?, Failure>
  }

  func receive(subscription: any Subscription) {
    guard self.subscription == nil, !cancelled else { return subscription.cancel() }
    self.subscription = subscription
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    deliver(.success(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    ended = completion
    subscription = nil
    switch completion {
    case .finished: deliver(.success(nil))
    case .failure(let error): deliver(.failure(error))
    }
  }

  private func deliver(_ result: Result<Input?, Failure>) {
    if let waiting {
      self.waiting = nil
      waiting.resume(returning: Handed(result: result))
    } else {
      ready = result
    }
  }

  /// The next value, nil at the end, or the upstream's failure.
  func next() async -> Result<Input?, Failure> {
    if cancelled { return .success(nil) }
    // After the end: the end itself once (nil, or the failure), then nil.
    if ended != nil { return ready.take() ?? .success(nil) }
    let handed = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if let result = ready.take() {
          continuation.resume(returning: Handed(result: result))
          return
        }
        waiting = continuation
        subscription?.request(.max(1))
      }
    } onCancel: {
      cancel()
    }
    return handed.result
  }

  func cancel() {
    guard !cancelled else { return }
    cancelled = true
    let held = subscription
    subscription = nil
    held?.cancel()
    deliver(.success(nil))
  }
}

extension Optional {
  /// The value, leaving nil in its place.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}

/// The values of a publisher that cannot fail, as an async sequence (`Publisher.values`).
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
  public typealias Element = P.Output

  /// Waits for each value in turn.
  public struct Iterator: AsyncIteratorProtocol {
    let bridge: AsyncBridge<P.Output, Never>

    public mutating func next() async -> P.Output? {
      switch await bridge.next() {
      case .success(let value): return value
      }
    }
  }

  let publisher: P

  public init(_ publisher: P) { self.publisher = publisher }

  /// Subscribes to the publisher; each `next()` asks it for one value.
  public func makeAsyncIterator() -> Iterator {
    let bridge = AsyncBridge<P.Output, Never>()
    publisher.subscribe(bridge)
    return Iterator(bridge: bridge)
  }
}

/// The values of a publisher that can fail, as a throwing async sequence (`Publisher.values`).
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
  public typealias Element = P.Output

  /// Waits for each value in turn; throws the publisher's failure.
  public struct Iterator: AsyncIteratorProtocol {
    let bridge: AsyncBridge<P.Output, P.Failure>

    public mutating func next() async throws -> P.Output? {
      try await bridge.next().get()
    }
  }

  let publisher: P

  public init(_ publisher: P) { self.publisher = publisher }

  /// Subscribes to the publisher; each `next()` asks it for one value.
  public func makeAsyncIterator() -> Iterator {
    let bridge = AsyncBridge<P.Output, P.Failure>()
    publisher.subscribe(bridge)
    return Iterator(bridge: bridge)
  }
}

extension Publisher where Failure == Never {
  /// The publisher's values as an async sequence.
  public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
  /// The publisher's values as a throwing async sequence.
  public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}
