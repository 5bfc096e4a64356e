// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A section header that a nib holds, as grids with xib headers write it.
final class NibTitleHeader: UICollectionReusableView {
  var title = UILabel()
  var awoken = 0
  override func awakeFromNib() {
    super.awakeFromNib()
    awoken += 1
  }
}

@Suite("A collection diffable data source's reordering handlers; nib supplementary registrations")
@MainActor struct ReorderingAndNibHeaderTests {
  enum Section: Hashable, Sendable { case top, bottom }

  func makeSource() -> (UICollectionView, UICollectionViewDiffableDataSource<Section, String>) {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 600),
      collectionViewLayout: UICollectionViewFlowLayout())
    let registration = UICollectionView.CellRegistration<UICollectionViewCell, String> { _, _, _ in
    }
    let source = UICollectionViewDiffableDataSource<Section, String>(collectionView: view) {
      collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections([.top, .bottom])
    snapshot.appendItems(["a", "b", "c"], toSection: .top)
    snapshot.appendItems(["d"], toSection: .bottom)
    source.apply(snapshot, animatingDifferences: false)
    return (view, source)
  }

  @Test("without canReorderItem nothing moves; with it, a move runs willReorder then didReorder")
  func reorder() throws {
    let (view, source) = makeSource()
    let top = IndexPath(item: 0, section: 0)
    #expect(!source.collectionView(view, canMoveItemAt: top))
    source.reorderingHandlers.canReorderItem = { $0 != "d" }
    #expect(source.collectionView(view, canMoveItemAt: top))
    #expect(!source.collectionView(view, canMoveItemAt: IndexPath(item: 0, section: 1)))
    var heard: [String] = []
    var last: NSDiffableDataSourceTransaction<Section, String>?
    source.reorderingHandlers.willReorder = { transaction in
      heard.append("will \(source.snapshot().itemIdentifiers)")
      #expect(transaction.initialSnapshot.itemIdentifiers == ["a", "b", "c", "d"])
    }
    source.reorderingHandlers.didReorder = { transaction in
      heard.append("did \(source.snapshot().itemIdentifiers)")
      last = transaction
    }
    source.collectionView(view, moveItemAt: top, to: IndexPath(item: 1, section: 1))
    #expect(
      heard == [
        #"will ["a", "b", "c", "d"]"#, #"did ["b", "c", "d", "a"]"#,
      ])
    let transaction = try #require(last)
    #expect(transaction.finalSnapshot.itemIdentifiers(inSection: .bottom) == ["d", "a"])
    #expect(transaction.difference.insertions.count == 1)
    #expect(transaction.difference.removals.count == 1)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == [.top, .bottom])
    #expect(transaction.sectionTransactions[0].finalSnapshot.items == ["b", "c"])
    #expect(transaction.sectionTransactions[1].initialSnapshot.items == ["d"])
  }

  @Test("a registration from a nib makes the nib's stand-in, awoken once, configured each time")
  func nibRegistration() throws {
    UINib.standIn(NibTitleHeader.self, forNibNamed: "NibTitleHeader") { header in
      header.addSubview(header.title)
    }
    let (view, source) = makeSource()
    let registration = UICollectionView.SupplementaryRegistration<NibTitleHeader>(
      supplementaryNib: UINib(nibName: "NibTitleHeader", bundle: nil), elementKind: "header"
    ) { header, kind, indexPath in
      header.title.text = "\(kind) \(indexPath.section)"
    }
    source.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
    }
    let path = IndexPath(item: 0, section: 1)
    let first = try #require(
      source.collectionView(view, viewForSupplementaryElementOfKind: "header", at: path)
        as? NibTitleHeader)
    let again = source.collectionView(view, viewForSupplementaryElementOfKind: "header", at: path)
    #expect(first === again && first.awoken == 1)
    #expect(first.title.text == "header 1" && first.title.superview === first)
  }
}
