public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// SDWebImage PR #3363 (fixing #3361): an asynchronous cancel callback puts the old request's
/// placeholder over the view's new request, with the same URL.
///
/// Reported sequence: `sd_setImage(with: url, placeholderImage: placeholder1, options:
/// .delayPlaceholder)`, then a cancel, then `sd_setImage(with: url, placeholderImage:
/// placeholder2)` on the same view: the view ends up showing placeholder1. Mechanism: with
/// `.delayPlaceholder` the placeholder is set when the load ends without an image, and the
/// first request's cancellation reaches its completion asynchronously, after the second request
/// has started; that completion sets placeholder1. With `fixed: true` a completion whose
/// request is no longer the view's latest one (SDWebImage checks the operation's validity and
/// the view's latest operation key) leaves the view alone.
///
/// Each `cellForRow` is one `sd_setImage` call: it cancels the view's previous load (a data
/// task whose cancellation completes on the session's queue, then hops to the main queue, as
/// SDWebImage's callbacks do), clears the image view, makes that request's placeholder
/// (`LoaderEnvironment.placeholderImage(width:height:for:)`, one per call as
/// `placeholderImage:` is) and loads; success sets the image, failure or cancellation the
/// placeholder. After `reloadData` every cell is configured again, often for the same URL, so
/// the stale placeholder is of the same URL: only the per-request rule of `no_cross_cell_image`
/// can see it.
public final class SDWebImage3363Loader: CatalogLoader {
  /// A cell whose image view has one load at a time (`sd_latestOperationKey`).
  public final class Cell: TableCell {
    /// The number of the view's latest `sd_setImage` call.
    var latestOperation = 0
    /// Its load.
    var task: SimulatedDataTask?
  }

  public static let name = "sdwebimage-3363"
  public static let summary =
    "SDWebImage before PR #3363: a cancelled load's placeholder lands over the view's next load"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession()
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    let size = table.imagePixelSize
    let (environment, fixed) = (self.environment, self.fixed)
    // sd_setImage cancels the view's current load first (same operation key).
    cell.task?.cancel()
    cell.latestOperation += 1
    let operation = cell.latestOperation
    cell.imageView.image = nil
    let placeholder = environment.placeholderImage(
      width: size.width, height: size.height, for: url)
    let task = session.dataTask(with: url) { execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { outcome in
        environment.main.async(label: "sdwebimage-3363.completion") { _ in
          // The fix: a load that is no longer the view's latest leaves the view alone.
          if fixed && cell.latestOperation != operation { return }
          if case .success(let image)? = outcome {
            // Success of a superseded load is ignored in both variants, as it was before.
            guard cell.latestOperation == operation else { return }
            cell.imageView.image = image
          } else {
            // .delayPlaceholder: the placeholder once the load ends without an image.
            cell.imageView.image = placeholder
          }
        }
      }
    }
    cell.task = task
    task.resume()
  }
}
