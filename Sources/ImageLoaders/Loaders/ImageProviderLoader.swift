import SimNetwork
import SimPlatform
package import SimTable

/// `image-provider`: seed 002's second architecture (`shared/seeds/002_7d16d7c5f7891218.txt`,
/// sections "The image provider" and "Cache the downloaded stuff").
///
/// Rules, each from the article:
/// - `willDisplayCell` creates the provider, "unless" the NSCache already holds the URL, in
///   which case it sets the cached image (`guard cache.objectForKey(landscape.url) != nil else
///   { … }` followed by `let image:UIImage = self.cache.objectForKey(landscape.url)`). The
///   article looks the cache up twice; CellSim looks once and reuses the value.
/// - `ImageProvider(landscape:, width: cell.imvLandscape.frame.size.width*2)`: the target is
///   twice the image view's width in points, whatever the device's scale (the article assumes
///   a @2x screen).
/// - The completion, on the main operation queue: `self.cache.setObject(image!, forKey:
///   landscape.url)` then `if(self._isVisible(indexPath, tableView: tableView))` sets the image
///   on the captured `cell`. `indexPath` and `cell` are the ones captured in `willDisplay`: a
///   row that was scrolled away and back is shown by another cell, so the check passes and the
///   old cell, now showing another row, gets the image. The article's code is cut off after
///   the check; setting `cell.imvLandscape.image` on the captured cell is what it implies.
///   `_isVisible` is not shown; its name implies `indexPathsForVisibleRows` contains the path.
/// - `image!`: a nil image would trap. By default CellSim drops a nil image so the run goes
///   on; option `force_unwrap: true` traps as the article's code does.
/// - NSCache with no limit (the article sets none), keyed by URL; it empties on a memory
///   warning, as NSCache does on iOS.
/// - Cancelling in `didEndDisplayingCell` is shown and then declined: "In my case I was not
///   interested in doing that because it was highly likely to get back to the dissapeared
///   cell." Option `cancel: true` does it:
///   `for provider in imageProviders.filter({ $0.landscape == cell.landscape })`.
/// - `cellForRowAtIndexPath` is not shown for this architecture; CellSim keeps the classical
///   approach's `cell.imvLandscape.image = nil` (the article moved only the fetch into
///   `willDisplay`).
package final class ImageProviderLoader: CatalogLoader {
  /// The article's `ImageTableViewCell`, with its `landscape` (the item it shows).
  package final class Cell: TableCell {
    /// `cell.landscape`: the item configured in `cellForRow`.
    package var landscape: TableItem?

    /// A cell showing nothing.
    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }
  }

  /// `image-provider`.
  package static let name = "image-provider"
  /// Seed 002.
  package static let seed: String? = "002"
  /// One line for `cellsim loaders`.
  package static let summary =
    "per-cell ImageProvider made in willDisplay, downscaled to 2× the view width, NSCache, "
    + "_isVisible check with the captured index path and cell"
  /// Options: cancelling in `didEndDisplaying`, and trapping on a nil image.
  package static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "cancel", .bool, default: "false",
      "cancel the cell's providers in didEndDisplaying (shown in the article, then declined)"),
    LoaderOptionSpec(
      "force_unwrap", .bool, default: "false",
      "trap on a nil image as the article's `image!` does (default: drop it)"),
  ]

  /// The platform the loader runs on.
  let environment: LoaderEnvironment
  /// Option `cancel`.
  let cancels: Bool
  /// Option `force_unwrap`.
  let forceUnwrap: Bool
  /// `self.cache`: an NSCache with no limits.
  let cache: MemoryCache<Image>
  /// `NSOperationQueue.mainQueue()`.
  let mainQueue: SimulatedOperationQueue
  /// `imageProviders`: every provider made, in order (removed only when cancelled).
  var imageProviders: [ImageProvider] = []

  /// A loader with an unbounded cache.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    cancels = options.bool("cancel")
    forceUnwrap = options.bool("force_unwrap")
    cache = environment.memoryCache(name: "image-provider.NSCache")
    mainQueue = environment.mainOperationQueue()
  }

  /// Remembers the item and clears the image (see the type's note on `cellForRow`).
  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.landscape = item
    cell.imageView.image = nil
  }

  /// Sets the cached image, or creates the cell's provider with the captured `indexPath` and
  /// `cell`.
  package func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let landscape = table.item(at: indexPath) else { return }
    if let image = cache.value(forKey: landscape.url) {
      cell.imageView.image = image
      return
    }
    let width = Int((table.configuration.effectiveImageSize.width * 2).rounded())
    let provider = ImageProvider(
      itemID: landscape.id, url: landscape.url, width: width, environment: environment
    ) { [self] image in
      mainQueue.addOperation { [self] _ in
        guard let image else {
          precondition(
            !forceUnwrap,
            "image-provider: `image!` found nil for \(landscape.url) (force_unwrap: true)")
          return
        }
        cache.setValue(image, forKey: landscape.url)
        if isVisible(indexPath, table) { cell.imageView.image = image }
      }
    }
    imageProviders.append(provider)
  }

  /// With `cancel: true`, cancels every provider of the cell's landscape.
  package func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard cancels, let landscape = cell.landscape else { return }
    for provider in imageProviders where provider.itemID == landscape.id {
      provider.cancel()
    }
    imageProviders.removeAll { $0.itemID == landscape.id }
  }

  /// `_isVisible(indexPath, tableView:)`: whether a displayed row has this index path now.
  func isVisible(_ indexPath: IndexPath, _ table: TableView) -> Bool {
    table.indexPathsForVisibleRows.contains(indexPath)
  }
}
