import SimTable

/// UIKit's `UICollectionView`: a façade over one SimTable `TableView`, as `UITableView` is (see
/// it for the engine, the mutations and what is not modelled). The scenario's table decides which
/// items are on screen (`columns` items per line, `row_height` points high); the layout gives
/// each dequeued cell its frame (see `UICollectionViewLayout`). The engine's items fill the data
/// source's sections in order (`SectionMap`). A vertical flow layout starts each section on a new
/// line, with its header, insets and footer taking room (`UICollectionView+Sections.swift`);
/// under other layouts the sections' items follow one another, a section not starting a line.
@preconcurrency @MainActor open class UICollectionView: UIScrollView {
  /// `UICollectionView.ScrollPosition`.
  public struct ScrollPosition: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// Accepted; the scenario's table scrolls vertically, so it scrolls the item to the top.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// Accepted, as `.left`.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// Accepted, as `.left`.
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// `UICollectionView.ScrollDirection`, the type of a flow layout's `scrollDirection`.
  public typealias ScrollDirection = UICollectionViewFlowLayout.ScrollDirection

  /// The layout, asked for each item's frame (see `UICollectionViewLayout`).
  open var collectionViewLayout: UICollectionViewLayout {
    didSet {
      collectionViewLayout.collectionView = self
      collectionViewLayout.invalidateLayout()
      sectionSpacingChanged()
    }
  }
  /// The data source (held weakly).
  open weak var dataSource: (any UICollectionViewDataSource)?
  /// The delegate as a `UICollectionViewDelegate` (`delegate` is `UIScrollView`'s; see there).
  var collectionDelegate: (any UICollectionViewDelegate)? {
    delegate as? any UICollectionViewDelegate
  }
  /// The prefetching data source (held weakly).
  open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
  /// Whether prefetch callbacks are sent.
  open var isPrefetchingEnabled = true
  var registered: [String: UICollectionViewCell.Type] = [:]
  /// Registered cell nibs, by reuse identifier (`UINib`).
  var registeredNibs: [String: UINib] = [:]
  var configuring: BackingCell?
  var supplementary = CollectionExtras()
  /// `allowsSelection` (kept).
  open var allowsSelection = true
  /// `backgroundView` (kept, never drawn; not a subview, so never taken for a cell's image).
  open var backgroundView: UIView?
  /// `dragInteractionEnabled` (kept; no one drags an item).
  open var dragInteractionEnabled = false
  /// `allowsMultipleSelection`.
  open var allowsMultipleSelection = false

  /// `UICollectionView(frame:collectionViewLayout:)`.
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
  }

  /// A collection view with a flow layout (nibs are not modelled).
  public required init?(coder: NSCoder) {
    collectionViewLayout = UICollectionViewFlowLayout()
    super.init(coder: coder)
  }

  /// Registers `cellClass` for `identifier`.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    if let cellClass {
      guard let type = cellClass as? UICollectionViewCell.Type else {
        preconditionFailure(
          "UICollectionView.register: \(cellClass) is not a UICollectionViewCell subclass")
      }
      registered[identifier] = type
      registeredNibs[identifier] = nil
    } else {
      registered[identifier] = nil
    }
  }

  /// The cell paired with the SimTable cell being configured for `identifier`, made from the
  /// registered class on first use; stops, as UIKit raises, when none is registered.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  {
    if let backing = configuring, let cell = backing.cells[identifier] as? UICollectionViewCell {
      backing.takeReuse(of: cell)
      cell.needsConfigurationUpdate = true
      applyLayoutFrame(to: cell, at: indexPath)
      return cell
    }
    let cell: UICollectionViewCell
    if let type = registered[identifier] {
      // UIKit makes a registered cell with its item's frame, so code in `init(frame:)` that
      // sizes subviews from the bounds sees the cell's size.
      cell = type.init(registeredFrame: initialFrame(at: indexPath), reuseIdentifier: identifier)
    } else if let fromNib = self.cell(fromNibFor: identifier) {
      cell = fromNib
    } else if let prototype = UIStoryboard.prototype(
      UICollectionViewCell.self, forReuseIdentifier: identifier)
    {
      cell = prototype
    } else {
      preconditionFailure(
        "UICollectionView: could not dequeue a cell with identifier \(identifier) - must "
          + "register a nib or a class for the identifier")
    }
    configuring?.cells[identifier] = cell
    cell.needsConfigurationUpdate = true
    applyLayoutFrame(to: cell, at: indexPath)
    return cell
  }

  /// `dequeueConfiguredReusableCell(using:for:item:)`: a cell of the registration's class (or
  /// of its nib's stand-in), configured by its handler.
  open func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    if registered[registration.identifier] == nil && registeredNibs[registration.identifier] == nil
    {
      if let nib = registration.cellNib {
        registeredNibs[registration.identifier] = nib
      } else {
        registered[registration.identifier] = Cell.self
      }
    }
    let cell =
      dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as! Cell
    if let item { registration.handler(cell, indexPath, item) }
    return cell
  }

  /// The cell displayed at `indexPath`, if visible.
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    guard let engine, let path = engineSections.enginePath(for: indexPath) else { return nil }
    return (engine.cellForRow(at: path) as? BackingCell)?.current as? UICollectionViewCell
  }

  /// Where `cell` is, if it is displayed (or prepared ahead of display); nil while the data
  /// source is making it for a row, as UIKit has not placed it yet (a cell reconfigured in
  /// place keeps its index path).
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
    guard let engine, let backing = cell.pairedBacking, backing.current === cell,
      let path = engine.indexPath(for: backing)
    else { return nil }
    if backing.isConfiguring, case .prepared = backing.placement { return nil }
    return appItemPath(path)
  }

  /// The displayed cells, in item order.
  open var visibleCells: [UICollectionViewCell] {
    engine?.visibleCells.compactMap { ($0 as? BackingCell)?.current as? UICollectionViewCell }
      ?? []
  }

  /// The index paths of the displayed items.
  open var indexPathsForVisibleItems: [IndexPath] {
    engine?.indexPathsForVisibleRows.map(appItemPath) ?? []
  }

  /// The data source's number of sections, as last counted (1 for one section or none); after
  /// `reloadData()`, counted again first.
  open var numberOfSections: Int {
    recountIfStale()
    return engineSections.sectionCount
  }

  /// The items of `section` the data source declared, as last counted (the engine's items
  /// before it was asked); after `reloadData()`, counted again first.
  open func numberOfItems(inSection section: Int) -> Int {
    recountIfStale()
    if engineSections.isSingle, let declaredRows { return section == 0 ? declaredRows : 0 }
    return engineSections.rows(inSection: section, engineRows: engine?.numberOfRows ?? 0)
  }

  /// Reloads every item (the layout is prepared again). UIKit's collection view only marks its
  /// counts stale here and reads them at its next layout (or when asked for them, or to scroll
  /// to an item), so a model changed after the call in the same main-thread turn — a
  /// `@Published` property's subscriber runs before the new value is stored, a model emptied
  /// and refilled — is what the items show, and the content keeps its offset meanwhile. The
  /// layer counts at once too, for the calls that map index paths before then, but changes the
  /// scroll range only from the later count.
  open func reloadData() {
    supplementary.display.needsReload = true
    collectionViewLayout.invalidateLayout()
    blankRows.removeAll()
    countsStale = true
    refreshSections()
    table.reloadData()
  }

  /// Counts the data source again if `reloadData()` left the counts stale.
  func recountIfStale() {
    guard countsStale else { return }
    countsStale = false
    blankRows.removeAll()
    refreshSections()
  }

  /// Counts again after `reloadData()` (UIKit's layout reads the counts), then lays out.
  open override func layoutIfNeeded() {
    recountIfStale()
    super.layoutIfNeeded()
  }
  /// Reloads the items at `indexPaths`, read with the counts from before the batch.
  open func reloadItems(at indexPaths: [IndexPath]) {
    tell(\.reloadedRows, indexPaths, "reloadItems")
  }
  /// Asks the data source again for the visible items among `indexPaths` (same cell, no
  /// `prepareForReuse()`); inside a batch, as `UITableView.reconfigureRows(at:)` does.
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    if pendingUpdates != nil {
      pendingUpdates!.reconfiguredRows += indexPaths
      return
    }
    table.reconfigureRows(at: enginePaths(indexPaths, "reconfigureItems"))
  }
  /// Inserts items (see `UITableView` on URLs), read with the counts after the batch
  /// (`SectionUpdates.swift`).
  open func insertItems(at indexPaths: [IndexPath]) {
    tell(\.insertedRows, indexPaths, "insertItems")
  }
  /// Deletes items, read with the counts from before the batch.
  open func deleteItems(at indexPaths: [IndexPath]) {
    tell(\.deletedRows, indexPaths, "deleteItems")
  }
  /// Moves an item: `indexPath` read with the counts from before the batch, `newIndexPath`
  /// with those after.
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    tell(\.movedRows, [(indexPath, newIndexPath)], "moveItem")
  }

  /// The engine's index paths (`[0, row]`) of `indexPaths` with the sections as last counted;
  /// stops, as UIKit raises, at one that names no item.
  func enginePaths(_ indexPaths: [IndexPath], _ call: String) -> [IndexPath] {
    indexPaths.map { indexPath in
      guard let path = engineSections.enginePath(for: indexPath) else {
        preconditionFailure(
          "UICollectionView.\(call): \(indexPath) names no item of the collection view's "
            + "\(engineSections.sectionCount) section(s)")
      }
      return path
    }
  }

  /// The app's index path (`[section, item]`) of the engine's `indexPath`.
  func appItemPath(_ indexPath: IndexPath) -> IndexPath {
    let path = engineSections.indexPath(forRow: indexPath.row)
    return IndexPath(item: path.row, section: path.section)
  }

  /// Counts the data source's sections and each one's items again (`SectionMap`); a new count
  /// prepares the layout again. Items left blank that the data source now declares are shown
  /// (`UndeclaredRows.swift`).
  func refreshSections() {
    let old = engineSections
    if let dataSource {
      let count = dataSource.numberOfSections(in: self)
      let counts = (0..<max(0, count)).map {
        dataSource.collectionView(self, numberOfItemsInSection: $0)
      }
      engineSections = SectionMap(counts: counts)
      countedSections = counts
      declaredRows = counts.reduce(0) { $0 + max(0, $1) }
      applySectionSpacing(counts: counts)
    } else {
      engineSections = SectionMap()
      countedSections = nil
      declaredRows = nil
      applySectionSpacing(counts: [])
    }
    if engineSections != old {
      collectionViewLayout.invalidateLayout()
      supplementary.display.needsReload = true
    }
    reviveBlankRows { rows in
      table.reconfigureRows(at: rows.map { IndexPath(row: $0, section: 0) })
    }
  }
  /// Runs `updates`, then applies the changes they told as one update (`SectionUpdates.swift`),
  /// then `completion(true)` on the next main-thread turn.
  /// `performBatchUpdates(_:completion:)` given its updates: UIKit declares the block
  /// non-escaping (`NS_NOESCAPE`), so a closure passed here may use `self` implicitly, as on
  /// iOS; it runs at once, as the optional form's does.
  public func performBatchUpdates(
    _ updates: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    withoutActuallyEscaping(updates) { updates in
      performBatchUpdates(Optional(updates), completion: completion)
    }
  }

  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    beginBatch("performBatchUpdates")
    updates?()
    endBatch()
    table.performBatchUpdates(nil, completion: completion)
  }
  /// Scrolls `indexPath` into view.
  open func scrollToItem(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    recountIfStale()
    let position: UITableView.ScrollPosition =
      scrollPosition.contains(.centeredVertically)
      ? .middle : scrollPosition.contains(.bottom) ? .bottom : .top
    table.scrollToRow(
      at: enginePaths([indexPath], "scrollToItem")[0], at: position, animated: animated)
  }

  /// A table façade over the same engine, for the mutations they share. It counts no sections
  /// of its own: the collection view has counted them and given the engine their room.
  var table: UITableView {
    let table = UITableView(frame: .zero, style: .plain)
    table.isCollectionFacade = true
    table.engine = engine
    return table
  }
}

extension UICollectionView: EngineFacade {
  package var engineWantsPrefetching: Bool { prefetchDataSource != nil && isPrefetchingEnabled }

  package func engineConfigure(_ backing: BackingCell, at indexPath: IndexPath) {
    guard let dataSource, declares(indexPath.row, else: backing) else { return }
    let previous = configuring
    configuring = backing
    backing.isConfiguring = true
    defer {
      configuring = previous
      backing.isConfiguring = false
      backing.reusePending = false
    }
    let path = appItemPath(indexPath)
    let cell = dataSource.collectionView(self, cellForItemAt: path)
    pairCell(cell, contentView: cell.contentView, identifier: cell.reuseIdentifier, with: backing)
    applyLayoutFrame(to: cell, at: path)
    cell.updateConfigurationIfNeeded()
  }

  package func engineWillDisplay(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UICollectionViewCell, let delegate = collectionDelegate else {
      return
    }
    delegate.collectionView(self, willDisplay: cell, forItemAt: appItemPath(indexPath))
  }

  package func engineDidEndDisplaying(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UICollectionViewCell, let delegate = collectionDelegate else {
      return
    }
    delegate.collectionView(self, didEndDisplaying: cell, forItemAt: appItemPath(indexPath))
  }

  package func enginePrefetch(_ indexPaths: [IndexPath]) {
    guard isPrefetchingEnabled, let prefetcher = prefetchDataSource else { return }
    let declared = declaredPaths(indexPaths)
    guard !declared.isEmpty else { return }
    prefetcher.collectionView(self, prefetchItemsAt: declared.map(appItemPath))
  }

  package func engineCancelPrefetch(_ indexPaths: [IndexPath]) {
    guard isPrefetchingEnabled, let prefetcher = prefetchDataSource else { return }
    let declared = declaredPaths(indexPaths)
    guard !declared.isEmpty else { return }
    prefetcher.collectionView(self, cancelPrefetchingForItemsAt: declared.map(appItemPath))
  }

  package var engineScrollDelegate: (any UIScrollViewDelegate)? { delegate }

  package func engineRefreshSections() { refreshSections() }

  package func engineWillLayOutReload() { recountIfStale() }

  package func engineLayoutSupplementaryViews() { updateSupplementaryViews() }
}
