import Synchronization

/// The window a view is in (`UIView.window`, `willMove(toWindow:)`, `didMoveToWindow()`).
///
/// A hosted screen is in a window: the host makes a `UIWindow` the size of the scenario's screen
/// and makes the view controller its root, as an app's scene delegate does. So a view in the
/// screen's hierarchy has a `window`, and one that is not (a cell the table took off the screen,
/// a view made and not yet added, a controller's view before it is shown) has none. A table or
/// collection view adds each cell it displays as its subview, and removes it when the row leaves
/// the screen (UIKit: `tableView(_:didEndDisplaying:forRowAt:)` "tells the delegate that the
/// specified cell was removed from the table"), so code that checks `imageView.window != nil`
/// before it sets an image, or cancels a load in `didMoveToWindow()`, runs as on a device.
extension UIView {
  /// Sends `willMove(toWindow:)` to the view and its subviews, parents first.
  func windowWillChange(to newWindow: UIWindow?) {
    willMove(toWindow: newWindow)
    for subview in storedSubviews { subview.windowWillChange(to: newWindow) }
  }

  /// Sends `didMoveToWindow()` to the view and its subviews, parents first.
  func windowDidChange() {
    // UIKit applies appearance proxies' settings as a view enters a window.
    if AppearanceRegistry.liveRecords.load(ordering: .relaxed) > 0, window != nil {
      applyAppearance()
    }
    didMoveToWindow()
    for subview in storedSubviews { subview.windowDidChange() }
  }
}
