package import ImageLoaders
import PNGRender
package import SimPlatform
package import SimTable

/// The phases of SwiftUI's `AsyncImage`.
package enum AsyncImagePhase {
  /// No image loaded yet (a placeholder shows: here, no image).
  case empty
  /// The image loaded.
  case success(Image)
  /// The load failed (here, the failure image shows).
  case failure(any Error)
}

/// `async-image`: a model of SwiftUI's `AsyncImage(url:)` in a list row.
///
/// - **A phase machine**: `.empty` when the view appears, then `.success` or `.failure`; the
///   view shows nothing, the image or the failure image. The phase belongs to the view, so it
///   is set on the main actor.
/// - **Its load is the view's task** (SwiftUI's `.task(id: url)`): started when the row
///   appears (`willDisplay`), cancelled when it disappears (`didEndDisplaying`) or the cell is
///   reused; a cancelled load leaves the phase alone.
/// - **A shared session, no cache of its own**: it fetches with `data(for:)` on the shared
///   session (`URLSession.shared`) and decodes full size, as `AsyncImage` does. CellSim's fake
///   network has no HTTP cache, so nothing is cached at all.
/// - **A restart from empty** when a row scrolls back: the view's state is gone, so it starts
///   again from `.empty` and loads again (the well-known flicker of `AsyncImage` in lists).
@MainActor
package final class AsyncImageLoader: AsyncCatalogLoader {
  /// A cell hosting one `AsyncImage` view.
  package final class Cell: TableCell {
    var url: String?
    var phase = AsyncImagePhase.empty
    var task: Task<Void, Never>?

    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    /// The view goes away: its task is cancelled and its state forgotten.
    package override func prepareForReuse() {
      task?.cancel()
      task = nil
      phase = .empty
      imageView.image = nil
    }
  }

  package nonisolated static let name = "async-image"
  package nonisolated static let summary =
    "SwiftUI AsyncImage: a phase machine per row, the view's task cancelled on disappear, the "
    + "shared session, no cache, restarts from empty when a row scrolls back"

  let environment: AsyncLoaderEnvironment
  var failureImage: Image?

  package init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.url = item.url
  }

  /// `onAppear`: the view's state starts from `.empty` and its task starts.
  package func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let url = cell.url else { return }
    cell.task?.cancel()
    set(.empty, on: cell, table: table)
    cell.task = Task(name: "AsyncImage row \(indexPath.row)") {
      do {
        let data = try await environment.data(for: url)
        let image = try await environment.decode(data)
        guard !Task.isCancelled else { return }
        set(.success(image), on: cell, table: table)
      } catch {
        guard !Task.isCancelled else { return }
        set(.failure(error), on: cell, table: table)
      }
    }
  }

  /// `onDisappear`: the view's task is cancelled.
  package func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.task?.cancel()
    cell.task = nil
  }

  package func willSetImageManually(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.task?.cancel()
    cell.task = nil
    cell.url = nil
  }

  /// Moves the view to `phase` and renders it.
  func set(_ phase: AsyncImagePhase, on cell: Cell, table: TableView) {
    cell.phase = phase
    switch phase {
    case .empty:
      cell.imageView.image = nil
    case .success(let image):
      cell.imageView.image = image
    case .failure:
      let size = table.imagePixelSize
      let image =
        failureImage ?? environment.platform.failureImage(width: size.width, height: size.height)
      failureImage = image
      cell.imageView.image = image
    }
  }
}
