/// The defaults of the data source's and delegate's methods for section indexes, highlighting,
/// editing and moving, as UIKit behaves when a method is not implemented. A hosted table never
/// asks for them (no one taps, swipes or drags); they are declared so that code implementing
/// them compiles, and a `UITableViewController` subclass can override them.
extension UITableViewDataSource {
  /// No section index.
  public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  /// The section at the title's position.
  public func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { index }
}

extension UITableViewDelegate {
  /// The row itself.
  public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath
  ) {}
  /// Yes.
  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath)
    -> Bool
  { true }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
  /// `.delete`, UIKit's style for an editable row.
  public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
    -> UITableViewCell.EditingStyle
  { .delete }
  /// Nil: the system's title.
  public func tableView(
    _ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  ) -> String? { nil }
  /// Nil: the system's actions.
  public func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath)
    -> [UITableViewRowAction]?
  { nil }
  /// Yes.
  public func tableView(
    _ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
  /// The proposed place.
  public func tableView(
    _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { proposedDestinationIndexPath }
  /// No indentation.
  public func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath)
    -> Int
  { 0 }
}

/// UIKit's `UITableViewRowAction` (deprecated in iOS 13 for `UIContextualAction`): a swipe
/// action of the API before iOS 11. Kept; no one swipes, so its handler never runs.
@preconcurrency @MainActor open class UITableViewRowAction: NSObject {
  /// `UITableViewRowAction.Style`.
  public enum Style: Int, Sendable {
    case `default` = 0
    case normal = 1
    /// The same as `.default`, as in UIKit.
    public static let destructive = Style.default
  }

  /// The style.
  open private(set) var style: Style
  /// The title.
  open var title: String?
  /// The background colour (kept).
  open var backgroundColor: UIColor?
  let handler: (UITableViewRowAction, IndexPath) -> Void

  /// An action of `style` titled `title`, whose `handler` would run when tapped.
  public init(
    style: Style, title: String?,
    handler: @escaping (UITableViewRowAction, IndexPath) -> Void
  ) {
    self.style = style
    self.title = title
    self.handler = handler
    super.init()
  }
}
