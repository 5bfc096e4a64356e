public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// A transition's completion that outlives a newer image: the app's own (`manual_image_kept`),
/// or the image of the URL the row has now (`no_cross_cell_image`). The class of bug where a
/// block that a cancel or a reconfiguration did not stop sets the image it was made for.
///
/// Not a model of one reported bug: a demonstrator of the rule. The loader checks reuse
/// correctly (a completion sets an image only while the cell still loads that URL), and fades
/// each image in over 300 ms with a completion that sets the final image again, as code written
/// with `UIView.transition(with:duration:options:animations:completion:)` does. UIKit runs that
/// completion when the animation ends, whatever was set on the view since (Apple: "A block
/// object to be executed when the animation sequence ends"). When the app sets its own image
/// (`set_image`), the loader cancels the cell's task and forgets its URL, but the pending
/// completion still sets the downloaded image over the app's. With `fixed: true` the completion
/// first checks that the cell still loads that URL.
///
/// The same completion breaks `no_cross_cell_image` when the row's URL changes during the fade
/// (`set_url`): the cell is configured for the new URL and shows its image, then the old
/// fade's completion puts the old URL's image back.
public final class FadeCompletionLoader: CatalogLoader {
  /// A cell that remembers the URL it loads and its task.
  public final class Cell: TableCell {
    /// The URL of the current load; nil once the app set its own image.
    var currentURL: String?
    /// The current load's task.
    var task: SimulatedDataTask?
  }

  public static let name = "fade-completion"
  public static let summary =
    "a fade's completion sets the downloaded image over the one the app set itself"
  public static let optionSpecs = [
    LoaderOptionSpec(
      "fixed", .bool, default: "false",
      "check that the cell still loads the URL in the fade's completion")
  ]

  /// The fade's length.
  static let fade = SimDuration.ms(300)

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
    cell.task?.cancel()
    cell.currentURL = url
    let size = table.imagePixelSize
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    let (environment, fixed) = (self.environment, self.fixed)
    let task = session.dataTask(with: url) { execution, result in
      decodeForTable(result, table: table, environment: environment, on: execution) { decoded in
        guard case .success(let image) = decoded else { return }
        environment.main.async(label: "fade-completion.set") { _ in
          guard cell.currentURL == url else { return }
          cell.imageView.setImage(image, transition: .fade(Self.fade)) {
            // The bug: the app may have set its own image since, or the cell may show another
            // URL now.
            if fixed && cell.currentURL != url { return }
            cell.imageView.image = image
          }
        }
      }
    }
    cell.task = task
    task.resume()
  }

  public func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.task?.cancel()
    cell.task = nil
    cell.currentURL = nil
  }
}
