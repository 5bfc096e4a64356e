import CellSim

/// The worked example of the guide "Turning a bug report into a scenario" (CellSim's
/// documentation): a minimal model of an app's thumbnail code, reported as "images show up in the
/// wrong cell when I scroll fast".
///
/// Each cell starts a download in `cellForRow` and, when the bytes are decoded, sets the image
/// on the cell it captured. A cell recycled while its download is in flight gets the old row's
/// image. Option `fixed: true` applies the fix: the cell remembers the URL it represents, and a
/// finished download sets its image only if the cell still represents that URL.
public final class ThumbnailLoader: CatalogLoader {
  /// A cell that remembers the URL it represents.
  public final class Cell: TableCell {
    var url: String?
  }

  public static let name = "thumbnail-loader"
  public static let summary = "the guide's example: a late download lands in a recycled cell"
  public static let optionSpecs = [
    LoaderOptionSpec("fixed", .bool, default: "false", "check the cell's URL before setting")
  ]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    cell.url = url
    cell.imageView.image = nil
    let size = table.imagePixelSize
    let (environment, fixed) = (self.environment, self.fixed)
    session.dataTask(with: url) { execution, result in
      guard case .success(let response) = result else { return }
      environment.decoder.decode(
        response.body, target: .aspectFill(width: size.width, height: size.height), on: execution
      ) { decoded in
        environment.main.async { _ in
          guard let image = try? decoded.get() else { return }
          if fixed && cell.url != url { return }  // the fix: is this still the cell's URL?
          cell.imageView.image = image
        }
      }
    }.resume()
  }
}
