/// What an operator does with one upstream value.
enum Step<Output, Failure: Error> {
  /// Send this value downstream.
  case emit(Output)
  /// Drop it, and ask upstream for one more in its place.
  case skip
  /// Drop it and ask for nothing in its place.
  case absorb
  /// Send this value, then finish and cancel upstream.
  case emitAndFinish(Output)
  /// Finish and cancel upstream.
  case finish
  /// Fail with this error and cancel upstream.
  case fail(Failure)
}

/// The hooks `handleEvents` adds to a relay.
struct RelayHooks {
  var subscription: ((any Subscription) -> Void)?
  var cancel: (() -> Void)?
  var request: ((Subscribers.Demand) -> Void)?
}

/// The subscription of the operators that act on one value at a time (`map`, `filter`,
/// `tryMap`, `mapError`, `first`, `prefix`, `collect`, `replaceError`...): it subscribes
/// upstream, passes downstream's demand up, and applies the operator's steps. A value or a
/// completion after the end is ignored; a value the operator sends at the end waits for demand.
final class Relay<Input, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Ending = (
    value: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>
  )

  private let name: String
  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var done = false
  private var cancelled = false
  /// Downstream's outstanding demand.
  private var demand = Subscribers.Demand.none
  /// A last value and completion waiting for downstream's demand.
  private var pendingEnding: Ending?
  private let onValue: (Input) -> Step<Downstream.Input, Downstream.Failure>
  private let onCompletion: (Subscribers.Completion<Failure>) -> Ending
  private let upstreamDemand: (Subscribers.Demand) -> Subscribers.Demand
  private let hooks: RelayHooks

  init(
    _ name: String, to downstream: Downstream,
    hooks: RelayHooks = RelayHooks(),
    upstreamDemand: @escaping (Subscribers.Demand) -> Subscribers.Demand = { $0 },
    onCompletion: @escaping (Subscribers.Completion<Failure>) -> Ending,
    onValue: @escaping (Input) -> Step<Downstream.Input, Downstream.Failure>
  ) {
    self.name = name
    self.downstream = downstream
    self.hooks = hooks
    self.upstreamDemand = upstreamDemand
    self.onCompletion = onCompletion
    self.onValue = onValue
  }

  var description: String { name }

  // MARK: From upstream

  func receive(subscription: any Subscription) {
    guard !done, upstream == nil, let downstream else {
      subscription.cancel()
      return
    }
    upstream = subscription
    hooks.subscription?(subscription)
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard !done, let downstream else { return .none }
    switch onValue(input) {
    case .emit(let value):
      demand -= 1
      let more = downstream.receive(value)
      demand += more
      return more
    case .skip: return .max(1)
    case .absorb: return .none
    case .emitAndFinish(let value): end((value, .finished), cancelling: true)
    case .finish: end((nil, .finished), cancelling: true)
    case .fail(let error): end((nil, .failure(error)), cancelling: true)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard !done else { return }
    upstream = nil
    end(onCompletion(completion), cancelling: false)
  }

  /// Ends the stream: cancels upstream if the operator ended it, and sends `ending` (its value
  /// waits for demand).
  private func end(_ ending: Ending, cancelling: Bool) {
    done = true
    let held = upstream
    upstream = nil
    if cancelling { held?.cancel() }
    if ending.value != nil && demand == .none {
      pendingEnding = ending
      return
    }
    deliver(ending)
  }

  private func deliver(_ ending: Ending) {
    guard let downstream else { return }
    self.downstream = nil
    if let value = ending.value { _ = downstream.receive(value) }
    downstream.receive(completion: ending.completion)
  }

  // MARK: From downstream

  func request(_ demand: Subscribers.Demand) {
    hooks.request?(demand)
    if let ending = pendingEnding {
      guard demand > 0 else { return }
      pendingEnding = nil
      deliver(ending)
      return
    }
    self.demand += demand
    upstream?.request(upstreamDemand(demand))
  }

  func cancel() {
    guard !cancelled else { return }
    cancelled = true
    hooks.cancel?()
    done = true
    downstream = nil
    pendingEnding = nil
    let held = upstream
    upstream = nil
    held?.cancel()
  }
}

/// The ending of an operator that passes the completion on unchanged.
func passCompletion<Output, Failure: Error>(
  _ completion: Subscribers.Completion<Failure>
) -> (value: Output?, completion: Subscribers.Completion<Failure>) {
  (nil, completion)
}
