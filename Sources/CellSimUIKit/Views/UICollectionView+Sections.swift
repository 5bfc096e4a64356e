import SimTable

/// The room a flow layout's section headers, footers and insets take.
///
/// A flow layout starts each section on a new line, below the section's header
/// (`headerReferenceSize`'s height, or the delegate's
/// `collectionView(_:layout:referenceSizeForHeaderInSection:)`) and its inset's top, and ends
/// it with its inset's bottom and its footer. The collection view asks for them when it counts
/// its sections, as UIKit's flow layout asks when it prepares, and tells the engine, so that the
/// scenario's grid shows the rows a device would show at each offset. Only vertical flow layouts
/// are measured; a compositional or custom layout places its own frames
/// (`layoutFrame(for:)`) and leaves the grid's lines as they are. Setting the layout, or one of
/// a flow layout's properties above on a bound collection view, measures them again.
extension UICollectionView {
  /// Measures the sections' spacing again, with the counts last asked, on a bound view.
  func sectionSpacingChanged() {
    guard engine != nil else { return }
    applySectionSpacing(counts: engineSections.isSingle ? [] : engineSections.counts)
  }

  /// Tells the engine each section's spacing (see the extension's note).
  func applySectionSpacing(counts: [Int]) {
    guard let engine else { return }
    guard let flow = collectionViewLayout as? UICollectionViewFlowLayout,
      flow.scrollDirection == .vertical
    else {
      supplementary.display.heights = []
      engine.setSections([])
      return
    }
    let sizing = delegate as? any UICollectionViewDelegateFlowLayout
    let sections = counts.isEmpty ? [engine.numberOfRows] : counts
    var spacing: [TableSectionSpacing] = []
    spacing.reserveCapacity(sections.count)
    var heights: [(header: Double, footer: Double)] = []
    heights.reserveCapacity(sections.count)
    for (section, count) in sections.enumerated() {
      let inset =
        sizing?.collectionView(self, layout: flow, insetForSectionAt: section) ?? flow.sectionInset
      let header =
        sizing?.collectionView(self, layout: flow, referenceSizeForHeaderInSection: section)
        ?? flow.headerReferenceSize
      let footer =
        sizing?.collectionView(self, layout: flow, referenceSizeForFooterInSection: section)
        ?? flow.footerReferenceSize
      let headerHeight = max(0, Double(header.height))
      let footerHeight = max(0, Double(footer.height))
      heights.append((headerHeight, footerHeight))
      spacing.append(
        TableSectionSpacing(
          rows: count, header: headerHeight + max(0, Double(inset.top)),
          footer: max(0, Double(inset.bottom)) + footerHeight))
    }
    supplementary.display.heights = heights
    engine.setSections(spacing)
  }
}
