import ImageLoaders
package import SimTable

/// The SimTable side of a `UITableView`: the engine's data source, forwarding each of its
/// callbacks to the UIKit table's data source, delegate and prefetching data source with UIKit
/// index paths, and sending the scroll-delegate callbacks at the frames where the simulated
/// scroll changes state.
///
/// Every SimTable cell is a `BackingCell` of one reuse identifier (`uikit`): the engine's pool
/// recycles SimTable cells, and each keeps the UIKit cells made for it (see `UITableViewCell`).
/// A host binds the UIKit table once it exists (`bind(_:to:)`, from `willAppear`, before the
/// engine's first layout pass); callbacks before that do nothing.
package final class UITableViewEngineAdapter: TableDataSource, DataChangeObserver {
  /// The UIKit table or collection view, once bound.
  package private(set) var view: (any EngineFacade)?
  /// Called at the engine's `viewWillAppear` (before its first layout pass, and again on each
  /// `appear`): the host makes and binds the view controller here.
  package var willAppear: ((TableView) -> Void)?
  /// Called at the engine's `viewDidDisappear`.
  package var didDisappear: ((TableView) -> Void)?
  /// Called at a memory warning (the engine has emptied its reuse pool).
  package var memoryWarning: ((TableView) -> Void)?
  /// Called when the engine's rows changed (`TableView.modelGeneration`), before the next
  /// callback that could read the app's model (the engine may configure cells inside the very
  /// mutation), or just after the scenario's data-source event at the latest; with `false` when
  /// the event left the rows as they were (a reload).
  package var dataChanged: ((TableView, _ rowsChanged: Bool) -> Void)?
  /// The engine's `modelGeneration` the app's model was last told about.
  package var seenGeneration: UInt64 = 0
  /// Whether a change was told since the last data-source event.
  var toldSinceEvent = false
  /// The scroll state and offset at the last frame.
  var lastScroll: (state: ScrollState, offset: Double)?

  /// An adapter bound to nothing yet.
  package init() {}

  /// Binds `tableView` to `engine`: its queries and mutations go to the engine, and its delegate
  /// hears the scroll callbacks from the next frame on.
  package func bind(_ view: any EngineFacade, to engine: TableView) {
    self.view = view
    // A paging scroll view settles on page boundaries (its bounds' height: one page per screen).
    let facade = WeakScrollView(view)
    engine.pageLength = {
      MainActor.assumeIsolated {
        guard let view = facade.view, view.isPagingEnabled else { return nil }
        return Double(view.bounds.height)
      }
    }
    let bound = Unchecked(value: engine)
    onMainActor {
      view.engine = bound.value
      view.engineRefreshSections()
    }
    engine.world.main.addFrameObserver(.scroll, owner: self) { [weak self] _ in
      self?.scrollPhase()
    }
    // Registered after the engine's own layout observer, so it runs after each layout pass.
    engine.world.main.addFrameObserver(.layout, owner: self) { [weak self] _ in
      self?.supplementaryPhase()
    }
  }

  /// The bound view shows the header and footer views on screen: after each of the engine's
  /// layout passes, and when a host has just made the view appear (its first layout pass is
  /// under way, and the observer above joins from the next frame).
  package func supplementaryPhase() {
    guard let view else { return }
    onMainActor { view.engineLayoutSupplementaryViews() }
  }

  package func reuseIdentifier(for item: TableItem, at indexPath: IndexPath, in table: TableView)
    -> String
  { "uikit" }

  package func cellClass(forReuseIdentifier identifier: String) -> TableCell.Type {
    BackingCell.self
  }

  package func cellForRow(
    _ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    syncModel(table)
    guard let view, let backing = cell as? BackingCell else { return }
    let box = Unchecked(value: backing)
    onMainActor { view.engineConfigure(box.value, at: indexPath) }
  }

  package func willDisplay(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    syncModel(table)
    guard let view, let shown = (cell as? BackingCell)?.current else { return }
    onMainActor {
      view.showCell(shown, at: indexPath)
      shown.layoutIfNeeded()
      view.engineWillDisplay(shown, at: indexPath)
    }
  }

  package func didEndDisplaying(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    syncModel(table)
    guard let view, let shown = (cell as? BackingCell)?.current else { return }
    onMainActor {
      if shown.superview === view { shown.removeFromSuperview() }
      view.engineDidEndDisplaying(shown, at: indexPath)
    }
  }

  package func prefetchRows(at indexPaths: [IndexPath], in table: TableView) {
    syncModel(table)
    guard let view else { return }
    onMainActor { view.enginePrefetch(indexPaths) }
  }

  package func cancelPrefetchingForRows(at indexPaths: [IndexPath], in table: TableView) {
    syncModel(table)
    guard let view else { return }
    onMainActor { view.engineCancelPrefetch(indexPaths) }
  }

  package func didReceiveMemoryWarning(in table: TableView) { memoryWarning?(table) }
  package func viewWillAppear(_ table: TableView) { willAppear?(table) }
  package func willLayOutReload(_ table: TableView) {
    syncModel(table)
    guard let view else { return }
    onMainActor { view.engineWillLayOutReload() }
  }
  package func viewDidDisappear(_ table: TableView) { didDisappear?(table) }
  package func didChangeData(in table: TableView) {
    let told = syncModel(table) || toldSinceEvent
    toldSinceEvent = false
    if !told {
      dataChanged?(table, false)
      refreshSections()
    }
  }

  /// Has the bound view count its data source's sections again, after the model heard of a
  /// change.
  func refreshSections() {
    guard let view else { return }
    onMainActor { view.engineRefreshSections() }
  }

  /// Tells the app's model about a change of the engine's rows it has not heard of; whether
  /// there was one.
  @discardableResult
  func syncModel(_ table: TableView) -> Bool {
    guard table.modelGeneration != seenGeneration else { return false }
    seenGeneration = table.modelGeneration
    toldSinceEvent = true
    dataChanged?(table, true)
    refreshSections()
    return true
  }

  /// Sends the scroll-delegate callbacks for what changed since the last frame.
  func scrollPhase() {
    guard let tableView = view else { return }
    let adapter = Unchecked(value: self)
    onMainActor {
      guard let engine = tableView.engine else { return }
      let state = engine.scrollState
      let offset = engine.contentOffset
      let previous = adapter.value.lastScroll ?? (state: .idle, offset: offset)
      adapter.value.lastScroll = (state, offset)
      guard let delegate = tableView.engineScrollDelegate else { return }
      let wasMoving = previous.state == .decelerating || previous.state == .bouncing
      let isMoving = state == .decelerating || state == .bouncing
      if previous.state != .tracking, state == .tracking {
        delegate.scrollViewWillBeginDragging(tableView)
      }
      if offset != previous.offset { delegate.scrollViewDidScroll(tableView) }
      if previous.state == .tracking, state != .tracking {
        delegate.scrollViewDidEndDragging(tableView, willDecelerate: isMoving)
        if isMoving { delegate.scrollViewWillBeginDecelerating(tableView) }
      }
      if wasMoving, !isMoving, state != .tracking {
        delegate.scrollViewDidEndDecelerating(tableView)
      }
      if previous.state == .animating, state != .animating {
        delegate.scrollViewDidEndScrollingAnimation(tableView)
      }
    }
  }
}

/// A UIKit view the engine adapter drives: a table or a collection view. Every method runs on
/// the main thread, from the engine's callbacks.
@MainActor package protocol EngineFacade: UIScrollView {
  /// Asks the data source for the cell of `backing` at `indexPath` and pairs it.
  func engineConfigure(_ backing: BackingCell, at indexPath: IndexPath)
  /// `cell` is about to appear at `indexPath`.
  func engineWillDisplay(_ cell: UIView, at indexPath: IndexPath)
  /// `cell` left the screen from `indexPath`.
  func engineDidEndDisplaying(_ cell: UIView, at indexPath: IndexPath)
  /// Rows about to be displayed.
  func enginePrefetch(_ indexPaths: [IndexPath])
  /// Rows no longer about to be displayed.
  func engineCancelPrefetch(_ indexPaths: [IndexPath])
  /// Who hears the scroll callbacks.
  var engineScrollDelegate: (any UIScrollViewDelegate)? { get }
  /// Counts the data source's sections and rows again (the model changed).
  func engineRefreshSections()
  /// The layout pass of a `reloadData()` is about to ask for the rows again.
  func engineWillLayOutReload()
  /// Shows the section header and footer views on screen (after each layout pass).
  func engineLayoutSupplementaryViews()
  /// Whether UIKit would prefetch for this view: it has a prefetch data source and
  /// `isPrefetchingEnabled` is on.
  var engineWantsPrefetching: Bool { get }
}

extension UITableView: EngineFacade {
  package var engineWantsPrefetching: Bool { prefetchDataSource != nil && isPrefetchingEnabled }

  package func engineConfigure(_ backing: BackingCell, at indexPath: IndexPath) {
    guard dataSource != nil, declares(indexPath.row, else: backing) else { return }
    configure(backing, at: engineSections.indexPath(forRow: indexPath.row))
  }

  package func engineWillDisplay(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UITableViewCell, let delegate = tableDelegate else { return }
    delegate.tableView(self, willDisplay: cell, forRowAt: appPath(indexPath))
  }

  package func engineDidEndDisplaying(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UITableViewCell, let delegate = tableDelegate else { return }
    delegate.tableView(self, didEndDisplaying: cell, forRowAt: appPath(indexPath))
  }

  package func enginePrefetch(_ indexPaths: [IndexPath]) {
    guard isPrefetchingEnabled, let prefetcher = prefetchDataSource else { return }
    let declared = declaredPaths(indexPaths)
    guard !declared.isEmpty else { return }
    prefetcher.tableView(self, prefetchRowsAt: declared.map(appPath))
  }

  package func engineCancelPrefetch(_ indexPaths: [IndexPath]) {
    guard isPrefetchingEnabled, let prefetcher = prefetchDataSource else { return }
    let declared = declaredPaths(indexPaths)
    guard !declared.isEmpty else { return }
    prefetcher.tableView(self, cancelPrefetchingForRowsAt: declared.map(appPath))
  }

  package var engineScrollDelegate: (any UIScrollViewDelegate)? { delegate }

  package func engineRefreshSections() { refreshSections() }

  /// A table counts at `reloadData()` itself, as UIKit's does.
  package func engineWillLayOutReload() {}

  package func engineLayoutSupplementaryViews() { updateSectionViews() }
}

extension UIScrollView {
  /// Puts `cell`, about to be displayed at the engine's `indexPath`, into the view as a subview
  /// (so into its window), as UIKit adds a cell before `willDisplay`; a table cell also gets its
  /// row's rectangle (a collection cell has its layout's frame from the dequeue).
  func showCell(_ cell: UIView, at indexPath: IndexPath) {
    if let table = self as? UITableView {
      let rect = table.rectForRow(at: appPath(indexPath))
      if rect != .zero, cell.frame != rect { cell.frame = rect }
    }
    if cell.superview !== self { addSubview(cell) }
  }

  /// The engine's index paths among `indexPaths` whose rows the data source declares: UIKit
  /// prefetches no row past the data source's count (`UndeclaredRows.swift`).
  func declaredPaths(_ indexPaths: [IndexPath]) -> [IndexPath] {
    guard let declaredRows else { return indexPaths }
    return indexPaths.filter { $0.row < declaredRows }
  }

  /// The app's index path of the engine's `indexPath` (`[0, row]`).
  func appPath(_ indexPath: IndexPath) -> IndexPath {
    engineSections.indexPath(forRow: indexPath.row)
  }
}

/// A bound scroll view, held weakly by the engine's paging question (the view holds the engine).
final class WeakScrollView: @unchecked Sendable {
  weak var view: UIScrollView?
  init(_ view: UIScrollView) { self.view = view }
}
