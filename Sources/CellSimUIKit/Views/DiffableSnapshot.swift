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

  /// The item at `indexPath`: its index in the section `indexPath.section`.
  func item(at indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2, items.indices.contains(indexPath.section) else { return nil }
    let section = items[indexPath.section]
    return section.indices.contains(indexPath.row) ? section[indexPath.row] : nil
  }

  /// Where `identifier` is: its section's index, and its index there.
  func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
    for (section, list) in items.enumerated() {
      if let row = list.firstIndex(of: identifier) { return IndexPath(row: row, section: section) }
    }
    return nil
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

/// UIKit's `NSDiffableDataSourceSectionSnapshot`: the items of one section, each optionally under
/// a parent item, in depth-first order. Applied to a collection view's section, its visible items
/// (those whose parents are all expanded) become the section's items.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
  var entries: [(item: ItemIdentifierType, parent: ItemIdentifierType?)] = []
  var expanded: Set<ItemIdentifierType> = []

  /// An empty section snapshot.
  public init() {}

  /// Every item, in order.
  public var items: [ItemIdentifierType] { entries.map(\.item) }
  /// The items without a parent.
  public var rootItems: [ItemIdentifierType] {
    entries.filter { $0.parent == nil }.map(\.item)
  }
  /// The items whose ancestors are all expanded.
  public var visibleItems: [ItemIdentifierType] { items.filter { isVisible($0) } }

  /// Appends `items` at the end, or as the last children of `parent`.
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    guard let parent, let index = index(of: parent) else {
      entries += items.map { ($0, nil) }
      return
    }
    var end = index + 1
    while end < entries.count, isDescendant(entries[end].item, of: parent) { end += 1 }
    entries.insert(contentsOf: items.map { ($0, parent) }, at: end)
  }
  /// Inserts `items` before `nextItem`, under the same parent.
  public mutating func insert(_ items: [ItemIdentifierType], before nextItem: ItemIdentifierType) {
    guard let index = index(of: nextItem) else { return }
    let parent = entries[index].parent
    entries.insert(contentsOf: items.map { ($0, parent) }, at: index)
  }
  /// Inserts `items` after `previousItem` (and its children), under the same parent.
  public mutating func insert(_ items: [ItemIdentifierType], after previousItem: ItemIdentifierType)
  {
    guard let index = index(of: previousItem) else { return }
    let parent = entries[index].parent
    var end = index + 1
    while end < entries.count, isDescendant(entries[end].item, of: previousItem) { end += 1 }
    entries.insert(contentsOf: items.map { ($0, parent) }, at: end)
  }
  /// Deletes `items` and their children.
  public mutating func delete(_ items: [ItemIdentifierType]) {
    let before = self
    entries.removeAll { entry in
      items.contains { $0 == entry.item || before.isDescendant(entry.item, of: $0) }
    }
  }
  /// Deletes every item.
  public mutating func deleteAll() {
    entries = []
    expanded = []
  }
  /// Expands `items` (their children become visible).
  public mutating func expand(_ items: [ItemIdentifierType]) { expanded.formUnion(items) }
  /// Collapses `items`.
  public mutating func collapse(_ items: [ItemIdentifierType]) { expanded.subtract(items) }
  /// Whether `item` is expanded.
  public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
  /// Whether every ancestor of `item` is expanded.
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    var current = parent(of: item)
    while let parent = current {
      guard expanded.contains(parent) else { return false }
      current = self.parent(of: parent)
    }
    return contains(item)
  }
  /// Whether the snapshot holds `item`.
  public func contains(_ item: ItemIdentifierType) -> Bool { index(of: item) != nil }
  /// The index of `item` among `items`.
  public func index(of item: ItemIdentifierType) -> Int? {
    entries.firstIndex { $0.item == item }
  }
  /// The parent of `item`.
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
    index(of: child).flatMap { entries[$0].parent }
  }
  /// How many parents `item` has.
  public func level(of item: ItemIdentifierType) -> Int {
    var level = 0
    var current = parent(of: item)
    while let parent = current {
      level += 1
      current = self.parent(of: parent)
    }
    return level
  }

  func isDescendant(_ item: ItemIdentifierType, of ancestor: ItemIdentifierType) -> Bool {
    var current = parent(of: item)
    while let parent = current {
      if parent == ancestor { return true }
      current = self.parent(of: parent)
    }
    return false
  }
}

extension NSDiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}

extension NSDiffableDataSourceSnapshot {
  /// The snapshot with `section`'s items replaced by `sectionSnapshot`'s visible items (the
  /// section appended if it is not there yet).
  func replacing(
    _ section: SectionIdentifierType,
    with sectionSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) -> Self {
    var copy = self
    if let index = copy.sections.firstIndex(of: section) {
      copy.items[index] = sectionSnapshot.visibleItems
    } else {
      copy.sections.append(section)
      copy.items.append(sectionSnapshot.visibleItems)
    }
    return copy
  }
}
