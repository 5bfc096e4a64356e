import CellSim

/// An async/await loader of one's own, written as Nuke or Kingfisher users write one today: a
/// `Task` per cell, kept by the cell and cancelled on reuse and when the row ends display, a
/// fetch and a downsample on the environment, a retry slept on the injected clock, and a
/// check after each await that the task is still wanted and the cell still shows its URL.
///
/// It plays the app's data source on the main actor (`AsyncCatalogLoader` is `@MainActor`,
/// like `UITableViewDataSource`); CellSim runs every job of its tasks in virtual time.
public final class MyAsyncLoader: AsyncCatalogLoader {
  /// A cell that remembers its URL and owns its task.
  public final class Cell: TableCell {
    var url: String?
    var task: Task<Void, Never>?

    public required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    public override func prepareForReuse() {
      task?.cancel()
      task = nil
      url = nil
      imageView.image = nil
    }
  }

  public nonisolated static let name = "my-async-loader"
  public nonisolated static let summary = "a task per cell, cancelled on reuse and end display"

  let environment: AsyncLoaderEnvironment
  /// Decoded images by URL, read synchronously so a revisited row shows its image at once.
  let cache: MemoryCache<Image>

  public init(environment: AsyncLoaderEnvironment, options: LoaderOptions) {
    self.environment = environment
    cache = environment.platform.memoryCache(
      name: "my-async.memory", totalCostLimit: 20_000_000, policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.task?.cancel()
    cell.task = nil
    cell.url = item.url
    cell.imageView.image = cache.value(forKey: item.url)
  }

  public func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let url = cell.url, cell.imageView.image == nil, cell.task == nil else { return }
    let size = table.imagePixelSize
    cell.task = Task {
      for attempt in 0..<3 {
        do {
          let data = try await environment.data(for: url)
          let image = try await environment.decode(
            data, target: .aspectFill(width: size.width, height: size.height))
          guard !Task.isCancelled, cell.url == url else { return }  // the check after an await
          cache.setValue(image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          cell.imageView.image = image
          return
        } catch {
          guard !Task.isCancelled, cell.url == url else { return }
          // Sleep on the injected clock: virtual time. `Task.sleep(for:)` would be an error.
          try? await environment.clock.sleep(for: .milliseconds(100 << attempt))
        }
      }
    }
  }

  public func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.task?.cancel()
    cell.task = nil
  }

  public func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.task?.cancel()
    cell.task = nil
    cell.url = nil
  }

  public func didReceiveMemoryWarning() { cache.removeAllValues() }
}
