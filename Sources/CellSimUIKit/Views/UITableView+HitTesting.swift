/// `UITableView`'s hit-testing of rows by point and rectangle.
extension UITableView {
  /// The row whose rectangle (`rectForRow(at:)`, in the table's content) contains `point`, or
  /// nil when no row does (a point on a header or footer). Any row, displayed or not, as in UIKit.
  public func indexPathForRow(at point: CGPoint) -> IndexPath? {
    guard let engine, point.y >= 0, point.x >= 0, point.x < contentWidth else { return nil }
    let geometry = laidOutGeometry(engine)
    guard geometry.rowHeight > 0 else { return nil }
    let y = Double(point.y)
    let rows = geometry.rows(onLines: geometry.lines(from: y, to: y.nextUp))
    return rows.isEmpty ? nil : engineSections.indexPath(forRow: rows.lowerBound)
  }

  /// The rows whose rectangles meet `rect` (in the table's content), in order; nil when there
  /// are none, as in UIKit.
  public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
    guard let engine, engine.configuration.rowHeight > 0 else { return nil }
    guard rect.maxX > 0, rect.minX < contentWidth, rect.height > 0, rect.width > 0 else {
      return nil
    }
    let geometry = laidOutGeometry(engine)
    let rows = geometry.rows(onLines: geometry.lines(from: rect.minY, to: rect.maxY))
    guard !rows.isEmpty else { return nil }
    return rows.map { engineSections.indexPath(forRow: $0) }
  }

  /// The rows the table lays out, the sections' back to back: those the data source declares,
  /// at most the engine's.
  var rowCount: Int {
    let engineRows = engine?.numberOfRows ?? 0
    return min(engineRows, declaredRows ?? engineRows)
  }
}
