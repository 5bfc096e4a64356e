#if os(Linux)
  // Foundation's publishers, over the layer's URLSession, NotificationCenter and Timer.
  public import Combine
  import Foundation
  import SimPlatform

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  extension URLSession {
    /// Fetches `url` when a subscriber first asks for a value.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
      DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// Fetches `request` when a subscriber first asks for a value.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
      DataTaskPublisher(request: request, session: self)
    }

    /// A publisher that runs a data task for each subscriber: the task is made and resumed at
    /// the subscriber's first demand (as Foundation's); its result is sent as one value, then
    /// finished, or as a `URLError`. Cancelling the subscription cancels the task.
    public struct DataTaskPublisher: Publisher, @unchecked Sendable {
      public typealias Output = (data: Data, response: URLResponse)
      public typealias Failure = URLError
      /// The request fetched.
      public let request: URLRequest
      /// The session that runs the task.
      public let session: URLSession

      public init(request: URLRequest, session: URLSession) {
        self.request = request
        self.session = session
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        subscriber.receive(
          subscription: DataTaskSubscription(
            request: request, session: session, downstream: AnySubscriber(subscriber)))
      }
    }
  }

  /// A data task publisher's subscription. The task's handler runs on the session's delegate
  /// queue; nothing is sent after a cancel.
  final class DataTaskSubscription: Subscription, @unchecked Sendable {
    private let request: URLRequest
    private let session: URLSession
    private var downstream: AnySubscriber<URLSession.DataTaskPublisher.Output, URLError>?
    private var task: URLSessionDataTask?

    init(
      request: URLRequest, session: URLSession,
      downstream: AnySubscriber<URLSession.DataTaskPublisher.Output, URLError>
    ) {
      self.request = request
      self.session = session
      self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand > 0, task == nil, downstream != nil else { return }
      let task = session.dataTask(with: request) { [self] data, response, error in
        finish(data, response, error)
      }
      self.task = task
      task.resume()
    }

    private func finish(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
      task = nil
      guard let downstream else { return }
      self.downstream = nil
      if let error {
        downstream.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
      } else if let response {
        _ = downstream.receive((data ?? Data(), response))
        downstream.receive(completion: .finished)
      } else {
        downstream.receive(completion: .failure(URLError(.badServerResponse)))
      }
    }

    func cancel() {
      downstream = nil
      let held = task
      task = nil
      held?.cancel()
    }
  }

  extension NotificationCenter {
    /// A publisher of the notifications named `name` (from `object`, if given) posted to this
    /// center.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
      Publisher(center: self, name: name, object: object)
    }

    /// Sends each matching notification to a subscriber that has demand for it (one without
    /// demand misses it). The observer is registered at subscription and removed at cancel.
    public struct Publisher: Combine.Publisher, @unchecked Sendable {
      public typealias Output = Notification
      public typealias Failure = Never
      public let center: NotificationCenter
      public let name: Notification.Name
      public let object: AnyObject?

      public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
        self.center = center
        self.name = name
        self.object = object
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Notification, S.Failure == Never {
        let subject = Unchecked(PassthroughSubject<Notification, Never>())
        let center = center
        let token = center.addObserver(forName: name, object: object, queue: nil) {
          subject.value.send($0)
        }
        // Removed from the world it was added in: a cancel may come when the subscription's
        // owner is deallocated, after the run, outside any world.
        let world = SimulationContext.world
        let observer = token as AnyObject
        subject.value
          .handleEvents(receiveCancel: { [weak world] in
            guard let world else { return }
            center.registries.existing(in: world)?.observers.removeAll { $0 === observer }
          })
          .subscribe(subscriber)
      }
    }
  }

  extension Timer {
    /// A connectable publisher of the date at each firing of a repeating timer on `runLoop`
    /// in `mode`; the timer starts at `connect()` (or `autoconnect()`'s first subscriber).
    public static func publish(
      every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
      in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
      TimerPublisher(
        interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// The publisher of `Timer.publish(every:on:in:)`.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
      public typealias Output = Date
      public typealias Failure = Never
      public let interval: TimeInterval
      public let tolerance: TimeInterval?
      public let runLoop: RunLoop
      public let mode: RunLoop.Mode
      public let options: RunLoop.SchedulerOptions?
      private let subject = PassthroughSubject<Date, Never>()

      public init(
        interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop,
        mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
      ) {
        self.interval = interval
        self.tolerance = tolerance
        self.runLoop = runLoop
        self.mode = mode
        self.options = options
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Date, S.Failure == Never {
        subject.receive(subscriber: subscriber)
      }

      /// Starts a repeating timer on the run loop; cancelling the result invalidates it.
      public func connect() -> any Cancellable {
        let subject = Unchecked(subject)
        let timer = Timer(timeInterval: interval, repeats: true) { _ in
          subject.value.send(Date())
        }
        if let tolerance { timer.tolerance = tolerance }
        runLoop.add(timer, forMode: mode)
        return AnyCancellable { timer.invalidate() }
      }
    }
  }

  extension JSONDecoder: TopLevelDecoder {
    public typealias Input = Data
  }

  extension JSONEncoder: TopLevelEncoder {
    public typealias Output = Data
  }

  extension PropertyListDecoder: TopLevelDecoder {
    public typealias Input = Data
  }

  extension PropertyListEncoder: TopLevelEncoder {
    public typealias Output = Data
  }
#endif
