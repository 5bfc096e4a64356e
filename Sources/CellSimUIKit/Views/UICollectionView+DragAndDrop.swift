import Foundation

/// UIKit's drag and drop for collection views, declared so that a grid that lets the user
/// reorder its photos by dragging them compiles unchanged.
///
/// The simulated user scrolls and taps; it never touches and holds an item, so no drag session
/// starts: the collection view keeps its `dragDelegate` and `dropDelegate` (weakly, as UIKit)
/// and never calls them, and `hasActiveDrag` and `hasActiveDrop` stay false. A diffable data
/// source's reordering (`DiffableDataSource+Reordering.swift`) is modelled on its own. Item
/// providers are in `NSItemProvider.swift`, the table view's drag and drop in
/// `UITableView+DragAndDrop.swift`. Not declared: drag previews and placeholders,
/// `UIDragPreviewTarget` and spring loading.
extension UICollectionView {
  /// The object that provides the items for a drag that starts in this view (held weakly).
  public var dragDelegate: (any UICollectionViewDragDelegate)? {
    get { supplementary.dragDelegate }
    set { supplementary.dragDelegate = newValue }
  }

  /// The object that handles drops in this view (held weakly).
  public var dropDelegate: (any UICollectionViewDropDelegate)? {
    get { supplementary.dropDelegate }
    set { supplementary.dropDelegate = newValue }
  }

  /// Whether a drag that started in this view is under way: never.
  public var hasActiveDrag: Bool { false }
  /// Whether a drop is under way over this view: never.
  public var hasActiveDrop: Bool { false }
}

/// UIKit's `UICollectionViewDragDelegate`; the optional methods have defaults.
@preconcurrency @MainActor public protocol UICollectionViewDragDelegate: AnyObject {
  /// The items to drag when a drag starts at `indexPath` (empty: no drag).
  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession,
    at indexPath: IndexPath
  ) -> [UIDragItem]
  /// Items to add to a drag under way (none by default).
  func collectionView(
    _ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession,
    at indexPath: IndexPath, point: CGPoint
  ) -> [UIDragItem]
  /// A drag is about to begin.
  func collectionView(
    _ collectionView: UICollectionView, dragSessionWillBegin session: any UIDragSession)
  /// A drag ended.
  func collectionView(
    _ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession)
}

extension UICollectionViewDragDelegate {
  /// None.
  public func collectionView(
    _ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession,
    at indexPath: IndexPath, point: CGPoint
  ) -> [UIDragItem] { [] }
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, dragSessionWillBegin session: any UIDragSession
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession
  ) {}
}

/// UIKit's `UICollectionViewDropDelegate`; the optional methods have defaults.
@preconcurrency @MainActor public protocol UICollectionViewDropDelegate: AnyObject {
  /// Incorporates the dropped items.
  func collectionView(
    _ collectionView: UICollectionView,
    performDropWith coordinator: any UICollectionViewDropCoordinator)
  /// Whether the view can take the session's items (yes by default).
  func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession)
    -> Bool
  /// How a drop at `destinationIndexPath` would be handled (cancelled by default, as UIKit's).
  func collectionView(
    _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UICollectionViewDropProposal
  /// A drop session ended.
  func collectionView(
    _ collectionView: UICollectionView, dropSessionDidEnd session: any UIDropSession)
}

extension UICollectionViewDropDelegate {
  /// Yes.
  public func collectionView(
    _ collectionView: UICollectionView, canHandle session: any UIDropSession
  ) -> Bool { true }
  /// A proposal to cancel the drop.
  public func collectionView(
    _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UICollectionViewDropProposal { UICollectionViewDropProposal(operation: .cancel) }
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, dropSessionDidEnd session: any UIDropSession
  ) {}
}

/// UIKit's `UIDragDropSession`: what drag and drop sessions share.
@preconcurrency @MainActor public protocol UIDragDropSession: AnyObject {
  /// The items being dragged.
  var items: [UIDragItem] { get }
  /// Where the touch is, in `view`'s coordinates.
  func location(in view: UIView) -> CGPoint
  /// Whether the items may be moved (not only copied).
  var allowsMoveOperation: Bool { get }
  /// Whether the drag stays within the app.
  var isRestrictedToDraggingApplication: Bool { get }
  /// Whether an item offers one of the uniform type identifiers.
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool
}

/// UIKit's `UIDragSession`.
@preconcurrency @MainActor public protocol UIDragSession: UIDragDropSession {
  /// The app's own data for the drag.
  var localContext: Any? { get set }
}

/// UIKit's `UIDropSession`.
@preconcurrency @MainActor public protocol UIDropSession: UIDragDropSession {
  /// The drag session, when the drag started in this app.
  var localDragSession: (any UIDragSession)? { get }
}

/// UIKit's `UIDragItem`: one dragged item.
@preconcurrency @MainActor open class UIDragItem: NSObject {
  /// What provides the item's data.
  public let itemProvider: NSItemProvider
  /// The app's own object for the item.
  open var localObject: Any?
  /// An item whose data `itemProvider` provides.
  public init(itemProvider: NSItemProvider) { self.itemProvider = itemProvider }
}

/// UIKit's `UIDropOperation`.
public enum UIDropOperation: UInt, Sendable {
  /// The drop is cancelled.
  case cancel = 0
  /// The drop is not allowed here.
  case forbidden = 1
  /// The items are copied.
  case copy = 2
  /// The items are moved.
  case move = 3
}

/// UIKit's `UIDropProposal`.
@preconcurrency @MainActor open class UIDropProposal: NSObject {
  /// How the drop would be handled.
  public let operation: UIDropOperation
  /// Whether the drop needs precise placement.
  open var isPrecise = false
  /// Whether the preview keeps its full size.
  open var prefersFullSizePreview = false
  /// A proposal of `operation`.
  public init(operation: UIDropOperation) { self.operation = operation }
}

/// UIKit's `UICollectionViewDropProposal`.
@preconcurrency @MainActor open class UICollectionViewDropProposal: UIDropProposal {
  /// Where the dropped items would go.
  public enum Intent: Int, Sendable {
    /// Not said.
    case unspecified = 0
    /// Inserted at the destination index path.
    case insertAtDestinationIndexPath = 1
    /// Put into the item at the destination index path.
    case insertIntoDestinationIndexPath = 2
  }
  /// Where the dropped items would go.
  public let intent: Intent
  /// A proposal of `operation` with `intent`.
  public init(operation: UIDropOperation, intent: Intent) {
    self.intent = intent
    super.init(operation: operation)
  }
  /// A proposal of `operation`, its intent unspecified.
  public override init(operation: UIDropOperation) {
    self.intent = .unspecified
    super.init(operation: operation)
  }
}

/// UIKit's `UIDragAnimating`.
@preconcurrency @MainActor public protocol UIDragAnimating: AnyObject {
  /// Adds animations to run with the drop's.
  func addAnimations(_ animations: @escaping () -> Void)
  /// Adds a block to run when the drop's animations end.
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

/// UIKit's `UICollectionViewDropItem`: one dropped item.
@preconcurrency @MainActor public protocol UICollectionViewDropItem: AnyObject {
  /// The dragged item.
  var dragItem: UIDragItem { get }
  /// Where it came from, when it came from this collection view.
  var sourceIndexPath: IndexPath? { get }
  /// The size of its preview.
  var previewSize: CGSize { get }
}

/// UIKit's `UICollectionViewDropCoordinator`: what a drop delegate animates the drop with.
@preconcurrency @MainActor public protocol UICollectionViewDropCoordinator: AnyObject {
  /// The dropped items.
  var items: [any UICollectionViewDropItem] { get }
  /// Where the items go.
  var destinationIndexPath: IndexPath? { get }
  /// The proposal the delegate last made.
  var proposal: UICollectionViewDropProposal { get }
  /// The drop session.
  var session: any UIDropSession { get }
  /// Animates `dragItem` to the item at `indexPath`.
  func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating
  /// Animates `dragItem` into `rect` of the item at `indexPath`.
  func drop(_ dragItem: UIDragItem, intoItemAt indexPath: IndexPath, rect: CGRect)
    -> any UIDragAnimating
}
