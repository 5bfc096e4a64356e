/// UIKit's `UIResponder`: the root of the view and view-controller classes.
///
/// As UIKit's, it is an `NSObject` (Foundation's, on Linux): views, cells and view controllers
/// pass where an `NSObject` is expected, and compare and hash through `isEqual(_:)` and `hash`,
/// identity unless a subclass overrides them, as on iOS. Linux's `NSObject` has no Objective-C
/// runtime, so there is no key-value observing, `perform(_:)` or `responds(to:)`. The responder
/// chain's links (`next`) are UIKit's, so code that walks it to find a view's controller finds
/// it; no event travels it, and no touches are delivered (`UITouch` and `UIEvent` are declared
/// so that the overrides of the touch methods compile).
@preconcurrency @MainActor open class UIResponder: NSObject {
  /// A responder.
  public override init() { super.init() }

  /// Key-value observing's manual announcement (NSObject's on iOS; a view controller's
  /// `willChangeValue(forKey:)` before it changes a property by hand): nothing observes a
  /// responder's keys, so it does nothing.
  open func willChangeValue(forKey key: String) {}
  /// Key-value observing's manual notification: nothing observes a responder's keys.
  open func didChangeValue(forKey key: String) {}

  /// The next responder in the responder chain: for a view, its view controller if it is one's
  /// root view, else its superview; for a view controller, its view's superview, or the
  /// controller that presented it; for a window, the application; for the application, its
  /// delegate if that is a responder; nil otherwise.
  open var next: UIResponder? { nil }

  var storedIsFirstResponder = false
  /// The last tracked run of each method UIKit tracks observation in (`AutomaticObservation`).
  var trackedReads = TrackedReads()

  /// Whether the responder is the first responder: it became one through
  /// `becomeFirstResponder()` and has not resigned. Each responder keeps its own flag (there is no
  /// window whose single first responder it would be), so making one the first responder does not
  /// make another resign.
  open var isFirstResponder: Bool { storedIsFirstResponder }
  /// Whether the responder can become the first responder: false, as in UIKit, except for text
  /// fields and search bars.
  open var canBecomeFirstResponder: Bool { false }
  /// Whether the responder may resign: true.
  open var canResignFirstResponder: Bool { true }
  /// `inputView`: the custom keyboard shown while first responder (nil: the system keyboard).
  /// Subclasses override it, as picker fields do; nothing is shown.
  open var inputView: UIView? { nil }
  /// `inputAccessoryView`: the bar above the keyboard (nil); subclasses override it.
  open var inputAccessoryView: UIView? { nil }
  /// What the text inputs that redeclare `inputView` and `inputAccessoryView` read-write (as
  /// UIKit's text fields, text views and search bars do) were given.
  var assignedInputView: UIView?
  var assignedInputAccessoryView: UIView?

  /// Posts `name` from this responder, in a run (outside one there is no notification center
  /// to post to): the editing notifications text inputs post after their delegates hear them.
  func postEditingNotification(_ name: NSNotification.Name) {
    guard SimulationContext.world != nil else { return }
    NotificationCenter.default.post(name: name, object: self)
  }

  /// Makes the responder the first responder if it can become one (no keyboard is shown). A
  /// view must be in a window: UIKit makes a responder first "in its window", so a view not
  /// yet in one (a search bar focused in `viewDidLoad`) stays as it is and the call returns
  /// false, with no delegate told.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    if let view = self as? UIView, view.window == nil { return false }
    guard canBecomeFirstResponder else { return false }
    storedIsFirstResponder = true
    return true
  }

  /// Resigns the first responder if it may.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard canResignFirstResponder else { return false }
    storedIsFirstResponder = false
    return true
  }

  /// `awakeFromNib()`, which UIKit declares on `NSObject` and calls on objects loaded from a
  /// nib or storyboard. The layer loads none, so it is called only on cells that a host made
  /// as nib prototypes (`UINib`); subclasses override it and call `super`, as on iOS.
  open func awakeFromNib() {}

  /// `touchesBegan(_:with:)`: never called by a run (there is no touch input; a scenario's
  /// scrolling reaches scroll views directly). Overrides compile and call `super`, as on iOS.
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
  /// `touchesMoved(_:with:)`: never called by a run.
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
  /// `touchesEnded(_:with:)`: never called by a run.
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
  /// `touchesCancelled(_:with:)`: never called by a run.
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

  /// `prepareForInterfaceBuilder()`: never called (there is no Interface Builder).
  open func prepareForInterfaceBuilder() {}

  /// `NSObject.description()` for a class: its name with its module (`App.PhotoCell`), as
  /// `NSObject` gives it for a Swift class.
  open class func description() -> String { String(reflecting: self) }
}

/// UIKit's `UITouch`: declared for the signatures of the touch methods; a run makes none.
@preconcurrency @MainActor open class UITouch: NSObject {
  /// UIKit's `UITouch.Phase`, with its raw values.
  public enum Phase: Int, Sendable {
    case began = 0
    case moved = 1
    case stationary = 2
    case ended = 3
    case cancelled = 4
  }

  /// The view the touch began in (nil: a run makes no touches).
  open var view: UIView? { nil }
  /// The window of the touch (nil).
  open var window: UIWindow? { nil }
  /// The number of taps (0).
  open var tapCount: Int { 0 }
  /// The phase (`.cancelled`: never delivered).
  open var phase: Phase { .cancelled }
  /// The time of the touch (0).
  open var timestamp: TimeInterval { 0 }
  /// The location in `view`'s coordinates (zero).
  open func location(in view: UIView?) -> CGPoint { .zero }
  /// The previous location in `view`'s coordinates (zero).
  open func previousLocation(in view: UIView?) -> CGPoint { .zero }
}

/// UIKit's `UIEvent`: declared for the signatures of the touch methods; a run makes none.
@preconcurrency @MainActor open class UIEvent: NSObject {
  /// UIKit's `UIEvent.EventType`, with its raw values.
  public enum EventType: Int, Sendable {
    case touches = 0
    case motion = 1
    case remoteControl = 2
    case presses = 3
  }

  /// The type (`.touches`).
  open var type: EventType { .touches }
  /// The time of the event (0).
  open var timestamp: TimeInterval { 0 }
  /// The touches of the event (none).
  open var allTouches: Set<UITouch>? { nil }
  /// The touches in `view` (none).
  open func touches(for view: UIView) -> Set<UITouch>? { nil }
}
