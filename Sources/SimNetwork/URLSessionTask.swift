public import SimPlatform

/// A URLSession-shaped factory of data tasks over a `FakeNetwork`.
///
/// Every callback of its tasks runs on `callbackQueue` (URLSession's `delegateQueue`). With
/// none given, the session makes a serial operation queue, as URLSession does when passed nil.
public final class SimulatedURLSession {
  /// The network its tasks use.
  package let network: FakeNetwork
  /// Where task callbacks run.
  public let callbackQueue: CallbackQueue
  /// The last task identifier handed out.
  @exclusivity(unchecked) var nextTaskIdentifier = 0

  /// A session over `network` whose callbacks run on `callbackQueue` (default: a new serial
  /// operation queue).
  package init(network: FakeNetwork, callbackQueue: CallbackQueue? = nil) {
    self.network = network
    if let callbackQueue {
      self.callbackQueue = callbackQueue
    } else {
      let queue = network.world.operationQueue(name: "urlsession.delegate")
      queue.maxConcurrentOperationCount = 1
      self.callbackQueue = .operationQueue(queue)
    }
  }

  /// A suspended task for `url` whose `completion` runs exactly once on the callback queue,
  /// with the whole body or an error (an HTTP error status is an error here, unlike
  /// URLSession, so loaders need no status check). Call `resume()` to start it.
  public func dataTask(
    with url: String,
    completion: @escaping (Execution, Result<NetworkResponse, NetworkError>) -> Void
  ) -> SimulatedDataTask {
    makeTask(url: url, handler: .completion(completion))
  }

  /// A suspended task for `url` whose `delegate` hears the response, each chunk and the
  /// completion on the callback queue. The task holds the delegate strongly until the
  /// completion is enqueued.
  public func dataTask(
    with url: String, delegate: SimulatedDataTaskDelegate
  ) -> SimulatedDataTask {
    makeTask(url: url, handler: .delegate(delegate))
  }

  /// A suspended task with the next identifier.
  func makeTask(url: String, handler: SimulatedDataTask.Handler) -> SimulatedDataTask {
    nextTaskIdentifier += 1
    return SimulatedDataTask(
      session: self, identifier: nextTaskIdentifier, url: url, handler: handler)
  }
}

/// URLSessionDataDelegate's calls for one task. All run on the session's callback queue, in
/// the order the wire produced them (on a serial queue).
public protocol SimulatedDataTaskDelegate: AnyObject {
  /// The response arrived with `status`. Default: nothing.
  func dataTask(_ task: SimulatedDataTask, didReceiveResponse status: Int, execution: Execution)
  /// A chunk of the body arrived. A chunk enqueued before a cancel still arrives.
  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution)
  /// The task completed: `error` is nil on success. Called exactly once, last.
  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution)
}

extension SimulatedDataTaskDelegate {
  /// Does nothing.
  public func dataTask(
    _ task: SimulatedDataTask, didReceiveResponse status: Int, execution: Execution
  ) {}
}

/// A URLSessionDataTask-shaped task: `resume`, `cancel`, `priority`, `state`.
///
/// - `resume()` creates its transfer at once (queued for a slot by `priority`); a second
///   `resume()` does nothing.
/// - `cancel()` before `resume()` completes it with `.cancelled` without any transfer; while
///   running, it drops the transfer's remaining wire events and enqueues the `.cancelled`
///   completion. Once the completion is enqueued, `cancel()` does nothing: the enqueued
///   completion still runs, once, with its original result. Chunks a delegate task enqueued
///   before the cancel still run too.
/// - The completion (or `didCompleteWithError`) runs exactly once.
public final class SimulatedDataTask: TransferClient {
  /// URLSessionTask.State.
  public enum State: Sendable {
    /// Created, not yet resumed.
    case suspended
    /// Resumed; its transfer is outstanding.
    case running
    /// Being cancelled (only inside `cancel()`).
    case canceling
    /// Its completion has been enqueued.
    case completed
  }

  /// Who hears the task: a completion handler or a delegate.
  enum Handler {
    /// A completion handler.
    case completion((Execution, Result<NetworkResponse, NetworkError>) -> Void)
    /// A delegate.
    case delegate(SimulatedDataTaskDelegate)
  }

  /// `URLSessionTask.defaultPriority`.
  public static let defaultPriority: Float = 0.5
  /// `URLSessionTask.lowPriority`.
  public static let lowPriority: Float = 0.25
  /// `URLSessionTask.highPriority`.
  public static let highPriority: Float = 0.75

  /// The session that made it.
  public let session: SimulatedURLSession
  /// Unique within its session, from 1.
  public let taskIdentifier: Int
  /// The requested URL.
  public let url: String
  /// Slot priority in 0...1; changing it reorders the transfer while it waits for a slot.
  @exclusivity(unchecked) public var priority: Float = SimulatedDataTask.defaultPriority {
    didSet {
      precondition((0...1).contains(priority), "SimulatedDataTask.priority must be in 0...1")
      if let transfer { session.network.setPriority(priority, of: transfer) }
    }
  }
  /// Where the task is in its life.
  @exclusivity(unchecked) public private(set) var state: State = .suspended
  /// The id of its transfer once resumed (`FakeNetwork.record(id:)`).
  @exclusivity(unchecked) package private(set) var transferID: Int?
  /// The completion or delegate, until the completion is enqueued.
  @exclusivity(unchecked) var handler: Handler?
  /// The outstanding transfer, if any.
  @exclusivity(unchecked) var transfer: Transfer?
  /// The delivered body, between the end of the transfer and the completion.
  @exclusivity(unchecked) var body: [UInt8] = []
  /// `URLSessionTask.countOfBytesReceived`: body bytes received so far, counted as they
  /// arrive on the wire (before the delegate's `didReceive` for them runs on the callback
  /// queue).
  @exclusivity(unchecked) public private(set) var countOfBytesReceived: Int64 = 0
  /// `URLSessionTask.countOfBytesExpectedToReceive`: the length of the body the wire delivers,
  /// known from its first chunk (the simulated response carries no header), else -1
  /// (`NSURLSessionTransferSizeUnknown`).
  @exclusivity(unchecked) public private(set) var countOfBytesExpectedToReceive: Int64 = -1

  /// `URLSessionTask.progress` (iOS 11): how far the task has come, now, as a snapshot that
  /// names its request (URL and transfer). Pass it to `ProgressView.setProgress(_:animated:)`
  /// to show it; the oracle's `progress_isolation` then knows whose progress the view shows.
  public var progress: RequestProgress {
    RequestProgress(
      completed: countOfBytesReceived, total: countOfBytesExpectedToReceive, url: url,
      transferID: transferID ?? 0)
  }

  init(session: SimulatedURLSession, identifier: Int, url: String, handler: Handler) {
    self.session = session
    self.taskIdentifier = identifier
    self.url = url
    self.handler = handler
  }

  /// Starts the task: its transfer is created now. Does nothing unless suspended.
  public func resume() {
    guard state == .suspended else { return }
    state = .running
    let transfer = session.network.submit(url: url, priority: priority, client: self)
    transferID = transfer.id
    if !transfer.hasEnded { self.transfer = transfer }
  }

  /// Cancels the task (see the type's contract). Does nothing once the completion is
  /// enqueued.
  public func cancel() {
    switch state {
    case .suspended:
      complete(.cancelled)
    case .running:
      state = .canceling
      if let transfer { session.network.cancel(transfer) }
    case .canceling, .completed:
      return
    }
  }

  // MARK: TransferClient

  /// Enqueues `didReceiveResponse` for a delegate task.
  package func transferDidReceiveResponse(_ transfer: Transfer, status: Int) {
    guard case .delegate(let delegate) = handler else { return }
    enqueue("response") { execution in
      delegate.dataTask(self, didReceiveResponse: status, execution: execution)
    }
  }

  /// Enqueues `didReceive` for a delegate task, or collects the chunk for a completion.
  /// The queued block holds the slice (sharing the body's storage) and copies it only when it
  /// runs.
  package func transfer(_ transfer: Transfer, didReceive chunk: ArraySlice<UInt8>) {
    if countOfBytesExpectedToReceive < 0 {
      countOfBytesExpectedToReceive = Int64(transfer.body.count)
    }
    countOfBytesReceived += Int64(chunk.count)
    guard case .delegate(let delegate) = handler else { return }
    enqueue("data") { execution in
      delegate.dataTask(self, didReceive: Array(chunk), execution: execution)
    }
  }

  /// Enqueues the completion with the outcome.
  package func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome) {
    self.transfer = nil
    body = transfer.deliveredBody
    complete(outcome)
  }

  // MARK: Completion

  /// Enqueues the completion once; later calls do nothing.
  func complete(_ outcome: TransferOutcome) {
    guard let handler else { return }
    self.handler = nil
    state = .completed
    let error = NetworkError(outcome)
    switch handler {
    case .completion(let completion):
      let result: Result<NetworkResponse, NetworkError>
      if let error {
        result = .failure(error)
      } else {
        result = .success(
          NetworkResponse(url: url, status: 200, body: body, transferID: transferID ?? 0))
      }
      body = []
      enqueue("completion") { [self] execution in
        noteCallback()
        // A decode of the body in the handler serves this URL (`no_wasted_work`).
        if case .success(let response) = result {
          execution.noteSource(key: url, bytes: response.body)
        }
        completion(execution, result)
      }
    case .delegate(let delegate):
      enqueue("complete") { [self] execution in
        noteCallback()
        delegate.dataTask(self, didCompleteWithError: error, execution: execution)
      }
    }
  }

  /// Reports the final callback to the network, if the task had a transfer.
  func noteCallback() {
    if let transferID { session.network.callbackRan(transferID: transferID) }
  }

  /// Enqueues a callback on the session's callback queue.
  func enqueue(_ what: String, _ body: @escaping (Execution) -> Void) {
    session.callbackQueue.enqueue(
      in: session.network.world, label: "task\(taskIdentifier).\(what)", body)
  }
}

extension SimulatedDataTask {
  /// Releases the completion handler or delegate when the network is torn down mid-transfer.
  package func networkDidTearDown() { handler = nil }
}
