import Foundation
import SimKernel
import SimNetwork
import SimPlatform

/// Foundation's `URLSessionConfiguration`, the fields loaders set. Copied by the session.
///
/// `httpMaximumConnectionsPerHost` defaults to 6 (Apple's `httpMaximumConnectionsPerHost`
/// page: "The default value is `6`." and "This limit is per session"): each session starts at
/// most that many transfers per host and keeps the rest waiting in order; the fake network's
/// own per-host slots apply beneath it. Over HTTP/2 (the scenario's `network.http2`) the
/// property is ignored, as Apple documents ("HTTP/2 and later run multiple requests over a
/// single connection and thus ignore this property"), and the host's concurrent streams are
/// the network's slots.
/// `requestCachePolicy` and `urlCache` are used as `URLCache` describes (`.default` uses
/// `URLCache.shared`, `.ephemeral` a private in-memory cache); `protocolClasses` as
/// `URLProtocol` describes. `timeoutIntervalForRequest` is stored and not modelled: the fake
/// network's timers (`device.requestTimeout`) apply.
open class URLSessionConfiguration: NSObject, @unchecked Sendable {
  /// Most concurrent transfers per host started by one session.
  open var httpMaximumConnectionsPerHost: Int = 6
  /// Stored only (the network's script times transfers out).
  open var timeoutIntervalForRequest: TimeInterval = 60
  /// Stored only.
  open var timeoutIntervalForResource: TimeInterval = 604_800
  /// The policy of requests that say `.useProtocolCachePolicy` (see `URLCache`).
  open var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
  /// The cache tasks consult and fill; nil for none. A `.default` configuration's is
  /// `URLCache.shared` as it is when a task asks, so that an app that replaces the shared cache
  /// at launch enlarges `URLSession.shared`'s, as on a device; setting it fixes it.
  open var urlCache: URLCache? {
    get { followsSharedCache ? URLCache.shared : chosenCache }
    set {
      followsSharedCache = false
      chosenCache = newValue
    }
  }
  private var chosenCache: URLCache?
  private var followsSharedCache = false
  /// `URLProtocol` subclasses asked, in order, to serve each request.
  open var protocolClasses: [AnyClass]?
  /// Stored only.
  open var allowsCellularAccess = true
  /// Stored only.
  open var httpAdditionalHeaders: [AnyHashable: Any]?
  /// Stored only.
  open var waitsForConnectivity = false
  /// Stored only.
  open var httpShouldUsePipelining = false
  /// Stored only.
  open var isDiscretionary = false
  /// Stored only.
  open var allowsExpensiveNetworkAccess = true
  /// Stored only.
  open var allowsConstrainedNetworkAccess = true
  /// Stored only.
  open var networkServiceType: URLRequest.NetworkServiceType = .default
  /// The background session's identifier (`background(withIdentifier:)`), else nil.
  open internal(set) var identifier: String?
  /// `sessionSendsLaunchEvents` (kept; the app is never relaunched in a run).
  open var sessionSendsLaunchEvents = true
  /// `httpCookieStorage` (kept; the simulated network sends and sets no cookies).
  open var httpCookieStorage: HTTPCookieStorage?
  /// `httpShouldSetCookies` (kept).
  open var httpShouldSetCookies = true
  /// `urlCredentialStorage` (kept; the simulated network asks no credentials).
  open var urlCredentialStorage: URLCredentialStorage?

  override init() {}

  /// `background(withIdentifier:)`: a default configuration carrying `identifier`. Transfers run
  /// in the simulated network as any session's do (the app is never suspended in a run, so
  /// there is no background hand-over to model).
  open class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.default
    configuration.identifier = identifier
    return configuration
  }

  /// A new default configuration, with `URLCache.shared`.
  open class var `default`: URLSessionConfiguration {
    let configuration = URLSessionConfiguration()
    configuration.followsSharedCache = true
    return configuration
  }
  /// A new ephemeral configuration, with its own in-memory cache (4 MB, as the shared one).
  open class var ephemeral: URLSessionConfiguration {
    let configuration = URLSessionConfiguration()
    configuration.urlCache = URLCache(
      memoryCapacity: 4 * 1024 * 1024, diskCapacity: 0, diskPath: nil)
    return configuration
  }

  func copy() -> URLSessionConfiguration {
    let copy = URLSessionConfiguration()
    copy.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
    copy.timeoutIntervalForRequest = timeoutIntervalForRequest
    copy.timeoutIntervalForResource = timeoutIntervalForResource
    copy.requestCachePolicy = requestCachePolicy
    copy.chosenCache = chosenCache
    copy.followsSharedCache = followsSharedCache
    copy.protocolClasses = protocolClasses
    copy.allowsCellularAccess = allowsCellularAccess
    copy.httpAdditionalHeaders = httpAdditionalHeaders
    copy.waitsForConnectivity = waitsForConnectivity
    copy.httpShouldUsePipelining = httpShouldUsePipelining
    copy.isDiscretionary = isDiscretionary
    copy.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
    copy.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
    copy.networkServiceType = networkServiceType
    copy.identifier = identifier
    copy.sessionSendsLaunchEvents = sessionSendsLaunchEvents
    copy.httpCookieStorage = httpCookieStorage
    copy.httpShouldSetCookies = httpShouldSetCookies
    copy.urlCredentialStorage = urlCredentialStorage
    return copy
  }
}

#if !canImport(ObjectiveC)
  /// The service types Apple added after the ones Foundation on Linux declares, so that
  /// `configuration.networkServiceType = .responsiveData` compiles. The configuration only
  /// stores its service type, so each stands as the nearest type Linux has.
  extension URLRequest.NetworkServiceType {
    /// Apple's `.responsiveData`: `.default` here.
    public static var responsiveData: Self { .default }
    /// Apple's `.avStreaming`: `.video` here.
    public static var avStreaming: Self { .video }
    /// Apple's `.responsiveAV`: `.video` here.
    public static var responsiveAV: Self { .video }
    /// Apple's `.callSignaling`: `.networkServiceTypeCallSignaling` here.
    public static var callSignaling: Self { .networkServiceTypeCallSignaling }
  }
#endif

/// Foundation's `URLSessionDelegate`: the root of the delegate protocols
/// (`URLSessionDelegate.swift`); it declares no callback the layer calls.
public protocol URLSessionDelegate: AnyObject, Sendable {}

/// Foundation's `URLSession` over the world's `FakeNetwork`: data tasks with completion
/// handlers, run on the session's delegate queue (a serial `OperationQueue` unless one is
/// given, as Apple documents for `shared` and for a nil `delegateQueue`).
///
/// A task made without a completion handler reports to its delegate, or the session's
/// (`URLSessionDataDelegate`, `URLSessionDelegate.swift`).
///
/// `getAllTasks(completionHandler:)`, `invalidateAndCancel()` and `finishTasksAndInvalidate()`:
/// `URLSession+Invalidation.swift`.
///
/// Download tasks: `URLSession+Download.swift`. Not modelled: upload and stream tasks, request
/// headers and methods (every request is a GET of its URL), redirects.
open class URLSession: NSObject, @unchecked Sendable {
  /// The shared session: default configuration, a serial delegate queue.
  public static let shared = URLSession(
    configuration: .default, delegate: nil, delegateQueue: nil)

  /// A copy of the configuration the session was made with.
  public let configuration: URLSessionConfiguration
  /// Stored, never called.
  public let delegate: (any URLSessionDelegate)?
  /// Where completion handlers run.
  public let delegateQueue: OperationQueue
  /// The session's description.
  open var sessionDescription: String?

  /// Per world: transfers started per host, and tasks waiting for the session's host limit.
  let hosts = PerWorld<HostLimits>()
  let identifiers = PerWorld<Counter>()
  /// Per world: the tasks not completed, and whether the session was invalidated
  /// (`URLSession+Invalidation.swift`).
  let live = PerWorld<LiveTasks>()

  final class Counter { var value = 0 }

  final class LiveTasks {
    var tasks: [URLSessionTask] = []
    var isInvalidated = false
  }

  final class HostLimits {
    var active: [String: Int] = [:]
    var waiting: [URLSessionTask] = []
  }

  /// `URLSession()`: a session with a default configuration (its cache is `URLCache.shared`)
  /// and no delegate, whose completions run on a new serial queue. Apple deprecated it for
  /// `init(configuration:)`; test doubles subclass it (`class MockSession: URLSession`) and
  /// override `dataTask(with:completionHandler:)`, so it is a designated initializer a
  /// subclass's own initializer can call, as in Foundation.
  @available(
    iOS, introduced: 7.0, deprecated: 13.0,
    message: "Please use +[NSURLSession sessionWithConfiguration:] or other class methods"
  )
  public override init() {
    configuration = URLSessionConfiguration.default
    delegate = nil
    delegateQueue = Self.serialDelegateQueue()
  }

  /// A new serial queue for a session given no delegate queue.
  static func serialDelegateQueue() -> OperationQueue {
    let serial = OperationQueue()
    serial.maxConcurrentOperationCount = 1
    serial.name = "URLSession delegate queue"
    return serial
  }

  /// A session with `configuration` (copied), whose completions run on a new serial queue.
  public convenience init(configuration: URLSessionConfiguration) {
    self.init(configuration: configuration, delegate: nil, delegateQueue: nil)
  }

  /// A session with `configuration` (copied) and `delegate` (stored, not called), whose
  /// completions run on `queue`, or on a new serial queue if nil.
  public init(
    configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?,
    delegateQueue queue: OperationQueue?
  ) {
    self.configuration = configuration.copy()
    self.delegate = delegate
    delegateQueue = queue ?? Self.serialDelegateQueue()
  }

  /// A task fetching `url`; `completionHandler` runs once on the delegate queue.
  open func dataTask(
    with url: URL,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    makeTask(URLRequest(url: url), completionHandler)
  }

  /// A task fetching `request`'s URL; `completionHandler` runs once on the delegate queue.
  open func dataTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    makeTask(request, completionHandler)
  }

  /// A task without a handler (its delegate would hear it; here, nothing does).
  open func dataTask(with url: URL) -> URLSessionDataTask { makeTask(URLRequest(url: url), nil) }

  /// A task without a handler.
  open func dataTask(with request: URLRequest) -> URLSessionDataTask { makeTask(request, nil) }

  func makeTask(
    _ request: URLRequest,
    _ handler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
  ) -> URLSessionDataTask {
    makeTask(request, handler, as: URLSessionDataTask.init)
  }

  /// A task made by `make` (a task class's initializer), counted and kept as a live task.
  func makeTask<Task: URLSessionTask>(
    _ request: URLRequest,
    _ handler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?,
    as make: (
      URLSession, World, Int, URLRequest, (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
    ) -> Task
  ) -> Task {
    let world = SimulationContext.world(for: "URLSession.dataTask")
    let tasks = live.value(in: world) { LiveTasks() }
    precondition(
      !tasks.isInvalidated,
      "CellSimUIKit: URLSession.dataTask on a session that was invalidated (Foundation raises "
        + "an exception)")
    let counter = identifiers.value(in: world) { Counter() }
    counter.value += 1
    let task = make(self, world, counter.value, request, handler)
    tasks.tasks.append(task)
    return task
  }

  /// Starts `task`'s transfer now, or keeps it waiting for the session's host limit (which
  /// HTTP/2 ignores: the scenario's `network.http2`).
  func admit(_ task: URLSessionTask, in world: World) {
    let network = task.network
    let limits = hosts.value(in: world) {
      let limits = HostLimits()
      // A task waiting here is outstanding for the oracle (`eventually_loaded`), as one
      // waiting for the network's connection slot is.
      network?.addClientQueue { [weak limits] url in
        limits?.waiting.contains { $0.url.absoluteString == url } ?? false
      }
      return limits
    }
    let host = task.host
    let multiplexed = task.network?.script.http2 == true
    if multiplexed
      || limits.active[host, default: 0] < max(1, configuration.httpMaximumConnectionsPerHost)
    {
      limits.active[host, default: 0] += 1
      task.startTransfer()
    } else {
      limits.waiting.append(task)
    }
  }

  /// Forgets a waiting task (cancelled before it started).
  func withdraw(_ task: URLSessionTask, in world: World) {
    hosts.existing(in: world)?.waiting.removeAll { $0 === task }
  }

  /// A started transfer of `host` ended: the waiting task of that host with the highest
  /// `priority` now (the first to wait among equals) starts, as `priority` is "the relative
  /// priority at which you'd like a host to handle the task" and "can be changed at any time".
  func transferEnded(host: String, in world: World) {
    guard let limits = hosts.existing(in: world) else { return }
    limits.active[host, default: 1] -= 1
    var chosen: Int?
    for (index, task) in limits.waiting.enumerated() where task.host == host {
      if let best = chosen, limits.waiting[best].priority >= task.priority { continue }
      chosen = index
    }
    if let index = chosen {
      let next = limits.waiting.remove(at: index)
      limits.active[host, default: 0] += 1
      next.startTransfer()
    }
  }
}
