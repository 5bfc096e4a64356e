/// UIKit's gesture recognizers, as cells and screens attach them: kept on their view, never
/// recognizing (a run has no touches). Their targets and actions are kept and never sent: an
/// action is a `Selector`, and `#selector` needs the Objective-C runtime, so Linux code names
/// one with `Selector("name")` or none (`action: nil`), or makes the recognizer with
/// `UITapGestureRecognizer()`.
@preconcurrency @MainActor open class UIGestureRecognizer: NSObject {
  /// UIKit's `UIGestureRecognizer.State`, with its raw values.
  public enum State: Int, Sendable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5
    /// `.recognized`, the same as `.ended`.
    public static let recognized = State.ended
  }

  /// The state: `.possible` until a subclass sets it (as `UIGestureRecognizerSubclass` lets
  /// one), since no touch is ever delivered.
  open var state: State = .possible
  /// `isEnabled` (kept).
  open var isEnabled = true
  /// The view the recognizer is attached to.
  open internal(set) weak var view: UIView?
  /// `delegate` (weak; never asked).
  open weak var delegate: (any UIGestureRecognizerDelegate)?
  /// `cancelsTouchesInView` (kept).
  open var cancelsTouchesInView = true
  /// `delaysTouchesBegan` (kept).
  open var delaysTouchesBegan = false
  /// `delaysTouchesEnded` (kept).
  open var delaysTouchesEnded = true
  /// `name` (kept).
  open var name: String?
  /// `numberOfTouches`: 0 (no touches).
  open var numberOfTouches: Int { 0 }

  /// A recognizer without a target.
  public override init() {}

  /// `init(target:action:)`: the target and action are kept, never sent (see the type). The
  /// action defaults to none, so that a call whose `#selector` line was removed still compiles
  /// (see `Selector`).
  public init(target: Any?, action: Selector? = nil) {
    super.init()
    if let action { addTarget(target as Any, action: action) }
  }

  /// `addTarget(_:action:)`: kept, never sent.
  open func addTarget(_ target: Any, action: Selector) {
    targets.append(TargetAction(target: target as AnyObject, action: action))
  }

  /// `removeTarget(_:action:)`: forgets matching targets (nil matches any).
  open func removeTarget(_ target: Any?, action: Selector?) {
    let object = target.map { $0 as AnyObject }
    targets.removeAll { entry in
      (object == nil || entry.target === object) && (action == nil || entry.action == action)
    }
  }

  /// The targets and actions given, in order.
  package var targets: [TargetAction] = []
  /// A target (held weakly, as UIKit holds it) and its action.
  package struct TargetAction {
    package weak var target: AnyObject?
    package let action: Selector
  }

  /// `location(in:)`: the origin (no touch is ever down).
  open func location(in view: UIView?) -> CGPoint { .zero }
  /// `require(toFail:)` (kept).
  open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
    failureRequirements.append(otherGestureRecognizer)
  }
  var failureRequirements: [UIGestureRecognizer] = []

  // MARK: What UIKit.UIGestureRecognizerSubclass declares, for custom recognizers

  /// `touchesBegan(_:with:)`: a subclass's override is never called (a run delivers no touch).
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `touchesMoved(_:with:)`: never called.
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `touchesEnded(_:with:)`: never called.
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `touchesCancelled(_:with:)`: never called.
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `reset()`: UIKit calls it after recognition ends or fails; a run never does.
  open func reset() {}
  /// `ignore(_:for:)` (nothing to ignore).
  open func ignore(_ touch: UITouch, for event: UIEvent) {}
  /// `canPrevent(_:)`: true, UIKit's default.
  open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  /// `canBePrevented(by:)`: true, UIKit's default.
  open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  /// `shouldRequireFailure(of:)`: false, UIKit's default.
  open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
  /// `shouldBeRequiredToFail(by:)`: false, UIKit's default.
  open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
    false
  }
}

/// UIKit's `UIGestureRecognizerDelegate` (every method optional; never called).
@preconcurrency @MainActor public protocol UIGestureRecognizerDelegate: AnyObject {
  /// Whether the recognizer may begin.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
  /// Whether two recognizers may recognize together.
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool
  /// Whether the recognizer waits for `otherGestureRecognizer` to fail.
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool
  /// Whether `otherGestureRecognizer` waits for the recognizer to fail.
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool
  /// Whether the recognizer sees `touch`.
  func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)
    -> Bool
}

extension UIGestureRecognizerDelegate {
  /// False.
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool { false }
  /// False.
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool { false }
  /// True.
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch
  ) -> Bool { true }
  /// True.
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    true
  }
  /// False.
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool { false }
}

/// UIKit's `UITapGestureRecognizer` (kept, never recognizing).
@preconcurrency @MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
  /// `numberOfTapsRequired` (kept).
  open var numberOfTapsRequired = 1
  /// `numberOfTouchesRequired` (kept).
  open var numberOfTouchesRequired = 1
}

/// UIKit's `UILongPressGestureRecognizer` (kept, never recognizing).
@preconcurrency @MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {
  /// `minimumPressDuration` (kept; 0.5 s by default).
  open var minimumPressDuration: TimeInterval = 0.5
  /// `allowableMovement` (kept; 10 points by default).
  open var allowableMovement: CGFloat = 10
  /// `numberOfTapsRequired` (kept).
  open var numberOfTapsRequired = 0
}

/// UIKit's `UIPanGestureRecognizer` (kept, never recognizing).
@preconcurrency @MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
  /// `minimumNumberOfTouches` (kept).
  open var minimumNumberOfTouches = 1
  /// `maximumNumberOfTouches` (kept).
  open var maximumNumberOfTouches = Int.max
  /// `translation(in:)`: zero (no pan happens).
  open func translation(in view: UIView?) -> CGPoint { .zero }
  /// `setTranslation(_:in:)` (nothing to reset).
  open func setTranslation(_ translation: CGPoint, in view: UIView?) {}
  /// `velocity(in:)`: zero.
  open func velocity(in view: UIView?) -> CGPoint { .zero }
}

/// UIKit's `UIPinchGestureRecognizer` (kept, never recognizing).
@preconcurrency @MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer {
  /// `scale` (kept; 1 by default).
  open var scale: CGFloat = 1
  /// `velocity`: 0.
  open var velocity: CGFloat { 0 }
}

/// UIKit's `UISwipeGestureRecognizer` (kept, never recognizing).
@preconcurrency @MainActor open class UISwipeGestureRecognizer: UIGestureRecognizer {
  /// UIKit's `UISwipeGestureRecognizer.Direction`, with its raw values.
  public struct Direction: OptionSet, Sendable {
    /// The directions' bits.
    public let rawValue: UInt
    /// The directions of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `.right`.
    public static let right = Direction(rawValue: 1)
    /// `.left`.
    public static let left = Direction(rawValue: 2)
    /// `.up`.
    public static let up = Direction(rawValue: 4)
    /// `.down`.
    public static let down = Direction(rawValue: 8)
  }
  /// `direction` (kept; right by default).
  open var direction: Direction = .right
}

extension UIView {
  /// The recognizers attached, in order (nil when there are none, as in UIKit).
  public var gestureRecognizers: [UIGestureRecognizer]? {
    get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
    set {
      for recognizer in attachedRecognizers { recognizer.view = nil }
      attachedRecognizers = []
      for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
    }
  }

  /// Attaches `gestureRecognizer` (moving it from the view it was on).
  public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
    attachedRecognizers.append(gestureRecognizer)
    gestureRecognizer.view = self
  }

  /// Detaches `gestureRecognizer`.
  public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    attachedRecognizers.removeAll { $0 === gestureRecognizer }
    if gestureRecognizer.view === self { gestureRecognizer.view = nil }
  }
}
