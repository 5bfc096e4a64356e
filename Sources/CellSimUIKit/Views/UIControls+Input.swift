/// UIKit's `UISwitch`: its state and colours, kept. A run never taps it, so its actions run only
/// when the app sends them.
@preconcurrency @MainActor open class UISwitch: UIControl {
  /// Whether the switch is on.
  open var isOn = false
  /// `onTintColor` (kept).
  open var onTintColor: UIColor?
  /// `thumbTintColor` (kept).
  open var thumbTintColor: UIColor?
  /// `title` (kept; shown only in Mac Catalyst's checkbox style).
  open var title: String?

  /// A switch with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A switch.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `setOn(_:animated:)`: sets `isOn` (no animation; no action is sent, as in UIKit).
  open func setOn(_ on: Bool, animated: Bool) { isOn = on }

  /// UIKit's size of a switch, 51 by 31 points, whatever the size given.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 51, height: 31) }
}

/// UIKit's `UIDatePicker`: its date, mode, bounds and style, kept. A run never spins it.
@preconcurrency @MainActor open class UIDatePicker: UIControl {
  /// UIKit's `UIDatePicker.Mode`, with its raw values.
  public enum Mode: Int, Sendable {
    case time = 0
    case date = 1
    case dateAndTime = 2
    case countDownTimer = 3
    case yearAndMonth = 4
  }

  /// The date shown: at first, as in UIKit, the current date, which in a world is its virtual
  /// wall clock (`Date()`); a picker made outside any world starts at the Unix epoch (the real
  /// clock would make a run depend on when it ran).
  open var date: Date =
    SimulationContext.world != nil ? Date() : Date(timeIntervalSince1970: 0)
  /// `datePickerMode` (`.dateAndTime` by default, as UIKit's).
  open var datePickerMode: Mode = .dateAndTime
  /// `minimumDate` (kept; `date` is not clamped).
  open var minimumDate: Date?
  /// `maximumDate` (kept; `date` is not clamped).
  open var maximumDate: Date?
  /// `locale` (kept).
  open var locale: Locale?
  /// `timeZone` (kept).
  open var timeZone: TimeZone?
  /// `minuteInterval` (kept).
  open var minuteInterval = 1
  /// `countDownDuration` (kept).
  open var countDownDuration: TimeInterval = 0
  /// `preferredDatePickerStyle` (kept).
  open var preferredDatePickerStyle: UIDatePickerStyle = .automatic
  /// `datePickerStyle`: the preferred style, `.automatic` resolving to `.compact` (iOS 14's
  /// choice for a picker that fits its space).
  open var datePickerStyle: UIDatePickerStyle {
    preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
  }

  /// A date picker with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A date picker.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `setDate(_:animated:)`: sets `date` (no animation).
  open func setDate(_ date: Date, animated: Bool) { self.date = date }
}

/// UIKit's `UIDatePickerStyle`, with its raw values.
public enum UIDatePickerStyle: Int, Sendable {
  case automatic = 0
  case wheels = 1
  case compact = 2
  case inline = 3
}

/// UIKit's `UITextView`: a scroll view of text. Its text, attributes and settings are kept and
/// nothing is laid out or drawn; a run never types. A `delegate` that is a `UITextViewDelegate`
/// hears the editing pairs when your code makes the view become or resign the first responder.
@preconcurrency @MainActor open class UITextView: UIScrollView {
  /// The text (never nil: setting nil stores the empty string, as UIKit's).
  open var text: String! {
    get { storedText }
    set { storedText = newValue ?? "" }
  }
  var storedText = ""
  /// `attributedText` (kept).
  open var attributedText: NSAttributedString!
  /// The font (kept).
  open var font: UIFont?
  /// The text colour (kept).
  open var textColor: UIColor?
  /// `textAlignment` (kept).
  open var textAlignment: NSTextAlignment = .natural
  /// `isEditable` (kept; true by default).
  open var isEditable = true
  /// `isSelectable` (kept; true by default).
  open var isSelectable = true
  /// `textContainerInset` (kept; UIKit's default of 8 points top and bottom).
  open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
  /// The delegate as a `UITextViewDelegate`: `delegate` is declared once, on `UIScrollView` (as
  /// for tables), so `textView.delegate = self` keeps it there and the view reads it back here.
  var textViewDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }

  /// A text view with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A text view.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// An editable or selectable text view can become the first responder (no keyboard is shown).
  open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

  /// Asks the delegate's `textViewShouldBeginEditing(_:)`; if it agrees, the view becomes the
  /// first responder and the delegate hears `textViewDidBeginEditing(_:)`.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    if let delegate = textViewDelegate, !delegate.textViewShouldBeginEditing(self) { return false }
    guard super.becomeFirstResponder() else { return false }
    textViewDelegate?.textViewDidBeginEditing(self)
    return true
  }

  /// Asks the delegate's `textViewShouldEndEditing(_:)`; if it agrees, the view resigns and the
  /// delegate hears `textViewDidEndEditing(_:)`.
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard isFirstResponder else { return true }
    if let delegate = textViewDelegate, !delegate.textViewShouldEndEditing(self) { return false }
    guard super.resignFirstResponder() else { return false }
    textViewDelegate?.textViewDidEndEditing(self)
    return true
  }
}

/// UIKit's `UITextViewDelegate` (a `UIScrollViewDelegate`). Every method is optional (defaults
/// in an extension); a run calls only the editing pairs.
@preconcurrency @MainActor public protocol UITextViewDelegate: UIScrollViewDelegate {
  /// Whether editing may begin (true by default).
  func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
  /// Editing began.
  func textViewDidBeginEditing(_ textView: UITextView)
  /// Whether editing may end (true by default).
  func textViewShouldEndEditing(_ textView: UITextView) -> Bool
  /// Editing ended.
  func textViewDidEndEditing(_ textView: UITextView)
  /// Whether the user's edit may replace `range` (true by default; never asked by a run).
  func textView(
    _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool
  /// The text changed (never called by a run).
  func textViewDidChange(_ textView: UITextView)
  /// The selection changed (never called by a run).
  func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
  /// Allows editing to begin.
  public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
  /// Does nothing.
  public func textViewDidBeginEditing(_ textView: UITextView) {}
  /// Allows editing to end.
  public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
  /// Does nothing.
  public func textViewDidEndEditing(_ textView: UITextView) {}
  /// Allows the edit.
  public func textView(
    _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool { true }
  /// Does nothing.
  public func textViewDidChange(_ textView: UITextView) {}
  /// Does nothing.
  public func textViewDidChangeSelection(_ textView: UITextView) {}
}
