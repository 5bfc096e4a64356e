import Foundation

/// UIKit's drag and drop for table views, declared so that a list whose rows the user reorders
/// or drops text and images into compiles unchanged.
///
/// As with collection views (`UICollectionView+DragAndDrop.swift`), the simulated user never
/// touches and holds a row, so no session starts: the table keeps its `dragDelegate` and
/// `dropDelegate` (weakly, as UIKit) and never calls them. Not declared: drag previews,
/// drop placeholders (`UITableViewDropPlaceholder`) and spring loading.
extension UITableView {
  /// The object that provides the items for a drag that starts in this table (held weakly).
  public var dragDelegate: (any UITableViewDragDelegate)? {
    get { listSettings.tableDragDelegate }
    set { listSettings.tableDragDelegate = newValue }
  }

  /// The object that handles drops in this table (held weakly).
  public var dropDelegate: (any UITableViewDropDelegate)? {
    get { listSettings.tableDropDelegate }
    set { listSettings.tableDropDelegate = newValue }
  }

  /// Whether rows can be dragged: false until set, UIKit's value on iPhone (kept; no one drags).
  public var dragInteractionEnabled: Bool {
    get { listSettings.dragInteractionEnabled }
    set { listSettings.dragInteractionEnabled = newValue }
  }

  /// Whether a drag that started in this table is under way: never.
  public var hasActiveDrag: Bool { false }
  /// Whether a drop is under way over this table: never.
  public var hasActiveDrop: Bool { false }
}

/// UIKit's `UITableViewDragDelegate`; the optional methods have UIKit's defaults.
@preconcurrency @MainActor public protocol UITableViewDragDelegate: AnyObject {
  /// The items to drag when a drag starts at `indexPath` (empty: no drag).
  func tableView(
    _ tableView: UITableView, itemsForBeginning session: any UIDragSession,
    at indexPath: IndexPath
  ) -> [UIDragItem]
  /// Items to add to a drag under way (none by default).
  func tableView(
    _ tableView: UITableView, itemsForAddingTo session: any UIDragSession,
    at indexPath: IndexPath, point: CGPoint
  ) -> [UIDragItem]
  /// A drag is about to begin.
  func tableView(_ tableView: UITableView, dragSessionWillBegin session: any UIDragSession)
  /// A drag ended.
  func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession)
  /// Whether the drag may move its items (yes by default).
  func tableView(
    _ tableView: UITableView, dragSessionAllowsMoveOperation session: any UIDragSession
  ) -> Bool
  /// Whether the drag stays in this app (no by default).
  func tableView(
    _ tableView: UITableView,
    dragSessionIsRestrictedToDraggingApplication session: any UIDragSession
  ) -> Bool
}

extension UITableViewDragDelegate {
  /// None.
  public func tableView(
    _ tableView: UITableView, itemsForAddingTo session: any UIDragSession,
    at indexPath: IndexPath, point: CGPoint
  ) -> [UIDragItem] { [] }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, dragSessionWillBegin session: any UIDragSession) {
  }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession) {}
  /// Yes.
  public func tableView(
    _ tableView: UITableView, dragSessionAllowsMoveOperation session: any UIDragSession
  ) -> Bool { true }
  /// No.
  public func tableView(
    _ tableView: UITableView,
    dragSessionIsRestrictedToDraggingApplication session: any UIDragSession
  ) -> Bool { false }
}

/// UIKit's `UITableViewDropDelegate`; only `tableView(_:performDropWith:)` is required.
@preconcurrency @MainActor public protocol UITableViewDropDelegate: AnyObject {
  /// Incorporates the dropped items.
  func tableView(
    _ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator)
  /// Whether the table can take the session's items (yes by default).
  func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool
  /// A drop session entered the table.
  func tableView(_ tableView: UITableView, dropSessionDidEnter session: any UIDropSession)
  /// How a drop at `destinationIndexPath` would be handled (cancelled by default, as UIKit's).
  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal
  /// A drop session left the table.
  func tableView(_ tableView: UITableView, dropSessionDidExit session: any UIDropSession)
  /// A drop session ended.
  func tableView(_ tableView: UITableView, dropSessionDidEnd session: any UIDropSession)
}

extension UITableViewDropDelegate {
  /// Yes.
  public func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool {
    true
  }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, dropSessionDidEnter session: any UIDropSession) {}
  /// A proposal to cancel the drop.
  public func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal { UITableViewDropProposal(operation: .cancel) }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, dropSessionDidExit session: any UIDropSession) {}
  /// Does nothing.
  public func tableView(_ tableView: UITableView, dropSessionDidEnd session: any UIDropSession) {}
}

/// UIKit's `UITableViewDropProposal`.
@preconcurrency @MainActor open class UITableViewDropProposal: UIDropProposal {
  /// Where the dropped items would go, with UIKit's raw values.
  public enum Intent: Int, Sendable {
    /// Not said.
    case unspecified = 0
    /// Inserted at the destination index path.
    case insertAtDestinationIndexPath = 1
    /// Put into the row at the destination index path.
    case insertIntoDestinationIndexPath = 2
    /// Inserted or put into the row, by where the touch is.
    case automatic = 3
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

/// UIKit's `UITableViewDropItem`: one dropped item.
@preconcurrency @MainActor public protocol UITableViewDropItem: AnyObject {
  /// The dragged item.
  var dragItem: UIDragItem { get }
  /// Where it came from, when it came from this table.
  var sourceIndexPath: IndexPath? { get }
  /// The size of its preview.
  var previewSize: CGSize { get }
}

/// UIKit's `UITableViewDropCoordinator`: what a drop delegate animates the drop with.
@preconcurrency @MainActor public protocol UITableViewDropCoordinator: AnyObject {
  /// The dropped items.
  var items: [any UITableViewDropItem] { get }
  /// Where the items go.
  var destinationIndexPath: IndexPath? { get }
  /// The proposal the delegate last made.
  var proposal: UITableViewDropProposal { get }
  /// The drop session.
  var session: any UIDropSession { get }
  /// Animates `dragItem` to the row at `indexPath`.
  func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating
  /// Animates `dragItem` into `rect` of the row at `indexPath`.
  func drop(_ dragItem: UIDragItem, intoRowAt indexPath: IndexPath, rect: CGRect)
    -> any UIDragAnimating
}
