// Operators that pace values in a scheduler's time: debounce and throttle. Both ask upstream
// for unlimited values and send downstream only what it asked for (a value due when
// downstream has no demand is dropped).

extension Publishers {
  /// Sends a value only once `dueTime` passed without a newer one. When the upstream ends, a
  /// value still waiting is dropped and the completion is delivered on the scheduler.
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let dueTime: Context.SchedulerTimeType.Stride
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let pacer = Pacer(to: subscriber, scheduler: scheduler, options: options, name: "Debounce")
      let dueTime = dueTime
      pacer.onValue = { [unowned pacer] value in
        pacer.waiting = value
        pacer.generation += 1
        let generation = pacer.generation
        pacer.scheduler.schedule(
          after: pacer.scheduler.now.advanced(by: dueTime),
          tolerance: pacer.scheduler.minimumTolerance, options: pacer.options
        ) { [weak pacer] in
          guard let pacer, pacer.generation == generation, let value = pacer.waiting else {
            return
          }
          pacer.waiting = nil
          pacer.send(value)
        }
      }
      upstream.subscribe(pacer)
    }
  }

  /// Sends at most one value per `interval`: the first value at once, then, at the end of
  /// each interval in which values came, the latest (or the first) of them.
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let interval: Context.SchedulerTimeType.Stride
    public let scheduler: Context
    public let latest: Bool

    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      latest: Bool
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let pacer = Pacer(to: subscriber, scheduler: scheduler, options: nil, name: "Throttle")
      let interval = interval
      let latest = latest
      var windowEnd: Context.SchedulerTimeType?
      var timerSet = false
      pacer.onValue = { [unowned pacer] value in
        let now = pacer.scheduler.now
        if let end = windowEnd, now < end {
          if latest || pacer.waiting == nil { pacer.waiting = value }
          guard !timerSet else { return }
          timerSet = true
          pacer.scheduler.schedule(after: end) { [weak pacer] in
            timerSet = false
            guard let pacer, let value = pacer.waiting else { return }
            pacer.waiting = nil
            windowEnd = pacer.scheduler.now.advanced(by: interval)
            pacer.send(value)
          }
          return
        }
        windowEnd = now.advanced(by: interval)
        pacer.scheduler.schedule { [weak pacer] in pacer?.send(value) }
      }
      upstream.subscribe(pacer)
    }
  }
}

/// The subscription of `debounce` and `throttle`: asks upstream for everything, keeps
/// downstream's demand, and delivers on the scheduler.
final class Pacer<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var demand = Subscribers.Demand.none
  let scheduler: Context
  let options: Context.SchedulerOptions?
  let description: String
  /// What the operator does with each value.
  var onValue: (Input) -> Void = { _ in }
  /// The value waiting for its time.
  var waiting: Input?
  /// Counts values, so a scheduled delivery knows whether a newer value came.
  var generation = 0

  init(
    to downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?,
    name: String
  ) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
    self.description = name
  }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard downstream != nil else { return .none }
    onValue(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard downstream != nil else { return }
    upstream = nil
    waiting = nil
    generation += 1
    scheduler.schedule(options: options) { [self] in
      guard let downstream else { return }
      self.downstream = nil
      downstream.receive(completion: completion)
    }
  }

  /// Sends `value` if downstream asked for one.
  func send(_ value: Input) {
    guard let downstream, demand > 0 else { return }
    demand -= 1
    demand += downstream.receive(value)
  }

  func request(_ demand: Subscribers.Demand) { self.demand += demand }

  func cancel() {
    downstream = nil
    waiting = nil
    onValue = { _ in }
    let held = upstream
    upstream = nil
    held?.cancel()
  }
}

extension Publisher {
  /// Sends a value only after `dueTime` passed without another.
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }

  /// Sends at most one value per `interval` (the latest, or the first, of each).
  public func throttle<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}
