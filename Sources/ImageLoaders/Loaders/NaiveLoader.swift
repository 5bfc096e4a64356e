import SimNetwork
import SimPlatform
package import SimTable

/// `naive`: the "classical approach" of seed 002 (`shared/seeds/002_7d16d7c5f7891218.txt`,
/// section "The classical approach", its `cellForRowAtIndexPath`).
///
/// Every rule below is quoted from that one code block:
/// - `cell.imvLandscape.image = nil` first, so a recycled cell shows nothing until its fetch
///   ends.
/// - `dispatch_async(dispatch_get_global_queue(priority, 0))` runs
///   `NSData(contentsOfURL: _url)`: a blocking fetch on a global concurrent queue. Each
///   blocked worker lets GCD start another thread (docs/design.md, Threads, run loop and frames:
///   the thread explosion).
/// - `dispatch_async(dispatch_get_main_queue())` then sets `UIImage(data: _data)` on the
///   `cell` the closure captured: a lazy image, decoded on the main thread by the first frame
///   that shows it (the article's "Memory consumption" section: the decoded buffer is 4 bytes
///   per pixel). Nothing checks that the cell still shows the row: a recycled cell shows
///   whichever fetch ends last.
/// - No cancel and no cache: the article lists both as this code's problems ("The pictures
///   are fetched every time that a cell is being presented (not cached)", "Fetch is not
///   cancelled once the cell is not shown").
/// - `if let _data = NSData(contentsOfURL:)`: a failed fetch sets nothing. A body that is not
///   an image makes `UIImage(data:)` nil, and nil is what the code assigns.
package final class NaiveLoader: CatalogLoader {
  /// `naive`.
  package static let name = "naive"
  /// Seed 002.
  package static let seed: String? = "002"
  /// One line for `cellsim loaders`.
  package static let summary =
    "the classical approach: fetch on a global queue, set on the captured cell; no cancel, "
    + "no cache, no check"

  /// The platform the loader runs on.
  let environment: LoaderEnvironment

  /// A naive loader; it takes no options.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
  }

  /// Clears the image, then fetches on a global queue and sets the result on the captured
  /// cell (seed 002, "The classical approach").
  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.imageView.image = nil
    let environment = environment
    let url = item.url
    environment.globalQueue().async(label: "naive.fetch") { execution in
      environment.fetchSynchronously(url, on: execution) { result in
        // `if let _data = NSData(contentsOfURL: _url)`: nothing happens on failure.
        guard case .success(let data) = result else { return }
        environment.main.async(label: "naive.set") { _ in
          // The captured cell, whatever row it shows now.
          cell.imageView.image = environment.image(data: data)
        }
      }
    }
  }
}
