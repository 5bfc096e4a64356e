import SimKernel
import SimPlatform

/// UIKit's `UIViewAnimatingState`.
public enum UIViewAnimatingState: Int, Sendable {
  /// Not started, or finished.
  case inactive = 0
  /// Started or paused.
  case active = 1
  /// Stopped without finishing; `finishAnimation(at:)` ends it.
  case stopped = 2
}

/// UIKit's `UIViewAnimatingPosition`: where an animation ended.
public enum UIViewAnimatingPosition: Int, Sendable {
  /// At its end.
  case end = 0
  /// At its start.
  case start = 1
  /// Where it was when it was stopped.
  case current = 2
}

/// UIKit's `UIViewAnimating`: an animation that can be started, paused, scrubbed and stopped.
@preconcurrency @MainActor public protocol UIViewAnimating: AnyObject {
  /// The animation's state.
  var state: UIViewAnimatingState { get }
  /// Whether the animation runs (false while paused or stopped).
  var isRunning: Bool { get }
  /// Whether the animation runs backwards.
  var isReversed: Bool { get set }
  /// How far the animation has come, 0 to 1.
  var fractionComplete: CGFloat { get set }
  /// Starts the animation, or resumes it.
  func startAnimation()
  /// Starts the animation after `delay` seconds.
  func startAnimation(afterDelay delay: TimeInterval)
  /// Pauses the animation.
  func pauseAnimation()
  /// Stops the animation: at once if `withoutFinishing`, else into `.stopped`.
  func stopAnimation(_ withoutFinishing: Bool)
  /// Ends a stopped animation at `finalPosition`.
  func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// UIKit's `UIViewImplicitlyAnimating`: an animator that takes more animations and completions.
/// Every method is optional, as in UIKit (the defaults do nothing).
@preconcurrency @MainActor public protocol UIViewImplicitlyAnimating: UIViewAnimating {
  /// Adds `animation`.
  func addAnimations(_ animation: @escaping () -> Void)
  /// Adds `animation`, starting after `delayFactor` of the remaining duration.
  func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
  /// Adds `completion`, run when the animation ends.
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
  /// Resumes a paused animation with new timing.
  func continueAnimation(
    withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
  /// Does nothing.
  public func addAnimations(_ animation: @escaping () -> Void) {}
  /// Does nothing.
  public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
  /// Does nothing.
  public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
  /// Does nothing.
  public func continueAnimation(
    withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
  ) {}
}

/// UIKit's `UIViewPropertyAnimator`, in virtual time.
///
/// As `UIView.animate`, the animated properties take their final values at once: the
/// animation blocks run when the animator becomes active (`startAnimation()`, or
/// `pauseAnimation()` on an inactive animator), and a block added while it is active runs at
/// once. What is modelled is time: the animator ends `delay + duration` after it starts, on the
/// main thread, less the part already done when it was paused (`fractionComplete` is read from
/// the virtual clock while it runs, and kept while it is paused; setting it while paused moves
/// where the rest starts). When it ends, its completions run in the order added with `.end`
/// (`.start` if `isReversed`), unless `pausesOnCompletion`, which leaves it active and paused.
/// `stopAnimation(true)` ends it with no completion; `stopAnimation(false)` leaves it `.stopped`
/// until `finishAnimation(at:)` runs the completions with the position asked. The views keep
/// their final values whatever the position: start values are not recorded. Timing curves and
/// springs are kept, not applied.
@preconcurrency @MainActor open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
  /// The duration, in seconds.
  open private(set) var duration: TimeInterval
  /// The delay before the animations start, in seconds (set by `startAnimation(afterDelay:)`).
  open private(set) var delay: TimeInterval = 0
  /// The timing curve (kept).
  open private(set) var timingParameters: (any UITimingCurveProvider)?
  /// `isInterruptible` (kept; true by default).
  open var isInterruptible = true
  /// `isUserInteractionEnabled` (kept; true by default).
  open var isUserInteractionEnabled = true
  /// `isManualHitTestingEnabled` (kept).
  open var isManualHitTestingEnabled = false
  /// `scrubsLinearly` (kept; true by default).
  open var scrubsLinearly = true
  /// Whether the animator stays active and paused when it reaches its end, without completions.
  open var pausesOnCompletion = false
  /// The state.
  open private(set) var state: UIViewAnimatingState = .inactive
  /// Whether the animation runs.
  open private(set) var isRunning = false
  /// Whether the animation runs backwards (ends at `.start`).
  open var isReversed = false
  /// `flushUpdates` (iOS 26; kept; false until set): animations apply their final values at
  /// once and layout is not solved, so there is nothing to flush.
  open var flushUpdates = false

  var animations: [() -> Void] = []
  var completions: [(UIViewAnimatingPosition) -> Void] = []
  /// The fraction done when the animator last paused (or was scrubbed).
  var pausedFraction: CGFloat = 0
  /// When the running stretch started, and the fraction done at that moment.
  var runningSince: SimTime?
  /// Bumped whenever a scheduled end stops being the animator's next end.
  var generation = 0

  /// An animator of `duration` seconds with `parameters`.
  public required init(
    duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider
  ) {
    self.duration = duration
    self.timingParameters = parameters
    super.init()
  }

  /// An animator with one of UIKit's curves.
  public convenience init(
    duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil
  ) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    if let animations { self.animations.append(animations) }
  }

  /// An animator with a cubic Bézier curve.
  public convenience init(
    duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
    animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration,
      timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
    if let animations { self.animations.append(animations) }
  }

  /// An animator with a spring.
  public convenience init(
    duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
    if let animations { self.animations.append(animations) }
  }

  /// An animator that starts at once (after `delay`), as `UIView.animate` does.
  @discardableResult
  open class func runningPropertyAnimator(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((UIViewAnimatingPosition) -> Void)? = nil
  ) -> Self {
    let animator = self.init(
      duration: duration, timingParameters: UICubicTimingParameters(animationCurve: .easeInOut))
    animator.animations.append(animations)
    if let completion { animator.completions.append(completion) }
    animator.startAnimation(afterDelay: delay)
    return animator
  }

  /// How far the animation has come: from the virtual clock while it runs.
  open var fractionComplete: CGFloat {
    get {
      guard let since = runningSince, let world = SimulationContext.world else {
        return pausedFraction
      }
      let elapsed = Double((world.now - since).nanoseconds) / 1e9 - delay
      guard duration > 0 else { return elapsed >= 0 ? 1 : pausedFraction }
      return min(1, pausedFraction + max(0, elapsed) / duration)
    }
    set {
      guard !isRunning else { return }  // UIKit ignores scrubbing a running animation
      pausedFraction = min(1, max(0, newValue))
    }
  }

  open func addAnimations(_ animation: @escaping () -> Void) {
    if state == .active { animation() } else { animations.append(animation) }
  }

  open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
    addAnimations(animation)
  }

  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    completions.append(completion)
  }

  open func startAnimation() { startAnimation(afterDelay: 0) }

  open func startAnimation(afterDelay delay: TimeInterval) {
    guard state != .stopped, !isRunning else { return }
    let world = SimulationContext.world(for: "UIViewPropertyAnimator.startAnimation")
    activate()
    self.delay = max(0, delay)
    isRunning = true
    runningSince = world.now
    scheduleEnd(in: world)
  }

  open func pauseAnimation() {
    guard state != .stopped else { return }
    if state == .inactive { activate() }
    pausedFraction = fractionComplete
    isRunning = false
    runningSince = nil
    delay = 0
    generation += 1
  }

  open func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    pausedFraction = fractionComplete
    isRunning = false
    runningSince = nil
    generation += 1
    state = withoutFinishing ? .inactive : .stopped
  }

  open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
    guard state == .stopped else { return }
    end(at: finalPosition)
  }

  open func continueAnimation(
    withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
  ) {
    if let parameters { timingParameters = parameters }
    if durationFactor > 0 { duration *= Double(durationFactor) }
    startAnimation()
  }

  /// Makes the animator active: its animation blocks run now.
  func activate() {
    guard state == .inactive else { return }
    state = .active
    let blocks = animations
    animations = []
    for block in blocks { block() }
  }

  /// Schedules the end of the running stretch on the main thread.
  func scheduleEnd(in world: World) {
    generation += 1
    let mine = generation
    let remaining = max(0, 1 - pausedFraction) * duration
    let box = Unchecked(value: self)
    world.main.asyncAfter(
      UIView.animationWait(delay + remaining, in: world), label: "UIViewPropertyAnimator.end"
    ) { _ in
      MainActor.assumeIsolated {
        let animator = box.value
        guard animator.generation == mine, animator.isRunning else { return }
        animator.reachEnd()
      }
    }
  }

  /// The running animation reached its end.
  func reachEnd() {
    isRunning = false
    runningSince = nil
    delay = 0
    pausedFraction = 1
    if pausesOnCompletion { return }
    end(at: isReversed ? .start : .end)
  }

  /// Ends the animator at `position`: inactive, then the completions in order.
  func end(at position: UIViewAnimatingPosition) {
    state = .inactive
    isRunning = false
    let finished = completions
    completions = []
    pausedFraction = 0
    for completion in finished { completion(position) }
  }
}

extension UIView {
  /// UIKit's `UIView.AnimationCurve`.
  public enum AnimationCurve: Int, Sendable {
    /// Slow at both ends.
    case easeInOut = 0
    /// Slow at the start.
    case easeIn = 1
    /// Slow at the end.
    case easeOut = 2
    /// Even.
    case linear = 3
  }
}

/// UIKit's `UITimingCurveType`.
public enum UITimingCurveType: Int, Sendable {
  /// One of UIKit's curves.
  case builtin = 0
  /// A cubic Bézier curve.
  case cubic = 1
  /// A spring.
  case spring = 2
  /// Cubic and spring together.
  case composed = 3
}

/// UIKit's `UITimingCurveProvider`: an animator's timing (kept, not applied).
@preconcurrency @MainActor public protocol UITimingCurveProvider: AnyObject {
  /// The kind of curve.
  var timingCurveType: UITimingCurveType { get }
  /// The cubic parameters, if any.
  var cubicTimingParameters: UICubicTimingParameters? { get }
  /// The spring parameters, if any.
  var springTimingParameters: UISpringTimingParameters? { get }
}

/// UIKit's `UICubicTimingParameters` (kept).
@preconcurrency @MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
  /// The built-in curve, or `.easeInOut` for a custom one.
  public let animationCurve: UIView.AnimationCurve
  /// The first control point.
  public let controlPoint1: CGPoint
  /// The second control point.
  public let controlPoint2: CGPoint
  let isBuiltin: Bool

  /// The default curve (`.easeInOut`).
  public override convenience init() { self.init(animationCurve: .easeInOut) }
  /// One of UIKit's curves.
  public init(animationCurve curve: UIView.AnimationCurve) {
    animationCurve = curve
    let points: (CGPoint, CGPoint) =
      switch curve {
      case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
      case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
      case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
      case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
      }
    (controlPoint1, controlPoint2) = points
    isBuiltin = true
  }
  /// A cubic Bézier curve through `point1` and `point2`.
  public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
    animationCurve = .easeInOut
    controlPoint1 = point1
    controlPoint2 = point2
    isBuiltin = false
  }
  public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
  public var cubicTimingParameters: UICubicTimingParameters? { self }
  public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// UIKit's `UISpringTimingParameters` (kept).
@preconcurrency @MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
  /// The damping ratio (1: critically damped), when given.
  public let dampingRatio: CGFloat
  /// The initial velocity.
  public let initialVelocity: CGVector

  /// A critically damped spring.
  public override convenience init() { self.init(dampingRatio: 1) }
  /// A spring with `ratio`.
  public convenience init(dampingRatio ratio: CGFloat) {
    self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
  }
  /// A spring with `ratio` and `velocity`.
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    dampingRatio = ratio
    initialVelocity = velocity
  }
  /// A spring from its physics (the damping ratio is derived as UIKit defines it).
  public init(
    mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector
  ) {
    let critical = 2 * (stiffness * mass).squareRoot()
    dampingRatio = critical > 0 ? damping / critical : 1
    initialVelocity = velocity
  }
  public var timingCurveType: UITimingCurveType { .spring }
  public var cubicTimingParameters: UICubicTimingParameters? { nil }
  public var springTimingParameters: UISpringTimingParameters? { self }
}
