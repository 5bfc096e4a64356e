// iOS code as written for a device: only the import block differs.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// A grid whose column count adapts to the container's width, as compositional-layout tutorials
/// write it.
final class AdaptiveGridViewController: DiffablePhotosViewController {
  var providerWidths: [CGFloat] = []
  var boundsWidth: CGFloat = 0
  var frames: [Int: CGRect] = [:]
  var hits: [(found: IndexPath?, shown: IndexPath?)] = []

  func makeLayout() -> UICollectionViewLayout {
    UICollectionViewCompositionalLayout {
      [unowned self] (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment)
        -> NSCollectionLayoutSection? in
      let width = layoutEnvironment.container.effectiveContentSize.width
      providerWidths.append(width)
      let columns = width > 500 ? 5 : 3
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
          heightDimension: .fractionalHeight(1.0)))
      item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1.0),
          heightDimension: .fractionalWidth(1.0 / CGFloat(columns))),
        subitems: [item])
      return NSCollectionLayoutSection(group: group)
    }
  }

  override func viewDidLoad() {
    collectionView.setCollectionViewLayout(makeLayout(), animated: false)
    boundsWidth = collectionView.bounds.width
    super.viewDidLoad()
  }

  override func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    super.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
    frames[indexPath.item] = cell.frame
    for shown in collectionView.visibleCells where shown !== cell {
      let center = CGPoint(x: shown.frame.midX, y: shown.frame.midY)
      hits.append(
        (collectionView.indexPathForItem(at: center), collectionView.indexPath(for: shown)))
    }
  }
}

@MainActor protocol PinterestLayoutDelegate: AnyObject {
  func collectionView(
    _ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath
  ) -> CGFloat
}

/// The waterfall layout of the classic tutorial, unchanged.
class PinterestLayout: UICollectionViewLayout {
  weak var delegate: PinterestLayoutDelegate?

  private let numberOfColumns = 2
  private let cellPadding: CGFloat = 6

  private var cache: [UICollectionViewLayoutAttributes] = []

  private var contentHeight: CGFloat = 0

  private var contentWidth: CGFloat {
    guard let collectionView = collectionView else {
      return 0
    }
    let insets = collectionView.contentInset
    return collectionView.bounds.width - (insets.left + insets.right)
  }

  override var collectionViewContentSize: CGSize {
    return CGSize(width: contentWidth, height: contentHeight)
  }

  override func prepare() {
    guard cache.isEmpty, let collectionView = collectionView else {
      return
    }
    let columnWidth = contentWidth / CGFloat(numberOfColumns)
    var xOffset: [CGFloat] = []
    for column in 0..<numberOfColumns {
      xOffset.append(CGFloat(column) * columnWidth)
    }
    var column = 0
    var yOffset: [CGFloat] = .init(repeating: 0, count: numberOfColumns)

    for item in 0..<collectionView.numberOfItems(inSection: 0) {
      let indexPath = IndexPath(item: item, section: 0)
      let photoHeight =
        delegate?.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath) ?? 180
      let height = cellPadding * 2 + photoHeight
      let frame = CGRect(
        x: xOffset[column], y: yOffset[column], width: columnWidth, height: height)
      let insetFrame = frame.insetBy(dx: cellPadding, dy: cellPadding)

      let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
      attributes.frame = insetFrame
      cache.append(attributes)

      contentHeight = max(contentHeight, frame.maxY)
      yOffset[column] = yOffset[column] + height

      column = column < (numberOfColumns - 1) ? (column + 1) : 0
    }
  }

  override func layoutAttributesForElements(in rect: CGRect)
    -> [UICollectionViewLayoutAttributes]?
  {
    var visibleLayoutAttributes: [UICollectionViewLayoutAttributes] = []
    for attributes in cache {
      if attributes.frame.intersects(rect) {
        visibleLayoutAttributes.append(attributes)
      }
    }
    return visibleLayoutAttributes
  }

  override func layoutAttributesForItem(at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    return cache[indexPath.item]
  }
}

/// A photo grid on the waterfall layout.
final class WaterfallViewController: DiffablePhotosViewController, PinterestLayoutDelegate {
  var frames: [Int: CGRect] = [:]
  let layout = PinterestLayout()

  override func viewDidLoad() {
    layout.delegate = self
    collectionView.collectionViewLayout = layout
    super.viewDidLoad()
  }

  func collectionView(
    _ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath
  ) -> CGFloat {
    CGFloat(100 + (indexPath.item % 3) * 40)
  }

  override func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    super.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
    frames[indexPath.item] = cell.frame
  }
}

/// A compositional layout subclass that picks its section in its own initializer.
final class PhotoGridLayout: UICollectionViewCompositionalLayout {
  init(columns: Int) {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
        heightDimension: .fractionalHeight(1.0)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .fractionalWidth(1.0 / CGFloat(columns))),
      subitems: [item])
    super.init(section: NSCollectionLayoutSection(group: group))
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// Layout attributes with the photo's height, as the waterfall tutorial's cells read them.
final class PhotoLayoutAttributes: UICollectionViewLayoutAttributes {
  var photoHeight: CGFloat = 0

  override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! PhotoLayoutAttributes
    copy.photoHeight = photoHeight
    return copy
  }

  override func isEqual(_ object: Any?) -> Bool {
    guard let attributes = object as? PhotoLayoutAttributes,
      attributes.photoHeight == photoHeight
    else { return false }
    return super.isEqual(object)
  }
}

/// A layout that stacks items, each with its photo height in its attributes.
final class StackedPhotoLayout: UICollectionViewLayout {
  override class var layoutAttributesClass: AnyClass { PhotoLayoutAttributes.self }

  override func layoutAttributesForItem(at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    let attributes = PhotoLayoutAttributes(forCellWith: indexPath)
    attributes.photoHeight = CGFloat(50 + indexPath.item)
    attributes.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 80, width: 200, height: 80)
    return attributes
  }
}

/// A cell that reads its photo height from the attributes UIKit hands it.
final class AnnotatedPhotoCell: UICollectionViewCell {
  var photoHeight: CGFloat = 0

  override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
    super.apply(layoutAttributes)
    if let attributes = layoutAttributes as? PhotoLayoutAttributes {
      photoHeight = attributes.photoHeight
    }
  }
}
