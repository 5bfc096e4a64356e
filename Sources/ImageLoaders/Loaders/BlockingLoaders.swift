import SimNetwork
import SimPlatform
package import SimTable
import SimThreads

/// `blocking-fetch`: seed 002's classical approach written as its article writes it, in
/// blocking style (`shared/seeds/002_7d16d7c5f7891218.txt`, "The classical approach"), with the
/// one fix the article's readers add first: a row check before the image is set.
///
/// A global-queue block calls `NSData(contentsOfURL:)` (a blocking fetch that holds its worker
/// for the whole transfer), decodes the bytes on that worker (a forced decode, as
/// `UIGraphicsImageRenderer` redraws do), then `dispatch_async`s to the main queue, which sets
/// the image only if the cell still shows the item it was asked for. No cancel and no cache:
/// blocked workers make GCD start more threads, up to its 64 (`peak_threads`).
package final class BlockingFetchLoader: CatalogLoader {
  package static let name = "blocking-fetch"
  package static let seed: String? = "002"
  package static let summary =
    "blocking style: a global-queue block fetches synchronously, decodes, then main.asyncs "
    + "the image with a row check; no cancel, no cache"

  let environment: LoaderEnvironment

  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.imageView.image = nil
    let environment = environment
    environment.globalQueue().async(
      label: "blocking-fetch.load",
      blocking: {
        guard case .success(let data) = environment.fetchBlocking(item.url),
          case .success(let image) = environment.decodeBlocking(data)
        else { return }
        environment.main.async(label: "blocking-fetch.set") { _ in
          if cell.itemID == item.id { cell.imageView.image = image }
        }
      })
  }
}

/// `blocking-semaphore`: a downloader that limits concurrent downloads with a counting
/// semaphore, as code that predates `httpMaximumConnectionsPerHost` does: each global-queue
/// block waits on `DispatchSemaphore(value: 4)` before its synchronous fetch and signals after
/// it, so at most four fetches run while the other blocks hold their workers, waiting.
/// Decoding and the row check are as `blocking-fetch`.
package final class BlockingSemaphoreLoader: CatalogLoader {
  package static let name = "blocking-semaphore"
  package static let summary =
    "blocking style: a semaphore of 4 limits concurrent synchronous fetches on a global queue"

  let environment: LoaderEnvironment
  let downloads = SimSemaphore(value: 4, name: "downloads")

  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.imageView.image = nil
    let environment = environment
    let downloads = downloads
    environment.globalQueue().async(
      label: "blocking-semaphore.load",
      blocking: {
        downloads.wait()
        let fetched = environment.fetchBlocking(item.url)
        downloads.signal()
        guard case .success(let data) = fetched,
          case .success(let image) = environment.decodeBlocking(data)
        else { return }
        environment.main.async(label: "blocking-semaphore.set") { _ in
          if cell.itemID == item.id { cell.imageView.image = image }
        }
      })
  }
}

/// `blocking-lock`: an image cache guarded by one lock that is held across the fetch (the
/// shape of the bug: "check the cache, fetch on a miss, store", all under `NSLock`). Every
/// other load waits for the lock while one downloads, so loads run one at a time: the rows
/// fill slowly, and workers pile up blocked on the lock.
package final class BlockingLockLoader: CatalogLoader {
  package static let name = "blocking-lock"
  package static let summary =
    "blocking style: a cache under one lock held across each synchronous fetch"

  let environment: LoaderEnvironment
  let lock: SimLock
  var cache: [String: Image] = [:]

  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    self.lock = SimLock(name: "image cache")
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.imageView.image = nil
    let environment = environment
    environment.globalQueue().async(
      label: "blocking-lock.load",
      blocking: { [self] in
        lock.lock()
        var image = cache[item.url]
        if image == nil, case .success(let data) = environment.fetchBlocking(item.url),
          case .success(let decoded) = environment.decodeBlocking(data)
        {
          cache[item.url] = decoded
          image = decoded
        }
        lock.unlock()
        guard let image else { return }
        environment.main.async(label: "blocking-lock.set") { _ in
          if cell.itemID == item.id { cell.imageView.image = image }
        }
      })
  }
}
