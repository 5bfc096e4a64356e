public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// A late per-request "loading" placeholder ("everything a view shows is judged",
/// docs/scenario-format.md): the class of SDWebImage PR #3363, where an asynchronous callback sets
/// a placeholder on the view after the view moved on, in the form the oracle can judge (the view
/// has moved on to another URL).
///
/// Not a model of one reported bug: SDWebImage #3363 itself sets two placeholders of the same
/// URL, which no URL-level oracle can tell apart. Each load is an operation on a queue of width
/// 2 (nothing cancels it). When the operation starts, it tells the main queue to show a
/// "loading" placeholder made for that request
/// (`LoaderEnvironment.placeholderImage(width:height:for:)`, as
/// `sd_setImage(with:placeholderImage:)` takes one per call) on the view it captured, then
/// fetches. During a fling the queue falls far behind, and the operation of a row that left
/// puts its placeholder in a cell now showing another row: `no_cross_cell_image`. With
/// `fixed: true` the main-queue block first checks that the view still loads that URL. The
/// image itself is set only after the same check in both variants, so only the placeholder is
/// ever wrong.
public final class StalePlaceholderLoader: CatalogLoader {
  /// A cell that remembers the URL it currently loads.
  public final class Cell: TableCell {
    /// The URL of the current load.
    var currentURL: String?
  }

  public static let name = "stale-placeholder"
  public static let summary =
    "a cache-query callback sets its request's placeholder on a view that moved on"
  public static let optionSpecs = [
    LoaderOptionSpec(
      "fixed", .bool, default: "false",
      "check that the view still loads the URL before setting the placeholder")
  ]

  let environment: LoaderEnvironment
  let fixed: Bool
  let queue: SimulatedOperationQueue

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    queue = environment.operationQueue(name: "stale-placeholder.loads")
    queue.maxConcurrentOperationCount = 2
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    cell.currentURL = url
    cell.imageView.image = nil
    let environment = environment
    let fixed = fixed
    let size = table.imagePixelSize
    _ = queue.addOperation { execution in
      environment.main.async(label: "stale-placeholder.loading") { _ in
        // The bug: the captured view may load another URL by now.
        if fixed && cell.currentURL != url { return }
        cell.imageView.image = environment.placeholderImage(
          width: size.width, height: size.height, for: url)
      }
      environment.fetchSynchronously(url, on: execution) { result in
        guard case .success(let data) = result else { return }
        environment.main.async(label: "stale-placeholder.set") { _ in
          guard cell.currentURL == url else { return }
          cell.imageView.image = environment.image(data: data)
        }
      }
    }
  }
}
