public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// AlamofireImage #232: cancelling an image view's request in `prepareForReuse` does not stop
/// its progress handler, so a reused view keeps receiving the old download's progress.
///
/// Reported symptom: a collection view whose cells call `af_setImage(withURL:placeholderImage:
/// filter:progress:…)` with a progress handler (which saturates the image view's background as
/// the download progresses) and `af_cancelImageRequest()` in `prepareForReuse()`: on a slow
/// network, after a scroll, every image view "blinks a lot", because many downloads still
/// report progress into it. Mechanism, as modelled: cancelling the request receipt removes the
/// view's completion handler, but the download already running goes on, and the progress
/// handler attached to it still captures the view. With `fixed: true` the progress handler, like
/// the completion, first checks that its receipt is still the view's active one, so a
/// cancelled request's progress never reaches the view.
///
/// The cell's `progressView` plays the progress indicator and is reset to 0 when the cell is
/// configured. Cancelled downloads run on (that is the report), so only `progress_isolation` and
/// `no_cross_cell_image` are meaningful for this model.
public final class AlamofireImage232Loader: CatalogLoader {
  /// A request receipt (`RequestReceipt`): cancelling it detaches the view's completion.
  final class Receipt {
    var isCancelled = false
  }

  /// A cell that cancels its image view's request in `prepareForReuse()`.
  public final class Cell: TableCell {
    /// `af_activeRequestReceipt`.
    var activeReceipt: Receipt?

    /// `af_cancelImageRequest()`: cancels the receipt (the download itself runs on).
    public override func prepareForReuse() {
      activeReceipt?.isCancelled = true
      activeReceipt = nil
    }
  }

  public static let name = "alamofireimage-232"
  public static let summary =
    "AlamofireImage #232: a request cancelled in prepareForReuse still reports progress"
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
    let receipt = Receipt()
    cell.activeReceipt = receipt
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    cell.progressView.progress = 0
    let download = ProgressDownload(
      onProgress: { task, _ in
        let progress = task.progress
        environment.main.async(label: "alamofireimage-232.progress") { _ in
          // The bug: the progress handler outlives the cancelled receipt.
          if fixed && cell.activeReceipt !== receipt { return }
          cell.progressView.setProgress(progress, animated: true)
        }
      },
      onComplete: { result, execution in
        guard case .success(let body) = result else { return }
        environment.decoder.decode(
          body, target: .aspectFill(width: size.width, height: size.height), on: execution
        ) { decoded in
          guard case .success(let image) = decoded else { return }
          environment.main.async(label: "alamofireimage-232.set") { _ in
            guard !receipt.isCancelled, cell.activeReceipt === receipt else { return }
            cell.imageView.image = image
          }
        }
      })
    session.dataTask(with: url, delegate: download).resume()
  }
}
