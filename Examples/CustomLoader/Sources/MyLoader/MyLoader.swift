import CellSim

/// A cell that remembers the URL it represents.
public final class MyCell: TableCell {
  var url: String?
}

/// An app's own loader, as a user would write it: one URL session whose callbacks run on a
/// background queue, decoding downsampled off the main thread, an identity check before
/// setting, cancellation when a row ends display, a cost-bounded memory cache, and a failure
/// image when a load fails. (Its first version had no failure image, and CellSim's
/// `slow-drag-flaky-network` example caught the row it left blank.)
public final class MyLoader: CatalogLoader {
  public typealias Cell = MyCell
  public static let name = "my-loader"
  public static let summary = "the example package's loader"

  let env: LoaderEnvironment
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>
  var tasks: [String: SimulatedDataTask] = [:]

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "my-images", totalCostLimit: 30_000_000, policy: .lru)
  }

  public func cellForRow(
    _ cell: MyCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.url = item.url
    if let cached = cache.value(forKey: item.url) {
      cell.imageView.image = cached
      return
    }
    cell.imageView.image = nil
    guard tasks[item.url] == nil else { return }
    let size = table.imagePixelSize
    let url = item.url
    let task = session.dataTask(with: url) { [weak self] execution, result in
      guard let self else { return }
      guard case .success(let response) = result else {
        if case .failure(let error) = result, error != .cancelled {
          // A failed load shows the failure image rather than leaving the row blank.
          env.main.async { _ in
            self.tasks[url] = nil
            let failure = self.env.failureImage(width: size.width, height: size.height)
            for case let visible as MyCell in table.visibleCells where visible.url == url {
              visible.imageView.image = failure
            }
          }
        }
        return
      }
      env.decoder.decode(
        response.body, target: .aspectFill(width: size.width, height: size.height), on: execution
      ) { decoded in
        self.env.main.async { _ in
          self.tasks[url] = nil
          guard let image = try? decoded.get() else { return }
          self.cache.setValue(image, forKey: url, cost: Int64(size.width * size.height * 4))
          for case let visible as MyCell in table.visibleCells where visible.url == url {
            visible.imageView.image = image
          }
        }
      }
    }
    tasks[url] = task
    task.resume()
  }

  public func didEndDisplaying(_ cell: MyCell, at indexPath: IndexPath, in table: TableView) {
    guard let url = cell.url else { return }
    let stillShown = table.visibleCells.contains { ($0 as? MyCell)?.url == url && $0 !== cell }
    if !stillShown, let task = tasks.removeValue(forKey: url) { task.cancel() }
  }
}
