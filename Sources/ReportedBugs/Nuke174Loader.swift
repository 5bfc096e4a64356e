public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// Nuke #174 (fixed in 7.4.2): an image for a view's old request overwrites the image the view
/// was just rebound to from the memory cache.
///
/// Reported symptom: in a scrolling list, a reused cell shows the previous row's image,
/// although the new row's image was in the memory cache. Mechanism, as this model reads it:
/// the view's image controller remembers which load it is waiting for by a generation number
/// and drops any result of another generation. Loading into the view cancels the outstanding
/// task, but the number moves on only when a *network* load starts; the memory-cache hit is
/// set synchronously and returns early. A completion for the old image that the pipeline had
/// already submitted to the main queue cannot be cancelled any more, finds its generation
/// still current, and replaces the cached image. With `fixed: true`, as in 7.4.2, the
/// generation moves on whenever the outstanding task is cancelled, before the cache lookup,
/// so the stale completion is dropped.
///
/// The pipeline is modelled as a URLSession on a global queue, a downsampling decode on that
/// queue, a main-queue `async` delivery and a memory cache. Nuke clears the view when a
/// load starts with no placeholder ("remove previously displayed images").
public final class Nuke174Loader: CatalogLoader {
  /// A cell whose image view carries Nuke's per-view controller state.
  public final class Cell: TableCell {
    /// The generation of the load the view waits for.
    var generation = 0
    /// The outstanding task.
    var task: SimulatedDataTask?
  }

  public static let name = "nuke-174"
  public static let summary = "Nuke before 7.4.2: a queued completion overwrites a memory-cache hit"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "nuke.images", policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    // `cancelOutstandingTask()`: cancel what the view waited for.
    cell.task?.cancel()
    cell.task = nil
    if fixed { cell.generation += 1 }
    if let cached = cache.value(forKey: url) {
      cell.imageView.image = cached
      return
    }
    if !fixed { cell.generation += 1 }
    let generation = cell.generation
    cell.imageView.image = nil
    let cache = self.cache
    let environment = self.environment
    let task = session.dataTask(with: url) { execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { outcome in
        environment.main.async { _ in
          guard cell.generation == generation, case .success(let image)? = outcome else { return }
          cache.setValue(image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          cell.task = nil
          cell.imageView.image = image
        }
      }
    }
    cell.task = task
    task.resume()
  }
}
