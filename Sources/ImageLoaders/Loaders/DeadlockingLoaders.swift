import SimNetwork
import SimPlatform
package import SimTable
import SimThreads

/// `blocking-sync-deadlock`: a cache behind a serial queue, where the store path calls a
/// helper that itself does `cacheQueue.sync` — from a block already running on `cacheQueue`.
/// libdispatch traps that on a device ("dispatch_sync called on queue already owned by current
/// thread"); CellSim ends the run with a `deadlock` naming the queue. The first image to arrive
/// triggers it.
package final class BlockingSyncDeadlockLoader: CatalogLoader {
  package static let name = "blocking-sync-deadlock"
  package static let summary =
    "buggy blocking style: a store helper syncs onto the serial cache queue it already runs on"

  let environment: LoaderEnvironment
  let cacheQueue: SimulatedQueue
  var cache: [String: [UInt8]] = [:]

  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    self.cacheQueue = environment.serialQueue(label: "com.example.image-cache")
  }

  /// The helper other code calls from anywhere: "thread-safe" through `sync`.
  func cachedData(for url: String) -> [UInt8]? {
    cacheQueue.sync { cache[url] }
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let environment = environment
    environment.globalQueue().async(
      label: "sync-deadlock.load",
      blocking: { [self] in
        guard case .success(let data) = environment.fetchBlocking(item.url) else { return }
        cacheQueue.async(
          label: "sync-deadlock.store",
          blocking: { [self] in
            if cachedData(for: item.url) == nil { cache[item.url] = data }
          })
      })
  }
}

/// `blocking-lock-order`: two locks taken in opposite orders. The download path holds the
/// pending-requests lock while it takes the cache lock to store; the eviction path, run on
/// another worker when a row ends display, holds the cache lock while it takes the pending lock
/// to drop the row's request. Two workers that interleave there wait for each other for ever.
package final class BlockingLockOrderLoader: CatalogLoader {
  package static let name = "blocking-lock-order"
  package static let summary =
    "buggy blocking style: a download path and an eviction path take two locks in opposite "
    + "orders"

  let environment: LoaderEnvironment
  let pendingLock = SimLock(name: "pending")
  let cacheLock = SimLock(name: "cache")
  var pending: Set<String> = []
  var cache: [String: [UInt8]] = [:]

  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let environment = environment
    environment.globalQueue().async(
      label: "lock-order.load",
      blocking: { [self] in
        pendingLock.withLock { _ = pending.insert(item.url) }
        guard case .success(let data) = environment.fetchBlocking(item.url) else { return }
        pendingLock.lock()
        pending.remove(item.url)
        // A decode's worth of bookkeeping while holding the first lock.
        environment.sleepBlocking(for: .ms(2))
        cacheLock.withLock { cache[item.url] = data }
        pendingLock.unlock()
      })
  }

  package func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    guard let url = table.item(at: indexPath)?.url else { return }
    environment.globalQueue().async(
      label: "lock-order.evict",
      blocking: { [self] in
        cacheLock.lock()
        cache[url] = nil
        environment.sleepBlocking(for: .ms(2))
        pendingLock.withLock { _ = pending.remove(url) }
        cacheLock.unlock()
      })
  }
}
