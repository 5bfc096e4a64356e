public import SimPlatform

/// NSURLConnectionDataDelegate's calls. They run on the main thread, as run-loop sources in
/// the connection's modes.
public protocol SimulatedURLConnectionDelegate: AnyObject {
  /// The response arrived with `status`. As with NSURLConnection, an HTTP error status is not
  /// a failure: the response is followed by `connectionDidFinishLoading` with no data, so the
  /// delegate must check the status.
  func connection(
    _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution)
  /// A chunk of the body arrived.
  func connection(
    _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution)
  /// The body is complete.
  func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution)
  /// The connection failed: timed out, reset or offline (never `.cancelled`; see `cancel()`).
  func connection(
    _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
    execution: Execution)
}

/// An NSURLConnection scheduled on the main run loop, as in seeds 000 and 003.
///
/// Each wire event signals a run-loop source in the connection's modes
/// (`MainThread.perform(inModes:)`). Scheduled in `.default` (NSDefaultRunLoopMode, the
/// default), its callbacks wait while the run loop is tracking a scroll and run, in order, on
/// the first turn after tracking ends. Scheduled in `.common` (NSRunLoopCommonModes), they run
/// during scrolling too. The transfer itself is not paused: bytes keep arriving and queue up.
///
/// The connection retains its delegate until it finishes, fails or is cancelled, as
/// NSURLConnection does.
public final class SimulatedURLConnection: TransferClient {
  /// The network it uses.
  package let network: FakeNetwork
  /// The requested URL.
  public let url: String
  /// The run-loop modes its callbacks run in.
  @exclusivity(unchecked) public private(set) var modes: RunLoopModes = .default
  /// Whether `start()` has been called.
  @exclusivity(unchecked) public private(set) var isStarted = false
  /// Whether `cancel()` has been called.
  @exclusivity(unchecked) public private(set) var isCancelled = false
  /// The id of its transfer once started.
  @exclusivity(unchecked) package private(set) var transferID: Int?
  /// `NSURLResponse.expectedContentLength` of the response delivered so far: -1 until
  /// `didReceiveResponse` runs, then the Content-Length (the length of the bytes the URL
  /// serves; 0 for an HTTP error).
  @exclusivity(unchecked) public private(set) var expectedContentLength: Int64 = -1
  /// The slot priority its transfer gets (NSURLConnection has none; default 0.5).
  @exclusivity(unchecked) public var priority: Float = 0.5
  /// Retained until the last callback runs or `cancel()`.
  @exclusivity(unchecked) var delegate: SimulatedURLConnectionDelegate?
  /// The outstanding transfer, if any.
  @exclusivity(unchecked) var transfer: Transfer?

  /// `initWithRequest:delegate:startImmediately:`. With `startImmediately` (the default) it
  /// starts now in `.default` mode; otherwise call `schedule(inModes:)` and then `start()`.
  package init(
    url: String, delegate: SimulatedURLConnectionDelegate, network: FakeNetwork,
    startImmediately: Bool = true
  ) {
    self.url = url
    self.delegate = delegate
    self.network = network
    if startImmediately { start() }
  }

  /// `scheduleInRunLoop:forMode:` on the main run loop, replacing the default mode. Only
  /// before `start()`, as NSURLConnection requires.
  public func schedule(inModes modes: RunLoopModes) {
    precondition(!isStarted, "SimulatedURLConnection.schedule(inModes:): already started")
    precondition(!modes.isEmpty, "SimulatedURLConnection.schedule(inModes:): no mode given")
    self.modes = modes
  }

  /// Starts the transfer now. Does nothing if already started or cancelled.
  public func start() {
    guard !isStarted, !isCancelled else { return }
    isStarted = true
    let transfer = network.submit(url: url, priority: priority, client: self)
    transferID = transfer.id
    if !transfer.hasEnded { self.transfer = transfer }
  }

  /// Cancels the connection. As Apple documents for NSURLConnection, the delegate receives no
  /// further message once this is called: callbacks already signalled but not yet run are
  /// dropped too, and no failure is reported. The transfer's remaining wire events are
  /// dropped and it ends `cancelled`.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    delegate = nil
    if let transfer {
      self.transfer = nil
      network.cancel(transfer)
    }
  }

  // MARK: TransferClient

  /// Signals `didReceiveResponse`.
  package func transferDidReceiveResponse(_ transfer: Transfer, status: Int) {
    let length = transfer.expectedContentLength
    signal("response") { delegate, execution in
      self.expectedContentLength = length
      delegate.connection(self, didReceiveResponse: status, execution: execution)
    }
  }

  /// Signals `didReceive`.
  ///
  /// The waiting source holds the slice, which shares the body's storage; the chunk is copied
  /// into its own array only when the source runs (chunks waiting in tracking mode would
  /// otherwise hold a second copy of every body in flight).
  package func transfer(_ transfer: Transfer, didReceive slice: ArraySlice<UInt8>) {
    signal("data") { delegate, execution in
      delegate.connection(self, didReceive: Array(slice), execution: execution)
    }
  }

  /// Signals the finish or the failure; a cancel signals nothing.
  package func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome) {
    self.transfer = nil
    switch outcome {
    case .cancelled:
      return
    case .success, .http:
      signal("finish", last: true) { delegate, execution in
        delegate.connectionDidFinishLoading(self, execution: execution)
      }
    case .timedOut, .connectionReset, .offline:
      let error = NetworkError(outcome) ?? .offline
      signal("fail", last: true) { delegate, execution in
        delegate.connection(self, didFailWithError: error, execution: execution)
      }
    }
  }

  /// Signals a source in the connection's modes; when it runs, it calls the delegate unless
  /// the connection was cancelled meanwhile. The last call releases the delegate.
  func signal(
    _ what: String, last: Bool = false,
    _ call: @escaping (SimulatedURLConnectionDelegate, Execution) -> Void
  ) {
    let label = "connection\(transferID ?? 0).\(what)"
    network.world.main.perform(inModes: modes, label: label) { [self] execution in
      guard let delegate else { return }
      if last {
        self.delegate = nil
        if let transferID { network.callbackRan(transferID: transferID) }
      }
      call(delegate, execution)
    }
  }
}

extension SimulatedURLConnection {
  /// Releases the delegate when the network is torn down mid-transfer.
  package func networkDidTearDown() { delegate = nil }
}
