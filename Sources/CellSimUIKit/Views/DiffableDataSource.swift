/// UIKit's `NSDiffableDataSourceSnapshot`: sections of item identifiers, with the items marked
/// for reload or reconfiguration.
public struct NSDiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  var sections: [SectionIdentifierType] = []
  var items: [[ItemIdentifierType]] = []
  /// The items `reloadItems` marked, in the order marked.
  public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
  /// The items `reconfigureItems` marked, in the order marked.
  public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

  /// An empty snapshot.
  public init() {}

  /// The number of items.
  public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
  /// The number of sections.
  public var numberOfSections: Int { sections.count }
  /// The sections, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { sections }
  /// Every item, in order.
  public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

  /// The number of items in `identifier`.
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    itemIdentifiers(inSection: identifier).count
  }
  /// The items of `identifier`.
  public func itemIdentifiers(inSection identifier: SectionIdentifierType)
    -> [ItemIdentifierType]
  {
    sections.firstIndex(of: identifier).map { items[$0] } ?? []
  }
  /// The section holding `identifier`.
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    items.firstIndex { $0.contains(identifier) }.map { sections[$0] }
  }
  /// The index of `identifier` among all items.
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    itemIdentifiers.firstIndex(of: identifier)
  }
  /// The index of `identifier` among the sections.
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    sections.firstIndex(of: identifier)
  }

  /// Appends sections.
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    sections += identifiers
    items += identifiers.map { _ in [] }
  }
  /// Appends items to `sectionIdentifier` (the last section by default).
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    let index = sectionIdentifier.flatMap { sections.firstIndex(of: $0) } ?? sections.count - 1
    precondition(index >= 0, "NSDiffableDataSourceSnapshot: append a section before items")
    items[index] += identifiers
  }
  /// Inserts items before `beforeIdentifier`.
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    guard let (section, index) = position(of: beforeIdentifier) else { return }
    items[section].insert(contentsOf: identifiers, at: index)
  }
  /// Inserts items after `afterIdentifier`.
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
  ) {
    guard let (section, index) = position(of: afterIdentifier) else { return }
    items[section].insert(contentsOf: identifiers, at: index + 1)
  }
  /// Deletes items.
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    let gone = Set(identifiers)
    for index in items.indices { items[index].removeAll { gone.contains($0) } }
  }
  /// Deletes every item and section.
  public mutating func deleteAllItems() {
    sections = []
    items = []
  }
  /// Deletes sections.
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    for identifier in identifiers {
      guard let index = sections.firstIndex(of: identifier) else { continue }
      sections.remove(at: index)
      items.remove(at: index)
    }
  }
  /// Moves an item before another.
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
  ) {
    deleteItems([identifier])
    insertItems([identifier], beforeItem: toIdentifier)
  }
  /// Moves an item after another.
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
  ) {
    deleteItems([identifier])
    insertItems([identifier], afterItem: toIdentifier)
  }
  /// Marks items for reload: their cells are dequeued again (with `prepareForReuse()`).
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    reloadedItemIdentifiers += identifiers
  }
  /// Marks items for reconfiguration: their cells are configured again in place.
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    reconfiguredItemIdentifiers += identifiers
  }
  /// Marks every item of sections for reload.
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    for identifier in identifiers { reloadItems(itemIdentifiers(inSection: identifier)) }
  }

  func position(of identifier: ItemIdentifierType) -> (Int, Int)? {
    for (section, list) in items.enumerated() {
      if let index = list.firstIndex(of: identifier) { return (section, index) }
    }
    return nil
  }

  /// The snapshot without its reload and reconfigure marks.
  var unmarked: Self {
    var copy = self
    copy.reloadedItemIdentifiers = []
    copy.reconfiguredItemIdentifiers = []
    return copy
  }
}

/// What `apply` does to a view bound to the engine, shared by the table and collection kinds.
///
/// The engine's rows are the scenario's: a hosted screen's model hears each data change before
/// the table's callbacks, and applies the snapshot that matches it. So `apply` changes no row
/// count; it reloads the rows whose item changed place-for-place (a `set_url`) or that the
/// snapshot marks for reload, and reconfigures those it marks for reconfiguration. Sections are
/// flattened into the engine's one section (index paths are `[0, row]`).
@MainActor struct DiffableApply<Item: Hashable> {
  let old: [Item]
  let new: [Item]
  let reloaded: [Item]
  let reconfigured: [Item]

  /// Rows to reload and rows to reconfigure, in the new snapshot.
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

  /// Makes `snapshot` the data; `completion` runs on the next main-thread turn.
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let change = DiffableApply(
      old: current.itemIdentifiers, new: snapshot.itemIdentifiers,
      reloaded: snapshot.reloadedItemIdentifiers,
      reconfigured: snapshot.reconfiguredItemIdentifiers)
    current = snapshot.unmarked
    if let tableView, tableView.engine != nil {
      let rows = change.rows
      if !rows.reload.isEmpty { tableView.reloadRows(at: rows.reload, with: .none) }
      if !rows.reconfigure.isEmpty { tableView.reconfigureRows(at: rows.reconfigure) }
    }
    if let completion {
      tableView?.performBatchUpdates(nil) { _ in completion() }
    }
  }

  /// `applySnapshotUsingReloadData(_:completion:)`.
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    current = snapshot.unmarked
    tableView?.reloadData()
    if let completion { tableView?.performBatchUpdates(nil) { _ in completion() } }
  }

  /// The data last applied.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    current
  }

  /// The item at `indexPath` (sections flattened).
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    let all = current.itemIdentifiers
    return all.indices.contains(indexPath.row) ? all[indexPath.row] : nil
  }

  /// Where `identifier` is.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    current.indexOfItem(itemIdentifier).map { IndexPath(row: $0, section: 0) }
  }

  /// The number of items.
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    current.numberOfItems
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

  // The optional methods subclasses override, as UIKit's class implements them all (accepted,
  // never asked: a hosted table has one section and no one swipes).

  /// One section (the snapshot's sections are flattened).
  open func numberOfSections(in tableView: UITableView) -> Int { 1 }
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
}

/// UIKit's `UICollectionViewDiffableDataSource` (see `UITableViewDiffableDataSource`).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: UICollectionViewDataSource {
  /// `(collectionView, indexPath, item) -> cell`.
  public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) ->
    UICollectionViewCell?
  weak var collectionView: UICollectionView?
  let cellProvider: CellProvider
  var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

  /// A data source for `collectionView` (it becomes the view's data source).
  public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  /// Makes `snapshot` the data; `completion` runs on the next main-thread turn.
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let change = DiffableApply(
      old: current.itemIdentifiers, new: snapshot.itemIdentifiers,
      reloaded: snapshot.reloadedItemIdentifiers,
      reconfigured: snapshot.reconfiguredItemIdentifiers)
    current = snapshot.unmarked
    if let collectionView, collectionView.engine != nil {
      let rows = change.rows
      if !rows.reload.isEmpty { collectionView.reloadItems(at: rows.reload) }
      if !rows.reconfigure.isEmpty { collectionView.reconfigureItems(at: rows.reconfigure) }
    }
    if let completion {
      collectionView?.performBatchUpdates(nil) { _ in completion() }
    }
  }

  /// The data last applied.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    current
  }

  /// The item at `indexPath` (sections flattened).
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    let all = current.itemIdentifiers
    return all.indices.contains(indexPath.item) ? all[indexPath.item] : nil
  }

  /// Where `identifier` is.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    current.indexOfItem(itemIdentifier).map { IndexPath(item: $0, section: 0) }
  }

  /// The number of items.
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { current.numberOfItems }

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
