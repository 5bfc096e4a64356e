/// UIKit's `UIAlertController`: an alert or action sheet that loaders present when a fetch
/// fails. Presenting it is recorded (`UIViewController.present(_:animated:completion:)`); the
/// alert is never shown and no one taps its actions, so their handlers never run (a test may call
/// `handler` through `actions`). The table under it stays on screen, as on a device.
@preconcurrency @MainActor open class UIAlertController: UIViewController {
  /// `UIAlertController.Style`.
  public enum Style: Int, Sendable {
    /// `.actionSheet`.
    case actionSheet = 0
    /// `.alert`.
    case alert = 1
  }

  /// The style.
  open private(set) var preferredStyle: Style = .alert
  /// The message.
  open var message: String?
  /// The actions added, in order.
  open private(set) var actions: [UIAlertAction] = []
  /// The preferred action (kept).
  open var preferredAction: UIAlertAction?
  /// The text fields added (kept, never edited).
  open private(set) var textFields: [UITextField]?

  /// `UIAlertController(title:message:preferredStyle:)`.
  public convenience init(title: String?, message: String?, preferredStyle: Style) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.message = message
    self.preferredStyle = preferredStyle
  }

  /// Adds `action`.
  open func addAction(_ action: UIAlertAction) { actions.append(action) }

  /// Adds a text field, configured by `configurationHandler`.
  open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
    let field = UITextField(frame: .zero)
    configurationHandler?(field)
    textFields = (textFields ?? []) + [field]
  }
}

/// UIKit's `UIAlertAction`: a button of an alert. Its handler runs only if a test calls it.
@preconcurrency @MainActor open class UIAlertAction: NSObject {
  /// `UIAlertAction.Style`.
  public enum Style: Int, Sendable {
    /// `.default`.
    case `default` = 0
    /// `.cancel`.
    case cancel = 1
    /// `.destructive`.
    case destructive = 2
  }

  /// The title.
  public let title: String?
  /// The style.
  public let style: Style
  /// Whether the action is enabled.
  open var isEnabled = true
  /// The handler given.
  public let handler: ((UIAlertAction) -> Void)?

  /// `UIAlertAction(title:style:handler:)`.
  public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// UIKit's `UITextField`, as far as alerts and search screens configure one: text and
/// placeholder, kept. No typing or keyboard; the `delegate` (`UITextField+Delegate.swift`) hears
/// the editing pairs when your code makes the field become or resign the first responder.
@preconcurrency @MainActor open class UITextField: UIView {
  /// The delegate (weak, as UIKit's).
  open weak var delegate: (any UITextFieldDelegate)?
  /// The text (setting it replaces `attributedText` with the plain string, as UIKit does).
  open var text: String? {
    get { storedText?.string }
    set { storedText = newValue.map { NSAttributedString(string: $0) } }
  }
  /// `attributedText`: the text with its attributes (kept, never drawn); `text` is its string.
  open var attributedText: NSAttributedString? {
    get { storedText }
    set { storedText = newValue }
  }
  var storedText: NSAttributedString?
  /// The placeholder (`attributedPlaceholder`'s string).
  open var placeholder: String? {
    get { storedPlaceholder?.string }
    set { storedPlaceholder = newValue.map { NSAttributedString(string: $0) } }
  }
  /// `attributedPlaceholder`: the placeholder with its attributes (kept, never drawn);
  /// `placeholder` is its string.
  open var attributedPlaceholder: NSAttributedString? {
    get { storedPlaceholder }
    set { storedPlaceholder = newValue }
  }

  /// `hasText` (`UIKeyInput`): whether the field holds any text.
  open var hasText: Bool { !(text ?? "").isEmpty }
  /// `insertText(_:)` (`UIKeyInput`): adds `text` where the insertion point is, the end of the
  /// field (there is no selection): a custom keyboard button or a "paste value" action.
  open func insertText(_ text: String) { self.text = (self.text ?? "") + text }
  /// `deleteBackward()` (`UIKeyInput`): removes the last character, if any.
  open func deleteBackward() {
    guard var current = text, !current.isEmpty else { return }
    current.removeLast()
    text = current
  }
  var storedPlaceholder: NSAttributedString?
  /// The font (kept).
  open var font: UIFont?
  /// The text colour (kept).
  open var textColor: UIColor?
  /// `isSecureTextEntry` (kept).
  open var isSecureTextEntry = false
  /// `autocapitalizationType` (kept).
  open var autocapitalizationType: UITextAutocapitalizationType = .sentences
  /// `autocorrectionType` (kept).
  open var autocorrectionType: UITextAutocorrectionType = .default
  /// `spellCheckingType` (kept).
  open var spellCheckingType: UITextSpellCheckingType = .default
  /// `keyboardType` (kept).
  open var keyboardType: UIKeyboardType = .default
  /// `returnKeyType` (kept).
  open var returnKeyType: UIReturnKeyType = .default
  /// The other text input traits (`UITextInputTraits+Views.swift`).
  lazy var inputTraits = TextInputTraitSettings()
  /// `clearButtonMode` (kept).
  open var clearButtonMode: ViewMode = .never
  /// `leftView` (kept, never shown).
  open var leftView: UIView?
  /// `rightView` (kept, never shown).
  open var rightView: UIView?
  /// `leftViewMode` (kept).
  open var leftViewMode: ViewMode = .never
  /// `rightViewMode` (kept).
  open var rightViewMode: ViewMode = .never
  /// `borderStyle` (kept; `.none` by default, as UIKit's).
  open var borderStyle: BorderStyle = .none
  /// `inputView` (kept, never shown; read-write here, as UIKit redeclares it).
  open override var inputView: UIView? {
    get { assignedInputView }
    set { assignedInputView = newValue }
  }
  /// `inputAccessoryView` (kept, never shown; read-write here, as UIKit redeclares it).
  open override var inputAccessoryView: UIView? {
    get { assignedInputAccessoryView }
    set { assignedInputAccessoryView = newValue }
  }

  /// UIKit's `UITextField.BorderStyle`, with its raw values.
  public enum BorderStyle: Int, Sendable {
    case none = 0
    case line = 1
    case bezel = 2
    case roundedRect = 3
  }

  /// UIKit's `UITextField.ViewMode`, with its raw values.
  public enum ViewMode: Int, Sendable {
    case never = 0
    case whileEditing = 1
    case unlessEditing = 2
    case always = 3
  }

  /// A text field can become the first responder (no keyboard is shown).
  open override var canBecomeFirstResponder: Bool { true }

  /// Asks the delegate's `textFieldShouldBeginEditing(_:)`; if it agrees, the field becomes the
  /// first responder and the delegate hears `textFieldDidBeginEditing(_:)`.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    if let delegate, !delegate.textFieldShouldBeginEditing(self) { return false }
    guard super.becomeFirstResponder() else { return false }
    delegate?.textFieldDidBeginEditing(self)
    postEditingNotification(UITextField.textDidBeginEditingNotification)
    return true
  }

  /// Asks the delegate's `textFieldShouldEndEditing(_:)`; if it agrees, the field resigns and
  /// the delegate hears `textFieldDidEndEditing(_:reason:)` with `.committed` (which, unless
  /// implemented, calls `textFieldDidEndEditing(_:)`).
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard isFirstResponder else { return true }
    if let delegate, !delegate.textFieldShouldEndEditing(self) { return false }
    guard super.resignFirstResponder() else { return false }
    delegate?.textFieldDidEndEditing(self, reason: .committed)
    postEditingNotification(UITextField.textDidEndEditingNotification)
    return true
  }
}
