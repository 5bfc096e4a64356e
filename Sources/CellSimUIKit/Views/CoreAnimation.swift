import Foundation

/// Core Animation's `CAAnimation`: kept on a layer by `CALayer.add(_:forKey:)`, never run (see
/// `CALayer`). Its timing values are kept as set; `delegate` is never told.
open class CAAnimation: NSObject, NSCopying, @unchecked Sendable {
  /// `duration` (0: Core Animation's default of 0.25 s).
  open var duration: CFTimeInterval = 0
  /// `beginTime`.
  open var beginTime: CFTimeInterval = 0
  /// `timeOffset`.
  open var timeOffset: CFTimeInterval = 0
  /// `speed`.
  open var speed: Float = 1
  /// `repeatCount` (`.infinity` repeats for ever).
  open var repeatCount: Float = 0
  /// `repeatDuration`.
  open var repeatDuration: CFTimeInterval = 0
  /// `autoreverses`.
  open var autoreverses = false
  /// `fillMode`.
  open var fillMode: CAMediaTimingFillMode = .removed
  /// `isRemovedOnCompletion`: true by default.
  open var isRemovedOnCompletion = true
  /// `timingFunction`.
  open var timingFunction: CAMediaTimingFunction?
  /// `delegate` (kept strongly, as Core Animation does; never told).
  open var delegate: (any CAAnimationDelegate)?

  /// An animation.
  public override init() { super.init() }

  /// A copy of the animation's values (`copy(with:)`); subclasses copy theirs.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = Self.makeCopy(of: self)
    return copy
  }

  /// A new animation of the same class with `animation`'s values.
  class func makeCopy(of animation: CAAnimation) -> CAAnimation {
    let copy = animation.freshInstance()
    copy.duration = animation.duration
    copy.beginTime = animation.beginTime
    copy.timeOffset = animation.timeOffset
    copy.speed = animation.speed
    copy.repeatCount = animation.repeatCount
    copy.repeatDuration = animation.repeatDuration
    copy.autoreverses = animation.autoreverses
    copy.fillMode = animation.fillMode
    copy.isRemovedOnCompletion = animation.isRemovedOnCompletion
    copy.timingFunction = animation.timingFunction
    copy.delegate = animation.delegate
    animation.copyValues(to: copy)
    return copy
  }

  func freshInstance() -> CAAnimation { CAAnimation() }
  func copyValues(to copy: CAAnimation) {}
}

/// Core Animation's `CAAnimationDelegate` (both methods optional; never called).
public protocol CAAnimationDelegate: AnyObject {
  /// The animation started.
  func animationDidStart(_ anim: CAAnimation)
  /// The animation stopped.
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  /// Does nothing.
  public func animationDidStart(_ anim: CAAnimation) {}
  /// Does nothing.
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Core Animation's `CAPropertyAnimation`: an animation of the layer property at `keyPath`.
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
  /// The animated property's key path (`"opacity"`, `"locations"`, `"transform.rotation.z"`).
  open var keyPath: String?
  /// `isAdditive`.
  open var isAdditive = false
  /// `isCumulative`.
  open var isCumulative = false

  /// `CAPropertyAnimation(keyPath:)`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  override func freshInstance() -> CAAnimation { CAPropertyAnimation() }
  override func copyValues(to copy: CAAnimation) {
    guard let copy = copy as? CAPropertyAnimation else { return }
    copy.keyPath = keyPath
    copy.isAdditive = isAdditive
    copy.isCumulative = isCumulative
  }
}

/// Core Animation's `CABasicAnimation`: from, to and by values (kept).
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
  /// `fromValue`.
  open var fromValue: Any?
  /// `toValue`.
  open var toValue: Any?
  /// `byValue`.
  open var byValue: Any?

  override func freshInstance() -> CAAnimation { CABasicAnimation() }
  override func copyValues(to copy: CAAnimation) {
    super.copyValues(to: copy)
    guard let copy = copy as? CABasicAnimation else { return }
    copy.fromValue = fromValue
    copy.toValue = toValue
    copy.byValue = byValue
  }
}

/// Core Animation's `CAKeyframeAnimation`: values and key times (kept).
open class CAKeyframeAnimation: CAPropertyAnimation, @unchecked Sendable {
  /// `values`.
  open var values: [Any]?
  /// `keyTimes`.
  open var keyTimes: [NSNumber]?
  /// `timingFunctions`.
  open var timingFunctions: [CAMediaTimingFunction]?

  override func freshInstance() -> CAAnimation { CAKeyframeAnimation() }
  override func copyValues(to copy: CAAnimation) {
    super.copyValues(to: copy)
    guard let copy = copy as? CAKeyframeAnimation else { return }
    copy.values = values
    copy.keyTimes = keyTimes
    copy.timingFunctions = timingFunctions
  }
}

/// Core Animation's `CATransition` (the fade image tutorials add to an image view's layer
/// before setting its image): kept, never run, so the new image is shown at once.
open class CATransition: CAAnimation, @unchecked Sendable {
  /// `type` (`.fade` by default).
  open var type: CATransitionType = .fade
  /// `subtype`.
  open var subtype: CATransitionSubtype?
  /// `startProgress`.
  open var startProgress: Float = 0
  /// `endProgress`.
  open var endProgress: Float = 1

  override func freshInstance() -> CAAnimation { CATransition() }
  override func copyValues(to copy: CAAnimation) {
    guard let copy = copy as? CATransition else { return }
    copy.type = type
    copy.subtype = subtype
    copy.startProgress = startProgress
    copy.endProgress = endProgress
  }
}

/// Core Animation's `CAAnimationGroup`: its animations (kept).
open class CAAnimationGroup: CAAnimation, @unchecked Sendable {
  /// `animations`.
  open var animations: [CAAnimation]?

  override func freshInstance() -> CAAnimation { CAAnimationGroup() }
  override func copyValues(to copy: CAAnimation) {
    (copy as? CAAnimationGroup)?.animations = animations
  }
}

/// Core Animation's `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  /// The mode's name.
  public let rawValue: String
  /// The mode named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.forwards`.
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  /// `.backwards`.
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  /// `.both`.
  public static let both = CAMediaTimingFillMode(rawValue: "both")
  /// `.removed`.
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// Core Animation's `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  /// The function's name.
  public let rawValue: String
  /// The function named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.linear`.
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  /// `.easeIn`.
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  /// `.easeOut`.
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  /// `.easeInEaseOut`.
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  /// `.default`.
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// Core Animation's `CAMediaTimingFunction` (kept).
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
  /// The named function, or nil for control points.
  public let name: CAMediaTimingFunctionName?
  /// `CAMediaTimingFunction(name:)`.
  public init(name: CAMediaTimingFunctionName) { self.name = name }
  /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    self.name = nil
  }
}

/// Core Animation's `CATransitionType`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
  /// The type's name.
  public let rawValue: String
  /// The type named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.fade`.
  public static let fade = CATransitionType(rawValue: "fade")
  /// `.moveIn`.
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  /// `.push`.
  public static let push = CATransitionType(rawValue: "push")
  /// `.reveal`.
  public static let reveal = CATransitionType(rawValue: "reveal")
}

/// Core Animation's `CATransitionSubtype`.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
  /// The subtype's name.
  public let rawValue: String
  /// The subtype named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.fromRight`.
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  /// `.fromLeft`.
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  /// `.fromTop`.
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
  /// `.fromBottom`.
  public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Core Animation's `CAGradientLayer`: its colours, locations, points and type are kept, nothing
/// is drawn (a shimmering placeholder's gradient covers nothing the oracle judges).
open class CAGradientLayer: CALayer {
  /// `colors` (`CGColor`s).
  open var colors: [Any]?
  /// `locations`.
  open var locations: [NSNumber]?
  /// `startPoint`: the top centre by default.
  open var startPoint = CGPoint(x: 0.5, y: 0)
  /// `endPoint`: the bottom centre by default.
  open var endPoint = CGPoint(x: 0.5, y: 1)
  /// `type`.
  open var type: CAGradientLayerType = .axial
}

/// Core Animation's `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  /// The type's name.
  public let rawValue: String
  /// The type named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.axial`.
  public static let axial = CAGradientLayerType(rawValue: "axial")
  /// `.radial`.
  public static let radial = CAGradientLayerType(rawValue: "radial")
  /// `.conic`.
  public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Core Animation's `CAShapeLayer`: its path and stroke values are kept, nothing is drawn.
open class CAShapeLayer: CALayer {
  /// `path`.
  open var path: CGPath?
  /// `fillColor`: opaque black by default.
  open var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
  /// `strokeColor`.
  open var strokeColor: CGColor?
  /// `lineWidth`.
  open var lineWidth: CGFloat = 1
  /// `strokeStart`.
  open var strokeStart: CGFloat = 0
  /// `strokeEnd`.
  open var strokeEnd: CGFloat = 1
  /// `lineCap`.
  open var lineCap: CAShapeLayerLineCap = .butt
}

/// Core Animation's `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
  /// The cap's name.
  public let rawValue: String
  /// The cap named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.butt`.
  public static let butt = CAShapeLayerLineCap(rawValue: "butt")
  /// `.round`.
  public static let round = CAShapeLayerLineCap(rawValue: "round")
  /// `.square`.
  public static let square = CAShapeLayerLineCap(rawValue: "square")
}
