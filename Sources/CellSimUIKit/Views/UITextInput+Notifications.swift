import Foundation

extension UITextField {
  /// Posted (object: the field) after the delegate hears `textFieldDidBeginEditing(_:)`.
  nonisolated public static let textDidBeginEditingNotification = NSNotification.Name(
    "UITextFieldTextDidBeginEditingNotification")
  /// Never posted: a run never types (UIKit does not post it for text set in code either).
  nonisolated public static let textDidChangeNotification = NSNotification.Name(
    "UITextFieldTextDidChangeNotification")
  /// Posted (object: the field) after the delegate hears it end editing.
  nonisolated public static let textDidEndEditingNotification = NSNotification.Name(
    "UITextFieldTextDidEndEditingNotification")
}

extension UITextView {
  /// Posted (object: the view) after the delegate hears `textViewDidBeginEditing(_:)`.
  nonisolated public static let textDidBeginEditingNotification = NSNotification.Name(
    "UITextViewTextDidBeginEditingNotification")
  /// Never posted: a run never types (UIKit does not post it for text set in code either).
  nonisolated public static let textDidChangeNotification = NSNotification.Name(
    "UITextViewTextDidChangeNotification")
  /// Posted (object: the view) after the delegate hears `textViewDidEndEditing(_:)`.
  nonisolated public static let textDidEndEditingNotification = NSNotification.Name(
    "UITextViewTextDidEndEditingNotification")
}
