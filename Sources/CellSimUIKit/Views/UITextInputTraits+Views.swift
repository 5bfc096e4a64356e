import Foundation

// The `UITextInputTraits` that text fields, text views and search bars adopt, kept and read
// back (`UITextInputTraits.swift`). No keyboard is shown in a run, so none is acted on.

extension UITextField {
  /// `enablesReturnKeyAutomatically` (kept; false by default).
  public var enablesReturnKeyAutomatically: Bool {
    get { inputTraits.enablesReturnKeyAutomatically }
    set { inputTraits.enablesReturnKeyAutomatically = newValue }
  }
  /// `keyboardAppearance` (kept).
  public var keyboardAppearance: UIKeyboardAppearance {
    get { inputTraits.keyboardAppearance }
    set { inputTraits.keyboardAppearance = newValue }
  }
  /// `textContentType` (kept; nil by default).
  public var textContentType: UITextContentType! {
    get { inputTraits.textContentType }
    set { inputTraits.textContentType = newValue }
  }
  /// `smartQuotesType` (kept).
  public var smartQuotesType: UITextSmartQuotesType {
    get { inputTraits.smartQuotesType }
    set { inputTraits.smartQuotesType = newValue }
  }
  /// `smartDashesType` (kept).
  public var smartDashesType: UITextSmartDashesType {
    get { inputTraits.smartDashesType }
    set { inputTraits.smartDashesType = newValue }
  }
  /// `smartInsertDeleteType` (kept).
  public var smartInsertDeleteType: UITextSmartInsertDeleteType {
    get { inputTraits.smartInsertDeleteType }
    set { inputTraits.smartInsertDeleteType = newValue }
  }
}

extension UITextView {
  /// `enablesReturnKeyAutomatically` (kept; false by default).
  public var enablesReturnKeyAutomatically: Bool {
    get { inputTraits.enablesReturnKeyAutomatically }
    set { inputTraits.enablesReturnKeyAutomatically = newValue }
  }
  /// `keyboardAppearance` (kept).
  public var keyboardAppearance: UIKeyboardAppearance {
    get { inputTraits.keyboardAppearance }
    set { inputTraits.keyboardAppearance = newValue }
  }
  /// `textContentType` (kept; nil by default).
  public var textContentType: UITextContentType! {
    get { inputTraits.textContentType }
    set { inputTraits.textContentType = newValue }
  }
  /// `smartQuotesType` (kept).
  public var smartQuotesType: UITextSmartQuotesType {
    get { inputTraits.smartQuotesType }
    set { inputTraits.smartQuotesType = newValue }
  }
  /// `smartDashesType` (kept).
  public var smartDashesType: UITextSmartDashesType {
    get { inputTraits.smartDashesType }
    set { inputTraits.smartDashesType = newValue }
  }
  /// `smartInsertDeleteType` (kept).
  public var smartInsertDeleteType: UITextSmartInsertDeleteType {
    get { inputTraits.smartInsertDeleteType }
    set { inputTraits.smartInsertDeleteType = newValue }
  }
  /// `isSecureTextEntry` (kept; false by default).
  public var isSecureTextEntry: Bool {
    get { inputTraits.isSecureTextEntry }
    set { inputTraits.isSecureTextEntry = newValue }
  }
  /// `autocapitalizationType` (kept; `.sentences` by default).
  public var autocapitalizationType: UITextAutocapitalizationType {
    get { inputTraits.autocapitalizationType }
    set { inputTraits.autocapitalizationType = newValue }
  }
  /// `autocorrectionType` (kept).
  public var autocorrectionType: UITextAutocorrectionType {
    get { inputTraits.autocorrectionType }
    set { inputTraits.autocorrectionType = newValue }
  }
  /// `spellCheckingType` (kept).
  public var spellCheckingType: UITextSpellCheckingType {
    get { inputTraits.spellCheckingType }
    set { inputTraits.spellCheckingType = newValue }
  }
  /// `keyboardType` (kept).
  public var keyboardType: UIKeyboardType {
    get { inputTraits.keyboardType }
    set { inputTraits.keyboardType = newValue }
  }
  /// `returnKeyType` (kept).
  public var returnKeyType: UIReturnKeyType {
    get { inputTraits.returnKeyType }
    set { inputTraits.returnKeyType = newValue }
  }
}

extension UISearchBar {
  /// `enablesReturnKeyAutomatically` (kept, on the search text field; false by default).
  public var enablesReturnKeyAutomatically: Bool {
    get { searchTextField.enablesReturnKeyAutomatically }
    set { searchTextField.enablesReturnKeyAutomatically = newValue }
  }
  /// `keyboardAppearance` (kept, on the search text field).
  public var keyboardAppearance: UIKeyboardAppearance {
    get { searchTextField.keyboardAppearance }
    set { searchTextField.keyboardAppearance = newValue }
  }
  /// `textContentType` (kept, on the search text field).
  public var textContentType: UITextContentType! {
    get { searchTextField.textContentType }
    set { searchTextField.textContentType = newValue }
  }
  /// `isSecureTextEntry` (kept, on the search text field).
  public var isSecureTextEntry: Bool {
    get { searchTextField.isSecureTextEntry }
    set { searchTextField.isSecureTextEntry = newValue }
  }
  /// `smartQuotesType` (kept, on the search text field).
  public var smartQuotesType: UITextSmartQuotesType {
    get { searchTextField.smartQuotesType }
    set { searchTextField.smartQuotesType = newValue }
  }
  /// `smartDashesType` (kept, on the search text field).
  public var smartDashesType: UITextSmartDashesType {
    get { searchTextField.smartDashesType }
    set { searchTextField.smartDashesType = newValue }
  }
  /// `smartInsertDeleteType` (kept, on the search text field).
  public var smartInsertDeleteType: UITextSmartInsertDeleteType {
    get { searchTextField.smartInsertDeleteType }
    set { searchTextField.smartInsertDeleteType = newValue }
  }
}
