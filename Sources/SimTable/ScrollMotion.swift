package import SimKernel

/// What the scroll view is doing, as the run loop and the hitch metric see it.
package enum ScrollState: String, Sendable, CaseIterable {
  /// At rest: no finger, no motion. Run loop in `.default`.
  case idle
  /// A finger is down (dragging or holding still). Run loop in `.tracking`.
  case tracking
  /// Decelerating after a release. Run loop in `.tracking`.
  case decelerating
  /// Springing back from past an edge. Run loop in `.tracking`.
  case bouncing
  /// A programmatic animation (`scroll_to`, status-bar tap). Run loop stays in `.default`.
  case animating

  /// Whether the run loop is in tracking mode in this state (docs/design.md, Threads, run loop and
  /// frames: from touch-down until deceleration and bounce end; programmatic animations do not
  /// track).
  package var isTracking: Bool { self == .tracking || self == .decelerating || self == .bouncing }
}

/// The scroll position's state machine: a value that advances to an instant and reports the
/// offset there. It knows nothing about cells; `TableView` drives it from its scroll phase and
/// its gesture methods.
package struct ScrollMotion {
  struct Drag {
    var start: SimTime
    var duration: SimDuration
    /// The unbounded (finger) offset at touch-down.
    var base: Double
    var distance: Double
  }

  struct Spring {
    var start: SimTime
    var target: Double
    var x0: Double
    var v0: Double
    var omega: Double
    var isBounce: Bool
  }

  struct Animation {
    var start: SimTime
    var duration: SimDuration
    var from: Double
    var to: Double
  }

  enum Phase {
    case idle
    case finger(Drag?)
    case decelerating(velocity: Double, last: SimTime)
    case spring(Spring)
    case animating(Animation)
  }

  /// The content offset in points (may be past an edge while rubber-banding or bouncing).
  package private(set) var offset: Double
  var phase: Phase = .idle
  let rate: Double
  /// The decay `rate^dt` of the last two frame lengths `dt` (milliseconds): vsyncs are whole
  /// nanoseconds, so at a steady refresh rate frames alternate between two lengths (8,333,333
  /// and 8,333,334 ns at 120 Hz), and `DeterministicMath.pow` (a logarithm and a 20-term
  /// series) was 2.5 % of a flinging run. Equal inputs give equal bits: the path is unchanged.
  var decays: [(milliseconds: Double, decay: Double)] = []
  let edges: EdgeBehavior
  let bounceOmega: Double

  package init(offset: Double, configuration: TableConfiguration) {
    self.offset = offset
    self.rate = configuration.decelerationRate
    self.edges = configuration.edges
    self.bounceOmega = ScrollPhysics.angularFrequency(response: configuration.bounceResponse)
  }

  /// The public state of the current phase.
  package var state: ScrollState {
    switch phase {
    case .idle: .idle
    case .finger: .tracking
    case .decelerating: .decelerating
    case .spring(let spring): spring.isBounce ? .bouncing : .animating
    case .animating: .animating
    }
  }

  /// The velocity in points per millisecond while decelerating, else 0.
  package var decelerationVelocity: Double {
    if case .decelerating(let velocity, _) = phase { return velocity }
    return 0
  }

  // MARK: Advancing

  /// Moves the motion to `time` (never backwards) and updates `offset` for `geometry`.
  package mutating func advance(to time: SimTime, geometry: TableGeometry) {
    switch phase {
    case .idle, .finger(nil):
      return
    case .finger(let drag?):
      let elapsed = max(.zero, min(time - drag.start, drag.duration))
      let fraction = drag.duration > .zero ? elapsed.seconds / drag.duration.seconds : 1
      offset = bounded(drag.base + drag.distance * fraction, geometry: geometry)
    case .decelerating(let velocity, let last):
      guard time > last else { return }
      let dt = (time - last).milliseconds
      let decay: Double
      if let known = decays.first(where: { $0.milliseconds == dt }) {
        decay = known.decay
      } else {
        decay = DeterministicMath.pow(rate, dt)
        if decays.count == 2 { decays.removeFirst() }
        decays.append((dt, decay))
      }
      let step = ScrollPhysics.decelerate(
        offset: offset, velocity: velocity, decay: decay, rate: rate)
      offset = step.offset
      phase = .decelerating(velocity: step.velocity, last: time)
      let edge = geometry.clamp(offset)
      if offset != edge {
        if edges == .clamp {
          offset = edge
          phase = .idle
        } else {
          startSpring(at: time, target: edge, velocity: step.velocity * 1000, omega: bounceOmega)
        }
      } else if abs(step.velocity) < ScrollPhysics.stopThreshold {
        phase = .idle
      }
    case .spring(let spring):
      let t = max(0, (time - spring.start).seconds)
      let x = ScrollPhysics.springDisplacement(
        from: spring.x0, velocity: spring.v0, omega: spring.omega, t: t)
      let v = ScrollPhysics.springVelocity(
        from: spring.x0, velocity: spring.v0, omega: spring.omega, t: t)
      if abs(x) < ScrollPhysics.settleDistance && abs(v) < ScrollPhysics.settleSpeed {
        offset = spring.target
        phase = .idle
      } else {
        offset = spring.target + x
      }
    case .animating(let animation):
      let elapsed = time - animation.start
      if elapsed >= animation.duration {
        offset = animation.to
        phase = .idle
      } else {
        let progress = max(0, elapsed.seconds / animation.duration.seconds)
        offset =
          animation.from + (animation.to - animation.from) * ScrollPhysics.easeInOut(progress)
      }
    }
  }

  /// The offset the content shows when the finger's unbounded offset is `raw`: rubber-banded
  /// past an edge (bounce) or clamped.
  func bounded(_ raw: Double, geometry: TableGeometry) -> Double {
    let edge = geometry.clamp(raw)
    guard raw != edge, edges == .bounce else { return edge }
    let overshoot = ScrollPhysics.rubberBand(abs(raw - edge), dimension: geometry.viewportHeight)
    return raw < edge ? edge - overshoot : edge + overshoot
  }

  /// The unbounded finger offset that shows `offset` (the inverse of `bounded`).
  func unbounded(_ offset: Double, geometry: TableGeometry) -> Double {
    let edge = geometry.clamp(offset)
    guard offset != edge else { return offset }
    let raw = ScrollPhysics.inverseRubberBand(
      abs(offset - edge), dimension: geometry.viewportHeight)
    return offset < edge ? edge - raw : edge + raw
  }

  mutating func startSpring(at time: SimTime, target: Double, velocity: Double, omega: Double) {
    phase = .spring(
      Spring(
        start: time, target: target, x0: offset - target, v0: velocity, omega: omega,
        isBounce: true))
  }

  // MARK: Gestures (the caller has advanced to `time` first)

  /// A finger touches down: any motion stops where it is.
  package mutating func touch() { phase = .finger(nil) }

  /// The finger moves the content by `distance` points over `duration`, from where it is now.
  package mutating func drag(
    by distance: Double, over duration: SimDuration, at time: SimTime, geometry: TableGeometry
  ) {
    phase = .finger(
      Drag(
        start: time, duration: duration, base: unbounded(offset, geometry: geometry),
        distance: distance))
    if duration == .zero { advance(to: time, geometry: geometry) }
  }

  /// The finger lifts with `velocity` points per second: decelerate, bounce back from past an
  /// edge, or stop (UIScrollView's release rule: under 0.25 pt/ms there is no deceleration).
  package mutating func release(velocity: Double, at time: SimTime, geometry: TableGeometry) {
    let perMs = velocity / 1000
    let edge = geometry.clamp(offset)
    if offset != edge {
      if edges == .clamp {
        offset = edge
        phase = .idle
      } else {
        startSpring(at: time, target: edge, velocity: velocity, omega: bounceOmega)
      }
    } else if abs(perMs) >= ScrollPhysics.releaseThreshold {
      phase = .decelerating(velocity: perMs, last: time)
    } else {
      phase = .idle
    }
  }

  /// The finger lifts from a paging scroll view (`isPagingEnabled`, pages `page` points long):
  /// the content settles on a page boundary, as UIScrollView's paging does — the next page in the
  /// direction of a release at or above the deceleration threshold, else the nearest page —
  /// springing there (a bounce phase, so the delegate hears it decelerate and end).
  package mutating func releasePaged(
    velocity: Double, page: Double, at time: SimTime, geometry: TableGeometry
  ) {
    let position = offset / page
    var target: Double
    if abs(velocity / 1000) >= ScrollPhysics.releaseThreshold {
      target = (velocity > 0 ? position.rounded(.down) + 1 : position.rounded(.up) - 1) * page
    } else {
      target = position.rounded() * page
    }
    target = geometry.clamp(target)
    guard target != offset else {
      phase = .idle
      return
    }
    startSpring(at: time, target: target, velocity: velocity, omega: bounceOmega)
  }

  /// A programmatic move to `target`: an ease-in-out animation over `duration`, or at once.
  package mutating func animate(to target: Double, duration: SimDuration?, at time: SimTime) {
    guard let duration, duration > .zero, target != offset else {
      offset = target
      phase = .idle
      return
    }
    phase = .animating(Animation(start: time, duration: duration, from: offset, to: target))
  }

  /// The status-bar tap: a critically damped spring to `target` with a 0.6 s response, not a
  /// tracking gesture.
  package mutating func springToTop(target: Double, at time: SimTime) {
    guard offset != target else {
      phase = .idle
      return
    }
    let omega = ScrollPhysics.angularFrequency(response: ScrollPhysics.scrollToTopResponse)
    phase = .spring(
      Spring(start: time, target: target, x0: offset - target, v0: 0, omega: omega, isBounce: false)
    )
  }

  /// Sets the offset outright and stops any motion except a held finger.
  package mutating func jump(to target: Double) {
    offset = target
    if case .finger = phase { phase = .finger(nil) } else { phase = .idle }
  }

  /// Clamps a resting offset after the content shrank (UIKit adjusts `contentOffset` when the
  /// content size no longer reaches it).
  package mutating func clampIfResting(geometry: TableGeometry) {
    if case .idle = phase { offset = geometry.clamp(offset) }
  }
}
