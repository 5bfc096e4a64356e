// Swift 5 language mode: a memory cache that keeps a weak map of the images still on screen
// beside its limited cache, and a grid whose diffable data source lets photos be reordered and
// whose section headers come from a nib, as written for a device.
import CellSimUIKit
import Testing

final class WeakImageMemory<Key: AnyObject & Hashable, Value: AnyObject> {
  private let weakCache: NSMapTable<Key, Value> = NSMapTable(
    keyOptions: .strongMemory, valueOptions: .weakMemory)
  private let lock = NSLock()

  func value(for key: Key) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return weakCache.object(forKey: key)
  }

  func set(_ value: Value, for key: Key) {
    lock.lock()
    defer { lock.unlock() }
    weakCache.setObject(value, forKey: key)
  }
}

final class ReorderHeader: UICollectionReusableView {
  let label = UILabel()
}

final class ReorderableGridController: UIViewController {
  enum Section: CaseIterable { case favourites, all }
  var store: [Section: [String]] = [:]
  var collectionView: UICollectionView!
  lazy var dataSource = makeDataSource()

  func makeDataSource() -> UICollectionViewDiffableDataSource<Section, String> {
    let cells = UICollectionView.CellRegistration<UICollectionViewCell, String> { _, _, _ in }
    let source = UICollectionViewDiffableDataSource<Section, String>(
      collectionView: collectionView
    ) { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
    }
    let headers = UICollectionView.SupplementaryRegistration<ReorderHeader>(
      supplementaryNib: UINib(nibName: "ReorderHeader", bundle: nil), elementKind: "HeaderView"
    ) { header, _, indexPath in
      header.label.text = "\(Section.allCases[indexPath.section])"
    }
    source.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
    }
    source.reorderingHandlers.canReorderItem = { _ in true }
    source.reorderingHandlers.didReorder = { [weak self] transaction in
      self?.store[.favourites] = transaction.finalSnapshot.itemIdentifiers(inSection: .favourites)
      self?.store[.all] = transaction.finalSnapshot.itemIdentifiers(inSection: .all)
    }
    return source
  }
}

@Suite("Swift 5: NSMapTable, reordering handlers, nib supplementary registrations")
struct MapTableAndReorderingSwift5Tests {
  @Test("a weak-value map keeps an image only while something else holds it")
  func weakMemory() throws {
    let memory = WeakImageMemory<NSURL, UIImage>()
    let url = NSURL(string: "https://img.test/1")!
    let found = Box<[Bool]>([])
    try simulate {
      var image: UIImage? = UIImage()
      memory.set(image!, for: url)
      found.value.append(memory.value(for: NSURL(string: "https://img.test/1")!) === image)
      image = nil
      found.value.append(memory.value(for: url) == nil)
    }
    #expect(found.value == [true, true])
  }

  @Test("a move through the data source updates the screen's store; headers come from the nib")
  @MainActor func reorderAndHeaders() {
    UINib.standIn(ReorderHeader.self, forNibNamed: "ReorderHeader")
    let controller = ReorderableGridController()
    controller.collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: UICollectionViewFlowLayout())
    var snapshot = NSDiffableDataSourceSnapshot<ReorderableGridController.Section, String>()
    snapshot.appendSections([.favourites, .all])
    snapshot.appendItems(["p1"], toSection: .favourites)
    snapshot.appendItems(["p2", "p3"], toSection: .all)
    controller.dataSource.apply(snapshot, animatingDifferences: true)
    let source = controller.dataSource
    source.collectionView(
      controller.collectionView, moveItemAt: IndexPath(item: 1, section: 1),
      to: IndexPath(item: 0, section: 0))
    #expect(controller.store[.favourites] == ["p3", "p1"])
    #expect(controller.store[.all] == ["p2"])
    let header = source.collectionView(
      controller.collectionView, viewForSupplementaryElementOfKind: "HeaderView",
      at: IndexPath(item: 0, section: 1))
    #expect((header as? ReorderHeader)?.label.text == "all")
  }
}

// The drag and drop delegates a reorderable grid adopts so that the diffable data source's
// reordering handlers are used; the simulated user never drags, so they are only kept.
extension ReorderableGridController: UICollectionViewDragDelegate, UICollectionViewDropDelegate {
  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession,
    at indexPath: IndexPath
  ) -> [UIDragItem] {
    []
  }

  func collectionView(
    _ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator
  ) {}
}

@Suite("Swift 5: drag and drop delegates of a reorderable grid")
struct DragAndDropSwift5Tests {
  @Test("the grid's delegates are kept, and no drag is ever under way")
  @MainActor func delegates() {
    let controller = ReorderableGridController()
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: UICollectionViewFlowLayout())
    view.dropDelegate = controller
    view.dragDelegate = controller
    #expect(view.dragDelegate === controller && view.dropDelegate === controller)
    #expect(!view.hasActiveDrag)
  }
}

// A custom grid layout that rebuilds its cached attributes only when the collection view's size
// changed, as hand-written layouts compare sizes.
final class CachingGridLayout: UICollectionViewLayout {
  private var cachedSize: CGSize = .zero
  private(set) var rebuilds = 0
  override func prepare() {
    super.prepare()
    let size = collectionView?.bounds.size ?? .zero
    if !cachedSize.equalTo(size) {
      cachedSize = size
      rebuilds += 1
    }
  }
}

@Suite("Swift 5: Core Graphics equalTo in a custom layout")
struct GeometryEqualitySwift5Tests {
  @Test("prepare() rebuilds once per size")
  @MainActor func rebuildsPerSize() {
    let layout = CachingGridLayout()
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    layout.prepare()
    layout.prepare()
    #expect(layout.rebuilds == 1)
    view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    layout.prepare()
    #expect(layout.rebuilds == 2)
    #expect(
      CGRect(x: 1, y: 1, width: 2, height: 2).equalTo(CGRect(x: 1, y: 1, width: 2, height: 2)))
  }
}
