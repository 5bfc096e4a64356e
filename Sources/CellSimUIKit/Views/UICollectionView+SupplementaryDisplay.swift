import SimTable

/// A section's supplementary view the layout places: a flow layout's header or footer, or a
/// compositional section's boundary item at its top or bottom.
struct SupplementaryItem {
  /// The element kind the data source is asked for.
  let kind: String
  /// Whether it sits at the section's top (else at its bottom).
  let atTop: Bool
  /// Its height.
  let height: Double
  /// The room between it and the section's edge (a compositional section's content inset).
  let edgeOffset: Double
  /// Whether it stays on screen while its section passes (`pinToVisibleBounds`).
  let pinned: Bool
}

/// A supplementary view on screen: its section and kind, in section order, then kind.
struct SupplementaryKey: Hashable, Comparable {
  let section: Int
  let kind: String

  static func < (a: SupplementaryKey, b: SupplementaryKey) -> Bool {
    (a.section, a.kind) < (b.section, b.kind)
  }
}

/// The supplementary views a collection view shows, and what its layout places.
struct SupplementaryDisplay {
  /// Each section's supplementary items, as the layout placed them when the sections were
  /// last measured (empty when the layout places none the view can show).
  var items: [[SupplementaryItem]] = []
  /// The views on screen.
  var shown: [SupplementaryKey: UICollectionReusableView] = [:]
  /// Set when the sections were counted again: every view on screen is asked for again.
  var needsReload = false
  /// Set while the views are being updated.
  var isUpdating = false
}

/// Section headers and footers, shown as UIKit's layout pass shows them.
///
/// After each layout pass of a bound collection view, the view finds the sections whose
/// supplementary items meet the screen: a vertical `UICollectionViewFlowLayout`'s header and
/// footer (of a positive reference height, `UICollectionView+Sections.swift`), or a vertical
/// compositional section's top and bottom boundary items (`boundarySupplementaryItems`, below
/// the section's top content inset and above its bottom one). For each one newly on screen it
/// asks the data source's `collectionView(_:viewForSupplementaryElementOfKind:at:)` (a
/// diffable data source asks its `supplementaryViewProvider`) with the item's kind
/// (`elementKindSectionHeader` and `elementKindSectionFooter` for a flow layout) and the index
/// path `[section, 0]`; the view becomes the collection view's subview at its rectangle, and
/// the delegate hears `willDisplaySupplementaryView`. A view that leaves the screen is removed
/// and the delegate hears `didEndDisplayingSupplementaryView`. A pinned item (a flow layout's
/// `sectionHeadersPinToVisibleBounds` or `sectionFootersPinToVisibleBounds`, a boundary item's
/// `pinToVisibleBounds`) stays on screen while its section passes. `reloadData()` and a change
/// of the sections ask for every view on screen again.
///
/// Not modelled: a list layout's headers and footers (`headerMode`), a compositional layout's
/// global boundary items and items' own supplementary items, and decoration views take no room
/// and are never shown; dequeued supplementary views are kept per index path rather than
/// reused across sections (`UICollectionView+Supplementary.swift`).
extension UICollectionView {
  /// Shows the supplementary views of the sections on screen and ends those that left it (see
  /// the extension's note). Called after each layout pass of a bound collection view.
  func updateSupplementaryViews() {
    guard let engine, !supplementary.display.isUpdating else { return }
    supplementary.display.isUpdating = true
    defer { supplementary.display.isUpdating = false }
    if supplementary.display.needsReload {
      supplementary.display.needsReload = false
      endSupplementaryViews(keeping: [])
    }
    let items = supplementary.display.items
    guard !items.isEmpty else {
      endSupplementaryViews(keeping: [])
      return
    }
    var geometry = engine.layout
    let rows = declaredRows ?? engine.numberOfRows
    if geometry.itemCount != rows { geometry.itemCount = rows }
    let top = engine.contentOffset
    let bottom = top + geometry.viewportHeight
    let width = geometry.viewportWidth
    var wanted: [(key: SupplementaryKey, rect: CGRect)] = []
    for section in geometry.sections(meeting: top, bottom) where section < items.count {
      guard let frame = geometry.sectionFrame(section) else { continue }
      for item in items[section] {
        var y =
          item.atTop
          ? frame.top + item.edgeOffset : frame.bottom - item.edgeOffset - item.height
        if item.pinned {
          y =
            item.atTop
            ? min(max(y, top), frame.bottom - item.height)
            : max(min(y, bottom - item.height), frame.top)
        }
        guard y + item.height > top, y < bottom else { continue }
        let key = SupplementaryKey(section: section, kind: item.kind)
        wanted.append((key, CGRect(x: 0, y: y, width: width, height: item.height)))
      }
    }
    endSupplementaryViews(keeping: wanted.map(\.key))
    for (key, rect) in wanted { showSupplementaryView(key, rect) }
  }

  /// Puts the supplementary view of `key` on screen at `rect`, asking for it if it is not there
  /// yet.
  func showSupplementaryView(_ key: SupplementaryKey, _ rect: CGRect) {
    if let shown = supplementary.display.shown[key] {
      if shown.frame != rect { shown.frame = rect }
      return
    }
    guard let dataSource else { return }
    let indexPath = IndexPath(item: 0, section: key.section)
    let view = dataSource.collectionView(
      self, viewForSupplementaryElementOfKind: key.kind, at: indexPath)
    view.frame = rect
    if view.superview !== self { addSubview(view) }
    supplementary.display.shown[key] = view
    collectionDelegate?.collectionView(
      self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: indexPath)
  }

  /// Ends the views on screen whose keys are not in `kept`, in section order: removed, and told
  /// to the delegate.
  func endSupplementaryViews(keeping kept: [SupplementaryKey]) {
    let shown = supplementary.display.shown
    guard !shown.isEmpty else { return }
    let keep = Set(kept)
    for key in shown.keys.sorted() where !keep.contains(key) {
      let view = shown[key]!
      supplementary.display.shown[key] = nil
      if view.superview === self { view.removeFromSuperview() }
      collectionDelegate?.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind,
        at: IndexPath(item: 0, section: key.section))
    }
  }

  /// `supplementaryView(forElementKind:at:)`: the view of `elementKind` on screen at
  /// `indexPath`'s section, if any.
  public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionReusableView?
  {
    supplementary.display.shown[SupplementaryKey(section: indexPath.section, kind: elementKind)]
  }

  /// `visibleSupplementaryViews(ofKind:)`: the views of `elementKind` on screen, in section
  /// order.
  public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
    indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap {
      supplementaryView(forElementKind: elementKind, at: $0)
    }
  }

  /// `indexPathsForVisibleSupplementaryElements(ofKind:)`: where the views of `elementKind` on
  /// screen are, in section order.
  public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String)
    -> [IndexPath]
  {
    supplementary.display.shown.keys.filter { $0.kind == elementKind }.sorted()
      .map { IndexPath(item: 0, section: $0.section) }
  }
}
