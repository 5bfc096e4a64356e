import Foundation

/// UIKit's `UIActivityItemProvider`: an operation that stands in for a shared item until an
/// activity asks for it (never asked: no one picks an activity). Subclasses override `item`;
/// by default it is the placeholder.
open class UIActivityItemProvider: Operation, @unchecked Sendable {
  private let placeholder: Any

  /// `init(placeholderItem:)`.
  public init(placeholderItem: Any) {
    placeholder = placeholderItem
    super.init()
  }

  /// `placeholderItem`: the item given at initialization.
  open var placeholderItem: Any? { placeholder }
  /// `activityType`: the activity being performed (nil: none is).
  open var activityType: UIActivity.ActivityType? { nil }
  /// `item`: what the activity shares (a subclass's override; the placeholder by default).
  open var item: Any { placeholder }
}

extension UIActivityItemProvider: UIActivityItemSource {
  /// The placeholder item.
  @MainActor public func activityViewControllerPlaceholderItem(
    _ activityViewController: UIActivityViewController
  ) -> Any { placeholder }

  /// The item (`item`).
  @MainActor public func activityViewController(
    _ activityViewController: UIActivityViewController,
    itemForActivityType activityType: UIActivity.ActivityType?
  ) -> Any? { item }
}
