public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// Kingfisher #581 (PR #582, fixed in Kingfisher 3.x): the progress block of an image view's
/// previous download keeps reaching the view after it was given another URL.
///
/// Reported symptom: calling `setImage` twice on one view with different URLs makes the
/// progress cross: "A1%, A50%, B20%, A100%, B60%". In a table, a reused cell's progress bar
/// jumps between the progress of the row that left and its own. Mechanism: `kf.setImage(with:
/// placeholder:options:progressBlock:completionHandler:)` records the view's new URL
/// (`kf.webURL`) and starts a download, but does not cancel the previous one (several views may
/// share it); the completion handler checks that the image's URL is still the view's, the
/// progress block did not. With `fixed: true` the progress block makes the same check (the
/// library's fix: progress is applied only while the view still wants that URL), so a view
/// shows only its current request's progress.
///
/// Each download is a URLSession data task with a delegate (its progress block runs for every
/// chunk, `URLSessionTask.progress`); the cell's `progressView` shows the progress and is reset
/// to 0 when the cell is configured. Downloads that a reused view no longer wants run on, so
/// only `progress_isolation` and `no_cross_cell_image` are meaningful for this model.
public final class Kingfisher581Loader: CatalogLoader {
  /// A cell whose image view remembers the URL it wants (`kf.webURL`).
  public final class Cell: TableCell {
    /// The URL the image view wants.
    var webURL: String?
  }

  public static let name = "kingfisher-581"
  public static let summary =
    "Kingfisher before PR #582: a reused view keeps receiving its old download's progress"
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
    cell.webURL = url
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    cell.progressView.progress = 0
    let download = ProgressDownload(
      onProgress: { task, _ in
        let progress = task.progress
        environment.main.async(label: "kingfisher-581.progress") { _ in
          // The bug: before PR #582 the progress block did not check the view's URL.
          if fixed && cell.webURL != url { return }
          cell.progressView.setProgress(progress, animated: true)
        }
      },
      onComplete: { result, execution in
        guard case .success(let body) = result else { return }
        environment.decoder.decode(
          body, target: .aspectFill(width: size.width, height: size.height), on: execution
        ) { decoded in
          guard case .success(let image) = decoded else { return }
          environment.main.async(label: "kingfisher-581.set") { _ in
            guard cell.webURL == url else { return }
            cell.imageView.image = image
          }
        }
      })
    session.dataTask(with: url, delegate: download).resume()
  }
}
