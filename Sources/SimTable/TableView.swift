import SimKernel
package import SimPlatform

/// A simulated `UITableView` (or, with `columns > 1`, a grid `UICollectionView`): cells,
/// reuse pool, a layout pass every frame, prefetching, data-source mutations, scroll physics
/// and a log of what every frame committed.
///
/// The table hooks itself into the world's display link when it is created:
/// - `.scroll` phase: the scroll position advances to the frame's vsync;
/// - `.layout` phase: the layout pass runs the cell callbacks (`TableView+Layout.swift`);
/// - `.commit` phase: images on screen that are still encoded are decoded on the main thread,
///   and the display log records what the frame shows (`TableView+Commit.swift`).
///
/// Everything is synchronous and single-threaded, like the rest of a `World`. One table per
/// world: the table owns the main run loop's tracking mode and the world's scrolling flag.
/// The data source is held weakly, as UIKit's is; keep a strong reference to it.
public final class TableView {
  /// The world the table lives in.
  package let world: World
  /// The layout and behaviour options, fixed at creation (but for `enablePrefetching()`).
  @exclusivity(unchecked) public private(set) var configuration: TableConfiguration
  /// The data as the table knows it now (changes apply at once; cells follow per UIKit's
  /// rules).
  @exclusivity(unchecked) package internal(set) var model: TableModel {
    didSet { modelGeneration &+= 1 }
  }
  /// Bumped at every change of `model`: lets an adapter (CellSimUIKit's `UITableView`) tell the
  /// app's model about a change before the callbacks it causes.
  @exclusivity(unchecked) package private(set) var modelGeneration: UInt64 = 0
  /// The display log: what every committed frame showed.
  package let displayLog: DisplayLog
  @exclusivity(unchecked) weak var storedDataSource: (any TableDataSource)?

  @exclusivity(unchecked) var geometry: TableGeometry
  @exclusivity(unchecked) var motion: ScrollMotion
  /// The page length of a paging scroll view (UIScrollView's `isPagingEnabled`: its bounds
  /// height), asked at each release; nil (the default) scrolls freely. Set by a UIKit binding.
  package var pageLength: (() -> Double?)?
  @exclusivity(unchecked) var pool: ReusePool
  /// Displayed cells, ordered by row; their rows are contiguous.
  @exclusivity(unchecked) var displayed: [TableCell] = [] {
    didSet { layoutGeneration &+= 1 }
  }
  /// Bumped whenever the displayed cells, their rows or their items may have changed (with
  /// `World.displayGeneration` and the clock, it lets a commit skip its per-cell pass).
  @exclusivity(unchecked) var layoutGeneration: UInt64 = 0
  /// Cells prepared ahead of visibility (cell prefetching), ordered by row.
  @exclusivity(unchecked) var prepared: [TableCell] = []
  /// Cells ended by `reloadData`, waiting for the next pass, ordered by old row.
  @exclusivity(unchecked) var awaitingEnd: [TableCell] = []
  @exclusivity(unchecked) var needsReload = false
  @exclusivity(unchecked) var isAppeared = true
  @exclusivity(unchecked) var needsAppearCallback = true
  /// Depth of data-source callbacks running now (mutations are refused inside them).
  @exclusivity(unchecked) var callbackDepth = 0
  /// +1 when the content last moved toward higher rows, −1 toward lower ones.
  @exclusivity(unchecked) package internal(set) var scrollDirection = 1
  @exclusivity(unchecked) var lastLayoutOffset: Double
  /// The visible rows the last layout pass (or mutation) settled on.
  @exclusivity(unchecked) var lastLayoutRange: Range<Int> = 0..<0
  /// The prefetch window: item ids and their current rows, nearest first.
  @exclusivity(unchecked) var prefetchEntries: [(itemID: Int, row: Int)] = []
  @exclusivity(unchecked) var prefetchKey: PrefetchKey?
  /// What cell prefetching last prepared for; it runs again only when this changes.
  @exclusivity(unchecked) var cellPrefetchKey: PrefetchKey?
  @exclusivity(unchecked) var cellsCreated = 0
  /// The cells of the last frame whose records were built, in order (nil: none yet, or a
  /// frame went unrecorded since): tells `commit` whether a frame repeats the previous one.
  @exclusivity(unchecked) var committedCells: [TableCell]? = nil
  /// The bytes of a `table.show` line's images, reused from line to line.
  @exclusivity(unchecked) var summaryScratch: [UInt8] = []
  /// The records of the last recorded frame, in order: a frame that repeats it reuses them.
  @exclusivity(unchecked) var committedRecords: [DisplayedCell] = []
  /// Set whenever a cell's `lastRecord` is dropped; cleared when a frame's records are built.
  @exclusivity(unchecked) var recordsInvalidated = false
  /// What the last full commit pass saw: the two generations, whether the table was on screen,
  /// and the instant until which no cross-dissolve it saw ends (nil: no full pass yet).
  @exclusivity(unchecked) var committedState:
    (display: UInt64, layout: UInt64, appeared: Bool, until: SimTime)?
  @exclusivity(unchecked) var cellsAlive = 0
  /// The most cells ever out of the pool at once (displayed, prepared or awaiting end).
  @exclusivity(unchecked) var peakInUse = 0
  @exclusivity(unchecked) var gestureGeneration = 0
  @exclusivity(unchecked) var lastScrollState: ScrollState = .idle
  /// Calls made on the table from a background thread (each is also traced).
  @exclusivity(unchecked) package internal(set) var offMainThreadCalls = 0
  /// The layout pass running now, if any.
  @exclusivity(unchecked) var pass: LayoutInProgress?
  /// Batch updates and reloads so far (the prefetch window is recomputed after each).
  @exclusivity(unchecked) var mutationCount = 0
  /// The URL whose image a row's cell should show, from its item's URL (nil: the item's URL
  /// itself). A host whose screen loads another URL for a row (a thumbnail variant of it, say)
  /// sets it before the run; the display log records it as each cell's `url`.
  @exclusivity(unchecked) package var expectedURLMapping: ((String) -> String)?

  /// Turns prefetching on before the first layout pass, when the scenario did not name it and
  /// a hosted screen has a prefetch data source (UIKit prefetches for any table or collection
  /// view that has one, unless `isPrefetchingEnabled` is off). Nothing when the scenario said
  /// `prefetching: false`: the file decides.
  package func enablePrefetching() {
    guard !configuration.prefetching, !configuration.prefetchingOffDeclared else { return }
    configuration.prefetching = true
    world.trace.record(at: world.now, "table.prefetching") { $0.field("on", true) }
  }

  /// The first row whose cell should show `url`'s image, if any.
  package func row(expecting url: String) -> Int? {
    model.items.firstIndex { expectedURL(of: $0) == url }
  }

  /// The URL whose image `item`'s cell should show.
  package func expectedURL(of item: TableItem) -> String {
    guard let expectedURLMapping else { return item.url }
    return expectedURLMapping(item.url)
  }

  /// Creates a table over `model` in `world`, laid out per `configuration`, calling
  /// `dataSource`. The first layout pass runs at the next frame, after `viewWillAppear`.
  package init(
    world: World, model: TableModel, configuration: TableConfiguration = TableConfiguration(),
    dataSource: any TableDataSource
  ) throws(TableError) {
    let problems = configuration.problems
    guard problems.isEmpty else { throw .invalidConfiguration(problems) }
    self.world = world
    self.configuration = configuration
    self.model = model
    self.storedDataSource = dataSource
    self.displayLog = DisplayLog(capacity: configuration.displayLogCapacity)
    self.geometry = TableGeometry(
      rowHeight: configuration.rowHeight, columns: configuration.columns,
      viewportWidth: world.device.screenWidth, viewportHeight: world.device.screenHeight,
      preloadMargin: configuration.preloadMargin, itemCount: model.count)
    let start = geometry.clamp(configuration.startOffset)
    self.motion = ScrollMotion(offset: start, configuration: configuration)
    self.lastLayoutOffset = start
    self.pool = ReusePool(order: configuration.reuseOrder)
    installObservers()
  }

  /// Hooks the table into the display link and memory warnings. The observers capture the
  /// table unowned and `deinit` removes them, so a table its owner drops stops observing, as
  /// with a weak capture, without the side table a weak reference gives an object (every
  /// retain of the table, several per frame, would then take the runtime's slow path).
  func installObservers() {
    let main = world.main!
    main.addFrameObserver(.scroll, owner: self) { [unowned self] in scrollPhase($0) }
    main.addFrameObserver(.layout, owner: self) { [unowned self] in layoutPass($0) }
    main.addFrameObserver(.commit, owner: self) { [unowned self] in commit($0) }
    world.reports.subscribe(to: [.memoryWarning], owner: self) { [unowned self] _ in
      didReceiveMemoryWarning()
    }
  }

  deinit {
    world.main?.removeFrameObservers(owner: self)
    world.reports.removeSubscribers(owner: self)
  }

  /// The data source. Stops with a message if it has been deallocated (it is held weakly).
  /// Every cell the table holds: displayed, prepared (cell prefetching), awaiting their end of
  /// display, and in the reuse pool, each once, in that order.
  package var knownCells: [TableCell] {
    var cells: [TableCell] = []
    var seen = Set<Int>()
    for cell in displayed + prepared + awaitingEnd + pool.cells
    where seen.insert(cell.cellID).inserted {
      cells.append(cell)
    }
    return cells
  }

  package var dataSource: any TableDataSource {
    guard let source = storedDataSource else {
      preconditionFailure(
        "TableView: the data source was deallocated; keep a strong reference to it "
          + "(UIKit's dataSource is weak too)")
    }
    return source
  }

  // MARK: Geometry and scroll position

  /// The layout geometry for the current number of items.
  package var layout: TableGeometry { geometry }
  /// Whether sections or insets are placed (`setSections`): read without copying the geometry,
  /// by views that check it every frame.
  package var hasPlacedSections: Bool { geometry.isSectioned }

  /// Lays the rows out in `sections`, each with the points its header and footer take, below
  /// `top` points of a table header view and above `bottom` of a footer view (a hosted app's
  /// sections; `TableGeometry+Sections.swift`). The next layout pass shows and hides the rows
  /// that this moves; a trace line `table.sections` records each change.
  package func setSections(
    _ sections: [TableSectionSpacing], top: Double = 0, bottom: Double = 0
  ) {
    var next = geometry
    next.setSections(sections, top: top, bottom: bottom)
    guard next != geometry else { return }
    geometry = next
    world.trace.record(at: world.now, "table.sections") {
      $0.field("sections", next.sections.count)
      $0.field("content_height", next.contentHeight)
    }
  }

  /// Ends the scroll range at `height` points of content (nil: at the end of the rows), and
  /// shows no row from `shownRows` on (nil: every row), as UIKit sizes a table's content from
  /// its data source's counts: a hosted app's data source that declares fewer rows than the
  /// scenario has. A fling stops (or bounces) at that end, a resting offset past it moves back
  /// at the next layout pass (so a model emptied and refilled in one main-thread turn keeps its
  /// place), and the rows beyond come on screen only once the limits grow. A trace line
  /// `table.scroll_limit` records each change.
  package func limitContent(scrollHeight height: Double?, shownRows: Int?) {
    guard geometry.scrollLimit != height || geometry.displayLimit != shownRows else { return }
    geometry.scrollLimit = height
    geometry.displayLimit = shownRows
    world.trace.record(at: world.now, "table.scroll_limit") {
      if let height {
        $0.field("content_height", height)
      } else {
        $0.field("content_height", "all")
      }
      if let shownRows { $0.field("rows", shownRows) } else { $0.field("rows", "all") }
    }
  }

  /// The content offset in points (past an edge while rubber-banding or bouncing).
  public var contentOffset: Double { motion.offset }

  /// What the scroll view is doing now.
  package var scrollState: ScrollState { motion.state }

  /// The image size in pixels on this device (points × scale, rounded), for loaders that
  /// downsample to the cell.
  public var imagePixelSize: (width: Int, height: Int) {
    let size = configuration.effectiveImageSize
    let scale = world.device.scale
    return (
      max(1, Int((size.width * scale).rounded())), max(1, Int((size.height * scale).rounded()))
    )
  }

  // MARK: Queries (UITableView's)

  /// The number of rows now (`numberOfRows(inSection: 0)`).
  public var numberOfRows: Int { model.count }

  /// The item at `indexPath`, or nil if the row does not exist now.
  public func item(at indexPath: IndexPath) -> TableItem? {
    indexPath.count == 2 && indexPath.section == 0 && model.items.indices.contains(indexPath.row)
      ? model.items[indexPath.row] : nil
  }

  /// `cellForRow(at:)`: the cell displayed at `indexPath` — or, with cell prefetching, prepared
  /// for it — and nil otherwise (never a pooled cell, never one awaiting its end after
  /// `reloadData`).
  public func cellForRow(at indexPath: IndexPath) -> TableCell? {
    guard indexPath.count == 2, indexPath.section == 0 else { return nil }
    if let cell = displayedCell(row: indexPath.row) { return cell }
    return prepared.first { $0.placement == .prepared(row: indexPath.row) }
  }

  /// `visibleCells`: the displayed cells, ordered by row.
  public var visibleCells: [TableCell] { currentDisplayedCells }

  /// `indexPathsForVisibleRows`: the displayed rows, in order.
  public var indexPathsForVisibleRows: [IndexPath] {
    currentDisplayedCells.compactMap { cell in
      cell.displayedRow.map { IndexPath(row: $0, section: 0) }
    }
  }

  /// `indexPath(for:)`: where `cell` is displayed (or prepared, with cell prefetching), or nil.
  public func indexPath(for cell: TableCell) -> IndexPath? {
    switch cell.placement {
    case .displayed(let row), .prepared(let row): IndexPath(row: row, section: 0)
    default: nil
    }
  }

  /// The displayed cell at `row`, or nil.
  func displayedCell(row: Int) -> TableCell? {
    if pass != nil { return currentDisplayedCells.first { $0.displayedRow == row } }
    guard let first = displayed.first?.displayedRow else { return nil }
    let index = row - first
    return displayed.indices.contains(index) ? displayed[index] : nil
  }

  /// The displayed cells ordered by row, including, during a pass, those displayed so far.
  var currentDisplayedCells: [TableCell] {
    guard let pass else { return displayed }
    var cells = pass.slots.compactMap { $0 }
    for cell in displayed where cell.displayedRow.map({ !pass.target.contains($0) }) ?? false {
      cells.append(cell)
    }
    return cells.sorted { $0.displayedRow! < $1.displayedRow! }
  }

  /// Counts of the table's cells, for tests, metrics and the oracle.
  package var cellCounts: CellCounts {
    CellCounts(
      displayed: displayed.count, prepared: prepared.count, awaitingEnd: awaitingEnd.count,
      pooled: pool.count, created: cellsCreated, alive: cellsAlive, peakInUse: peakInUse)
  }

  // MARK: Lifecycle

  /// `viewWillAppear`: the table is on screen again; the data source hears `viewWillAppear`
  /// now, and layout passes resume at the next frame. Does nothing if already on screen.
  package func appear() {
    guard !isAppeared else { return }
    isAppeared = true
    needsAppearCallback = false
    syncScrollingFlag()
    world.trace.record(at: world.now, "table.appear")
    callDataSource { $0.viewWillAppear(self) }
  }

  /// `viewDidDisappear`: the table left the screen. The data source hears `viewDidDisappear`;
  /// no layout pass runs and frames show nothing of the table until `appear()`. Cells keep
  /// their state (UIKit does not end their display for a covered view controller).
  package func disappear() {
    guard isAppeared else { return }
    isAppeared = false
    syncScrollingFlag()
    world.trace.record(at: world.now, "table.disappear")
    callDataSource { $0.viewDidDisappear(self) }
  }

  /// Whether the table is on screen.
  public var isOnScreen: Bool { isAppeared }

  /// A memory warning (from `world.deliverMemoryWarning()`): the reuse pool is emptied — its
  /// cells and their images are released — and the data source hears
  /// `didReceiveMemoryWarning`.
  func didReceiveMemoryWarning() {
    let released = pool.removeAll()
    cellsAlive -= released
    world.trace.record(at: world.now, "table.memory_warning") { $0.field("released", released) }
    callDataSource { $0.didReceiveMemoryWarning(in: self) }
  }

  // MARK: Plumbing

  /// Runs a data-source callback, marking the table as inside one (mutations are refused).
  @inline(__always)
  func callDataSource(_ body: (any TableDataSource) -> Void) {
    callbackDepth += 1
    body(dataSource)
    callbackDepth -= 1
  }

  /// Charges `cost` to the main-thread execution running now, if any. Outside any execution
  /// (a scenario event applied directly by the event loop) nothing is charged.
  @inline(__always)
  func charge(_ cost: SimDuration) { world.chargeMainThread(cost) }

  /// Records a UIKit call on the table from a background thread (it still takes effect, as it
  /// often seems to on a device): traced as `table.off_main` and counted in
  /// `offMainThreadCalls`. (`MainThreadViolation`'s initializer is internal to SimPlatform, so
  /// these are not yet in `world.mainThreadViolations`.)
  func checkMainThread(_ action: String) {
    guard let thread = world.currentThread, !thread.isMain else { return }
    offMainThreadCalls += 1
    world.trace.record(at: world.now, "table.off_main") {
      $0.field("thread", thread.name)
      $0.field("action", "TableView.\(action)")
    }
  }
}

/// A layout pass in progress: the rows it lays out and the cells placed so far.
struct LayoutInProgress {
  var target: Range<Int>
  var slots: [TableCell?]
}

/// How many cells a table holds and where.
package struct CellCounts: Hashable, Sendable {
  /// On screen.
  package var displayed: Int
  /// Prepared ahead of visibility (cell prefetching).
  package var prepared: Int
  /// Ended by `reloadData`, waiting for the next pass.
  package var awaitingEnd: Int
  /// In the reuse pool.
  package var pooled: Int
  /// Ever created.
  package var created: Int
  /// Created and not released by a memory warning.
  package var alive: Int
  /// The most cells out of the pool at once.
  package var peakInUse: Int
}
