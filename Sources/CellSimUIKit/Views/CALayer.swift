import Foundation
import SimPlatform

/// Core Animation's `CALayer`, as far as views configure it: the values are kept, nothing is
/// drawn. The defaults are Core Animation's (a shadow is black, 3 points below, of radius 3,
/// and transparent until `shadowOpacity` is set). A view's layer shares the view's frame; a free
/// layer keeps its own. Sublayers and the mask are kept; animations are kept by key and never run
/// (see `add(_:forKey:)`).
open class CALayer: NSObject {
  /// `cornerRadius`.
  open var cornerRadius: CGFloat = 0
  /// `maskedCorners`: the corners `cornerRadius` rounds.
  open var maskedCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
  /// `cornerCurve`.
  open var cornerCurve: CALayerCornerCurve = .circular
  /// `masksToBounds`.
  open var masksToBounds = false
  /// `borderWidth`.
  open var borderWidth: CGFloat = 0
  /// `borderColor`: opaque black by default.
  open var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
  /// `backgroundColor`.
  open var backgroundColor: CGColor?
  /// `opacity`.
  open var opacity: Float = 1
  /// `isOpaque`.
  open var isOpaque = false
  /// `isHidden`.
  open var isHidden = false
  /// `zPosition`.
  open var zPosition: CGFloat = 0
  /// `shouldRasterize`.
  open var shouldRasterize = false
  /// `rasterizationScale`.
  open var rasterizationScale: CGFloat = 1
  /// `shadowColor`: opaque black by default.
  open var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
  /// `shadowOpacity`: 0, no shadow, by default.
  open var shadowOpacity: Float = 0
  /// `shadowOffset`: 3 points up by default (Core Animation's coordinates).
  open var shadowOffset = CGSize(width: 0, height: -3)
  /// `shadowRadius`.
  open var shadowRadius: CGFloat = 3
  /// `shadowPath`.
  open var shadowPath: CGPath?
  /// `name`.
  open var name: String?
  /// `contents` (kept; a layer draws nothing, and the oracle judges image views, not layers).
  open var contents: Any?
  /// `mask` (kept).
  open var mask: CALayer?
  /// `anchorPoint` (kept; `frame` is computed around the centre, as for the default anchor).
  open var anchorPoint = CGPoint(x: 0.5, y: 0.5)

  /// `CALayer()`: a free layer with Core Animation's defaults.
  public override init() { super.init() }
  /// `init(layer:)`, which Core Animation calls to make presentation copies and subclasses
  /// override to copy their own values: a layer with the defaults (the layer makes no
  /// presentation layers, so nothing calls it but a subclass's `super.init(layer:)`).
  public init(layer: Any) { super.init() }
  /// `init?(coder:)`, required as `NSCoding` makes it: a layer with the defaults (nothing is
  /// archived on Linux).
  public required init?(coder: NSCoder) { super.init() }

  /// The view this layer backs, whose frame and bounds it shares (nil for a free layer).
  weak var backedView: UIView?
  var storedFrame = CGRect.zero

  /// `frame`: the backed view's frame, else the layer's own.
  open var frame: CGRect {
    get {
      guard let view = backedView else { return storedFrame }
      return MainActor.assumeIsolated { view.frame }
    }
    set {
      if let view = backedView {
        MainActor.assumeIsolated { view.frame = newValue }
      } else {
        storedFrame = newValue
      }
    }
  }
  /// `bounds`: the frame's size at the origin.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }
  /// `position`: the frame's centre.
  open var position: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }

  /// The sublayers, back to front (nil when there are none, as in Core Animation).
  open var sublayers: [CALayer]? {
    get { storedSublayers.isEmpty ? nil : storedSublayers }
    set {
      for layer in storedSublayers { layer.superlayer = nil }
      storedSublayers = []
      for layer in newValue ?? [] { addSublayer(layer) }
    }
  }
  var storedSublayers: [CALayer] = []
  /// The layer this one is a sublayer of.
  open private(set) weak var superlayer: CALayer?

  /// `addSublayer(_:)`: adds `layer` in front (moving it from its former superlayer).
  open func addSublayer(_ layer: CALayer) {
    insertSublayer(layer, at: UInt32(storedSublayers.count))
  }
  /// `insertSublayer(_:at:)`.
  open func insertSublayer(_ layer: CALayer, at index: UInt32) {
    layer.removeFromSuperlayer()
    storedSublayers.insert(layer, at: min(Int(index), storedSublayers.count))
    layer.superlayer = self
  }
  /// `insertSublayer(_:below:)`: at the front when `sibling` is not a sublayer.
  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    let index = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s } }
    insertSublayer(layer, at: UInt32(index ?? storedSublayers.count))
  }
  /// `insertSublayer(_:above:)`: at the front when `sibling` is not a sublayer.
  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    let index = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s } }
    insertSublayer(layer, at: UInt32(index.map { $0 + 1 } ?? storedSublayers.count))
  }
  /// `removeFromSuperlayer()`.
  open func removeFromSuperlayer() {
    guard let superlayer else { return }
    superlayer.storedSublayers.removeAll { $0 === self }
    self.superlayer = nil
  }

  /// The animations added, by key, in the order added.
  var animations: [(key: String, animation: CAAnimation)] = []

  /// `add(_:forKey:)`: keeps a copy of `animation` under `key` (replacing the animation of the
  /// same key; a nil key gets a key of its own). Animations are kept, never run: the layer's
  /// values stay as set, an image change is shown at once, and a finite animation stays until
  /// removed (Core Animation removes it at its end when `isRemovedOnCompletion`).
  open func add(_ animation: CAAnimation, forKey key: String?) {
    let key = key ?? "CellSimUIKit.animation.\(animations.count)"
    let copy = animation.copy() as! CAAnimation
    CATransaction.noteAnimation(copy)
    if let index = animations.firstIndex(where: { $0.key == key }) {
      animations[index].animation = copy
    } else {
      animations.append((key, copy))
    }
  }
  /// `animation(forKey:)`: the animation kept under `key`.
  open func animation(forKey key: String) -> CAAnimation? {
    animations.first { $0.key == key }?.animation
  }
  /// `removeAnimation(forKey:)`.
  open func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }
  /// `removeAllAnimations()`.
  open func removeAllAnimations() { animations.removeAll() }
  /// `animationKeys()`: the keys in the order added, nil when there are none.
  open func animationKeys() -> [String]? {
    animations.isEmpty ? nil : animations.map(\.key)
  }

  /// Whether `setNeedsDisplay()` marked the layer and it has not displayed since.
  var displayPending = false
  /// `needsDisplayOnBoundsChange` (kept).
  open var needsDisplayOnBoundsChange = false
  /// `setNeedsDisplay()`: the layer displays (`display()`) once, in the next frame after its
  /// layout pass and before it commits, as Core Animation displays the layers marked since the
  /// last commit; outside any world it is only marked (`displayIfNeeded()` displays it).
  open func setNeedsDisplay() {
    guard !displayPending else { return }
    displayPending = true
    if let world = SimulationContext.world { LayersToDisplay.of(world).mark(self, in: world) }
  }
  /// `setNeedsDisplay(_:)`: marks the whole layer, as `setNeedsDisplay()`.
  open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }
  /// `needsDisplay()`: whether the layer is marked and has not displayed since.
  open func needsDisplay() -> Bool { displayPending }
  /// `displayIfNeeded()`: displays the layer now if it is marked.
  open func displayIfNeeded() {
    guard displayPending else { return }
    displayPending = false
    display()
  }
  /// `display()`: a view's layer asks its view's `display(_:)` (the layer's delegate in Core
  /// Animation); a free layer draws nothing.
  open func display() {
    guard let view = backedView else { return }
    // Displays happen on the main thread (a frame's layout phase, or the app's own call there).
    nonisolated(unsafe) let layer = self
    onMainActor { view.display(layer) }
  }
  /// `draw(in:)` (never called: a layer draws nothing).
  open func draw(in ctx: CGContext) {}

  /// `render(in:)`: draws nothing (a layer's pixels are not modelled), so a snapshot taken with
  /// it is the context's own contents.
  open func render(in ctx: CGContext) {}

  /// This layer's origin in the coordinates of its root: a view's layer, its view's origin in
  /// its window; a free layer, its frame's origin plus its superlayer's.
  var originInRoot: CGPoint {
    if let view = backedView {
      return MainActor.assumeIsolated { view.convert(CGPoint.zero, to: nil) }
    }
    let origin = superlayer?.originInRoot ?? .zero
    return CGPoint(x: frame.origin.x + origin.x, y: frame.origin.y + origin.y)
  }

  /// `convert(_:to:)`: `p` in this layer's coordinates, in `l`'s (nil: the root's). Bounds
  /// origins and transforms are not applied (the layer keeps neither apart from its view's).
  open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
    let from = originInRoot
    let to = l?.originInRoot ?? .zero
    return CGPoint(x: p.x + from.x - to.x, y: p.y + from.y - to.y)
  }
  /// `convert(_:from:)`: `p` in `l`'s coordinates (nil: the root's), in this layer's.
  open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
    let from = l?.originInRoot ?? .zero
    let to = originInRoot
    return CGPoint(x: p.x + from.x - to.x, y: p.y + from.y - to.y)
  }
  /// `convert(_:to:)` for a rectangle: its origin converted, its size kept.
  open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
    CGRect(origin: convert(r.origin, to: l), size: r.size)
  }
  /// `convert(_:from:)` for a rectangle: its origin converted, its size kept.
  open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
    CGRect(origin: convert(r.origin, from: l), size: r.size)
  }
}

/// Core Animation's `CACornerMask`.
public struct CACornerMask: OptionSet, Sendable {
  /// The mask's bits.
  public let rawValue: UInt
  /// A mask of `rawValue`'s corners.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The top-left corner (in UIKit's flipped coordinates).
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  /// The top-right corner.
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  /// The bottom-left corner.
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  /// The bottom-right corner.
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Core Animation's `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  /// The curve's name.
  public let rawValue: String
  /// The curve named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A quarter circle.
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  /// Apple's continuous curve.
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
