import SimNetwork
import SimPlatform
package import SimTable

/// `wwdc211`: seed 004 (`shared/seeds/004_4f7afe97f041e576.txt`, "Asynchronous
/// UITableViewCell content loading done right", after WWDC 2012 session 211).
///
/// Rules, each from the article's code:
/// - "Define an NSOperationQueue … imageLoadingOperationQueue" with no width set: the default
///   `maxConcurrentOperationCount` (unlimited; the worker pool is the real bound).
/// - "an NSMutableDictionary … facebookUidToImageDownloadOperations": item id (uid) to
///   operation. It holds the operation strongly; CellSim only looks it up, never iterates it.
/// - `cellForRowAtIndexPath`: `[[NSBlockOperation alloc] init]`, a `__weak` reference to it
///   (here a Swift `weak`), and `addExecutionBlock:` with
///   `[UIImage imageWithData:[NSData dataWithContentsOfURL:…]]` (a blocking fetch, a lazy
///   image), then `[[NSOperationQueue mainQueue] addOperationWithBlock:]` with
///   `if (!weakOp.isCancelled) { [[tableView cellForRowAtIndexPath:indexPath].ivProfile
///   setImage:profileImage]; [dict removeObjectForKey:friend.uid]; }` — `indexPath` captured
///   when the cell was configured.
/// - Messaging nil in Objective-C: once the operation has finished and nothing else holds it
///   (`didEndDisplaying` removed it from the dictionary), `weakOp` is nil and
///   `weakOp.isCancelled` reads NO, so the check passes. The article's comments report exactly
///   this ("after cancel, weakOp is nil, so (!weaOp.isCancelld) is YES"). Likewise a nil cell
///   ignores `setImage:`, and a nil image (failed fetch) clears the view.
/// - The operation is stored under `friend.uid`, replacing (not cancelling) any earlier one,
///   and added to the queue; then `cell.ivProfile.image = nil`.
/// - `didEndDisplayingCell`: `friend = [self.facebookFriends objectAtIndex:indexPath.row]` —
///   the item at that index path *now*, which after a delete or `reloadData` is another item
///   (or none: `objectAtIndex:` past the end raises in the article's code; CellSim skips the
///   cancel instead so the run goes on) — then cancel and remove its operation.
/// - `viewDidDisappear`: `[self.imageLoadingOperationQueue cancelAllOperations]` (the
///   dictionary keeps its entries).
package final class WWDC211Loader: CatalogLoader {
  /// `wwdc211`.
  package static let name = "wwdc211"
  /// Seed 004.
  package static let seed: String? = "004"
  /// One line for `cellsim loaders`.
  package static let summary =
    "WWDC 2012 session 211: uid → operation dictionary, weak operation isCancelled check, "
    + "cellForRow(at:) with the captured index path, cancel in didEndDisplaying"

  /// The platform the loader runs on.
  let environment: LoaderEnvironment
  /// `imageLoadingOperationQueue`.
  let queue: SimulatedOperationQueue
  /// `[NSOperationQueue mainQueue]`.
  let mainQueue: SimulatedOperationQueue
  /// `facebookUidToImageDownloadOperations`.
  var operations: [Int: SimulatedBlockOperation] = [:]

  /// A loader with a default-width queue; it takes no options.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    queue = environment.operationQueue(name: "imageLoadingOperationQueue")
    mainQueue = environment.mainOperationQueue()
  }

  /// Creates, stores and enqueues the friend's operation, then clears the image.
  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let environment = environment
    let loadImageIntoCellOp = SimulatedBlockOperation { _ in }
    weak let weakOp = loadImageIntoCellOp
    let uid = item.id
    loadImageIntoCellOp.addExecutionBlock { [weak table, mainQueue] execution in
      environment.fetchSynchronously(item.url, on: execution) { result in
        // `imageWithData:nil` is nil: a failed fetch yields a nil image.
        let profileImage = (try? result.get()).flatMap { environment.image(data: $0) }
        mainQueue.addOperation { [weak self] _ in
          // `!weakOp.isCancelled`: a nil weakOp reads NO, so the check passes.
          guard weakOp?.isCancelled != true else { return }
          table?.cellForRow(at: indexPath)?.imageView.image = profileImage
          self?.operations[uid] = nil
        }
      }
    }
    operations[uid] = loadImageIntoCellOp
    queue.addOperation(loadImageIntoCellOp)
    cell.imageView.image = nil
  }

  /// Cancels and forgets the operation of the friend at `indexPath.row` now.
  package func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    guard let friend = table.item(at: indexPath) else { return }
    if let ongoingDownloadOperation = operations[friend.id] {
      ongoingDownloadOperation.cancel()
      operations[friend.id] = nil
    }
  }

  /// `cancelAllOperations` on the loading queue.
  package func viewDidDisappear() {
    queue.cancelAllOperations()
  }
}
