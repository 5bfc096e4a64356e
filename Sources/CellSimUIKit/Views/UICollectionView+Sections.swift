import SimTable

/// The room a layout's section headers, footers and insets take.
///
/// A vertical flow layout starts each section on a new line, below the section's header
/// (`headerReferenceSize`'s height, or the delegate's
/// `collectionView(_:layout:referenceSizeForHeaderInSection:)`) and its inset's top, and ends
/// it with its inset's bottom and its footer. A vertical compositional layout does the same
/// with each section's content insets and its tallest top and bottom boundary supplementary
/// items (a list section takes none). The collection view measures them when it counts its
/// sections, as UIKit's layouts do when they prepare, and tells the engine, so that the
/// scenario's grid shows the rows a device would show at each offset; the supplementary views
/// themselves are shown in that room (`UICollectionView+SupplementaryDisplay.swift`). A custom
/// layout places its own frames (`layoutFrame(for:)`) and leaves the grid's lines as they are.
/// Setting the layout, or one of a flow layout's properties above on a bound collection view,
/// measures them again.
extension UICollectionView {
  /// Measures the sections' spacing again, with the counts last asked, on a bound view.
  func sectionSpacingChanged() {
    guard engine != nil else { return }
    applySectionSpacing(counts: engineSections.isSingle ? [] : engineSections.counts)
  }

  /// Tells the engine each section's spacing (see the extension's note).
  func applySectionSpacing(counts: [Int]) {
    guard let engine else { return }
    defer { limitScrollingToDeclaredRows() }
    // A data source that declares no section (its model not fetched yet) has no section to
    // measure and no header to ask for, as in UIKit; only a view never counted shows the
    // scenario's rows as one section.
    if counts.isEmpty, countedSections?.isEmpty == true {
      supplementary.display.items = []
      engine.setSections([])
      return
    }
    let sections = counts.isEmpty ? [engine.numberOfRows] : counts
    let measured: (spacing: [TableSectionSpacing], items: [[SupplementaryItem]])?
    if let flow = collectionViewLayout as? UICollectionViewFlowLayout,
      flow.scrollDirection == .vertical
    {
      measured = flowSpacing(flow, sections)
    } else if let compositional = collectionViewLayout as? UICollectionViewCompositionalLayout {
      measured = compositionalSpacing(compositional, sections)
    } else {
      measured = nil
    }
    // No items at all is stored as none, so that each frame's update returns at once.
    let items = measured?.items ?? []
    supplementary.display.items = items.allSatisfy(\.isEmpty) ? [] : items
    engine.setSections(measured?.spacing ?? [])
  }

  /// A vertical flow layout's room and headers and footers, section by section.
  func flowSpacing(_ flow: UICollectionViewFlowLayout, _ sections: [Int])
    -> (spacing: [TableSectionSpacing], items: [[SupplementaryItem]])
  {
    let sizing = delegate as? any UICollectionViewDelegateFlowLayout
    var spacing: [TableSectionSpacing] = []
    var items: [[SupplementaryItem]] = []
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
      var placed: [SupplementaryItem] = []
      if headerHeight > 0 {
        placed.append(
          SupplementaryItem(
            kind: Self.elementKindSectionHeader, atTop: true, height: headerHeight,
            edgeOffset: 0, pinned: flow.sectionHeadersPinToVisibleBounds))
      }
      if footerHeight > 0 {
        placed.append(
          SupplementaryItem(
            kind: Self.elementKindSectionFooter, atTop: false, height: footerHeight,
            edgeOffset: 0, pinned: flow.sectionFootersPinToVisibleBounds))
      }
      items.append(placed)
      spacing.append(
        TableSectionSpacing(
          rows: count, header: headerHeight + max(0, Double(inset.top)),
          footer: max(0, Double(inset.bottom)) + footerHeight))
    }
    return (spacing, items)
  }

  /// A vertical compositional layout's room and boundary items, section by section: a section
  /// takes its content insets, its tallest top boundary item above its items and its tallest
  /// bottom one below them. A list section takes none (its rows keep the scenario's geometry).
  func compositionalSpacing(_ layout: UICollectionViewCompositionalLayout, _ sections: [Int])
    -> (spacing: [TableSectionSpacing], items: [[SupplementaryItem]])?
  {
    guard layout.configuration.scrollDirection == .vertical,
      let resolved = layout.resolvedSections()
    else { return nil }
    var spacing: [TableSectionSpacing] = []
    var items: [[SupplementaryItem]] = []
    for (index, count) in sections.enumerated() {
      guard index < resolved.sections.count, let section = resolved.sections[index],
        !section.isList
      else {
        spacing.append(TableSectionSpacing(rows: count))
        items.append([])
        continue
      }
      let insets = section.contentInsets
      let inner = CGSize(
        width: max(0, resolved.container.width - insets.leading - insets.trailing),
        height: max(0, resolved.container.height - insets.top - insets.bottom))
      var header = 0.0
      var footer = 0.0
      var placed: [SupplementaryItem] = []
      for boundary in section.boundarySupplementaryItems {
        guard let atTop = boundary.alignment.verticalEdge else { continue }
        let height = max(0, Double(boundary.layoutSize.resolved(in: inner).height))
        guard height > 0 else { continue }
        if atTop { header = max(header, height) } else { footer = max(footer, height) }
        placed.append(
          SupplementaryItem(
            kind: boundary.elementKind, atTop: atTop, height: height,
            edgeOffset: max(0, Double(atTop ? insets.top : insets.bottom)),
            pinned: boundary.pinToVisibleBounds))
      }
      items.append(placed)
      spacing.append(
        TableSectionSpacing(
          rows: count, header: max(0, Double(insets.top)) + header,
          footer: max(0, Double(insets.bottom)) + footer))
    }
    return (spacing, items)
  }
}

extension NSRectAlignment {
  /// True for the alignments at a section's top, false for those at its bottom, nil for the
  /// others (leading, trailing, none).
  var verticalEdge: Bool? {
    switch self {
    case .top, .topLeading, .topTrailing: return true
    case .bottom, .bottomLeading, .bottomTrailing: return false
    default: return nil
    }
  }
}
