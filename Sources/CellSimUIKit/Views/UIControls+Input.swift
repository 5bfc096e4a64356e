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
  /// The text input traits (`UITextInputTraits+Views.swift`).
  lazy var inputTraits = TextInputTraitSettings()
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
  /// `isSelectable` (kept; true by default).
  open var isSelectable = true
  /// `textContainerInset` (kept; UIKit's default of 8 points top and bottom).
  open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
  /// The delegate as a `UITextViewDelegate`: `delegate` is declared once, on `UIScrollView` (as
  /// for tables), so `textView.delegate = self` keeps it there and the view reads it back here.
  var textViewDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }
  /// The container, detector types and link attributes (`UITextView+TextKit.swift`).
  let textKit = TextViewTextKit()

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
    postEditingNotification(UITextView.textDidBeginEditingNotification)
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
    postEditingNotification(UITextView.textDidEndEditingNotification)
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
  /// Whether the user may interact with `url` in `characterRange` in the way `interaction`
  /// says (true by default; never asked by a run, which has no touches).
  func textView(
    _ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool
  /// Whether the user may interact with `textAttachment` in `characterRange` in the way
  /// `interaction` says (true by default; never asked by a run).
  func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment,
    in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool
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
  /// Allows the interaction.
  public func textView(
    _ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool { true }
  /// Allows the interaction.
  public func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment,
    in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool { true }
}

/// UIKit's `UISlider`: its value, range, images and tints, kept. A run never drags it, so its
/// actions run only when the app sends them.
@preconcurrency @MainActor open class UISlider: UIControl {
  /// `value`, pinned to `minimumValue…maximumValue` as UIKit pins it (0 at first).
  open var value: Float {
    get { current }
    set { current = Self.pinned(newValue, minimumValue, maximumValue) }
  }
  /// `minimumValue` (0 at first); a larger one raises `maximumValue` and `value` to it.
  open var minimumValue: Float = 0 {
    didSet {
      if maximumValue < minimumValue { maximumValue = minimumValue }
      current = Self.pinned(current, minimumValue, maximumValue)
    }
  }
  /// `maximumValue` (1 at first); a smaller one lowers `minimumValue` and `value` to it.
  open var maximumValue: Float = 1 {
    didSet {
      if minimumValue > maximumValue { minimumValue = maximumValue }
      current = Self.pinned(current, minimumValue, maximumValue)
    }
  }
  /// `isContinuous` (true at first, as in UIKit; kept).
  open var isContinuous = true
  /// `minimumValueImage` (kept; not drawn).
  open var minimumValueImage: UIImage?
  /// `maximumValueImage` (kept; not drawn).
  open var maximumValueImage: UIImage?
  /// `minimumTrackTintColor` (kept).
  open var minimumTrackTintColor: UIColor?
  /// `maximumTrackTintColor` (kept).
  open var maximumTrackTintColor: UIColor?
  /// `thumbTintColor` (kept).
  open var thumbTintColor: UIColor?
  private var current: Float = 0
  private var thumbImages: [UInt: UIImage] = [:]
  private var minimumTrackImages: [UInt: UIImage] = [:]
  private var maximumTrackImages: [UInt: UIImage] = [:]

  /// A slider with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A slider.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `setValue(_:animated:)`: sets `value` (no animation; no action is sent, as in UIKit).
  open func setValue(_ value: Float, animated: Bool) { self.value = value }

  /// `setThumbImage(_:for:)` (kept; not drawn).
  open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
    thumbImages[state.rawValue] = image
  }
  /// `setMinimumTrackImage(_:for:)` (kept; not drawn).
  open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
    minimumTrackImages[state.rawValue] = image
  }
  /// `setMaximumTrackImage(_:for:)` (kept; not drawn).
  open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
    maximumTrackImages[state.rawValue] = image
  }
  /// `thumbImage(for:)`: the image set for `state`, or nil.
  open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state.rawValue] }
  /// `minimumTrackImage(for:)`: the image set for `state`, or nil.
  open func minimumTrackImage(for state: UIControl.State) -> UIImage? {
    minimumTrackImages[state.rawValue]
  }
  /// `maximumTrackImage(for:)`: the image set for `state`, or nil.
  open func maximumTrackImage(for state: UIControl.State) -> UIImage? {
    maximumTrackImages[state.rawValue]
  }
  /// `currentThumbImage`: the image for the current state, else the normal state's.
  open var currentThumbImage: UIImage? { imageNow(thumbImages) }
  /// `currentMinimumTrackImage`: the image for the current state, else the normal state's.
  open var currentMinimumTrackImage: UIImage? { imageNow(minimumTrackImages) }
  /// `currentMaximumTrackImage`: the image for the current state, else the normal state's.
  open var currentMaximumTrackImage: UIImage? { imageNow(maximumTrackImages) }

  /// `trackRect(forBounds:)`: the bounds' full width, 2 points high, centred vertically.
  open func trackRect(forBounds bounds: CGRect) -> CGRect {
    CGRect(x: bounds.minX, y: bounds.midY - 1, width: bounds.width, height: 2)
  }
  /// `thumbRect(forBounds:trackRect:value:)`: a 28-point thumb at `value`'s place on the track.
  open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
    let span = maximumValue - minimumValue
    let fraction =
      span > 0 ? CGFloat((Self.pinned(value, minimumValue, maximumValue) - minimumValue) / span) : 0
    let side: CGFloat = 28
    return CGRect(
      x: rect.minX + (rect.width - side) * fraction, y: rect.midY - side / 2, width: side,
      height: side)
  }
  /// `minimumValueImageRect(forBounds:)`: empty unless an image is set, then its size at the
  /// leading edge.
  open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
    guard let size = minimumValueImage?.size else { return .zero }
    return CGRect(
      x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
  }
  /// `maximumValueImageRect(forBounds:)`: empty unless an image is set, then its size at the
  /// trailing edge.
  open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
    guard let size = maximumValueImage?.size else { return .zero }
    return CGRect(
      x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width,
      height: size.height)
  }

  private func imageNow(_ images: [UInt: UIImage]) -> UIImage? {
    images[state.rawValue] ?? images[UIControl.State.normal.rawValue]
  }

  private static func pinned(_ value: Float, _ low: Float, _ high: Float) -> Float {
    min(max(value, low), high)
  }
}
