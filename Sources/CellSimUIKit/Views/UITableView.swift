import SimTable

/// UIKit's `UITableView`: a façade over one SimTable `TableView`, the engine that keeps the
/// geometry, scrolling, reuse pool, prefetching, mutations and frames, and whose cells the oracle
/// judges (see `UITableViewCell` for the pairing of cells and what the oracle sees).
///
/// The engine is bound when the host shows the table (before its first layout pass); until then
/// the queries answer empty and the mutations do nothing. Every data-source, delegate and
/// prefetching callback comes from the engine, on the main thread, with UIKit index paths: the
/// engine's rows fill the data source's sections in order (`SectionMap`), so a model of several
/// sections sees each row at its own section and row.
///
/// Mutations called by the app go to the engine: `reloadData()`, `reloadRows(at:with:)`,
/// `deleteRows(at:with:)`, `moveRow(at:to:)`; `insertRows(at:with:)` inserts engine items whose
/// URLs come from the scenario's URL template (the oracle knows only the scenario's rows, so a
/// hosted screen should let the scenario insert rows instead). A mutation refused because the
/// engine is inside a callback (UIKit forbids them there too) runs on the next main-thread turn.
/// `reconfigureRows(at:)` asks the data source again for visible rows, with the same cell and no
/// `prepareForReuse()`. `performBatchUpdates(_:completion:)` applies each change as it is made
/// (not as one animation) and calls `completion(true)` on the next turn.
///
/// Selection is recorded, not shown: `selectRow(at:animated:scrollPosition:)` and
/// `deselectRow(at:animated:)` keep the index paths `indexPathForSelectedRow` and
/// `indexPathsForSelectedRows` answer (the delegate is not called, as in UIKit; a scroll
/// position other than `.none` scrolls there); mutations do not move the selection.
///
/// The data source's section and row counts are asked again at `reloadData()`, after each
/// mutation and after each data change the host passes to the model, as UIKit asks them at its
/// next layout; index paths given to a deletion or a move's source are read with the counts from
/// before, those of an insertion or a move's destination with the counts after, as UIKit reads
/// them.
///
/// Section headers and footers and the table's header and footer views take their heights, as
/// the delegate and the table's properties give them (`UITableView+Sections.swift`); they are
/// not drawn. Not modelled: row heights from the delegate (the scenario's `row_height` lays out
/// every row), selection by taps, cells' selected look, editing.
@preconcurrency @MainActor open class UITableView: UIScrollView {
  /// `UITableView.Style`.
  public enum Style: Int, Sendable {
    case plain = 0
    case grouped = 1
    case insetGrouped = 2
  }

  /// `UITableView.RowAnimation` (accepted and ignored).
  public enum RowAnimation: Int, Sendable {
    case fade = 0
    case right = 1
    case left = 2
    case top = 3
    case bottom = 4
    case none = 5
    case middle = 6
    case automatic = 100
  }

  /// `UITableView.ScrollPosition`.
  public enum ScrollPosition: Int, Sendable {
    case none = 0
    case top = 1
    case middle = 2
    case bottom = 3
  }

  /// `UITableView.SeparatorStyle` (kept).
  public enum SeparatorStyle: Int, Sendable {
    case none = 0
    case singleLine = 1
  }

  /// `UITableView.automaticDimension`.
  public static let automaticDimension: CGFloat = -1

  /// The style.
  public let style: Style
  /// The data source (held weakly, as UIKit's is).
  open weak var dataSource: (any UITableViewDataSource)?
  /// The delegate as a `UITableViewDelegate` (`delegate` is `UIScrollView`'s; see there).
  var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }
  /// The prefetching data source (held weakly).
  open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
  /// Whether prefetch callbacks are sent.
  open var isPrefetchingEnabled = true
  /// `rowHeight` (kept; the scenario's `row_height` lays the rows out).
  open var rowHeight: CGFloat = UITableView.automaticDimension
  /// `estimatedRowHeight` (kept).
  open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
  /// `separatorStyle` (kept).
  open var separatorStyle: SeparatorStyle = .singleLine
  /// `tableHeaderView`: a subview at the top of the content, as wide as the table; its frame's
  /// height, as it is when set, moves the rows down (`UITableView+Sections.swift`).
  open var tableHeaderView: UIView? {
    didSet { tableViewChanged(from: oldValue, to: tableHeaderView) }
  }
  /// `tableFooterView`: a subview below the last section; its frame's height, as it is when
  /// set, adds to the content.
  open var tableFooterView: UIView? {
    didSet { tableViewChanged(from: oldValue, to: tableFooterView) }
  }
  /// `sectionHeaderHeight`: the height of headers the delegate does not size
  /// (`UITableView.automaticDimension` by default; `UITableView+Sections.swift`).
  open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension {
    didSet { sectionSpacingChanged() }
  }
  /// `sectionFooterHeight`: the height of footers the delegate does not size.
  open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
    didSet { sectionSpacingChanged() }
  }
  /// `estimatedSectionHeaderHeight`: when positive, the height of an automatic header without
  /// a title (a self-sizing header view, which the layer does not measure).
  open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension {
    didSet { sectionSpacingChanged() }
  }
  /// `estimatedSectionFooterHeight`: as `estimatedSectionHeaderHeight`, for footers.
  open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension {
    didSet { sectionSpacingChanged() }
  }
  /// `allowsSelection` (kept).
  open var allowsSelection = true
  /// `backgroundView` (kept, never drawn; not a subview, so never taken for a cell's image).
  open var backgroundView: UIView?
  /// `separatorColor` (kept; no separator is drawn).
  open var separatorColor: UIColor? = UIColor.separator {
    didSet { appearanceDidSet(.separatorColor, \UITableView.separatorColor, separatorColor) }
  }
  /// `separatorInset` (kept; no separator is drawn).
  open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
  /// `cellLayoutMarginsFollowReadableWidth` (kept).
  open var cellLayoutMarginsFollowReadableWidth = false
  /// `sectionHeaderTopPadding`: added above each header when set to a value; the automatic
  /// padding (the default) adds none here.
  open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension {
    didSet { sectionSpacingChanged() }
  }

  /// Registered cell classes, by reuse identifier.
  var registered: [String: UITableViewCell.Type] = [:]
  /// Registered cell nibs, by reuse identifier (`UINib`).
  var registeredNibs: [String: UINib] = [:]
  /// Registered header and footer view classes and nibs, by reuse identifier.
  var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
  var headerFooterNibs: [String: UINib] = [:]
  /// The header and footer views on screen, and those waiting for reuse
  /// (`UITableView+SectionViews.swift`).
  var sectionViews = SectionViewState()
  /// Set on the façade a collection view makes for the mutations it shares with tables.
  var isCollectionFacade = false
  /// The SimTable cell being configured by `tableView(_:cellForRowAt:)` now, if any.
  var configuring: BackingCell?

  /// `UITableView(frame:style:)`.
  public init(frame: CGRect, style: Style) {
    self.style = style
    super.init(frame: frame)
  }

  /// A plain table view.
  public override convenience init(frame: CGRect) {
    self.init(frame: frame, style: .plain)
  }

  /// A plain table view (nibs are not modelled).
  public required init?(coder: NSCoder) {
    self.style = .plain
    super.init(coder: coder)
  }

  // MARK: Cells

  /// Registers `cellClass` (a `UITableViewCell` subclass, or nil to remove it) for `identifier`.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    if let cellClass {
      guard let type = cellClass as? UITableViewCell.Type else {
        preconditionFailure("UITableView.register: \(cellClass) is not a UITableViewCell subclass")
      }
      registered[identifier] = type
      registeredNibs[identifier] = nil
    } else {
      registered[identifier] = nil
    }
  }

  /// The cell paired with the SimTable cell being configured for `identifier`, made from the
  /// registered class on first use; nil if none is registered and none was made.
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    if let backing = configuring, let cell = backing.cells[identifier] as? UITableViewCell {
      backing.takeReuse(of: cell)
      cell.needsConfigurationUpdate = true
      return cell
    }
    let made: UITableViewCell
    if let type = registered[identifier] {
      made = type.init(registeredStyle: .default, reuseIdentifier: identifier)
    } else if let fromNib = cell(fromNibFor: identifier) {
      made = fromNib
    } else if let prototype = UIStoryboard.prototype(
      UITableViewCell.self, forReuseIdentifier: identifier)
    {
      made = prototype
    } else {
      return nil
    }
    let cell = made
    configuring?.cells[identifier] = cell
    return cell
  }

  /// As `dequeueReusableCell(withIdentifier:)`; stops, as UIKit raises, when no class is
  /// registered for `identifier`.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
      preconditionFailure(
        "UITableView: unable to dequeue a cell with identifier \(identifier) - must register a "
          + "nib or a class for the identifier")
    }
    return cell
  }

  /// The cell displayed at `indexPath`, if that row is visible.
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    guard let engine, let path = engineSections.enginePath(for: indexPath) else { return nil }
    return (engine.cellForRow(at: path) as? BackingCell)?.current as? UITableViewCell
  }

  /// Where `cell` is, if it is displayed (or prepared ahead of display); nil while the data
  /// source is making it for a row, as UIKit has not placed it yet (a cell reconfigured in
  /// place keeps its index path).
  open func indexPath(for cell: UITableViewCell) -> IndexPath? {
    guard let engine, let backing = cell.pairedBacking, backing.current === cell,
      let path = engine.indexPath(for: backing)
    else { return nil }
    if backing.isConfiguring, case .prepared = backing.placement { return nil }
    return engineSections.indexPath(forRow: path.row)
  }

  /// The displayed cells, in row order.
  open var visibleCells: [UITableViewCell] {
    engine?.visibleCells.compactMap { ($0 as? BackingCell)?.current as? UITableViewCell } ?? []
  }

  /// The index paths of the displayed rows, in order; nil when no row is visible, as Apple
  /// documents.
  open var indexPathsForVisibleRows: [IndexPath]? {
    guard let rows = engine?.indexPathsForVisibleRows, !rows.isEmpty else { return nil }
    return rows.map { engineSections.indexPath(forRow: $0.row) }
  }

  /// The data source's number of sections, as last counted (1 for one section or none).
  open var numberOfSections: Int { engineSections.sectionCount }

  /// The rows of `section` the data source declared, as last counted (the engine's rows before
  /// it was asked).
  open func numberOfRows(inSection section: Int) -> Int {
    if engineSections.isSingle, let declaredRows { return section == 0 ? declaredRows : 0 }
    return engineSections.rows(inSection: section, engineRows: engine?.numberOfRows ?? 0)
  }

  /// The rectangle of the row at `indexPath`: below its section's header and the rows before
  /// it, as wide as the table.
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    guard let engine, let row = engineSections.row(for: indexPath) else { return .zero }
    let frame = engine.layout.frame(ofRow: row)
    return CGRect(x: 0, y: frame.y, width: contentWidth, height: frame.height)
  }

  /// `rectForHeader(inSection:)`: the header's rectangle in the table's content; zero for a
  /// section that does not exist.
  open func rectForHeader(inSection section: Int) -> CGRect {
    guard let frame = sectionFrame(section) else { return .zero }
    return CGRect(x: 0, y: frame.top, width: contentWidth, height: frame.rowsTop - frame.top)
  }

  /// `rectForFooter(inSection:)`: the footer's rectangle in the table's content; zero for a
  /// section that does not exist.
  open func rectForFooter(inSection section: Int) -> CGRect {
    guard let frame = sectionFrame(section) else { return .zero }
    return CGRect(
      x: 0, y: frame.rowsBottom, width: contentWidth, height: frame.bottom - frame.rowsBottom)
  }

  /// `rect(forSection:)`: the section's rectangle, header to footer; zero for a section that
  /// does not exist.
  open func rect(forSection section: Int) -> CGRect {
    guard let frame = sectionFrame(section) else { return .zero }
    return CGRect(x: 0, y: frame.top, width: contentWidth, height: frame.bottom - frame.top)
  }

  // MARK: Changes

  /// Reloads every row (the engine's `reloadData`), counting the sections again.
  open func reloadData() {
    blankRows.removeAll()
    sectionViews.needsReload = true
    refreshSections()
    mutate("reloadData") { try $0.reloadData() }
  }

  /// Reloads the rows at `indexPaths`, read with the counts from before the batch.
  open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    tell(\.reloadedRows, indexPaths, "reloadRows")
  }

  /// Asks the data source again for the visible rows among `indexPaths`: the same cell comes
  /// back from `dequeueReusableCell`, without `prepareForReuse()`. Inside a batch the index
  /// paths are read with the counts from before it, and the cells are asked for once the batch
  /// is applied, where their rows are then.
  open func reconfigureRows(at indexPaths: [IndexPath]) {
    if pendingUpdates != nil {
      pendingUpdates!.reconfiguredRows += indexPaths
      return
    }
    let rows = Self.distinct(engineRows(indexPaths, "reconfigureRows"))
    mutate("reconfigureRows") { try $0.reconfigureRows(rows) }
  }

  /// `rows`, each once, in order.
  static func distinct(_ rows: [Int]) -> [Int] {
    var seen = Set<Int>()
    return rows.filter { seen.insert($0).inserted }
  }

  /// The engine's rows of `indexPaths` with the sections as last counted; stops, as UIKit
  /// raises, at an index path that names no row.
  func engineRows(_ indexPaths: [IndexPath], _ call: String) -> [Int] {
    indexPaths.map { indexPath in
      guard let row = engineSections.row(for: indexPath) else {
        preconditionFailure(
          "UITableView.\(call): \(indexPath) names no row of the table's "
            + "\(engineSections.sectionCount) section(s)")
      }
      return row
    }
  }

  /// Inserts rows (see the type's notes on URLs); their index paths are read with the counts
  /// after the batch (`SectionUpdates.swift`).
  open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    tell(\.insertedRows, indexPaths, "insertRows")
  }

  /// Deletes rows; their index paths are read with the counts from before the batch.
  open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    tell(\.deletedRows, indexPaths, "deleteRows")
  }

  /// Moves a row: `indexPath` read with the counts from before the batch, `newIndexPath` with
  /// those after.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    tell(\.movedRows, [(indexPath, newIndexPath)], "moveRow")
  }

  /// Counts the data source's sections and each one's rows again (`SectionMap`), and shows the
  /// rows left blank that the data source now declares (`UndeclaredRows.swift`).
  func refreshSections() {
    if isCollectionFacade { return }
    guard let dataSource else {
      engineSections = SectionMap()
      declaredRows = nil
      countedSections = nil
      applySectionSpacing(counts: [])
      return
    }
    let count = dataSource.numberOfSections(in: self)
    let counts = (0..<max(0, count)).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
    countedSections = counts
    let sections = SectionMap(counts: counts)
    if sections != engineSections { sectionViews.needsReload = true }
    engineSections = sections
    declaredRows = counts.reduce(0) { $0 + max(0, $1) }
    applySectionSpacing(counts: counts)
    reviveBlankRows { rows in mutate("reconfigureRows") { try $0.reconfigureRows(rows) } }
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
    guard let completion, let world = SimulationContext.world else { return }
    let box = Unchecked(value: completion)
    world.main.async(label: "UITableView.performBatchUpdates.completion") { box.value(true) }
  }

  /// Opens a batch: the changes told until the matching `endUpdates()` apply together.
  open func beginUpdates() { beginBatch("beginUpdates") }
  /// Closes a batch; the outermost applies the changes told since its `beginUpdates()`.
  open func endUpdates() { endBatch() }

  /// Scrolls `indexPath` to `scrollPosition`.
  open func scrollToRow(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    let position: SimTable.ScrollPosition =
      switch scrollPosition {
      case .none: .none
      case .top: .top
      case .middle: .middle
      case .bottom: .bottom
      }
    let row = engineRows([indexPath], "scrollToRow")[0]
    mutate("scrollToRow") { try $0.scroll(toRow: row, position: position, animated: animated) }
  }

  // MARK: Selection (recorded)

  /// `allowsMultipleSelection` (kept; `selectRow` adds to the selection when true).
  open var allowsMultipleSelection = false
  /// The selected rows, in the order they were selected.
  var selectedRows: [IndexPath] = []

  /// The first selected row, if any.
  open var indexPathForSelectedRow: IndexPath? { selectedRows.first }
  /// The selected rows, or nil if there are none.
  open var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows }

  /// Selects the row at `indexPath` (nil clears the selection) without calling the delegate,
  /// and scrolls it to `scrollPosition` unless that is `.none`.
  open func selectRow(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    guard let indexPath else {
      selectedRows.removeAll()
      return
    }
    if !allowsMultipleSelection { selectedRows.removeAll() }
    if !selectedRows.contains(indexPath) { selectedRows.append(indexPath) }
    if scrollPosition != .none {
      scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects the row at `indexPath` without calling the delegate.
  open func deselectRow(at indexPath: IndexPath, animated: Bool) {
    selectedRows.removeAll { $0 == indexPath }
  }
}
