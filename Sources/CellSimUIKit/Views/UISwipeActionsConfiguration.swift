/// UIKit's `UIContextualAction`: a swipe action (kept; no one swipes, so its handler never runs).
@preconcurrency @MainActor open class UIContextualAction: NSObject {
  /// `UIContextualAction.Style`.
  public enum Style: Int, Sendable {
    case normal = 0
    case destructive = 1
  }
  /// `(action, sourceView, completion)`.
  public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

  /// The style.
  public let style: Style
  /// The title.
  open var title: String?
  /// The background colour (kept).
  open var backgroundColor: UIColor!
  /// The image (kept).
  open var image: UIImage?
  /// The handler (never called).
  public let handler: Handler

  /// An action.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}

/// UIKit's `UISwipeActionsConfiguration` (kept, never shown).
@preconcurrency @MainActor open class UISwipeActionsConfiguration: NSObject {
  /// The actions.
  public let actions: [UIContextualAction]
  /// `performsFirstActionWithFullSwipe` (kept).
  open var performsFirstActionWithFullSwipe = true
  /// A configuration of `actions`.
  public init(actions: [UIContextualAction]) { self.actions = actions }
}
