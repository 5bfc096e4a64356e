// Operators that move events onto a scheduler, or in time.

extension Publishers {
  /// Delivers values and the completion on a scheduler; subscription, requests and
  /// cancellation pass through on the calling thread. After a cancel, nothing already
  /// scheduled is delivered.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Shift(to: subscriber, name: "ReceiveOn") { [scheduler, options] deliver in
          scheduler.schedule(options: options, deliver)
        })
    }
  }

  /// Delivers values and the completion on a scheduler, each after an interval.
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let interval: Context.SchedulerTimeType.Stride
    public let tolerance: Context.SchedulerTimeType.Stride
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Shift(to: subscriber, name: "Delay") { [scheduler, interval, tolerance, options] in
          scheduler.schedule(
            after: scheduler.now.advanced(by: interval), tolerance: tolerance,
            options: options, $0)
        })
    }
  }

  /// Subscribes to the upstream, and sends it requests and the cancel, on a scheduler.
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = SubscribeOnLink<Upstream, Context, S>(
        subscriber, scheduler: scheduler, options: options)
      let upstream = upstream
      scheduler.schedule(options: options) { upstream.subscribe(inner) }
    }
  }
}

/// The subscription of `receive(on:)` and `delay`: each value and the completion goes through
/// `shift` (a scheduling), and is dropped if the subscription was cancelled by then.
final class Shift<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private let shift: (@escaping () -> Void) -> Void
  let description: String

  init(to downstream: Downstream, name: String, shift: @escaping (@escaping () -> Void) -> Void) {
    self.downstream = downstream
    self.description = name
    self.shift = shift
  }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    shift { [self] in
      guard let downstream else { return }
      let more = downstream.receive(input)
      if more > 0 { upstream?.request(more) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    shift { [self] in
      guard let downstream else { return }
      self.downstream = nil
      upstream = nil
      downstream.receive(completion: completion)
    }
  }

  func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

  func cancel() {
    downstream = nil
    let held = upstream
    upstream = nil
    held?.cancel()
  }
}

/// The subscription of `subscribe(on:)`.
final class SubscribeOnLink<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>:
  Subscriber, Subscription, CustomStringConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var cancelled = false
  private let scheduler: Context
  private let options: Context.SchedulerOptions?

  init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
  }

  var description: String { "SubscribeOn" }

  func receive(subscription: any Subscription) {
    guard !cancelled, upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard let downstream else { return }
    self.downstream = nil
    upstream = nil
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    scheduler.schedule(options: options) { [self] in upstream?.request(demand) }
  }

  func cancel() {
    guard !cancelled else { return }
    cancelled = true
    downstream = nil
    let held = upstream
    upstream = nil
    guard let held else { return }
    _CancelScheduling.$isCancel.withValue(true) {
      scheduler.schedule(options: options) { held.cancel() }
    }
  }
}

extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }

  /// Subscribes, requests and cancels on `scheduler`.
  public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.SubscribeOn<Self, S>
  {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }

  /// Delivers each value and the completion `interval` later, on `scheduler`.
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
    scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
      scheduler: scheduler, options: options)
  }
}
