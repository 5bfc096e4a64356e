/// UIKit's reordering of a collection view's diffable data source.
///
/// The data source answers `collectionView(_:canMoveItemAt:)` with
/// `reorderingHandlers.canReorderItem` (no handler: the item cannot move, reordering is off),
/// and `collectionView(_:moveItemAt:to:)` moves the item in its snapshot, telling `willReorder`
/// and then `didReorder` the transaction, as UIKit does when the user drops a dragged item. The
/// simulated user never drags an item, so in a hosted run nothing calls these two methods;
/// code that calls them gets UIKit's effect on the snapshot and the handlers.
extension UICollectionViewDiffableDataSource {
  /// UIKit's `UICollectionViewDiffableDataSource.ReorderingHandlers`.
  public struct ReorderingHandlers {
    /// Whether the user may move an item (nil: no item can move).
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// Told of a reordering before the data source's snapshot changes.
    public var willReorder:
      ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
    /// Told of a reordering after the data source's snapshot changed.
    public var didReorder:
      ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

    /// No handlers.
    public init() {}
  }

  /// Whether `reorderingHandlers.canReorderItem` lets the item at `indexPath` move.
  func canReorderItem(at indexPath: IndexPath) -> Bool {
    guard let canReorderItem = reorderingHandlers.canReorderItem,
      let item = itemIdentifier(for: indexPath)
    else { return false }
    return canReorderItem(item)
  }

  /// Moves the item at `source` to `destination` in the snapshot, telling the handlers.
  func reorderItem(at source: IndexPath, to destination: IndexPath) {
    guard current.items.indices.contains(source.section),
      current.items[source.section].indices.contains(source.item),
      current.items.indices.contains(destination.section)
    else { return }
    var final = current
    let item = final.items[source.section].remove(at: source.item)
    let position = min(max(destination.item, 0), final.items[destination.section].count)
    final.items[destination.section].insert(item, at: position)
    let transaction = NSDiffableDataSourceTransaction(
      initialSnapshot: current, finalSnapshot: final)
    reorderingHandlers.willReorder?(transaction)
    current = final
    reorderingHandlers.didReorder?(transaction)
  }
}

/// UIKit's `NSDiffableDataSourceTransaction`: a reordering's snapshots before and after.
public struct NSDiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The snapshot before the reordering.
  public let initialSnapshot:
    NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The snapshot after it.
  public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The removals and insertions from the initial items to the final ones.
  public let difference: CollectionDifference<ItemIdentifierType>
  /// One transaction for each section whose items changed, in section order.
  public let sectionTransactions:
    [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  init(
    initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    difference = finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
    var sections:
      [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] =
        []
    for section in finalSnapshot.sectionIdentifiers {
      let before = initialSnapshot.itemIdentifiers(inSection: section)
      let after = finalSnapshot.itemIdentifiers(inSection: section)
      if before != after {
        sections.append(
          NSDiffableDataSourceSectionTransaction(section: section, before: before, after: after))
      }
    }
    sectionTransactions = sections
  }
}

/// UIKit's `NSDiffableDataSourceSectionTransaction`: one section's items before and after.
public struct NSDiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// Its items before the reordering.
  public let initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// Its items after it.
  public let finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The removals and insertions from the initial items to the final ones.
  public let difference: CollectionDifference<ItemIdentifierType>

  init(section: SectionIdentifierType, before: [ItemIdentifierType], after: [ItemIdentifierType]) {
    sectionIdentifier = section
    var initial = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
    initial.append(before)
    var final = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
    final.append(after)
    initialSnapshot = initial
    finalSnapshot = final
    difference = after.difference(from: before)
  }
}
