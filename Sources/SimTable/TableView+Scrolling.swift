package import SimKernel

/// Scroll gestures and programmatic scrolling (docs/design.md, Table; scenario events `drag`,
/// `release`, `fling`, `touch`, `lift`, `scroll_to`, `status_bar_tap`).
///
/// A gesture takes effect at the instant it is called: the motion first advances to now, so a
/// touch stops deceleration exactly where it is. The offset then changes frame by frame, at
/// each vsync, in the `.scroll` phase; the layout pass of the same frame follows it. The main
/// run loop is in `.tracking` from touch-down until deceleration and bounce end, and in
/// `.default` otherwise (programmatic animations do not track); the world's scrolling flag,
/// over which the hitch ratio is computed, is set from touch-down, deceleration, bounce or
/// animation start until the motion ends.
extension TableView {
  /// Finger down and moves the content by `distance` points (positive: toward higher rows)
  /// over `duration`, one frame at a time; the finger stays down afterwards. Past an edge the
  /// content rubber-bands (coefficient 0.55) or clamps, per `edges`. A new drag continues from
  /// wherever the content is.
  package func drag(by distance: Double, over duration: SimDuration) {
    precondition(duration >= .zero, "TableView.drag: negative duration \(duration)")
    precondition(distance.isFinite, "TableView.drag: distance must be finite")
    beginGesture("drag") {
      $0.field("by", distance)
      $0.field("over", duration)
    }
    motion.drag(by: distance, over: duration, at: world.now, geometry: geometry)
    syncScrollState()
  }

  /// Finger up with `velocity` points per second (positive: toward higher rows).
  ///
  /// UIKit rule (docs/design.md, Table): under 0.25 pt/ms the content does not decelerate;
  /// otherwise it decelerates by `r` per millisecond and stops under 0.01 pt/ms; released past an
  /// edge it springs back. A release without a preceding touch still applies (it starts the same
  /// deceleration from wherever the content is).
  package func release(velocity: Double) {
    precondition(velocity.isFinite, "TableView.release: velocity must be finite")
    beginGesture("release") { $0.field("velocity", velocity) }
    releaseFinger(velocity: velocity)
  }

  /// A fling: a drag by `velocity × 50 ms` over 50 ms, then a release at `velocity` points per
  /// second (docs/scenario-format.md). A gesture that starts before the release cancels it.
  package func fling(velocity: Double) {
    precondition(velocity.isFinite, "TableView.fling: velocity must be finite")
    drag(by: velocity * ScrollPhysics.flingDuration.seconds, over: ScrollPhysics.flingDuration)
    let generation = gestureGeneration
    world.loop.schedule(after: ScrollPhysics.flingDuration) { [self] in
      // Held strongly for the 50 ms: a weak capture would give the table a side table.
      guard gestureGeneration == generation else { return }
      release(velocity: velocity)
    }
  }

  /// Finger down without moving: deceleration, bounce or animation stops where it is, and the
  /// run loop enters tracking mode.
  package func touch() {
    beginGesture("touch") { _ in }
    motion.touch()
    syncScrollState()
  }

  /// Finger up with no velocity: the content stays, or springs back from past an edge.
  package func lift() {
    beginGesture("lift") { _ in }
    releaseFinger(velocity: 0)
  }

  /// The finger lifts with `velocity`: a paging view settles on a page boundary, any other
  /// decelerates, stops or springs back.
  func releaseFinger(velocity: Double) {
    if let page = pageLength?(), page > 0 {
      motion.releasePaged(velocity: velocity, page: page, at: world.now, geometry: geometry)
    } else {
      motion.release(velocity: velocity, at: world.now, geometry: geometry)
    }
    syncScrollState()
  }

  /// `scrollToRow(at:at:animated:)`: brings `row` to `position`. Animated, the content moves
  /// over 0.3 s with ease-in-out and the run loop stays in `.default` (docs/design.md, Table);
  /// otherwise the offset jumps at once and the next layout pass follows. Either ends any motion in
  /// progress; a finger that was down is considered lifted by an animated scroll.
  package func scroll(toRow row: Int, position: ScrollPosition = .top, animated: Bool)
    throws(TableError)
  {
    guard model.items.indices.contains(row) else {
      throw .rowOutOfRange(operation: "scrollToRow", row: row, count: model.count)
    }
    setContentOffset(
      geometry.offset(toShowRow: row, at: position, from: motion.offset), animated: animated)
  }

  /// `setContentOffset(_:animated:)`: `offset` is clamped to the content; animated over 0.3 s
  /// with ease-in-out, not tracking.
  package func setContentOffset(_ offset: Double, animated: Bool) {
    precondition(offset.isFinite, "TableView.setContentOffset: offset must be finite")
    let target = geometry.clamp(offset)
    beginGesture("set_offset") {
      $0.field("to", target)
      $0.field("animated", animated)
    }
    if animated {
      motion.animate(to: target, duration: ScrollPhysics.scrollAnimationDuration, at: world.now)
    } else {
      motion.jump(to: target)
    }
    syncScrollState()
  }

  /// The status-bar tap: scrolls to the top with a critically damped spring of 0.6 s response,
  /// `offset(t) = target + (x0 + ω·x0·t)·e^(−ωt)` with `ω = 2π / 0.6 s` — about half the
  /// distance by 0.16 s and 96% by 0.48 s (docs/design.md, Table). It is an animation, not
  /// tracking.
  package func statusBarTap() {
    beginGesture("status_bar_tap") { _ in }
    motion.springToTop(target: 0, at: world.now)
    syncScrollState()
  }

  /// Advances the motion to now, cancels a pending fling release, and traces the gesture.
  func beginGesture(_ kind: String, _ fields: (inout TraceLine) -> Void) {
    checkMainThread(kind)
    gestureGeneration += 1
    motion.advance(to: world.now, geometry: geometry)
    world.trace.record(at: world.now, "table.gesture") {
      $0.field("kind", kind)
      fields(&$0)
    }
  }
}
