#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Foundation's `IndexPath`, the type UIKit's table and collection views use.
///
/// CellSim uses Foundation's own type, not one of its own, so a test file that imports both
/// Foundation and CellSim sees one `IndexPath`. This alias makes `import CellSim` alone enough
/// to name it.
#if canImport(FoundationEssentials)
  public typealias IndexPath = FoundationEssentials.IndexPath
#else
  public typealias IndexPath = Foundation.IndexPath
#endif

/// The accessors UIKit adds to `IndexPath` for `UITableView` (`row`, `section`) and
/// `UICollectionView` (`item`), which Foundation on Linux lacks.
///
/// As in UIKit, each requires an index path of exactly two indices (section, then row or item)
/// and stops the process otherwise. CellSim tables have one section, so `section` is 0 for every
/// index path the table hands out. In a grid (`columns > 1`) `row` and `item` are the same
/// index; the visual line an item sits on is `row / columns`.
///
/// Apple's documentation: "UIKit Additions for IndexPath"
/// (https://developer.apple.com/documentation/foundation/indexpath, `row`, `section`, `item`,
/// `init(row:section:)`, `init(item:section:)`).
extension IndexPath {
  /// An index path for a row of a table view: `[section, row]`.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// An index path for an item of a collection view: `[section, item]`.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The section: the first of the two indices.
  public var section: Int {
    get {
      Self.requireTwoIndices(self)
      return self[0]
    }
    set {
      Self.requireTwoIndices(self)
      self[0] = newValue
    }
  }

  /// The row within the section: the second of the two indices.
  public var row: Int {
    get {
      Self.requireTwoIndices(self)
      return self[1]
    }
    set {
      Self.requireTwoIndices(self)
      self[1] = newValue
    }
  }

  /// The item within the section (a collection view's name for `row`).
  public var item: Int {
    get { row }
    set { row = newValue }
  }

  static func requireTwoIndices(_ indexPath: IndexPath) {
    precondition(
      indexPath.count == 2,
      "Invalid index path for use with a table view: \(indexPath) must contain exactly two "
        + "indices, the section and the row (as UIKit requires)")
  }
}
