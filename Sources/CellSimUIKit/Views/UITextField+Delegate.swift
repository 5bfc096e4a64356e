/// UIKit's `UITextFieldDelegate`. Every method is optional (defaults in an extension). A run
/// calls only the editing pairs, when your code makes the field become or resign the first
/// responder; the others report a user's typing and taps, which a run does not have.
@preconcurrency @MainActor public protocol UITextFieldDelegate: AnyObject {
  /// Whether editing may begin (true by default).
  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
  /// Editing began.
  func textFieldDidBeginEditing(_ textField: UITextField)
  /// Whether editing may end (true by default).
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
  /// Editing ended (called by the default `textFieldDidEndEditing(_:reason:)`).
  func textFieldDidEndEditing(_ textField: UITextField)
  /// Editing ended for `reason`; by default calls `textFieldDidEndEditing(_:)`, as UIKit does
  /// when this method is not implemented.
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
  /// Whether the user's edit may replace `range` (true by default; never asked by a run).
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool
  /// The selection changed (never called by a run).
  func textFieldDidChangeSelection(_ textField: UITextField)
  /// Whether the clear button may clear the text (true by default; never asked by a run).
  func textFieldShouldClear(_ textField: UITextField) -> Bool
  /// The user tapped Return (true by default; never asked by a run).
  func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
  /// Allows editing to begin.
  public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
  /// Does nothing.
  public func textFieldDidBeginEditing(_ textField: UITextField) {}
  /// Allows editing to end.
  public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
  /// Does nothing.
  public func textFieldDidEndEditing(_ textField: UITextField) {}
  /// Calls `textFieldDidEndEditing(_:)`.
  public func textFieldDidEndEditing(
    _ textField: UITextField, reason: UITextField.DidEndEditingReason
  ) {
    textFieldDidEndEditing(textField)
  }
  /// Allows the edit.
  public func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool { true }
  /// Does nothing.
  public func textFieldDidChangeSelection(_ textField: UITextField) {}
  /// Allows clearing.
  public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
  /// Allows Return.
  public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

extension UITextField {
  /// UIKit's `UITextField.DidEndEditingReason`, with its raw value.
  public enum DidEndEditingReason: Int, Sendable {
    /// Editing ended because the field resigned the first responder.
    case committed = 0
  }
}
