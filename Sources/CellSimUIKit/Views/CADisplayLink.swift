import Foundation
import SimKernel
import SimPlatform

/// Core Animation's `CADisplayLink`, so that animated-image views that keep one compile. Its
/// only initializer takes a target and a selector, and calling a selector needs the Objective-C
/// runtime, so the link is kept and never fires (as `UIControl.addTarget(_:action:for:)` keeps
/// its targets and never sends their actions): an animation driven by it stays on its first
/// frame. Its timing values read the world's virtual clock and the device's refresh rate.
/// Loaders written for CellSim get a display link that fires from
/// `LoaderEnvironment.displayLink(_:)`.
open class CADisplayLink: NSObject, @unchecked Sendable {
  /// The target, kept as Core Animation keeps it (strongly, until `invalidate()`).
  private var target: Any?
  /// The selector, kept.
  let selector: Selector
  /// The run loop modes the link was added to.
  private(set) var modes: [RunLoop.Mode] = []

  /// `CADisplayLink(target:selector:)`: kept; it never calls the selector (see the type). The
  /// selector defaults to an empty one, so that a call whose `#selector` line was removed
  /// still compiles (see `Selector`).
  public init(target: Any, selector sel: Selector = "") {
    self.target = target
    self.selector = sel
  }

  /// `add(to:forMode:)`: kept.
  open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
    if !modes.contains(mode) { modes.append(mode) }
  }

  /// `remove(from:forMode:)`.
  open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
    modes.removeAll { $0 == mode }
  }

  /// `invalidate()`: removes the link from every mode and lets its target go.
  open func invalidate() {
    modes = []
    target = nil
  }

  /// `isPaused`.
  open var isPaused = false
  /// `preferredFramesPerSecond` (0: the display's rate; kept).
  open var preferredFramesPerSecond = 0
  /// `preferredFrameRateRange` (kept).
  open var preferredFrameRateRange = CAFrameRateRange.default
  /// `frameInterval` (deprecated; kept).
  open var frameInterval = 1

  /// `timestamp`: the last vsync at or before now, in `CACurrentMediaTime()`'s seconds (0
  /// outside any world).
  open var timestamp: CFTimeInterval {
    guard let world = SimulationContext.world else { return 0 }
    let interval = world.device.frameInterval.nanoseconds
    let now = world.now.nanoseconds
    return VirtualClock.uptimeSeconds(at: SimTime(nanoseconds: now - now % max(interval, 1)))
  }
  /// `duration`: the time between two vsyncs of the simulated display (1/60 s outside a world).
  open var duration: CFTimeInterval {
    guard let world = SimulationContext.world else { return 1.0 / 60 }
    return Double(world.device.frameInterval.nanoseconds) / 1e9
  }
  /// `targetTimestamp`: the next vsync, `timestamp + duration`.
  open var targetTimestamp: CFTimeInterval { timestamp + duration }
}

/// Core Animation's `CAFrameRateRange`.
public struct CAFrameRateRange: Hashable, Sendable {
  /// `minimum`.
  public var minimum: Float
  /// `maximum`.
  public var maximum: Float
  /// `preferred`.
  public var preferred: Float?

  /// `CAFrameRateRange(minimum:maximum:preferred:)`.
  public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// `default`: no preference.
  public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

extension UIScreen {
  /// `displayLink(withTarget:selector:)`: a `CADisplayLink` (kept, never firing; see the type).
  public func displayLink(withTarget target: Any, selector sel: Selector) -> CADisplayLink? {
    CADisplayLink(target: target, selector: sel)
  }
}
