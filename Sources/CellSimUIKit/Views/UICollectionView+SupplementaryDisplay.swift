import SimTable

/// The supplementary views a collection view shows: a vertical flow layout's section headers
/// and footers on screen, and the room each takes.
struct SupplementaryDisplay {
  /// Each section's header and footer heights, as the flow layout gave them (empty under any
  /// other layout).
  var heights: [(header: Double, footer: Double)] = []
  /// The header views on screen, by section.
  var headers: [Int: UICollectionReusableView] = [:]
  /// The footer views on screen, by section.
  var footers: [Int: UICollectionReusableView] = [:]
  /// Set when the sections were counted again: every view on screen is asked for again.
  var needsReload = false
  /// Set while the views are being updated.
  var isUpdating = false
}

/// A vertical flow layout's section headers and footers, shown as UIKit's layout pass shows
/// them.
///
/// After each layout pass of a bound collection view whose layout is a vertical
/// `UICollectionViewFlowLayout`, the view finds the sections whose header or footer (of a
/// positive reference height, `UICollectionView+Sections.swift`) meets the screen. For each one
/// newly on screen it asks the data source's
/// `collectionView(_:viewForSupplementaryElementOfKind:at:)` (a diffable data source asks its
/// `supplementaryViewProvider`) with `elementKindSectionHeader` or `elementKindSectionFooter` and
/// the index path `[section, 0]`; the view becomes the collection view's subview at its
/// rectangle, and the delegate hears `willDisplaySupplementaryView`. A view that leaves the
/// screen is removed and the delegate hears `didEndDisplayingSupplementaryView`. With
/// `sectionHeadersPinToVisibleBounds` a header stays at the top of the screen while its section
/// passes (and `sectionFootersPinToVisibleBounds` a footer at the bottom). `reloadData()` and a
/// change of the sections ask for every view on screen again.
///
/// Not modelled: compositional and custom layouts' supplementary items take no room in the
/// scenario's grid, so they are never shown; dequeued supplementary views are kept per index
/// path rather than reused across sections (`UICollectionView+Supplementary.swift`).
extension UICollectionView {
  /// Shows the supplementary views of the sections on screen and ends those that left it (see
  /// the extension's note). Called after each layout pass of a bound collection view.
  func updateSupplementaryViews() {
    guard let engine, !supplementary.display.isUpdating else { return }
    supplementary.display.isUpdating = true
    defer { supplementary.display.isUpdating = false }
    if supplementary.display.needsReload {
      supplementary.display.needsReload = false
      endSupplementaryViews(header: true, keeping: [])
      endSupplementaryViews(header: false, keeping: [])
    }
    let heights = supplementary.display.heights
    guard !heights.isEmpty, let flow = collectionViewLayout as? UICollectionViewFlowLayout else {
      endSupplementaryViews(header: true, keeping: [])
      endSupplementaryViews(header: false, keeping: [])
      return
    }
    var geometry = engine.layout
    let rows = declaredRows ?? engine.numberOfRows
    if geometry.itemCount != rows { geometry.itemCount = rows }
    let top = engine.contentOffset
    let bottom = top + geometry.viewportHeight
    let width = geometry.viewportWidth
    var headers: [(section: Int, rect: CGRect)] = []
    var footers: [(section: Int, rect: CGRect)] = []
    for section in geometry.sections(meeting: top, bottom) where section < heights.count {
      guard let frame = geometry.sectionFrame(section) else { continue }
      let (header, footer) = heights[section]
      if header > 0 {
        var y = frame.top
        if flow.sectionHeadersPinToVisibleBounds { y = min(max(y, top), frame.bottom - header) }
        if y + header > top, y < bottom {
          headers.append((section, CGRect(x: 0, y: y, width: width, height: header)))
        }
      }
      if footer > 0 {
        var y = frame.bottom - footer
        if flow.sectionFootersPinToVisibleBounds { y = max(min(y, bottom - footer), frame.top) }
        if y + footer > top, y < bottom {
          footers.append((section, CGRect(x: 0, y: y, width: width, height: footer)))
        }
      }
    }
    endSupplementaryViews(header: true, keeping: headers.map(\.section))
    endSupplementaryViews(header: false, keeping: footers.map(\.section))
    for (section, rect) in headers { showSupplementaryView(header: true, section, rect) }
    for (section, rect) in footers { showSupplementaryView(header: false, section, rect) }
  }

  /// Puts the header or footer of `section` on screen at `rect`, asking for it if it is not
  /// there yet.
  func showSupplementaryView(header: Bool, _ section: Int, _ rect: CGRect) {
    let display = supplementary.display
    if let shown = header ? display.headers[section] : display.footers[section] {
      if shown.frame != rect { shown.frame = rect }
      return
    }
    guard let dataSource else { return }
    let kind = header ? Self.elementKindSectionHeader : Self.elementKindSectionFooter
    let indexPath = IndexPath(item: 0, section: section)
    let view = dataSource.collectionView(
      self, viewForSupplementaryElementOfKind: kind, at: indexPath)
    view.frame = rect
    if view.superview !== self { addSubview(view) }
    if header {
      supplementary.display.headers[section] = view
    } else {
      supplementary.display.footers[section] = view
    }
    collectionDelegate?.collectionView(
      self, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
  }

  /// Ends the headers (or footers) on screen whose sections are not in `kept`, in section
  /// order: removed, and told to the delegate.
  func endSupplementaryViews(header: Bool, keeping kept: [Int]) {
    let shown = header ? supplementary.display.headers : supplementary.display.footers
    guard !shown.isEmpty else { return }
    let kind = header ? Self.elementKindSectionHeader : Self.elementKindSectionFooter
    for section in shown.keys.sorted() where !kept.contains(section) {
      let view = shown[section]!
      if header {
        supplementary.display.headers[section] = nil
      } else {
        supplementary.display.footers[section] = nil
      }
      if view.superview === self { view.removeFromSuperview() }
      collectionDelegate?.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind,
        at: IndexPath(item: 0, section: section))
    }
  }

  /// `supplementaryView(forElementKind:at:)`: the header or footer view on screen at
  /// `indexPath`'s section, if any.
  public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionReusableView?
  {
    switch elementKind {
    case Self.elementKindSectionHeader: return supplementary.display.headers[indexPath.section]
    case Self.elementKindSectionFooter: return supplementary.display.footers[indexPath.section]
    default: return nil
    }
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
    let shown: [Int: UICollectionReusableView]
    switch elementKind {
    case Self.elementKindSectionHeader: shown = supplementary.display.headers
    case Self.elementKindSectionFooter: shown = supplementary.display.footers
    default: return []
    }
    return shown.keys.sorted().map { IndexPath(item: 0, section: $0) }
  }
}
