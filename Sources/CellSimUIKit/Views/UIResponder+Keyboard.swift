import Foundation

/// UIKit's keyboard notifications and their user-info keys, with UIKit's raw values, so a
/// screen that moves its content out of the keyboard's way compiles. The simulated user never
/// types, so no keyboard appears and none of these is posted by the simulation; a test may post
/// one with the keys below (the frames as `CGRect` values, the duration as a `Double`).
extension UIResponder {
  /// Posted before the keyboard appears.
  nonisolated public static let keyboardWillShowNotification = NSNotification.Name(
    "UIKeyboardWillShowNotification")
  /// Posted after the keyboard appears.
  nonisolated public static let keyboardDidShowNotification = NSNotification.Name(
    "UIKeyboardDidShowNotification")
  /// Posted before the keyboard disappears.
  nonisolated public static let keyboardWillHideNotification = NSNotification.Name(
    "UIKeyboardWillHideNotification")
  /// Posted after the keyboard disappears.
  nonisolated public static let keyboardDidHideNotification = NSNotification.Name(
    "UIKeyboardDidHideNotification")
  /// Posted before the keyboard's frame changes.
  nonisolated public static let keyboardWillChangeFrameNotification = NSNotification.Name(
    "UIKeyboardWillChangeFrameNotification")
  /// Posted after the keyboard's frame changes.
  nonisolated public static let keyboardDidChangeFrameNotification = NSNotification.Name(
    "UIKeyboardDidChangeFrameNotification")

  /// The keyboard's frame at the start of the change, in screen coordinates.
  nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  /// The keyboard's frame at the end of the change, in screen coordinates.
  nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// The duration of the keyboard's animation, in seconds.
  nonisolated public static let keyboardAnimationDurationUserInfoKey =
    "UIKeyboardAnimationDurationUserInfoKey"
  /// The animation curve of the keyboard's animation (a `UIView.AnimationCurve` raw value).
  nonisolated public static let keyboardAnimationCurveUserInfoKey =
    "UIKeyboardAnimationCurveUserInfoKey"
  /// Whether the keyboard belongs to this app.
  nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}
