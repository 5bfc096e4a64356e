import Foundation

/// UIKit's additions to `NSIndexPath`, which code written before `IndexPath` still reaches
/// through `indexPath as NSIndexPath`: a two-index path's section, then its row or item.
extension NSIndexPath {
  /// `NSIndexPath(row:section:)`.
  public convenience init(row: Int, section: Int) {
    self.init(indexes: [section, row], length: 2)
  }

  /// `NSIndexPath(item:section:)`.
  public convenience init(item: Int, section: Int) {
    self.init(indexes: [section, item], length: 2)
  }

  /// The section: the first index.
  public var section: Int { index(atPosition: 0) }
  /// The row: the second index.
  public var row: Int { index(atPosition: 1) }
  /// The item: the second index.
  public var item: Int { index(atPosition: 1) }
}
