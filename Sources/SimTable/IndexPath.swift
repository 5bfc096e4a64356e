/// A position in the table: section 0 and a row, like Foundation's `IndexPath` for a
/// single-section `UITableView`.
///
/// CellSim keeps Foundation out of the simulation, so this is its own small value type. In a
/// grid (`columns > 1`) `row` is the item's index, as `UICollectionView`'s `item` is; the visual
/// line it sits on is `row / columns`.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section; CellSim tables have one section, so this is always 0.
  public let section: Int
  /// The row (the item's index in the data source at this instant).
  public let row: Int

  /// The index path of `row` in section 0.
  public init(row: Int) {
    self.section = 0
    self.row = row
  }

  /// Orders by section, then row.
  public static func < (a: IndexPath, b: IndexPath) -> Bool {
    a.section != b.section ? a.section < b.section : a.row < b.row
  }

  /// For example `[0, 17]`, as Foundation prints an index path.
  public var description: String { "[\(section), \(row)]" }
}
