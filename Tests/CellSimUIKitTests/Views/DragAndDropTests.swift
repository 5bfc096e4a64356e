// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A grid that lets its photos be dragged to reorder them, as reorderable grids write it.
final class DraggablePhotoGrid: UIViewController, UICollectionViewDragDelegate,
  UICollectionViewDropDelegate
{
  var dropped: [IndexPath] = []
  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession,
    at indexPath: IndexPath
  ) -> [UIDragItem] {
    let item = UIDragItem(
      itemProvider: NSItemProvider(object: "photo-\(indexPath.item)" as NSString))
    item.localObject = indexPath
    return [item]
  }
  func collectionView(
    _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UICollectionViewDropProposal {
    UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
  }
  func collectionView(
    _ collectionView: UICollectionView,
    performDropWith coordinator: any UICollectionViewDropCoordinator
  ) {
    if let destination = coordinator.destinationIndexPath { dropped.append(destination) }
  }
}

@Suite("Collection view drag and drop: declared, kept, never started by the simulated user")
@MainActor struct DragAndDropTests {
  @Test("the delegates are kept weakly; no drag or drop is ever under way")
  func delegatesKept() {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: UICollectionViewFlowLayout())
    #expect(!view.dragInteractionEnabled && !view.hasActiveDrag && !view.hasActiveDrop)
    var grid: DraggablePhotoGrid? = DraggablePhotoGrid()
    view.dragDelegate = grid
    view.dropDelegate = grid
    #expect(view.dragDelegate === grid && view.dropDelegate === grid)
    view.dragInteractionEnabled = true
    #expect(view.dragInteractionEnabled)
    grid = nil
    #expect(view.dragDelegate == nil && view.dropDelegate == nil)
  }

  @Test("drag items, item providers and drop proposals hold what they were made with")
  func itemsAndProposals() {
    let provider = NSItemProvider(object: "photo-1" as NSString)
    #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text"])
    #expect(provider.hasItemConformingToTypeIdentifier("public.utf8-plain-text"))
    #expect(NSItemProvider(object: UIImage()).registeredTypeIdentifiers.contains("public.png"))
    let item = UIDragItem(itemProvider: provider)
    item.localObject = 7
    #expect(item.itemProvider === provider && item.localObject as? Int == 7)
    let proposal = UICollectionViewDropProposal(
      operation: .move, intent: .insertAtDestinationIndexPath)
    #expect(proposal.operation == .move && proposal.intent == .insertAtDestinationIndexPath)
    #expect(UICollectionViewDropProposal(operation: .forbidden).intent == .unspecified)
    #expect(!proposal.isPrecise && !proposal.prefersFullSizePreview)
  }
}
