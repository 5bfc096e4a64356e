// Written as iOS code, with only the layer imported: highlight and context-menu callbacks that
// grid screens override.
import CellSimUIKit
import Testing

final class HighlightingGridController: UICollectionViewController {
  var highlighted: [IndexPath] = []

  override func collectionView(
    _ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { indexPath.item != 0 }

  override func collectionView(
    _ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath
  ) {
    highlighted.append(indexPath)
  }

  override func collectionView(
    _ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath
  ) {}

  override func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration? {
    UIContextMenuConfiguration(identifier: nil, previewProvider: nil, actionProvider: nil)
  }
}

@Suite("Collection views' highlight and context-menu callbacks")
@MainActor struct CollectionHighlightTests {
  @Test("a controller's overrides are what its collection view's delegate answers")
  func overridesAnswer() {
    let controller = HighlightingGridController(
      collectionViewLayout: UICollectionViewFlowLayout())
    let view = controller.collectionView!
    let delegate = view.delegate as? UICollectionViewDelegate
    let first = IndexPath(item: 0, section: 0)
    let second = IndexPath(item: 1, section: 0)
    #expect(delegate?.collectionView(view, shouldHighlightItemAt: first) == false)
    #expect(delegate?.collectionView(view, shouldHighlightItemAt: second) == true)
    delegate?.collectionView(view, didHighlightItemAt: second)
    #expect(controller.highlighted == [second])
    let menu = delegate?.collectionView(
      view, contextMenuConfigurationForItemAt: second, point: .zero)
    #expect(menu != nil)
  }
}
