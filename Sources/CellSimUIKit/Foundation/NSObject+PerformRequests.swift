import Foundation

// What is left of Foundation's delayed-perform API once `#selector` lines are removed from a
// file: the cancellations, which name no selector literal (a photo browser's
// `NSObject.cancelPreviousPerformRequests(withTarget: self)` before it schedules a hide).
extension NSObject {
  /// `cancelPreviousPerformRequests(withTarget:)`: nothing to cancel (the layer schedules no
  /// `perform(_:with:afterDelay:)` requests: their selectors do not survive conversion).
  public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {}

  /// `cancelPreviousPerformRequests(withTarget:selector:object:)`: nothing to cancel.
  public class func cancelPreviousPerformRequests(
    withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?
  ) {}
}
