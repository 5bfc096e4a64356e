import SimNetwork
package import SimPlatform
package import SimTable

/// `block-operation`: the `UIImage (FF)` category of seed 001
/// (`shared/seeds/001_9ebf7f63647e35a6.txt`).
///
/// Rules, each from the article's code:
/// - One operation queue for the app (`static NSOperationQueue *_operationQueue`, created once
///   with `maxConcurrentOperationCount = 4`); here one per loader, since a world has no
///   globals.
/// - `imageFromURL:withCompletionBlock:` adds an `NSBlockOperation` whose block runs
///   `[NSData dataWithContentsOfURL:]` (a blocking fetch holding the worker), then
///   `[UIImage imageWithData:scale:]` when there is data (a lazy image, decoded on the main
///   thread at first display), then `dispatch_async(dispatch_get_main_queue())` with the
///   completion, and returns the operation.
/// - The cell keeps the operation (`@property NSBlockOperation *operation`) and, in
///   `prepareForReuse`, calls `[_operation cancel]` and sets it to nil. The block never checks
///   `isCancelled`: a cancel before the operation starts skips the block, but a cancel while
///   it runs cannot stop the fetch, and its completion still sets the image — on the cell,
///   which now shows another row (Foundation's semantics; docs/design.md, Queues, caches and
///   images).
/// - `configureCell:` (called from `cellForRowAtIndexPath`) stores the new operation; its
///   completion block sets the image when it is non-nil (`if (image) { … }`).
/// - No cache: the article leaves caching "as an exercise" (its last paragraph).
package final class BlockOperationLoader: CatalogLoader {
  /// The article's `CustomTableCell`: it keeps its operation and cancels it on reuse.
  package final class Cell: TableCell {
    /// `@property (nonatomic, strong) NSBlockOperation *operation`.
    package var operation: SimulatedBlockOperation?
    /// Whether `prepareForReuse` also clears the image (option `clear_on_reuse`).
    var clearsOnReuse = true

    /// A cell with no operation.
    package required init(reuseIdentifier: String, context: Context) {
      super.init(reuseIdentifier: reuseIdentifier, context: context)
    }

    /// `if (_operation) { [_operation cancel]; self.operation = nil; } …` (seed 001). The
    /// article elides the rest of the method with `...`; with `clear_on_reuse` (the default)
    /// that rest clears the image, the usual companion of a cancel in `prepareForReuse`.
    package override func prepareForReuse() {
      if let operation {
        operation.cancel()
        self.operation = nil
      }
      if clearsOnReuse { imageView.image = nil }
    }
  }

  /// `block-operation`.
  package static let name = "block-operation"
  /// Seed 001.
  package static let seed: String? = "001"
  /// One line for `cellsim loaders`.
  package static let summary =
    "UIImage (FF): operation queue of 4, blocking fetch per operation, cancelled in "
    + "prepareForReuse; no cache"
  /// Options: the queue width and whether reuse clears the image.
  package static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "max_concurrent", .integer(1...64), default: "4",
      "the operation queue's maxConcurrentOperationCount (the article sets 4)"),
    LoaderOptionSpec(
      "clear_on_reuse", .bool, default: "true",
      "prepareForReuse also sets the image to nil (the article elides that part with `...`)"),
  ]

  /// The platform the loader runs on.
  let environment: LoaderEnvironment
  /// `_operationQueue`, with `maxConcurrentOperationCount = 4`.
  let queue: SimulatedOperationQueue
  /// Option `clear_on_reuse`, handed to each cell.
  let clearsOnReuse: Bool

  /// A loader whose queue runs `max_concurrent` operations at once.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    queue = environment.operationQueue(name: "UIImage(FF)")
    queue.maxConcurrentOperationCount = options.integer("max_concurrent")
    clearsOnReuse = options.bool("clear_on_reuse")
  }

  /// `configureCell:`: stores the operation `imageFromURL` returns; its completion sets the
  /// image on this cell when it is non-nil.
  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.clearsOnReuse = clearsOnReuse
    cell.operation = imageFromURL(item.url) { image in
      if let image { cell.imageView.image = image }
    }
  }

  /// `+[UIImage imageFromURL:withCompletionBlock:]`: a block operation that fetches, makes a
  /// lazy image and hands it to `completion` on the main queue; added to the queue and
  /// returned.
  func imageFromURL(_ url: String, completion: @escaping (Image?) -> Void)
    -> SimulatedBlockOperation
  {
    let environment = environment
    let operation = SimulatedBlockOperation { execution in
      environment.fetchSynchronously(url, on: execution) { result in
        var image: Image?
        if case .success(let data) = result { image = environment.image(data: data) }
        environment.main.async(label: "FF.completion") { _ in completion(image) }
      }
    }
    queue.addOperation(operation)
    return operation
  }
}
