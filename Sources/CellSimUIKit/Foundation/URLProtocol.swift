import Foundation
import SimPlatform
import SimThreads

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLCache {
  /// Foundation's `URLCache.StoragePolicy` (its nested type is hidden by the layer's
  /// `URLCache`, so it is re-declared here as an alias).
  #if canImport(FoundationNetworking)
    public typealias StoragePolicy = FoundationNetworking.URLCache.StoragePolicy
  #else
    public typealias StoragePolicy = Foundation.URLCache.StoragePolicy
  #endif
}

/// Foundation's `URLProtocolClient`: what a protocol tells the loading system.
public protocol URLProtocolClient: AnyObject {
  /// The response arrived.
  func urlProtocol(
    _ protocol: URLProtocol, didReceive response: URLResponse,
    cacheStoragePolicy policy: URLCache.StoragePolicy)
  /// Body bytes arrived.
  func urlProtocol(_ protocol: URLProtocol, didLoad data: Data)
  /// The load finished successfully.
  func urlProtocolDidFinishLoading(_ protocol: URLProtocol)
  /// The load failed.
  func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error)
}

/// Foundation's `URLProtocol`, for subclasses that serve requests themselves (an image cache
/// that answers from memory and fetches the rest with `URLSession.shared`).
///
/// A session's task asks each class of `configuration.protocolClasses` in order, then (for
/// `URLSession.shared` only) each class given to `registerClass(_:)`, latest first, whether it
/// `canInit(with:)` the request; the first that can serves it. `startLoading()` runs as
/// blocking code on a global-queue worker (it may block); the client's calls complete the
/// task, whose handler runs on the session's delegate queue. A task without a handler hears
/// the response and each `didLoad` through its data delegate, as from the network, and its
/// counters and `progress` follow. A response given `cacheStoragePolicy: .notAllowed` is not
/// stored in the session's cache (any other policy is stored as a network response is).
/// `cancel()` calls `stopLoading()` and completes with `URLError(.cancelled)`. A task served by
/// a protocol takes none of the session's `httpMaximumConnectionsPerHost` slots. Not modelled:
/// redirects, authentication challenges, `cachedResponseIsValid`;
/// `requestIsCacheEquivalent(_:to:)` is answered but not consulted.
///
/// A task makes its protocol with `init(task:cachedResponse:client:)`, which calls
/// `init(request:cachedResponse:client:)` with the canonical request, so a subclass overrides
/// the latter (`override init(request:cachedResponse:client:)`) as in Foundation. The request
/// properties (`property(forKey:in:)`): `URLProtocol+Properties.swift`.
open class URLProtocol: NSObject, @unchecked Sendable {
  /// The request being served.
  public let request: URLRequest
  /// Who hears the load.
  public let client: (any URLProtocolClient)?
  /// The cached response given at creation, if any.
  public let cachedResponse: CachedURLResponse?
  /// The task being served, when the protocol was made for one.
  open var task: URLSessionTask? { servedTask }
  var servedTask: URLSessionTask?

  nonisolated(unsafe) static var registered: [URLProtocol.Type] = []

  /// Whether this class serves `request`. Default: false.
  open class func canInit(with request: URLRequest) -> Bool { false }

  /// Whether this class serves `task`'s request.
  open class func canInit(with task: URLSessionTask) -> Bool {
    guard let request = task.currentRequest else { return false }
    return canInit(with: request)
  }

  /// The canonical form of `request`. Default: `request` itself.
  open class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  /// Whether two requests are equivalent for caching purposes. Default: whether their canonical
  /// forms are equal (Foundation's rule). Not consulted: the layer's `URLCache` keys by URL.
  open class func requestIsCacheEquivalent(_ a: URLRequest, to b: URLRequest) -> Bool {
    canonicalRequest(for: a) == canonicalRequest(for: b)
  }

  /// `NSObject.classForCoder()`, which apps pass to `protocolClasses`: the class itself.
  open class func classForCoder() -> AnyClass { self }

  /// A protocol serving `request` for `client`: the designated initializer subclasses override
  /// for their own set-up (Foundation: "Subclasses should override this method to do any
  /// custom initialization").
  public init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?
  ) {
    self.request = request
    self.cachedResponse = cachedResponse
    self.client = client
  }

  /// A protocol serving `task`: `init(request:cachedResponse:client:)` with the task's request
  /// (in the canonical form the session asked for), then `task` is set. It is `required` here
  /// (Foundation declares it a plain convenience initializer) so that the session can make an
  /// instance of any subclass from its class object; a subclass inherits it whenever it
  /// overrides `init(request:cachedResponse:client:)` or declares no initializer.
  public required convenience init(
    task: URLSessionTask, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?
  ) {
    guard let request = task.protocolRequest ?? task.currentRequest else {
      preconditionFailure("CellSimUIKit: URLProtocol(task:) for a task without a request")
    }
    self.init(request: request, cachedResponse: cachedResponse, client: client)
    servedTask = task
  }

  /// Starts the load: override it.
  open func startLoading() {
    preconditionFailure("CellSimUIKit: \(type(of: self)) must override URLProtocol.startLoading()")
  }

  /// Stops the load: override it.
  open func stopLoading() {}

  /// Registers `protocolClass` for `URLSession.shared`; false unless it is a `URLProtocol`.
  @discardableResult
  open class func registerClass(_ protocolClass: AnyClass) -> Bool {
    guard let type = protocolClass as? URLProtocol.Type else { return false }
    registered.insert(type, at: 0)
    return true
  }

  /// Undoes `registerClass(_:)`.
  open class func unregisterClass(_ protocolClass: AnyClass) {
    registered.removeAll { ObjectIdentifier($0) == ObjectIdentifier(protocolClass) }
  }
}

/// The client a task gives its protocol: each call updates or completes the task. It holds
/// the task (as a session retains its running tasks) until the task drops the protocol.
final class TaskProtocolClient: URLProtocolClient {
  let task: URLSessionTask
  init(task: URLSessionTask) { self.task = task }

  /// The task, while this client's protocol still serves it (not after a cancel or a suspend,
  /// whose protocol may go on calling).
  var served: URLSessionTask? { task.protocolLoader?.1 === self ? task : nil }

  func urlProtocol(
    _ protocol: URLProtocol, didReceive response: URLResponse,
    cacheStoragePolicy policy: URLCache.StoragePolicy
  ) {
    served?.protocolDidReceive(response, cachingAllowed: policy != .notAllowed)
  }

  func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) {
    served?.protocolDidLoad(data)
  }

  func urlProtocolDidFinishLoading(_ protocol: URLProtocol) { served?.protocolDidEnd(nil) }

  func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) {
    served?.protocolDidEnd(error)
  }
}

extension URLSessionTask {
  /// Starts a protocol that serves the request, if one does; true if it did.
  func serveByProtocol(in world: World) -> Bool {
    guard let request = originalRequest else { return false }
    var classes = (session.configuration.protocolClasses ?? []).compactMap {
      $0 as? URLProtocol.Type
    }
    if session === URLSession.shared { classes += URLProtocol.registered }
    guard let type = classes.first(where: { $0.canInit(with: request) }) else { return false }
    let client = TaskProtocolClient(task: self)
    protocolRequest = type.canonicalRequest(for: request)
    protocolForbidsCaching = false
    let loader = type.init(task: self, cachedResponse: nil, client: client)
    protocolLoader = (loader, client)
    world.globalQueue().async(label: "URLProtocol.startLoading") { loader.startLoading() }
    return true
  }

  // The protocol's calls take their turn after any that wait for the data delegate's answer to
  // a response (`deliverOrHold`), as the network's do.

  func protocolDidReceive(_ response: URLResponse, cachingAllowed: Bool) {
    deliverOrHold { $0.takeProtocolResponse(response, cachingAllowed: cachingAllowed) }
  }

  func takeProtocolResponse(_ response: URLResponse, cachingAllowed: Bool) {
    protocolForbidsCaching = !cachingAllowed
    didReceive(response)
  }

  func protocolDidLoad(_ data: Data) {
    deliverOrHold { $0.takeBody(data) }
  }

  func protocolDidEnd(_ error: (any Error)?) {
    guard state == .running, world != nil else { return }
    protocolLoader = nil
    deliverOrHold { $0.finishProtocol(error) }
  }

  func finishProtocol(_ error: (any Error)?) {
    guard let world else { return }
    let body = received
    received = Data()
    if error == nil { storeInCache(body) }
    complete(data: error == nil ? body : nil, error: error, in: world)
  }
}
