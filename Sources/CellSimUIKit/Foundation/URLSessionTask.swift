import Foundation
import SimKernel
import SimNetwork
import SimPlatform

/// Foundation's `URLSessionTask`, over one transfer of the world's `FakeNetwork`.
///
/// - `resume()` starts the transfer (or, past the session's `httpMaximumConnectionsPerHost`,
///   keeps it waiting in the session); a second `resume()` does nothing.
/// - `suspend()` stops a running task: its transfer (or its `URLProtocol`, or its wait for a
///   connection) ends without a callback, and its bytes are dropped. As Apple documents for every
///   task but a download's, the next `resume()` starts it over, from a new request; a download
///   starts over too (the simulated server serves no byte ranges; resume data, which restarts
///   a cancelled download, is in `URLSession+Download.swift`). Suspensions count, as in
///   swift-corelibs-foundation: a task suspended twice runs again after two resumes.
/// - `cancel()` ends the transfer at once and returns with the task `.canceling` (Apple: it
///   "returns immediately, marking the task as being canceled"); the completion handler then
///   runs on the delegate queue, once, with `URLError(.cancelled)` (domain `NSURLErrorDomain`,
///   code `NSURLErrorCancelled`), and the task is `.completed` from just before it is called
///   (or the delegate's `didCompleteWithError`, or at once when nothing is told). After the
///   completion was enqueued, `cancel()` does nothing.
/// - An HTTP error status is not an error, as in URLSession: the handler gets an empty body and
///   an `HTTPURLResponse` with the status. Network failures become `URLError`s: `.timedOut`,
///   `.notConnectedToInternet` (an outage), `.networkConnectionLost` (a reset).
/// - `priority` orders the transfer among those waiting for the network's slots.
open class URLSessionTask: NSObject, @unchecked Sendable {
  /// Foundation's `URLSessionTask.State`.
  public enum State: Int, Sendable {
    case running = 0
    case suspended = 1
    case canceling = 2
    case completed = 3
  }

  /// `URLSessionTask.defaultPriority`.
  public static let defaultPriority: Float = 0.5
  /// `URLSessionTask.lowPriority`.
  public static let lowPriority: Float = 0.25
  /// `URLSessionTask.highPriority`.
  public static let highPriority: Float = 0.75

  /// Unique within its session (per world), from 1.
  public let taskIdentifier: Int
  /// The request the task was made with (nil for a task made with `init()`, or from resume
  /// data that names no download).
  public internal(set) var originalRequest: URLRequest?
  /// The request being loaded (the same: redirects are not modelled).
  public var currentRequest: URLRequest? { originalRequest }
  /// The response, once it arrived.
  public internal(set) var response: URLResponse?
  /// The error it completed with, if any.
  public private(set) var error: (any Error)?
  /// Where the task is in its life.
  public private(set) var state: State = .suspended
  /// A description for the task.
  open var taskDescription: String?
  /// Body bytes received so far.
  public internal(set) var countOfBytesReceived: Int64 = 0
  /// Body bytes expected: the response's `expectedContentLength` (its Content-Length) once it
  /// arrived, else `NSURLSessionTransferSizeUnknown` (-1).
  public var countOfBytesExpectedToReceive: Int64 {
    response?.expectedContentLength ?? NSURLSessionTransferSizeUnknown
  }
  /// Body bytes sent: 0 (every request is a GET without a body).
  public var countOfBytesSent: Int64 { 0 }
  /// Body bytes to send: 0 (every request is a GET without a body).
  public var countOfBytesExpectedToSend: Int64 { 0 }
  /// Progress by bytes received (the total is the response's Content-Length, once it arrived).
  public let progress = Progress(totalUnitCount: -1)
  /// The task's own delegate (iOS 15), asked before the session's for each kind of callback:
  /// one that is only a `URLSessionTaskDelegate` hears the completion, and the session's data or
  /// download delegate still hears the response and the body (`URLSessionDelegate.swift`).
  open var delegate: (any URLSessionTaskDelegate)?
  /// Priority in 0...1; changing it reorders a task that waits for the session's per-host
  /// limit, or a transfer that waits for a network slot.
  open var priority: Float = URLSessionTask.defaultPriority {
    didSet {
      precondition((0...1).contains(priority), "URLSessionTask.priority must be in 0...1")
      if let transfer, let network { network.setPriority(priority, of: transfer) }
    }
  }

  let session: URLSession
  weak var world: World?
  let url: URL
  let host: String
  var handler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
  var transfer: Transfer?
  var network: FakeNetwork?
  /// Whether the session counts the task against its host limit.
  var holdsHostSlot = false
  var status = 200
  /// The body received so far.
  var received = Data()
  /// The protocol serving the task, and its client (held until the end).
  var protocolLoader: (URLProtocol, TaskProtocolClient)?
  /// Set by the async `data(from:)`/`data(for:)`: called at the end instead of the handler.
  var directCompletion: ((Data?, URLResponse?, (any Error)?) -> Void)?
  /// The `suspend()` calls no `resume()` has balanced yet; a new task starts suspended once.
  var suspendCount = 1
  /// The client of the transfer running now, detached when the task is suspended.
  var transferClient: TaskClient?
  /// Resume data `cancel(byProducingResumeData:)` produced: the cancel error carries it.
  var producedResumeData: Data?
  /// The error a download made from unreadable resume data fails with when resumed.
  var resumeFailure: URLError?
  /// The canonical request of the `URLProtocol` class serving the task, for its initializer.
  var protocolRequest: URLRequest?
  /// Whether the protocol serving the task gave its response `cacheStoragePolicy: .notAllowed`.
  var protocolForbidsCaching = false
  /// While the data delegate has not answered the response: the body's chunks and the end that
  /// wait for its answer (`URLSessionDelegate.swift`).
  var dispositionWait: DispositionWait?

  /// Whether the task was made with `init()`, by no session: it has nothing to load.
  let isDetached: Bool

  init(
    session: URLSession, world: World, identifier: Int, request: URLRequest,
    handler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
  ) {
    guard let url = request.url else {
      preconditionFailure("CellSimUIKit: URLSession.dataTask with a request that has no URL")
    }
    self.session = session
    self.world = world
    self.taskIdentifier = identifier
    self.originalRequest = request
    self.url = url
    self.host = WireModel.host(of: url.absoluteString)
    self.handler = handler
    self.isDetached = false
  }

  /// `URLSessionTask()` (and `URLSessionDataTask()`, `URLSessionDownloadTask()`): a task made by
  /// no session, as test doubles make one (`class MockTask: URLSessionDataTask` overriding
  /// `resume()`). It has no request (`originalRequest` is nil) and identifier 0, and stays
  /// suspended: the base `resume()` loads nothing. `cancel()` moves it to `.canceling` and calls
  /// nothing. Apple deprecated it: tasks come from a session.
  @available(
    iOS, introduced: 7.0, deprecated: 13.0,
    message: "Please use -[NSURLSession dataTaskWithRequest:] or other NSURLSession methods"
  )
  public override init() {
    self.session = Self.detachedSession
    self.world = nil
    self.taskIdentifier = 0
    self.originalRequest = nil
    self.url = URL(fileURLWithPath: "/")
    self.host = ""
    self.handler = nil
    self.isDetached = true
  }

  /// The session a task made with `init()` points to; it never loads anything.
  static let detachedSession = URLSession()

  /// Starts the task, or starts it over after `suspend()` once every suspension is balanced.
  /// Does nothing once it was cancelled or completed, or for a task made with `init()`.
  open func resume() {
    if isDetached { return }
    guard state == .suspended || state == .running else { return }
    if suspendCount > 0 { suspendCount -= 1 }
    guard suspendCount == 0, state == .suspended else { return }
    guard let world else {
      preconditionFailure("CellSimUIKit: URLSessionTask.resume() after its world ended")
    }
    guard let network = LayerHost.network(of: world) else {
      preconditionFailure(
        "CellSimUIKit: URLSessionTask.resume() for \(url.absoluteString) needs the world's "
          + "network, and none is attached (LayerHost.attach(network:to:))")
    }
    self.network = network
    state = .running
    if let resumeFailure {
      complete(data: nil, error: resumeFailure, in: world)
      return
    }
    if answerFromCache(in: world) { return }
    if serveByProtocol(in: world) { return }
    session.admit(self, in: world)
  }

  /// The request's effective cache policy.
  var cachePolicy: URLRequest.CachePolicy {
    let policy = originalRequest?.cachePolicy ?? .useProtocolCachePolicy
    return policy == .useProtocolCachePolicy ? session.configuration.requestCachePolicy : policy
  }

  /// Completes the task from the session's cache when the policy allows it (see `URLCache`),
  /// telling a data delegate the response and the body first, as a transfer does;
  /// `.returnCacheDataDontLoad` without a cached response fails with
  /// `URLError(.resourceUnavailable)`.
  func answerFromCache(in world: World) -> Bool {
    let policy = cachePolicy
    guard policy == .returnCacheDataElseLoad || policy == .returnCacheDataDontLoad,
      let request = originalRequest
    else { return false }
    if let cached = session.configuration.urlCache?.cachedResponse(for: request) {
      let body = cached.data
      didReceive(cached.response)
      deliverOrHold { $0.finishFromCache(body) }
      return true
    }
    if policy == .returnCacheDataDontLoad {
      complete(data: nil, error: urlError(.resourceUnavailable, errorInfo), in: world)
      return true
    }
    return false
  }

  /// Tells the cached body, then completes with it.
  func finishFromCache(_ body: Data) {
    guard let world else { return }
    if !body.isEmpty { countAndNotify(body.count) { body } }
    complete(data: body, error: nil, in: world)
  }

  /// Stores a 200 response in the session's cache (see `URLCache` for the size rule).
  func storeInCache(_ body: Data) {
    guard status == 200, cachePolicy != .reloadIgnoringLocalCacheData, !protocolForbidsCaching,
      let cache = session.configuration.urlCache, let request = originalRequest,
      let response, body.count <= cache.largestStoredBody
    else { return }
    cache.storeCachedResponse(CachedURLResponse(response: response, data: body), for: request)
  }

  /// Suspends the task (see the type's contract): a running one stops loading, at once.
  open func suspend() {
    guard state == .suspended || state == .running else { return }
    suspendCount += 1
    guard suspendCount == 1, state == .running else { return }
    state = .suspended
    dispositionWait = nil
    guard let world else { return }
    if let (loader, _) = protocolLoader {
      protocolLoader = nil
      loader.stopLoading()
    } else if let transfer, let network {
      self.transfer = nil
      transferClient?.task = nil
      transferClient = nil
      network.cancel(transfer)
      if holdsHostSlot {
        holdsHostSlot = false
        session.transferEnded(host: host, in: world)
      }
    } else {
      session.withdraw(self, in: world)
    }
    received = Data()
    countOfBytesReceived = 0
    progress.completedUnitCount = 0
    response = nil
    status = 200
  }

  /// Cancels the task (see the type's contract).
  open func cancel() {
    if isDetached, state == .suspended {
      state = .canceling
      return
    }
    guard let world else { return }
    switch state {
    case .suspended:
      state = .canceling
      complete(data: nil, error: urlError(.cancelled, errorInfo), in: world)
    case .running:
      state = .canceling
      // The chunks and end held for the delegate's answer to the response are dropped.
      dispositionWait = nil
      if let (loader, _) = protocolLoader {
        protocolLoader = nil
        loader.stopLoading()
        complete(data: nil, error: urlError(.cancelled, errorInfo), in: world)
      } else if let transfer, let network, !transfer.hasEnded {
        network.cancel(transfer)
      } else {
        session.withdraw(self, in: world)
        complete(data: nil, error: urlError(.cancelled, errorInfo), in: world)
      }
    case .canceling, .completed:
      return
    }
  }

  var errorInfo: [String: Any] {
    var info: [String: Any] = [
      NSURLErrorFailingURLErrorKey: url, NSURLErrorFailingURLStringErrorKey: url.absoluteString,
    ]
    if let producedResumeData { info[NSURLSessionDownloadTaskResumeData] = producedResumeData }
    return info
  }

  /// `URLError(code)` with `info` and the description Apple's URL loading gives the code
  /// (`error.localizedDescription` is "cancelled" for a cancelled task, as apps test).
  func urlError(_ code: URLError.Code, _ info: [String: Any]) -> URLError {
    var info = info
    info[NSLocalizedDescriptionKey] = Self.appleDescription(code)
    return URLError(code, userInfo: info)
  }

  /// The `localizedDescription` Apple's URL loading gives an error of `code` (English).
  static func appleDescription(_ code: URLError.Code) -> String {
    switch code {
    case .cancelled: return "cancelled"
    case .timedOut: return "The request timed out."
    case .networkConnectionLost: return "The network connection was lost."
    case .notConnectedToInternet: return "The Internet connection appears to be offline."
    case .resourceUnavailable: return "resource unavailable"
    default: return "An unknown error occurred."
    }
  }

  /// The session admitted it: the transfer starts now.
  func startTransfer() {
    guard let network, state == .running else { return }
    holdsHostSlot = true
    let client = TaskClient(task: self)
    transferClient = client
    let transfer = network.submit(url: url.absoluteString, priority: priority, client: client)
    if !transfer.hasEnded { self.transfer = transfer }
  }

  /// Enqueues the completion on the delegate queue, once.
  /// A cancelled task stays `.canceling`, and among the session's tasks (`getAllTasks`), until
  /// its handler or its delegate's `didCompleteWithError` is called (`endCancelling`).
  func complete(data: Data?, error: (any Error)?, in world: World) {
    let cancelling: URLSessionTask? = state == .canceling ? self : nil
    if cancelling == nil {
      state = .completed
      session.forget(self, in: world)
    }
    self.error = error
    if holdsHostSlot {
      holdsHostSlot = false
      session.transferEnded(host: host, in: world)
    }
    let response = error == nil ? response : nil
    let transferID = transfer?.id
    transfer = nil
    transferClient = nil
    let network = network
    if let direct = directCompletion {
      // An async `data(from:)` resumes its task at the end itself, on no queue.
      directCompletion = nil
      if let transferID { network?.callbackRan(transferID: transferID) }
      cancelling?.endCancelling()
      direct(data, response, error)
      return
    }
    guard let handler else {
      notifyCompletion(error: error, transferID: transferID)
      return
    }
    self.handler = nil
    let box = Unchecked((data, response, error, network, cancelling))
    session.delegateQueue.enqueue(in: world, label: "URLSession completion") {
      let (data, response, error, network, cancelling) = box.value
      if let transferID { network?.callbackRan(transferID: transferID) }
      cancelling?.endCancelling()
      handler(data, response, error)
    }
  }

  /// A cancelled task's end is being told: it is `.completed` now.
  func endCancelling() {
    guard state == .canceling else { return }
    state = .completed
    if let world { session.forget(self, in: world) }
  }
}

/// Foundation's `URLSessionDataTask`.
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}
