import Foundation
import SimPlatform

/// Foundation's `URLCache`, in memory only, kept per world (a `static` cache shared by worlds
/// run in parallel never mixes their responses).
///
/// `URLCache.shared` has Apple's documented default capacities: "Memory capacity: 4 megabytes
/// (4 * 1024 * 1024 bytes); Disk capacity: 20 megabytes (20 * 1024 * 1024 bytes)" (the
/// `sharedURLCache` documentation in NSURLCache.h). An app that replaces it (at launch, to
/// enlarge it) replaces it in its own world only, and `URLSessionConfiguration.default`
/// (`URLSession.shared`'s) follows the replacement. Responses are kept up to `memoryCapacity`
/// plus `diskCapacity` bytes of bodies, least recently used evicted first (our choice); the
/// disk is held in memory for the run and its path is ignored (nothing persists between runs).
///
/// How `URLSession` uses it (`URLSessionTask`): with `.returnCacheDataElseLoad` or
/// `.returnCacheDataDontLoad` a cached response completes the task at once, without a
/// transfer; `.useProtocolCachePolicy` never answers from the cache, because simulated
/// responses carry no freshness headers (`Cache-Control`, `Expires`) and HTTP would revalidate;
/// `.reloadIgnoringLocalCacheData` skips it. A 200 response is stored when its body is at most
/// 5% of the disk capacity, the size rule Apple gives for `willCacheResponse` ("if you provide
/// a disk cache, the response must be no larger than about 5% of the disk cache size"), or of
/// the memory capacity for a cache without a disk.
open class URLCache: NSObject, @unchecked Sendable {
  nonisolated(unsafe) private static var processShared = URLCache(
    memoryCapacity: 4 * 1024 * 1024, diskCapacity: 20 * 1024 * 1024, diskPath: nil)

  /// A world's replacement of the shared cache, if its code made one.
  final class SharedSlot {
    var cache: URLCache?
  }
  private static let worldShared = PerWorld<SharedSlot>()

  /// The shared cache (`URLSessionConfiguration.default`'s): the calling world's replacement if
  /// its code set one, else the process's (whose contents are kept per world, as every
  /// cache's). Set in a world, it is replaced for that world only.
  open class var shared: URLCache {
    get {
      if let world = SimulationContext.world,
        let cache = worldShared.existing(in: world)?.cache
      {
        return cache
      }
      return processShared
    }
    set {
      if let world = SimulationContext.world {
        worldShared.value(in: world) { SharedSlot() }.cache = newValue
      } else {
        processShared = newValue
      }
    }
  }

  /// The most bytes of bodies a response may have to be stored: 5% of the disk capacity, or of
  /// the memory capacity without a disk.
  var largestStoredBody: Int { (diskCapacity > 0 ? diskCapacity : memoryCapacity) / 20 }

  final class Store {
    var entries: [String: (response: CachedURLResponse, stamp: UInt64)] = [:]
    var usage = 0
    var clock: UInt64 = 0
  }

  let stores = PerWorld<Store>()

  /// The in-memory capacity, in bytes of bodies.
  open var memoryCapacity: Int
  /// The disk capacity, in bytes of bodies: held in memory for the run, nothing persists.
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
  /// memory and disk capacities together. A response whose storage policy is `.notAllowed` is
  /// not stored.
  open func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
    let store = store("URLCache.storeCachedResponse(_:for:)")
    guard let key = Self.key(request), cachedResponse.storagePolicy != .notAllowed else { return }
    store.clock += 1
    store.usage += cachedResponse.data.count - (store.entries[key]?.response.data.count ?? 0)
    store.entries[key] = (cachedResponse, store.clock)
    while store.usage > memoryCapacity + diskCapacity,
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

  /// Bytes of bodies held, up to the memory capacity.
  open var currentMemoryUsage: Int {
    min(store("URLCache.currentMemoryUsage").usage, memoryCapacity)
  }
  /// Bytes of bodies held past the memory capacity (the disk's share).
  open var currentDiskUsage: Int {
    max(0, store("URLCache.currentDiskUsage").usage - memoryCapacity)
  }
}
