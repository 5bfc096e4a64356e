package import SimKernel

/// The formulas of UIScrollView's motion, as pure functions on `Double` points.
///
/// Offsets are positions, not time, so they are `Double`; time enters only as an exact
/// `SimDuration` converted at the point of use. Every power, exponential and logarithm goes
/// through `DeterministicMath` (IEEE basic operations only), so the same inputs give
/// bit-identical offsets on every machine and in every build.
package enum ScrollPhysics {
  /// `UIScrollView.DecelerationRate.normal`: the velocity keeps 0.998 of itself per millisecond
  /// (docs/design.md, Table; the source is Apple's `DecelerationRate` constants).
  package static let normalRate = 0.998
  /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
  package static let fastRate = 0.99
  /// A release slower than this (points per millisecond) does not decelerate (UIScrollView's
  /// release threshold, from a disassembly write-up of UIScrollView; docs/design.md, Where the
  /// platform rules come from).
  package static let releaseThreshold = 0.25
  /// Deceleration stops when the speed drops below this (points per millisecond).
  package static let stopThreshold = 0.01
  /// UIScrollView's rubber-band coefficient.
  package static let rubberBandCoefficient = 0.55
  /// How long a fling's drag lasts before its release (docs/scenario-format.md `fling`).
  package static let flingDuration = SimDuration.ms(50)
  /// `scroll_to`'s animation length (`setContentOffset(_:animated:)`).
  package static let scrollAnimationDuration = SimDuration.ms(300)
  /// The response of the status-bar scroll-to-top spring.
  package static let scrollToTopResponse = SimDuration.ms(600)
  /// A spring has settled when it is this close to its target (points) …
  package static let settleDistance = 0.5
  /// … and moving slower than this (points per second).
  package static let settleSpeed = 5.0

  // MARK: Deceleration

  /// One frame of UIScrollView deceleration over `dt` milliseconds: the per-millisecond rule
  /// `v ← v·r`, `x ← x + v` summed in closed form, `x += v·r·(1 − r^dt)/(1 − r)` and
  /// `v *= r^dt` (docs/design.md, Table). `v` is in points per millisecond. Summing frames of any
  /// length gives the same result as summing milliseconds, so frame rate does not change the path.
  package static func decelerate(
    offset x: Double, velocity v: Double, milliseconds dt: Double, rate r: Double
  ) -> (offset: Double, velocity: Double) {
    guard dt > 0 else { return (x, v) }
    return decelerate(offset: x, velocity: v, decay: DeterministicMath.pow(r, dt), rate: r)
  }

  /// `decelerate` with the frame's decay `r^dt` already known.
  package static func decelerate(
    offset x: Double, velocity v: Double, decay: Double, rate r: Double
  ) -> (offset: Double, velocity: Double) {
    (x + v * r * (1 - decay) / (1 - r), v * decay)
  }

  /// The continuous closed form of deceleration: `offset0 + v0·(r^t − 1)/ln r` after `t`
  /// milliseconds, with `v0` in points per millisecond (docs/design.md, Table). The per-frame
  /// rule travels `r·ln(1/r)/(1 − r)` times this distance (0.999 for r = 0.998).
  package static func decelerationOffset(
    from offset0: Double, velocity v0: Double, milliseconds t: Double, rate r: Double
  ) -> Double {
    offset0 + v0 * (DeterministicMath.pow(r, t) - 1) / DeterministicMath.log(r)
  }

  // MARK: Rubber band

  /// How far the content moves when the finger pulls `overshoot` points past an edge:
  /// `(1 − 1/(overshoot·c/d + 1))·d` with `c` = 0.55 and `d` the viewport dimension
  /// (UIScrollView's rubber band, from the disassembly write-up). Never reaches `d`.
  package static func rubberBand(_ overshoot: Double, dimension d: Double) -> Double {
    guard overshoot > 0, d > 0 else { return 0 }
    return (1 - 1 / (overshoot * rubberBandCoefficient / d + 1)) * d
  }

  /// The finger overshoot that `rubberBand` maps to `distance` (its inverse).
  package static func inverseRubberBand(_ distance: Double, dimension d: Double) -> Double {
    guard distance > 0, d > 0 else { return 0 }
    let y = min(distance / d, 1 - 1e-9)
    return y * d / ((1 - y) * rubberBandCoefficient)
  }

  // MARK: Springs

  /// The angular frequency of a spring with `response` (the period of the undamped spring):
  /// `ω = 2π / response`, in radians per second.
  package static func angularFrequency(response: SimDuration) -> Double {
    2 * Double.pi / response.seconds
  }

  /// The displacement from its target of a critically damped spring after `t` seconds,
  /// starting `x0` points away with velocity `v0` points per second:
  /// `x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt)`.
  ///
  /// From rest the remaining fraction is `(1 + ωt)·e^(−ωt)`. With a 0.6 s response (ω ≈ 10.47/s)
  /// that is 0.50 at 0.16 s and 0.04 at 0.48 s: the status-bar tap covers about half the
  /// distance by 0.16 s and 96% by 0.48 s (docs/design.md, Table).
  package static func springDisplacement(
    from x0: Double, velocity v0: Double, omega: Double, t: Double
  )
    -> Double
  {
    (x0 + (v0 + omega * x0) * t) * DeterministicMath.exp(-omega * t)
  }

  /// The velocity (points per second) of the spring of `springDisplacement` after `t` seconds:
  /// `v(t) = (v0 − ω·(v0 + ω·x0)·t)·e^(−ωt)`.
  package static func springVelocity(from x0: Double, velocity v0: Double, omega: Double, t: Double)
    -> Double
  {
    (v0 - omega * (v0 + omega * x0) * t) * DeterministicMath.exp(-omega * t)
  }

  // MARK: Animation curve

  /// Core Animation's ease-in-ease-out timing (`cubic-bezier(0.42, 0, 0.58, 1)`) at `progress`
  /// in 0…1, solved by bisection on the curve's x so the result is exact to 1e-12 and uses only
  /// basic operations. docs/design.md (Where the platform rules come from) lists the real curve of
  /// animated `setContentOffset` as unconfirmed; this is the standard ease-in-out.
  package static func easeInOut(_ progress: Double) -> Double {
    if progress <= 0 { return 0 }
    if progress >= 1 { return 1 }
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<48 {
      let mid = (low + high) / 2
      if bezier(mid, 0.42, 0.58) < progress { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, 0, 1)
  }
}
