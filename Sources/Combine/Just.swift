/// A publisher that sends one value to each subscriber, at its first demand, then finishes.
public struct Just<Output>: Publisher {
  public typealias Failure = Never
  /// The value sent.
  public let output: Output

  /// A publisher of `output`.
  public init(_ output: Output) { self.output = output }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: OneShot(value: output, completion: .finished, to: subscriber))
  }
}

extension Just: Equatable where Output: Equatable {}

/// A publisher that ends each subscription at once with `error`.
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error sent.
  public let error: Failure

  /// A publisher that fails with `error`.
  public init(error: Failure) { self.error = error }

  /// A publisher of `output`'s type that fails with `error`.
  public init(outputType: Output.Type, failure: Failure) { error = failure }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

/// A publisher that never sends a value, and finishes at once unless told not to.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
  /// Whether it finishes at once (false: it never ends).
  public let completeImmediately: Bool

  /// An empty publisher that finishes at once if `completeImmediately`.
  public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

  /// The same, naming the output and failure types.
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type)
  {
    self.completeImmediately = completeImmediately
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately { subscriber.receive(completion: .finished) }
  }
}

/// Ready-made subscriptions.
public enum Subscriptions {
  /// A subscription that does nothing when asked or cancelled.
  public static var empty: any Subscription { EmptySubscription() }
}

/// The subscription behind `Subscriptions.empty`.
private final class EmptySubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

/// A subscription that sends at most one value, at the first demand, then a completion; the
/// subscription of `Just`, `Future` and a finished `Result.Publisher`.
final class OneShot<Downstream: Subscriber>: Subscription, CustomStringConvertible {
  private var downstream: Downstream?
  private let value: Downstream.Input?
  private let completion: Subscribers.Completion<Downstream.Failure>

  init(
    value: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>,
    to downstream: Downstream
  ) {
    self.value = value
    self.completion = completion
    self.downstream = downstream
  }

  var description: String { "OneShot" }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0, let downstream else { return }
    self.downstream = nil
    if let value { _ = downstream.receive(value) }
    downstream.receive(completion: completion)
  }

  func cancel() { downstream = nil }
}

/// A publisher that runs a closure once, at creation, which eventually sends one value or an
/// error; every subscriber gets that result.
public final class Future<Output, Failure: Error>: Publisher {
  /// The closure the producer calls with its result.
  public typealias Promise = (Result<Output, Failure>) -> Void

  private var result: Result<Output, Failure>?
  /// Waiting subscribers, in subscription order.
  private var waiting: [FutureConduit] = []
  /// Tasks awaiting `value`, in the order they asked.
  private var awaiting: [CheckedContinuation<HandedResult, Never>] = []

  /// Runs `attemptToFulfill` now, handing it the promise to call once.
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    // The promise keeps the future, as Combine's does: a future nobody holds still delivers.
    attemptToFulfill { result in self.fulfill(result) }
  }

  private func fulfill(_ result: Result<Output, Failure>) {
    guard self.result == nil else { return }
    self.result = result
    let conduits = waiting
    waiting = []
    for conduit in conduits { conduit.resolve(result) }
    let tasks = awaiting
    awaiting = []
    for task in tasks { task.resume(returning: HandedResult(result: result)) }
  }

  /// The result handed to a task awaiting `value`: one simulated thread runs at a time, so
  /// nothing is shared while it crosses.
  struct HandedResult: @unchecked Sendable {
    let result: Result<Output, Failure>
  }

  /// The future's result: at once if the promise was called, else when it is.
  func awaitedResult() async -> Result<Output, Failure> {
    if let result { return result }
    let handed = await withCheckedContinuation { continuation in
      if let result {
        continuation.resume(returning: HandedResult(result: result))
      } else {
        awaiting.append(continuation)
      }
    }
    return handed.result
  }

  /// `value` (iOS 15): the value the promise is called with, awaited if it is not yet there;
  /// throws the failure it is called with. A promise never called never returns.
  public var value: Output {
    get async throws { try await awaitedResult().get() }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let conduit = FutureConduit(AnySubscriber(subscriber)) { [weak self] in self?.remove($0) }
    subscriber.receive(subscription: conduit)
    if let result {
      conduit.resolve(result)
    } else {
      waiting.append(conduit)
    }
  }

  private func remove(_ conduit: FutureConduit) {
    waiting.removeAll { $0 === conduit }
  }

  /// One subscriber's link: it sends the result once it is known and asked for.
  final class FutureConduit: Subscription {
    private var downstream: AnySubscriber<Output, Failure>?
    private var result: Result<Output, Failure>?
    private var demanded = false
    private let onCancel: (FutureConduit) -> Void

    init(_ downstream: AnySubscriber<Output, Failure>, onCancel: @escaping (FutureConduit) -> Void)
    {
      self.downstream = downstream
      self.onCancel = onCancel
    }

    func resolve(_ result: Result<Output, Failure>) {
      self.result = result
      deliver()
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand > 0 else { return }
      demanded = true
      deliver()
    }

    private func deliver() {
      guard let result, let downstream else { return }
      switch result {
      case .success(let value):
        guard demanded else { return }
        self.downstream = nil
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
      case .failure(let error):
        self.downstream = nil
        downstream.receive(completion: .failure(error))
      }
    }

    func cancel() {
      downstream = nil
      onCancel(self)
    }
  }
}

extension Future where Failure == Never {
  /// `value` (iOS 15) of a future that cannot fail: the value the promise is called with,
  /// awaited if it is not yet there.
  public var value: Output {
    get async { await awaitedResult().get() }
  }
}

/// A publisher that makes its publisher anew for each subscriber, when it subscribes.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  public typealias Output = DeferredPublisher.Output
  public typealias Failure = DeferredPublisher.Failure
  /// Makes the publisher.
  public let createPublisher: () -> DeferredPublisher

  /// A publisher that calls `createPublisher` at each subscription.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().receive(subscriber: subscriber)
  }
}
