import SimTable

/// UIKit's `UICollectionViewLayoutAttributes`: where a layout puts one element. A hosted
/// collection view reads `frame` (see `UICollectionViewLayout`); the other values are kept.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
  /// `UICollectionView.ElementCategory`.
  public enum Category: UInt, Sendable {
    case cell = 0
    case supplementaryView = 1
    case decorationView = 2
  }

  /// The element's frame, in the collection view's content.
  open var frame: CGRect = .zero
  /// The frame's centre.
  open var center: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }
  /// The frame's size.
  open var size: CGSize {
    get { frame.size }
    set { frame.size = newValue }
  }
  /// The bounds: the frame's size at the origin.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }
  /// The element's index path.
  open var indexPath = IndexPath(item: 0, section: 0)
  /// `alpha` (kept).
  open var alpha: CGFloat = 1
  /// `zIndex` (kept).
  open var zIndex = 0
  /// `isHidden` (kept).
  open var isHidden = false
  /// `transform` (kept; nothing is drawn).
  open var transform: CGAffineTransform = .identity
  /// Whether this is a cell, a supplementary view or a decoration view.
  public private(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
  /// The supplementary or decoration kind; nil for a cell.
  public private(set) var representedElementKind: String?
  /// Whether these are the flow layout's own answer, the grid's frame the collection view gives
  /// the item anyway (kept by copies): the collection view does not re-frame a cell from them.
  var isGridFrame = false

  /// Attributes of a cell at item 0 of section 0.
  public required override init() {}

  convenience init(
    indexPath: IndexPath, category: UICollectionView.ElementCategory, kind: String?
  ) {
    self.init()
    self.indexPath = indexPath
    self.representedElementCategory = category
    self.representedElementKind = kind
  }

  /// The attributes of the cell at `indexPath`.
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init(indexPath: indexPath, category: .cell, kind: nil)
  }

  /// The attributes of a supplementary view of `elementKind`.
  public convenience init(
    forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath
  ) {
    self.init(indexPath: indexPath, category: .supplementaryView, kind: elementKind)
  }

  /// The attributes of a decoration view of `decorationViewKind`.
  public convenience init(
    forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath
  ) {
    self.init(indexPath: indexPath, category: .decorationView, kind: decorationViewKind)
  }

  /// A copy of the same class with the same values (subclasses add their own, calling super).
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init()
    copy.frame = frame
    copy.indexPath = indexPath
    copy.alpha = alpha
    copy.zIndex = zIndex
    copy.isHidden = isHidden
    copy.representedElementCategory = representedElementCategory
    copy.representedElementKind = representedElementKind
    copy.isGridFrame = isGridFrame
    return copy
  }

  /// Whether `object` is attributes with the same values.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UICollectionViewLayoutAttributes else { return false }
    return other.frame == frame && other.indexPath == indexPath && other.alpha == alpha
      && other.zIndex == zIndex && other.isHidden == isHidden
      && other.representedElementCategory == representedElementCategory
      && other.representedElementKind == representedElementKind
  }
}

extension UICollectionView {
  /// `UICollectionView.ElementCategory`.
  public typealias ElementCategory = UICollectionViewLayoutAttributes.Category

  /// The attributes the layout gives the item at `indexPath` (see `UICollectionViewLayout`),
  /// after `prepare()` if the layout was invalidated or the item count changed; nil when the
  /// layout answers nothing.
  func layoutAttributes(for indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    let layout = collectionViewLayout
    if layout.collectionView !== self { layout.collectionView = self }
    let count = engineItemCount
    if layout.needsPrepare || layout.preparedItemCount != count {
      layout.needsPrepare = false
      layout.preparedItemCount = count
      layout.prepare()
    }
    if let attributes = layout.layoutAttributesForItem(at: indexPath) {
      return attributes.isGridFrame ? nil : attributes
    }
    var content = layout.collectionViewContentSize
    if content.width <= 0 || content.height <= 0 {
      content = CGSize(width: 1e9, height: 1e9)
    }
    let all = layout.layoutAttributesForElements(in: CGRect(origin: .zero, size: content))
    let found = all?.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    return found?.isGridFrame == true ? nil : found
  }

  /// The grid's attributes of the item at `indexPath` (the frame the engine gives its row: the
  /// scenario's columns and row height), marked as the grid's; nil for an item the engine does
  /// not have, or before a host binds the view.
  func gridAttributes(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let engine, let row = engineSections.row(for: indexPath), row < engineItemCount else {
      return nil
    }
    return gridAttributes(row: row, engine: engine, indexPath: indexPath)
  }

  /// The grid's attributes of the items whose frames meet `rect`, in item order.
  func gridAttributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
    guard let engine else { return [] }
    var found: [UICollectionViewLayoutAttributes] = []
    for row in 0..<engineItemCount {
      let attributes = gridAttributes(
        row: row, engine: engine, indexPath: engineSections.indexPath(forRow: row))
      if attributes.frame.intersects(rect) { found.append(attributes) }
    }
    return found
  }

  private func gridAttributes(row: Int, engine: TableView, indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes
  {
    let frame = engine.layout.frame(ofRow: row)
    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    attributes.isGridFrame = true
    return attributes
  }

  /// The frame the layout gives the item at `indexPath`, if any.
  func layoutFrame(for indexPath: IndexPath) -> CGRect? { layoutAttributes(for: indexPath)?.frame }

  /// Sets the layout's frame for `indexPath` on `cell`, if the layout gives one, then hands the
  /// cell the attributes (`apply(_:)`), as UIKit does.
  /// The frame a new cell for `indexPath` is made with: its layout's, else the engine's cell
  /// size (the screen's width over the scenario's columns, by its row height) at the origin.
  func initialFrame(at indexPath: IndexPath) -> CGRect {
    if let frame = layoutAttributes(for: indexPath)?.frame { return frame }
    return CGRect(origin: .zero, size: engineCellSize ?? .zero)
  }

  func applyLayoutFrame(to cell: UICollectionViewCell, at indexPath: IndexPath) {
    guard let attributes = layoutAttributes(for: indexPath) else { return }
    let frame = attributes.frame
    if cell.frame != frame { cell.frame = frame }
    let content = CGRect(origin: .zero, size: frame.size)
    if cell.contentView.frame != content { cell.contentView.frame = content }
    cell.apply(attributes)
  }
}
