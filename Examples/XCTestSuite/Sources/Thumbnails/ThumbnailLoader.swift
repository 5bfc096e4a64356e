import CellSim

/// A cell that remembers the URL it represents.
public final class ThumbnailCell: TableCell {
  var url: String?
}

/// A thumbnail loader as an app might write it: each cell starts a download in `cellForRow`
/// and, when the bytes are decoded, sets the image on the cell it captured, but only if the
/// cell still represents the URL the download was for.
public final class ThumbnailLoader: CatalogLoader {
  public typealias Cell = ThumbnailCell
  public static let name = "thumbnail-loader"
  public static let summary = "a download per cell, with an identity check before setting"

  let downloads: Downloads

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    downloads = Downloads(environment: environment, checksIdentity: true)
  }

  public func cellForRow(
    _ cell: ThumbnailCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    downloads.load(item.url, into: cell, in: table)
  }
}

/// The same loader without the identity check: a download that finishes after its cell was
/// recycled sets the old row's image on the new row, which `no_cross_cell_image` catches.
public final class BrokenThumbnailLoader: CatalogLoader {
  public typealias Cell = ThumbnailCell
  public static let name = "broken-thumbnail-loader"
  public static let summary = "a download per cell, without an identity check"

  let downloads: Downloads

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    downloads = Downloads(environment: environment, checksIdentity: false)
  }

  public func cellForRow(
    _ cell: ThumbnailCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    downloads.load(item.url, into: cell, in: table)
  }
}

/// What both loaders do: one URL session with callbacks on a background queue, decoding off
/// the main thread, setting the image on the main thread.
struct Downloads {
  let environment: LoaderEnvironment
  let session: SimulatedURLSession
  /// Whether a finished download checks the cell's URL before setting (the fix).
  let checksIdentity: Bool

  init(environment: LoaderEnvironment, checksIdentity: Bool) {
    self.environment = environment
    self.checksIdentity = checksIdentity
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
  }

  func load(_ url: String, into cell: ThumbnailCell, in table: TableView) {
    cell.url = url
    cell.imageView.image = nil
    let size = table.imagePixelSize
    let (environment, checksIdentity) = (self.environment, self.checksIdentity)
    session.dataTask(with: url) { execution, result in
      guard case .success(let response) = result else { return }
      environment.decoder.decode(
        response.body, target: .aspectFill(width: size.width, height: size.height), on: execution
      ) { decoded in
        environment.main.async { _ in
          guard let image = try? decoded.get() else { return }
          if checksIdentity && cell.url != url { return }  // still this cell's URL?
          cell.imageView.image = image
        }
      }
    }.resume()
  }
}
