package import ImageLoaders
import PNGRender
import SimPlatform
package import SimTable

/// `async-unchecked` (a bug model): a task per cell, cancelled on reuse, that sets the image
/// after an await without checking cancellation or the cell's identity.
///
/// Loads are shared per URL through a plain `Task` that nothing cancels, and awaiting a task's
/// `value` does not throw when the awaiting task is cancelled. So a cell reused while its load
/// runs gets the old row's image when the load ends: `no_cross_cell_image`
/// (`Scenarios/async/async-unchecked-cross-cell.yaml`). The fix is `async-reference`'s check
/// after each await (`!Task.isCancelled && cell.representedURL == url`).
@MainActor
package final class AsyncUncheckedLoader: AsyncCatalogLoader {
  /// A cell that owns its task.
  package final class Cell: TableCell {
    var task: Task<Void, Never>?

    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    package override func prepareForReuse() {
      task?.cancel()
      imageView.image = nil
    }
  }

  package nonisolated static let name = "async-unchecked"
  package nonisolated static let summary =
    "bug model: cancels its task on reuse but sets the image after an await without checking "
    + "cancellation or identity (awaits a shared, uncancelled load)"

  let environment: AsyncLoaderEnvironment
  /// Loads by URL (looked up only, never iterated).
  var loads: [String: Task<Image, any Error>] = [:]

  package init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.task?.cancel()
    let url = item.url
    let load = loads[url] ?? startLoad(url)
    cell.task = Task(name: "row \(indexPath.row)") {
      guard let image = try? await load.value else { return }
      cell.imageView.image = image  // the bug: no `Task.isCancelled` or identity check
    }
  }

  func startLoad(_ url: String) -> Task<Image, any Error> {
    let environment = self.environment
    let load = Task {
      defer { loads[url] = nil }
      return try await environment.decode(environment.data(for: url))
    }
    loads[url] = load
    return load
  }
}

/// `async-uncancelled` (a bug model): a task per cell that checks the cell's identity before
/// setting the image (so it never shows a wrong image), but that nothing ever cancels: the
/// task, and its transfer, outlive the cell's row.
///
/// A row that ends display keeps its transfer running: `cancel_on_end_display`
/// (`Scenarios/async/async-uncancelled-outlives-cell.yaml`). The fix is to keep the task and
/// cancel it in `prepareForReuse` and `didEndDisplaying`, as `async-reference` does.
@MainActor
package final class AsyncUncancelledLoader: AsyncCatalogLoader {
  /// A cell that remembers the URL it represents.
  package final class Cell: TableCell {
    var representedURL: String?

    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    package override func prepareForReuse() {
      representedURL = nil
      imageView.image = nil
    }
  }

  package nonisolated static let name = "async-uncancelled"
  package nonisolated static let summary =
    "bug model: checks identity after each await, but never cancels its task, which outlives "
    + "the cell's row"

  let environment: AsyncLoaderEnvironment

  package init(environment: AsyncLoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    cell.representedURL = url
    Task(name: "row \(indexPath.row)") {  // the bug: the task is not kept, so never cancelled
      guard let data = try? await environment.data(for: url), cell.representedURL == url,
        let image = try? await environment.decode(data), cell.representedURL == url
      else { return }
      cell.imageView.image = image
    }
  }
}
