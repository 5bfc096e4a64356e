// Swift 5 language mode: a waterfall layout with a plain (nonisolated) delegate protocol and a
// compositional grid with an untyped provider closure, as Swift 5 tutorials write them.
import CellSimUIKit
import Testing

protocol LegacyWaterfallDelegate: AnyObject {
  func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath)
    -> CGFloat
}

class LegacyWaterfallLayout: UICollectionViewLayout {
  weak var delegate: LegacyWaterfallDelegate?
  private var cache: [UICollectionViewLayoutAttributes] = []
  private var contentHeight: CGFloat = 0

  override var collectionViewContentSize: CGSize {
    CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
  }

  override func prepare() {
    super.prepare()
    cache.removeAll()
    guard let collectionView = collectionView else { return }
    let width = collectionView.bounds.width / 2
    var yOffset: [CGFloat] = [0, 0]
    for item in 0..<collectionView.numberOfItems(inSection: 0) {
      let indexPath = IndexPath(item: item, section: 0)
      let column = yOffset[0] <= yOffset[1] ? 0 : 1
      let height = delegate?.collectionView(collectionView, heightForItemAt: indexPath) ?? 100
      let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
      attributes.frame = CGRect(
        x: CGFloat(column) * width, y: yOffset[column], width: width, height: height)
      cache.append(attributes)
      yOffset[column] += height
      contentHeight = max(contentHeight, yOffset[column])
    }
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]?
  {
    cache.filter { $0.frame.intersects(rect) }
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    newBounds.width != collectionView?.bounds.width
  }
}

@Suite("Collection layouts written in Swift 5")
@MainActor struct CollectionLayoutsSwift5Tests {
  @Test("a waterfall layout answering only layoutAttributesForElements(in:) places cells")
  func waterfallByElements() {
    let layout = LegacyWaterfallLayout()
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let cell = view.dequeueReusableCell(
      withReuseIdentifier: "cell", for: IndexPath(item: 0, section: 0))
    // No engine: no items, so prepare() caches nothing and the cell keeps its frame.
    #expect(cell.frame == .zero)
    #expect(layout.collectionView === view)
  }

  @Test("an untyped provider closure compiles and reads the container")
  func untypedProvider() {
    var widths: [CGFloat] = []
    let layout = UICollectionViewCompositionalLayout { _, env in
      widths.append(env.container.effectiveContentSize.width)
      let item = NSCollectionLayoutItem(
        layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(50)))
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
        subitems: [item])
      group.interItemSpacing = .fixed(10)
      return NSCollectionLayoutSection(group: group)
    }
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 210, height: 400), collectionViewLayout: layout)
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let cell = view.dequeueReusableCell(
      withReuseIdentifier: "cell", for: IndexPath(item: 1, section: 0))
    #expect(widths == [210])
    // Two halves and 10 points of spacing do not fit in 210: the second item starts the next
    // group, the classic surprise of spacing with fractional items.
    #expect(cell.frame == CGRect(x: 0, y: 50, width: 105, height: 50))
    view.frame.size.width = 220
    layout.invalidateLayout()
    let wide = view.dequeueReusableCell(
      withReuseIdentifier: "cell", for: IndexPath(item: 1, section: 0))
    #expect(widths == [210, 220])
    #expect(wide.frame == CGRect(x: 0, y: 50, width: 110, height: 50))
  }
}
