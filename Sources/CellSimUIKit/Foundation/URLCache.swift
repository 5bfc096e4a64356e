import Foundation
import SimPlatform

/// Foundation's `URLCache`, in memory only, kept per world (a `static` cache shared by worlds
/// run in parallel never mixes their responses).
///
/// `URLCache.shared` has Apple's documented default capacities: "Memory capacity: 4 megabytes
/// (4 * 1024 * 1024 bytes); Disk capacity: 20 megabytes (20 * 1024 * 1024 bytes)" (the
/// `sharedURLCache` documentation in NSURLCache.h). Responses are kept in memory up to
/// `memoryCapacity`, least recently used evicted first (our choice); `diskCapacity` and the
/// disk path are stored and not modelled (nothing persists between runs).
///
/// How `URLSession` uses it (`URLSessionTask`): with `.returnCacheDataElseLoad` or
/// `.returnCacheDataDontLoad` a cached response completes the task at once, without a
/// transfer; `.useProtocolCachePolicy` never answers from the cache, because simulated
/// responses carry no freshness headers (`Cache-Control`, `Expires`) and HTTP would revalidate;
/// `.reloadIgnoringLocalCacheData` skips it. A 200 response is stored when its body is at most
/// 5% of the memory capacity, the size rule Apple gives for `willCacheResponse` ("about 5% of
/// the disk cache size", applied here to memory since there is no disk).
open class URLCache: NSObject, @unchecked Sendable {
  nonisolated(unsafe) private static var current = URLCache(
    memoryCapacity: 4 * 1024 * 1024, diskCapacity: 20 * 1024 * 1024, diskPath: nil)

  /// The shared cache (`URLSessionConfiguration.default`'s).
  open class var shared: URLCache {
    get { current }
    set { current = newValue }
  }

  final class Store {
    var entries: [String: (response: CachedURLResponse, stamp: UInt64)] = [:]
    var usage = 0
    var clock: UInt64 = 0
  }

  let stores = PerWorld<Store>()

  /// The in-memory capacity, in bytes of bodies.
  open var memoryCapacity: Int
  /// Stored; there is no disk.
  open var diskCapacity: Int

  /// A cache with the given capacities; `path` is ignored.
  public init(memoryCapacity: Int, diskCapacity: Int, diskPath path: String?) {
    self.memoryCapacity = memoryCapacity
    self.diskCapacity = diskCapacity
  }

  /// A cache with the given capacities; `directory` is ignored.
  public convenience init(memoryCapacity: Int, diskCapacity: Int, directory: URL? = nil) {
    self.init(memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, diskPath: nil)
  }

  func store(_ api: StaticString) -> Store {
    stores.value(in: SimulationContext.world(for: api)) { Store() }
  }

  static func key(_ request: URLRequest) -> String? { request.url?.absoluteString }

  /// The cached response for `request`'s URL, if any; it becomes the most recently used.
  open func cachedResponse(for request: URLRequest) -> CachedURLResponse? {
    let store = store("URLCache.cachedResponse(for:)")
    guard let key = Self.key(request), let entry = store.entries[key] else { return nil }
    store.clock += 1
    store.entries[key] = (entry.response, store.clock)
    return entry.response
  }

  /// Stores `cachedResponse` for `request`'s URL, evicting the least recently used over the
  /// memory capacity. A response whose storage policy is `.notAllowed` is not stored.
  open func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
    let store = store("URLCache.storeCachedResponse(_:for:)")
    guard let key = Self.key(request), cachedResponse.storagePolicy != .notAllowed else { return }
    store.clock += 1
    store.usage += cachedResponse.data.count - (store.entries[key]?.response.data.count ?? 0)
    store.entries[key] = (cachedResponse, store.clock)
    while store.usage > memoryCapacity,
      let oldest = store.entries.min(by: { $0.value.stamp < $1.value.stamp })
    {
      store.entries.removeValue(forKey: oldest.key)
      store.usage -= oldest.value.response.data.count
    }
  }

  /// Removes the response for `request`'s URL.
  open func removeCachedResponse(for request: URLRequest) {
    let store = store("URLCache.removeCachedResponse(for:)")
    guard let key = Self.key(request), let entry = store.entries.removeValue(forKey: key) else {
      return
    }
    store.usage -= entry.response.data.count
  }

  /// `storeCachedResponse(_:for:)` for a data task: stored for the task's request.
  open func storeCachedResponse(
    _ cachedResponse: CachedURLResponse, for dataTask: URLSessionDataTask
  ) {
    guard let request = dataTask.currentRequest else { return }
    storeCachedResponse(cachedResponse, for: request)
  }

  /// `getCachedResponse(for:completionHandler:)`: the response cached for the task's request,
  /// handed over at once (Apple names no queue for the handler).
  open func getCachedResponse(
    for dataTask: URLSessionDataTask,
    completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
  ) {
    completionHandler(dataTask.currentRequest.flatMap { cachedResponse(for: $0) })
  }

  /// `removeCachedResponse(for:)` for a data task.
  open func removeCachedResponse(for dataTask: URLSessionDataTask) {
    guard let request = dataTask.currentRequest else { return }
    removeCachedResponse(for: request)
  }

  /// Removes every response.
  open func removeAllCachedResponses() {
    let store = store("URLCache.removeAllCachedResponses()")
    store.entries.removeAll()
    store.usage = 0
  }

  /// Bytes of bodies held in memory.
  open var currentMemoryUsage: Int { store("URLCache.currentMemoryUsage").usage }
  /// Always 0: there is no disk.
  open var currentDiskUsage: Int { 0 }
}
