import SimAsync

/// What `apply` does to a view bound to the engine, shared by the table and collection kinds.
///
/// The engine's rows are the scenario's: a hosted screen's model hears each data change before
/// the table's callbacks, and applies the snapshot that matches it. So `apply` changes no row
/// count; it reloads the rows whose item changed place-for-place (a `set_url`) or that the
/// snapshot marks for reload, and reconfigures those it marks for reconfiguration. The snapshot's
/// sections are the view's (`SectionMap`): the engine's rows fill them in order.
@MainActor struct DiffableApply<Item: Hashable> {
  let old: [Item]
  let new: [Item]
  let reloaded: [Item]
  let reconfigured: [Item]

  /// Rows to reload and rows to reconfigure, in the new snapshot, as the engine's index paths
  /// (`[0, row]`, the snapshot's items counted through its sections).
  var rows: (reload: [IndexPath], reconfigure: [IndexPath]) {
    var reload: [Int] = []
    if old.count == new.count {
      for index in new.indices where old[index] != new[index] { reload.append(index) }
    }
    let positions = Dictionary(new.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    reload += reloaded.compactMap { positions[$0] }
    let reconfigure = reconfigured.compactMap { positions[$0] }.filter { !reload.contains($0) }
    return (
      Array(Set(reload)).sorted().map { IndexPath(row: $0, section: 0) },
      Array(Set(reconfigure)).sorted().map { IndexPath(row: $0, section: 0) }
    )
  }
}

/// UIKit's `UITableViewDiffableDataSource`: the table's data source, answering from the snapshot
/// last applied (see `DiffableApply` for what `apply` does to a hosted table).
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: UITableViewDataSource {
  /// `(tableView, indexPath, item) -> cell`.
  public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
  weak var tableView: UITableView?
  let cellProvider: CellProvider
  /// `defaultRowAnimation` (kept; rows change without animation).
  open var defaultRowAnimation: UITableView.RowAnimation = .automatic
  var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

  /// A data source for `tableView` (it becomes the table's data source).
  public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
    self.tableView = tableView
    self.cellProvider = cellProvider
    tableView.dataSource = self
  }

  /// Makes `snapshot` the data; `completion` runs on the next main-thread turn. Called from a
  /// background queue, the view's update waits for the main queue (`DiffableMainQueue`).
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let change = DiffableApply(
      old: current.itemIdentifiers, new: snapshot.itemIdentifiers,
      reloaded: snapshot.reloadedItemIdentifiers,
      reconfigured: snapshot.reconfiguredItemIdentifiers)
    current = snapshot.unmarked
    DiffableMainQueue.perform { [self] in
      if let tableView, tableView.engine != nil {
        tableView.refreshSections()
        let rows = change.rows
        if !rows.reload.isEmpty {
          tableView.reloadRows(at: rows.reload.map(tableView.appPath), with: .none)
        }
        if !rows.reconfigure.isEmpty {
          tableView.reconfigureRows(at: rows.reconfigure.map(tableView.appPath))
        }
      }
      if let completion {
        tableView?.performBatchUpdates(nil) { _ in completion() }
      }
    }
  }

  /// Makes `snapshot` the data and returns after the completion's main-thread turn.
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) async {
    await DiffableCompletion.wait("UITableViewDiffableDataSource.apply") { done in
      apply(snapshot, animatingDifferences: animatingDifferences, completion: done)
    }
  }

  /// `applySnapshotUsingReloadData(_:completion:)`.
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    current = snapshot.unmarked
    DiffableMainQueue.perform { [self] in
      tableView?.reloadData()
      if let completion { tableView?.performBatchUpdates(nil) { _ in completion() } }
    }
  }

  /// Reloads with `snapshot` and returns after the completion's main-thread turn.
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async {
    await DiffableCompletion.wait("UITableViewDiffableDataSource.applySnapshotUsingReloadData") {
      done in applySnapshotUsingReloadData(snapshot, completion: done)
    }
  }

  /// The identifier of the snapshot's section at `index`.
  open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    current.sections.indices.contains(index) ? current.sections[index] : nil
  }

  /// The index of `identifier` among the snapshot's sections.
  open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }

  /// The data last applied.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    current
  }

  /// The item at `indexPath`: row `row` of the snapshot's section `section`.
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    current.item(at: indexPath)
  }

  /// Where `identifier` is.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    current.indexPath(of: itemIdentifier)
  }

  /// The number of items in the snapshot's section `section`.
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    current.items.indices.contains(section) ? current.items[section].count : 0
  }

  /// The cell the provider makes for the row's item.
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    guard let item = itemIdentifier(for: indexPath),
      let cell = cellProvider(tableView, indexPath, item)
    else {
      preconditionFailure(
        "UITableViewDiffableDataSource: no cell for \(indexPath) (the snapshot has "
          + "\(current.numberOfItems) items)")
    }
    return cell
  }

  // The optional methods subclasses override, as UIKit's class implements them all (titles and
  // editing are accepted, never asked: a hosted table draws no headers and no one swipes).

  /// The snapshot's number of sections.
  open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }
  /// No title.
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// No title.
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
  /// No row is editable unless a subclass says so, as with UIKit's diffable data source.
  open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    false
  }
  /// Does nothing.
  open func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  /// No row moves.
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }
  /// Does nothing.
  open func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
  /// No section index.
  open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  /// The section at the title's position.
  open func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { index }
}

/// UIKit's `UICollectionViewDiffableDataSource` (see `UITableViewDiffableDataSource`).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: UICollectionViewDataSource {
  /// `(collectionView, indexPath, item) -> cell`.
  public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) ->
    UICollectionViewCell?
  /// `(collectionView, elementKind, indexPath) -> view`.
  public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) ->
    UICollectionReusableView?
  weak var collectionView: UICollectionView?
  let cellProvider: CellProvider
  var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
  /// Makes the supplementary views the data source is asked for: a vertical flow layout's
  /// headers and footers as they come on screen, and those your code asks for.
  open var supplementaryViewProvider: SupplementaryViewProvider?
  /// What lets items move and hears of moves (`DiffableDataSource+Reordering.swift`).
  open var reorderingHandlers = ReorderingHandlers()

  /// A data source for `collectionView` (it becomes the view's data source).
  public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  /// Makes `snapshot` the data; `completion` runs on the next main-thread turn. Called from a
  /// background queue, the view's update waits for the main queue (`DiffableMainQueue`).
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let change = DiffableApply(
      old: current.itemIdentifiers, new: snapshot.itemIdentifiers,
      reloaded: snapshot.reloadedItemIdentifiers,
      reconfigured: snapshot.reconfiguredItemIdentifiers)
    current = snapshot.unmarked
    DiffableMainQueue.perform { [self] in
      if let collectionView, collectionView.engine != nil {
        collectionView.refreshSections()
        let rows = change.rows
        if !rows.reload.isEmpty {
          collectionView.reloadItems(at: rows.reload.map(collectionView.appItemPath))
        }
        if !rows.reconfigure.isEmpty {
          collectionView.reconfigureItems(at: rows.reconfigure.map(collectionView.appItemPath))
        }
      }
      if let completion {
        collectionView?.performBatchUpdates(nil) { _ in completion() }
      }
    }
  }

  /// Makes `snapshot` the data and returns after the completion's main-thread turn.
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) async {
    await DiffableCompletion.wait("UICollectionViewDiffableDataSource.apply") { done in
      apply(snapshot, animatingDifferences: animatingDifferences, completion: done)
    }
  }

  /// Makes `snapshot` the data, reloading every item; `completion` runs on the next turn.
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    current = snapshot.unmarked
    DiffableMainQueue.perform { [self] in
      collectionView?.reloadData()
      if let completion { collectionView?.performBatchUpdates(nil) { _ in completion() } }
    }
  }

  /// Reloads with `snapshot` and returns after the completion's main-thread turn.
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async {
    await DiffableCompletion.wait(
      "UICollectionViewDiffableDataSource.applySnapshotUsingReloadData"
    ) { done in applySnapshotUsingReloadData(snapshot, completion: done) }
  }

  /// Makes `snapshot`'s visible items the items of `section` (appended if new), as `apply`.
  open func apply(
    _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    apply(
      current.replacing(section, with: snapshot), animatingDifferences: animatingDifferences,
      completion: completion)
  }

  /// As `apply(_:to:animatingDifferences:completion:)`, returning after the completion's turn.
  open func apply(
    _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool = true
  ) async {
    await DiffableCompletion.wait("UICollectionViewDiffableDataSource.apply(_:to:)") { done in
      apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: done)
    }
  }

  /// The items of `section`, as a flat section snapshot.
  open func snapshot(for section: SectionIdentifierType)
    -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  {
    var snapshot = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
    snapshot.append(current.itemIdentifiers(inSection: section))
    return snapshot
  }

  /// The data last applied.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    current
  }

  /// The identifier of the snapshot's section at `index`.
  open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    current.sections.indices.contains(index) ? current.sections[index] : nil
  }

  /// The index of `identifier` among the snapshot's sections.
  open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }

  /// The item at `indexPath`: item `item` of the snapshot's section `section`.
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    current.item(at: indexPath)
  }

  /// The view `supplementaryViewProvider` makes; stops, as UIKit asserts, without a provider.
  open func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    guard let provider = supplementaryViewProvider else {
      preconditionFailure(
        "UICollectionViewDiffableDataSource: a supplementary view of kind \(kind) was asked "
          + "for, and supplementaryViewProvider is nil")
    }
    return provider(collectionView, kind, indexPath) ?? UICollectionReusableView(frame: .zero)
  }

  /// Where `identifier` is.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    current.indexPath(of: itemIdentifier).map { IndexPath(item: $0.row, section: $0.section) }
  }

  /// The number of items in the snapshot's section `section`.
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { current.items.indices.contains(section) ? current.items[section].count : 0 }

  /// The snapshot's number of sections.
  open func numberOfSections(in collectionView: UICollectionView) -> Int {
    current.numberOfSections
  }

  /// Whether `reorderingHandlers.canReorderItem` lets the item move (no handler: no).
  open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  { canReorderItem(at: indexPath) }

  /// Moves the item in the snapshot, telling `reorderingHandlers` (`willReorder`, `didReorder`).
  open func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) { reorderItem(at: sourceIndexPath, to: destinationIndexPath) }

  /// The cell the provider makes for the item.
  open func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    guard let item = itemIdentifier(for: indexPath),
      let cell = cellProvider(collectionView, indexPath, item)
    else {
      preconditionFailure(
        "UICollectionViewDiffableDataSource: no cell for \(indexPath) (the snapshot has "
          + "\(current.numberOfItems) items)")
    }
    return cell
  }
}

/// How the async forms of `apply` wait: inside a simulation they suspend the task until the
/// completion's main-thread turn (as UIKit's resume after the animations' completion); outside
/// one there is no such turn, so they apply and return at once.
@MainActor enum DiffableCompletion {
  static func wait(_ label: String, _ start: (_ done: @escaping () -> Void) -> Void) async {
    guard let simulation = AsyncSimulation.running, SimulationContext.world != nil else {
      start {}
      return
    }
    _ = try? await simulation.awaitCallback(label) {
      (complete: @escaping (Result<Bool, any Error>) -> Void) -> (() -> Void)? in
      start { complete(.success(true)) }
      return nil
    }
  }
}
