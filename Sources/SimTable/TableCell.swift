public import SimPlatform

/// A simulated `UITableViewCell`: an image view, a reuse identifier, and an id for traces.
///
/// The table creates cells (from the class its data source names), hands them to
/// `cellForRow`, recycles them through its reuse pool, and calls `prepareForReuse()` on a
/// recycled cell just before it is handed out again. A loader may subclass `TableCell` and
/// override `prepareForReuse()`; a subclass that adds stored properties must implement the
/// required initializer and pass its arguments on:
///
/// ```swift
/// final class MyCell: TableCell {
///   var url: String?   // an initial value: no initializer needed
/// }
///
/// final class CountingCell: TableCell {
///   let created: Int
///   required init(reuseIdentifier: String, context: TableCell.Context) {
///     created = 1
///     super.init(reuseIdentifier: reuseIdentifier, context: context)
///   }
/// }
/// ```
open class TableCell {
  /// What the table passes to a cell it creates. Only the table can make one, so only the table
  /// creates cells, as only `UITableView` dequeues them.
  public struct Context {
    package let world: World
    package let cellID: Int

    package init(world: World, cellID: Int) {
      self.world = world
      self.cellID = cellID
    }
  }

  /// Where a cell is in its life, for queries and invariants.
  package enum Placement: Equatable {
    /// Created, not yet handed out.
    case new
    /// Configured and on screen at `row`.
    case displayed(row: Int)
    /// Configured ahead of visibility by cell prefetching, at `row`; not on screen.
    case prepared(row: Int)
    /// Ended by `reloadData`; `didEndDisplaying` comes in the next layout pass.
    case awaitingEnd(oldRow: Int)
    /// In the reuse pool.
    case pooled
  }

  /// The image view the loader sets images on.
  public let imageView: ImageView
  /// The cell's download progress bar (a `UIProgressView` subview): empty and visible until a
  /// loader sets it. The oracle's `progress_isolation` judges the values it shows that came
  /// from a request (`ProgressView.setProgress(_:animated:)` with a `RequestProgress`).
  public let progressView: ProgressView
  /// The reuse identifier the cell was created for.
  public let reuseIdentifier: String
  /// A number unique within the table, in creation order (1, 2, …), used in traces and by the
  /// oracle to name the cell.
  public let cellID: Int

  @exclusivity(unchecked) package var placement: Placement = .new
  /// The stable id of the item the cell was last configured for (nil before the first
  /// `cellForRow`).
  @exclusivity(unchecked) public package(set) var itemID: Int?
  /// `willDisplay` calls minus `didEndDisplaying` calls: 1 while displayed, else 0.
  @exclusivity(unchecked) package var displayBalance = 0
  /// How many times the cell was handed out by `cellForRow` (1 for a new cell).
  @exclusivity(unchecked) package var configureCount = 0
  /// `World.cellConfigurations` at the cell's latest `cellForRow`: which request its views
  /// serve now, as the oracle sees it.
  @exclusivity(unchecked) package var configuration: UInt64 = 0
  /// The image variant the cell's current request wants (`declareVariant(_:)`); nil when
  /// the loader declared none since the cell's latest `cellForRow`: any variant of its URL.
  @exclusivity(unchecked) public package(set) var requestedVariant: ImageVariant?
  /// Bumped by each change of `requestedVariant`, to rebuild the cell's display-log record.
  @exclusivity(unchecked) package var variantGeneration: UInt64 = 0
  /// `variantGeneration` at the last commit.
  @exclusivity(unchecked) package var committedVariant: UInt64 = 0
  /// The progress view's `generation` at the last commit.
  @exclusivity(unchecked) package var committedProgress: UInt64 = 0
  /// The display-log signature of what this cell showed at the last commit.
  @exclusivity(unchecked) package var committed = CommittedSignature()
  /// The display-log record of the last commit, reused while nothing changes. Whoever drops
  /// it sets the table's `recordsInvalidated` too (a frame with a dropped record is no repeat).
  @exclusivity(unchecked) var lastRecord: DisplayedCell?

  /// Creates a cell; called by the table, never by loaders directly.
  public required init(reuseIdentifier: String, context: Context) {
    self.reuseIdentifier = reuseIdentifier
    self.cellID = context.cellID
    self.imageView = ImageView(world: context.world)
    self.progressView = ProgressView(world: context.world)
  }

  /// `UITableViewCell.prepareForReuse()`: called on a recycled cell just before the table
  /// hands it to `cellForRow` again, never on a new cell (Apple's documentation). The base
  /// implementation does nothing; like UIKit's, it does *not* clear the image view.
  open func prepareForReuse() {}

  /// Declares the variant of the URL's image the cell's current request wants (nil: any).
  /// A `cellForRow` of the cell clears it, so a declaration belongs to one configuration.
  package func declareVariant(_ variant: ImageVariant?) {
    guard variant != requestedVariant else { return }
    requestedVariant = variant
    variantGeneration &+= 1
    let world = imageView.world
    world.displayChanged()
    guard let variant else { return }
    world.trace.record(at: world.now, "cell.variant") {
      $0.field("cell", cellID)
      $0.field("variant", variant.description)
    }
  }

  /// The row the cell is displayed at, or nil (`UITableView.indexPath(for:)` reads this).
  package var displayedRow: Int? {
    if case .displayed(let row) = placement { return row }
    return nil
  }
}

/// What a cell showed at its last committed frame: compared at the next commit so that trace
/// lines are written only when something changed.
package struct CommittedSignature: Equatable {
  var row = -1
  var itemID = -1
  /// Serial numbers of the images on screen, only compared, never printed. (Not object
  /// addresses: a freed image's address can be reused by the next one, which would make a
  /// change look like no change, differently in every process.)
  var images: [UInt64] = []

  /// Whether this signature records the same row, item and images.
  func matches(row: Int, itemID: Int, current: UInt64?, outgoing: UInt64?)
    -> Bool
  {
    guard self.row == row, self.itemID == itemID else { return false }
    switch (current, outgoing) {
    case (nil, nil): return images.isEmpty
    case (let image?, nil), (nil, let image?): return images.count == 1 && images[0] == image
    case (let image?, let out?): return images.count == 2 && images[0] == image && images[1] == out
    }
  }
}
