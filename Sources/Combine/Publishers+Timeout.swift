// timeout: ends a stream that stays silent longer than an interval, in a scheduler's time.

extension Publishers {
  /// Ends the stream when the upstream sends nothing for `interval` after the subscription or
  /// after its last value: it finishes, or fails with `customError()` when there is one, and
  /// cancels the upstream. Values and the completion are delivered on the scheduler.
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let interval: Context.SchedulerTimeType.Stride
    public let scheduler: Context
    public let options: Context.SchedulerOptions?
    public let customError: (() -> Upstream.Failure)?

    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?,
      customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        TimeoutLink(
          to: subscriber, interval: interval, scheduler: scheduler, options: options,
          customError: customError))
    }
  }
}

/// The subscription of `timeout`: passes demand up, and restarts its clock at each value.
final class TimeoutLink<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private let interval: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let customError: (() -> Failure)?
  /// Counts clock starts, so a clock that a value restarted does nothing when it strikes.
  private var clock = 0
  private var ended = false

  init(
    to downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
    options: Context.SchedulerOptions?, customError: (() -> Failure)?
  ) {
    self.downstream = downstream
    self.interval = interval
    self.scheduler = scheduler
    self.options = options
    self.customError = customError
  }

  var description: String { "Timeout" }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    startClock()
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard !ended, downstream != nil else { return .none }
    startClock()
    scheduler.schedule(options: options) { [self] in
      guard !ended, let downstream else { return }
      let more = downstream.receive(input)
      if more > 0 { upstream?.request(more) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard !ended else { return }
    ended = true
    upstream = nil
    clock += 1
    scheduler.schedule(options: options) { [self] in finish(completion) }
  }

  private func startClock() {
    clock += 1
    let started = clock
    scheduler.schedule(
      after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance,
      options: options
    ) { [weak self] in
      guard let self, !ended, clock == started else { return }
      ended = true
      let held = upstream
      upstream = nil
      held?.cancel()
      finish(customError.map { .failure($0()) } ?? .finished)
    }
  }

  private func finish(_ completion: Subscribers.Completion<Failure>) {
    guard let downstream else { return }
    self.downstream = nil
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

  func cancel() {
    ended = true
    clock += 1
    downstream = nil
    let held = upstream
    upstream = nil
    held?.cancel()
  }
}

extension Publisher {
  /// Ends the stream if the upstream sends nothing for `interval` (finishes, or fails with
  /// `customError()`).
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, options: options,
      customError: customError)
  }
}
