// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A section header, as photo grids write it.
final class TitleHeaderView: UICollectionReusableView {
  static let reuseIdentifier = "title-header"
  let label = UILabel()
  var reuses = 0
  override init(frame: CGRect) {
    super.init(frame: frame)
    addSubview(label)
  }
  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
  }
}

@Suite("Diffable data sources: async apply, sections, supplementary views; selection")
@MainActor struct DiffableSectionsTests {
  enum Section: Int, Hashable, Sendable { case recent, favourites }

  func makeSource() -> (UICollectionView, UICollectionViewDiffableDataSource<Section, String>) {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 600),
      collectionViewLayout: UICollectionViewFlowLayout())
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> {
      cell, _, item in
      var content = cell.defaultContentConfiguration()
      content.text = item
      cell.contentConfiguration = content
    }
    let source = UICollectionViewDiffableDataSource<Section, String>(collectionView: view) {
      collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    return (view, source)
  }

  @Test("section snapshots fill their section; sectionIdentifier(for:) names sections in order")
  func sectionSnapshots() {
    let (_, source) = makeSource()
    var recent = NSDiffableDataSourceSectionSnapshot<String>()
    recent.append(["a", "b"])
    recent.append(["b1", "b2"], to: "b")
    recent.append(["c"])
    #expect(recent.items == ["a", "b", "b1", "b2", "c"])
    #expect(recent.rootItems == ["a", "b", "c"])
    #expect(recent.visibleItems == ["a", "b", "c"])
    #expect(recent.parent(of: "b2") == "b" && recent.level(of: "b2") == 1)
    recent.expand(["b"])
    #expect(recent.visibleItems == ["a", "b", "b1", "b2", "c"])
    source.apply(recent, to: .recent, animatingDifferences: false)
    var favourites = NSDiffableDataSourceSectionSnapshot<String>()
    favourites.append(["f"])
    source.apply(favourites, to: .favourites)
    #expect(source.snapshot().sectionIdentifiers == [.recent, .favourites])
    #expect(source.snapshot().itemIdentifiers == ["a", "b", "b1", "b2", "c", "f"])
    #expect(source.sectionIdentifier(for: 1) == .favourites)
    #expect(source.sectionIdentifier(for: 2) == nil)
    #expect(source.snapshot(for: .favourites).items == ["f"])
    recent.delete(["b"])
    #expect(recent.items == ["a", "c"])
    source.apply(recent, to: .recent)
    #expect(source.snapshot().itemIdentifiers == ["a", "c", "f"])
  }

  @Test("await apply and applySnapshotUsingReloadData make the snapshot the data")
  func asyncForms() async {
    let (_, source) = makeSource()
    var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections([.recent])
    snapshot.appendItems(["x", "y"])
    await source.apply(snapshot)
    #expect(source.snapshot().itemIdentifiers == ["x", "y"])
    snapshot.appendItems(["z"])
    await source.applySnapshotUsingReloadData(snapshot)
    #expect(source.snapshot().itemIdentifiers == ["x", "y", "z"])
    let table = UITableView(frame: .zero, style: .plain)
    let tableSource = UITableViewDiffableDataSource<Section, String>(tableView: table) {
      _, _, _ in nil
    }
    tableSource.defaultRowAnimation = .fade
    await tableSource.apply(snapshot, animatingDifferences: false)
    #expect(tableSource.sectionIdentifier(for: 0) == .recent)
    #expect(tableSource.defaultRowAnimation == .fade)
  }

  @Test("a supplementary registration and the provider make the header UIKit would ask for")
  func supplementaryViews() throws {
    let (view, source) = makeSource()
    let registration = UICollectionView.SupplementaryRegistration<TitleHeaderView>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { header, elementKind, indexPath in
      header.label.text = "Section \(indexPath.section) \(elementKind)"
    }
    source.supplementaryViewProvider = { collectionView, kind, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
    }
    let asked = source.collectionView(
      view, viewForSupplementaryElementOfKind: UICollectionView.elementKindSectionHeader,
      at: IndexPath(item: 0, section: 1))
    let header = try #require(asked as? TitleHeaderView)
    #expect(header.label.text == "Section 1 UICollectionElementKindSectionHeader")
    let again = source.collectionView(
      view, viewForSupplementaryElementOfKind: UICollectionView.elementKindSectionHeader,
      at: IndexPath(item: 0, section: 1))
    #expect(again === header && header.reuses == 1)

    view.register(
      TitleHeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
      withReuseIdentifier: TitleHeaderView.reuseIdentifier)
    let footer = view.dequeueReusableSupplementaryView(
      ofKind: UICollectionView.elementKindSectionFooter,
      withReuseIdentifier: TitleHeaderView.reuseIdentifier, for: IndexPath(item: 0, section: 0))
    #expect(footer is TitleHeaderView)
    #expect(footer.reuseIdentifier == TitleHeaderView.reuseIdentifier)
  }

  @Test("selection is recorded; reloadSections and setCollectionViewLayout take effect")
  func selectionAndLayouts() {
    let (view, _) = makeSource()
    view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
    view.selectItem(
      at: IndexPath(item: 4, section: 0), animated: true, scrollPosition: .centeredHorizontally)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    view.allowsMultipleSelection = true
    view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: .left)
    #expect(view.indexPathsForSelectedItems?.count == 2)
    view.deselectItem(at: IndexPath(item: 4, section: 0), animated: true)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    view.selectItem(at: nil, animated: false, scrollPosition: .right)
    #expect(view.indexPathsForSelectedItems == nil)
    view.reloadSections(IndexSet(integer: 0))
    #expect(view.indexPathForItem(at: CGPoint(x: 10, y: 10)) == nil)
    let layout = UICollectionViewCompositionalLayout.list(
      using: UICollectionLayoutListConfiguration(appearance: .plain))
    view.setCollectionViewLayout(layout, animated: true)
    #expect(view.collectionViewLayout === layout && layout.collectionView === view)
    let controller = UICollectionViewController(collectionViewLayout: UICollectionViewFlowLayout())
    controller.collectionView.setCollectionViewLayout(layout, animated: false)
    #expect(controller.collectionViewLayout === layout)
  }
}
