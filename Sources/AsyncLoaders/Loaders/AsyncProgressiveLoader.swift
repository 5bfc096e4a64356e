package import ImageLoaders
import PNGRender
import SimPlatform
package import SimTable

/// `async-progressive` (a bug model): a progressive loader in async/await. A task per cell,
/// cancelled on reuse, iterates the transfer's chunks (`bytes(for:)`), decodes the bytes so far
/// to a partial preview after each (`decodePartial`) and shows it, then decodes the whole body
/// and shows the image.
///
/// The bug: after awaiting a preview's decode it sets the preview without checking
/// `Task.isCancelled` or the cell's identity. A decode is not cancellable once started, so a
/// cell reused while its previous row's preview decodes gets that preview: another request's
/// image (`no_cross_cell_image`, `Scenarios/async/async-progressive-cross-cell.yaml`). A preview
/// is a partial decode of bytes the transfer delivered, so `no_corrupt_image` accepts it. With
/// `fixed: true` it checks after each await, as `async-reference` does
/// (`Scenarios/async/async-progressive-fixed.yaml`). The full image is set after the same check
/// in both variants.
@MainActor
package final class AsyncProgressiveLoader: AsyncCatalogLoader {
  /// A cell that owns its task and remembers the URL it represents.
  package final class Cell: TableCell {
    var task: Task<Void, Never>?
    var representedURL: String?

    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    package override func prepareForReuse() {
      task?.cancel()
      representedURL = nil
      imageView.image = nil
    }
  }

  package nonisolated static let name = "async-progressive"
  package nonisolated static let summary =
    "bug model: shows a partial preview per chunk, set after an await without checking "
    + "cancellation or identity"
  package nonisolated static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "fixed", .bool, default: "false",
      "check Task.isCancelled and the cell's URL after each await before showing a preview")
  ]

  let environment: AsyncLoaderEnvironment
  let fixed: Bool

  package init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
  }

  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.task?.cancel()
    let url = item.url
    let size = table.imagePixelSize
    let target = DecodeTarget.aspectFill(width: size.width, height: size.height)
    let (environment, fixed) = (self.environment, self.fixed)
    cell.representedURL = url
    cell.task = Task(name: "row \(indexPath.row)") {
      var body: [UInt8] = []
      do {
        for try await chunk in environment.bytes(for: url) {
          body += chunk
          guard let preview = try? await environment.decodePartial(body, target: target) else {
            continue
          }
          // The bug: without `fixed`, no check after the await.
          if fixed && (Task.isCancelled || cell.representedURL != url) { return }
          cell.imageView.image = preview
        }
      } catch {
        return
      }
      guard let image = try? await environment.decode(body, target: target),
        !Task.isCancelled, cell.representedURL == url
      else { return }
      cell.imageView.image = image
    }
  }
}
