public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// A blind-spot demonstrator of the platform, not one reported bug: a background thread checks
/// that the cell still wants its image, then hops to the main queue and sets it without
/// checking again. The check and the set are two instants; a frame that reuses the cell can
/// fall between them.
///
/// The pattern is everywhere in tutorial and app code: a `URLSession` completion or a block
/// on a global queue decodes, compares the cell's represented identifier with the one it
/// loaded (`if cell.representedIdentifier == id`), and only then hops to the main queue to set
/// `cell.imageView.image`. On a device the main-queue block waits for the main thread to wake
/// up, or for the frame it is busy with; if the next vsync's layout dequeues the cell for
/// another row meanwhile, the block lands on the reused cell.
///
/// Without scheduling noise or paced cell work the simulator cannot open that window: a block
/// queued for an idle main thread runs at the instant it was queued, before any later vsync,
/// and a frame that was already running when the check ran had already reconfigured its cells
/// (with `cell_timing: paced` it reconfigures them one by one, so a check can fall between). With noise (a
/// scenario's `noise:`), the main thread's wake-up latency can put a vsync between the check
/// and the block. Buggy (`fixed: false`): the main block sets the image unconditionally.
/// `fixed: true`: it checks again on the main thread, where the check and the set are one
/// instant.
public final class OffMainCheckLoader: CatalogLoader {
  /// Plain cells: `TableCell.itemID` says which item a cell shows now.
  public typealias Cell = TableCell

  public static let name = "offmain-check"
  public static let summary =
    "checks the cell on a background thread, then sets the image on main without checking again"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let decodeQueue: SimulatedQueue

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    decodeQueue = environment.globalQueue()
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.imageView.image = nil
    let id = item.id
    let (environment, fixed, queue) = (environment, fixed, decodeQueue)
    session.dataTask(with: item.url) { _, result in
      // The completion hops once more, to decode, as much app code does.
      queue.async(label: "decode") { execution in
        decodeForTable(result, table: table, environment: environment, on: execution) {
          delivered in
          guard case .success(let image) = delivered else { return }
          // The check, on a background thread: the cell still shows the item it loaded for.
          guard cell.itemID == id else { return }
          environment.main.async(label: "offmain.set") { _ in
            // The bug: no second check here, where it would be atomic with the set.
            if fixed && cell.itemID != id { return }
            cell.imageView.image = image
          }
        }
      }
    }.resume()
  }
}
