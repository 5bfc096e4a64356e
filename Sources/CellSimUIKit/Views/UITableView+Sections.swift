import SimTable

/// The room a table's section headers and footers and its own header and footer views take.
///
/// UIKit places each section's header above its rows and its footer below them, and the table's
/// `tableHeaderView` above everything; rows below them move down, so which rows a content offset
/// shows depends on them. The table asks for the heights when it counts its sections (at
/// `reloadData()`, after a mutation or a data change), as UIKit asks at its next layout, and
/// again when one of the properties below is set:
/// - a header's height is the delegate's `tableView(_:heightForHeaderInSection:)`; where that
///   answers `UITableView.automaticDimension` (the default), the table's `sectionHeaderHeight`;
///   where that is automatic too, a standard height (`UITableView.titleHeaderHeight`) when the
///   data source gives the section a title, the delegate's
///   `tableView(_:estimatedHeightForHeaderInSection:)` or else the table's
///   `estimatedSectionHeaderHeight` when positive (a self-sizing header view), and none
///   otherwise;
/// - footers the same, with the footer methods and properties;
/// - a header gains `sectionHeaderTopPadding` above it when that is set to a value (the
///   automatic padding of iOS 15 and later is not added);
/// - the table header and footer views take their frames' heights.
///
/// The header and footer views themselves are shown in that room after each layout pass
/// (`UITableView+SectionViews.swift`). Not modelled: a grouped table's default spacing between
/// sections is not added.
extension UITableView {
  /// The height this layer gives a section header or footer that has a title and an automatic
  /// height: an approximation of the system font's line plus margins (UIKit does not document
  /// it).
  public nonisolated static let titleHeaderHeight: CGFloat = 28

  /// The placed section `section`, for the rows the table lays out.
  func sectionFrame(_ section: Int)
    -> (top: Double, rowsTop: Double, rowsBottom: Double, bottom: Double)?
  {
    guard let engine, section >= 0, section < numberOfSections else { return nil }
    return laidOutGeometry(engine).sectionFrame(section)
  }

  /// The engine's geometry for the rows the table lays out (`rowCount`: those the data source
  /// declares, at most the engine's).
  func laidOutGeometry(_ engine: TableView) -> TableGeometry {
    var geometry = engine.layout
    if geometry.itemCount != rowCount { geometry.itemCount = rowCount }
    return geometry
  }

  var contentWidth: Double { engine?.world.device.screenWidth ?? 0 }

  /// Tells the engine the room the sections' headers and footers and the table's header and
  /// footer views take, asking the delegate and data source for them (see the extension's note).
  func applySectionSpacing(counts: [Int]) {
    guard let engine else { return }
    defer { limitScrollingToDeclaredRows() }
    var spacing: [TableSectionSpacing] = []
    spacing.reserveCapacity(counts.count)
    for (section, count) in counts.enumerated() {
      spacing.append(
        TableSectionSpacing(
          rows: count, header: headerHeight(section), footer: footerHeight(section)))
    }
    engine.setSections(
      spacing, top: Double(tableHeaderView?.frame.height ?? 0),
      bottom: Double(tableFooterView?.frame.height ?? 0))
    placeTableHeaderAndFooter()
  }

  /// Counts the sections again and applies their spacing, when a property that sizes them
  /// changes on a bound table.
  func sectionSpacingChanged() {
    guard engine != nil else { return }
    // A data source that declares no section has none to size (nor headers to ask for).
    if countedSections?.isEmpty == true {
      applySectionSpacing(counts: [])
      return
    }
    applySectionSpacing(counts: engineSections.isSingle ? [rowCount] : engineSections.counts)
  }

  func headerHeight(_ section: Int) -> Double {
    let height = resolvedHeight(
      tableDelegate?.tableView(self, heightForHeaderInSection: section),
      fixed: sectionHeaderHeight, estimated: estimatedSectionHeaderHeight,
      title: { dataSource?.tableView(self, titleForHeaderInSection: section) },
      estimate: { tableDelegate?.tableView(self, estimatedHeightForHeaderInSection: section) })
    guard height > 0 else { return 0 }
    let padding = sectionHeaderTopPadding
    return height + (padding == UITableView.automaticDimension ? 0 : max(0, Double(padding)))
  }

  func footerHeight(_ section: Int) -> Double {
    resolvedHeight(
      tableDelegate?.tableView(self, heightForFooterInSection: section),
      fixed: sectionFooterHeight, estimated: estimatedSectionFooterHeight,
      title: { dataSource?.tableView(self, titleForFooterInSection: section) },
      estimate: { tableDelegate?.tableView(self, estimatedHeightForFooterInSection: section) })
  }

  /// A header's or footer's height: the delegate's, else the table's, else a title's, else the
  /// delegate's estimate, else the table's estimate, else none (see the extension's note).
  func resolvedHeight(
    _ fromDelegate: CGFloat?, fixed: CGFloat, estimated: CGFloat, title: () -> String?,
    estimate: () -> CGFloat?
  ) -> Double {
    let automatic = UITableView.automaticDimension
    if let fromDelegate, fromDelegate != automatic { return max(0, Double(fromDelegate)) }
    if fixed != automatic { return max(0, Double(fixed)) }
    if title() != nil { return Double(UITableView.titleHeaderHeight) }
    if let estimate = estimate(), estimate != automatic, estimate > 0 { return Double(estimate) }
    if estimated != automatic, estimated > 0 { return Double(estimated) }
    return 0
  }
}
