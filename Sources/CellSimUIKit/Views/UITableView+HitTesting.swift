/// `UITableView`'s hit-testing of rows by point and rectangle.
extension UITableView {
  /// The row whose rectangle (`rectForRow(at:)`, in the table's content) contains `point`, or
  /// nil when no row does. Any row, displayed or not, as in UIKit; sections lie back to back.
  public func indexPathForRow(at point: CGPoint) -> IndexPath? {
    guard let engine, point.y >= 0, point.x >= 0, point.x < engine.world.device.screenWidth
    else { return nil }
    let height = engine.configuration.rowHeight
    guard height > 0 else { return nil }
    let row = Int((point.y / height).rounded(.down))
    return row < rowCount ? engineSections.indexPath(forRow: row) : nil
  }

  /// The rows whose rectangles meet `rect` (in the table's content), in order; nil when there
  /// are none, as in UIKit.
  public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
    guard let engine, engine.configuration.rowHeight > 0 else { return nil }
    let height = engine.configuration.rowHeight
    let width = engine.world.device.screenWidth
    guard rect.maxX > 0, rect.minX < width, rect.height > 0, rect.width > 0 else { return nil }
    let first = max(0, Int((rect.minY / height).rounded(.down)))
    let end = min(rowCount, Int((rect.maxY / height).rounded(.up)))
    guard first < end else { return nil }
    return (first..<end).map { engineSections.indexPath(forRow: $0) }
  }

  /// The rows the table lays out, the sections' back to back: those the data source declares,
  /// at most the engine's.
  var rowCount: Int {
    let engineRows = engine?.numberOfRows ?? 0
    return min(engineRows, declaredRows ?? engineRows)
  }
}
