import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Scroll physics")
struct ScrollPhysicsTests {
  /// Offsets seen by each frame's layout pass, with the frame's vsync in ms.
  func recordOffsets(_ h: Harness) -> () -> [(ms: Double, offset: Double)] {
    final class Box { var values: [(Double, Double)] = [] }
    let box = Box()
    h.world.main.addFrameObserver(.layout) { context in
      box.values.append((context.vsync.sinceStart.milliseconds, h.table.contentOffset))
    }
    return { box.values.map { (ms: $0.0, offset: $0.1) } }
  }

  @Test(
    "deceleration follows the closed form offset0 + v0·(r^t − 1)/ln r", arguments: [0.998, 0.99])
  func decelerationClosedForm(rate: Double) throws {
    let h = try Harness(rows: 1_000) {
      $0.startOffset = 10_000
      $0.decelerationRate = rate
    }
    let offsets = recordOffsets(h)
    h.table.release(velocity: 2_000)
    #expect(h.table.scrollState == .decelerating)
    #expect(h.world.main.mode == .tracking)
    try h.run(untilMs: 4_000)
    let stopMs = DeterministicMath.log(0.005) / DeterministicMath.log(rate)
    for (ms, offset) in offsets() where ms > 0 && ms < stopMs {
      let closed = ScrollPhysics.decelerationOffset(
        from: 10_000, velocity: 2, milliseconds: ms, rate: rate)
      // The per-millisecond rule travels r·ln(1/r)/(1 − r) of the continuous distance.
      #expect(abs(offset - closed) <= 0.0051 * (closed - 10_000) + 1e-6, "at \(ms) ms")
    }
    // It stops once the speed drops under 0.01 pt/ms: 2·r^t < 0.01.
    let last = try #require(offsets().last { $0.offset != offsets().last!.offset })
    #expect(abs(last.ms - stopMs) <= 10)
    #expect(h.table.scrollState == .idle)
    #expect(h.world.main.mode == .default)
    #expect(!h.world.main.isScrolling)
    // The stopping frame is the first 10 ms vsync after that instant; the total is the
    // per-millisecond sum up to it.
    let stopFrameMs = ((stopMs / 10).rounded(.down) + 1) * 10
    let travelled = try #require(offsets().last).offset - 10_000
    let expected = 2 * rate * (1 - DeterministicMath.pow(rate, stopFrameMs)) / (1 - rate)
    #expect(abs(travelled - expected) < 1e-6)
  }

  @Test("each frame applies the per-millisecond rule exactly, at any frame rate")
  func perMillisecondRule() throws {
    var atOneSecond: [Double] = []
    for hz in [60, 120] {
      let h = try Harness(rows: 1_000, hz: hz) { $0.startOffset = 10_000 }
      h.table.release(velocity: 3_000)
      try h.run(untilMs: 1_000)
      try h.run(untilMs: 1_001)  // the frame at exactly 1 s has run
      atOneSecond.append(h.table.contentOffset)
    }
    var x = 10_000.0
    var v = 3.0
    for _ in 0..<1_000 {
      v *= 0.998
      x += v
    }
    #expect(abs(atOneSecond[0] - x) < 1e-5)
    #expect(abs(atOneSecond[1] - x) < 1e-5)
  }

  @Test("remembered frame decays give the same bits as computing each frame's, at uneven frames")
  func decayMemoIsExact() {
    var configuration = TableConfiguration()
    configuration.startOffset = 50_000
    let geometry = TableGeometry(
      rowHeight: 100, columns: 1, viewportWidth: 400, viewportHeight: 800, preloadMargin: 0,
      itemCount: 10_000)
    var motion = ScrollMotion(offset: 50_000, configuration: configuration)
    motion.release(velocity: 4_000, at: .zero, geometry: geometry)
    // 120 Hz vsyncs in whole nanoseconds (two frame lengths), then a late frame and 60 Hz.
    var times = (1...200).map { SimTime.zero + .ns(Int64($0) * 1_000_000_000 / 120) }
    times +=
      [times.last! + .ms(25)] + (1...50).map { times.last! + .ms(25) + .ns(Int64($0) * 16_666_667) }
    var x = 50_000.0
    var v = 4.0
    var last = SimTime.zero
    var compared = 0
    for time in times where motion.state == .decelerating {
      motion.advance(to: time, geometry: geometry)
      let step = ScrollPhysics.decelerate(
        offset: x, velocity: v, milliseconds: (time - last).milliseconds,
        rate: configuration.decelerationRate)
      (x, v, last) = (step.offset, step.velocity, time)
      if motion.state == .decelerating {
        #expect(motion.offset == x, "at \(time)")
        #expect(motion.decelerationVelocity == v)
        compared += 1
      }
    }
    #expect(compared > 200, "the late frame and the 60 Hz frames were compared too")
    #expect(motion.decays.count == 2)
  }

  @Test("a release under 0.25 pt/ms does not decelerate")
  func releaseThreshold() throws {
    let h = try Harness(rows: 100) { $0.startOffset = 500 }
    h.table.touch()
    #expect(h.world.main.mode == .tracking)
    h.table.release(velocity: 240)
    #expect(h.table.scrollState == .idle)
    #expect(h.world.main.mode == .default)
  }

  @Test("a touch stops deceleration where it is, in tracking mode")
  func touchStops() throws {
    let h = try Harness(rows: 1_000) { $0.startOffset = 10_000 }
    h.table.release(velocity: 2_000)
    try h.run(untilMs: 95)
    h.table.touch()
    let stopped = h.table.contentOffset
    let perMillisecond = 10_000 + 2 * 0.998 * (1 - DeterministicMath.pow(0.998, 95)) / 0.002
    #expect(abs(stopped - perMillisecond) < 1e-6)
    try h.run(untilMs: 300)
    #expect(h.table.contentOffset == stopped)
    #expect(h.table.scrollState == .tracking)
    #expect(h.world.main.mode == .tracking)
  }

  @Test("a fling drags velocity × 50 ms over 50 ms, then releases at that velocity")
  func fling() throws {
    let h = try Harness(rows: 1_000) { $0.startOffset = 10_000 }
    h.table.fling(velocity: 3_000)
    try h.run(untilMs: 49)
    #expect(h.table.scrollState == .tracking)
    try h.run(untilMs: 51)
    #expect(h.table.scrollState == .decelerating)
    #expect(h.table.contentOffset == 10_150)
  }

  @Test("a drag past the top rubber-bands with coefficient 0.55 and bounces back in tracking mode")
  func rubberBand() throws {
    let h = try Harness(rows: 100)
    h.table.drag(by: -200, over: .zero)
    // (1 − 1/(200·0.55/400 + 1))·400
    #expect(abs(h.table.contentOffset - -(1 - 1 / 1.275) * 400) < 1e-9)
    h.table.lift()
    #expect(h.table.scrollState == .bouncing)
    #expect(h.world.main.mode == .tracking)
    try h.run(untilMs: 2_000)
    #expect(h.table.contentOffset == 0)
    #expect(h.table.scrollState == .idle)
    #expect(h.world.main.mode == .default)
  }

  @Test("with clamping, a drag stops at the edge and deceleration ends there")
  func clamp() throws {
    let h = try Harness(rows: 20) { $0.edges = .clamp }
    h.table.drag(by: -200, over: .zero)
    #expect(h.table.contentOffset == 0)
    h.table.release(velocity: 5_000)
    try h.run(untilMs: 5_000)
    #expect(h.table.contentOffset == h.table.layout.maxOffset)
    #expect(h.table.scrollState == .idle)
  }

  @Test("deceleration into the bottom edge springs back to it")
  func bounceAtEdge() throws {
    let h = try Harness(rows: 20) { $0.startOffset = 1_500 }
    h.table.release(velocity: 3_000)
    try h.run(untilMs: 150)
    #expect(h.table.contentOffset > h.table.layout.maxOffset)
    #expect(h.table.scrollState == .bouncing)
    try h.run(untilMs: 3_000)
    #expect(h.table.contentOffset == h.table.layout.maxOffset)
    #expect(h.table.scrollState == .idle)
  }

  @Test("scroll_to animates 0.3 s with ease-in-out, without tracking mode")
  func scrollToAnimated() throws {
    let h = try Harness(rows: 1_000)
    try h.table.scroll(toRow: 100, animated: true)
    #expect(h.table.scrollState == .animating)
    #expect(h.world.main.mode == .default)
    #expect(h.world.main.isScrolling)
    try h.run(untilMs: 151)
    #expect(abs(h.table.contentOffset - 5_000) < 1e-6)  // the curve is symmetric
    try h.run(untilMs: 301)
    #expect(h.table.contentOffset == 10_000)
    #expect(h.table.scrollState == .idle)
    #expect(!h.world.main.isScrolling)
    #expect(throws: TableError.rowOutOfRange(operation: "scrollToRow", row: 1_000, count: 1_000)) {
      try h.table.scroll(toRow: 1_000, animated: false)
    }
  }

  @Test("the status-bar tap covers half the distance by 0.16 s and 96% by 0.48 s")
  func statusBarTap() throws {
    let h = try Harness(rows: 1_000) { $0.startOffset = 10_000 }
    h.table.statusBarTap()
    #expect(h.world.main.mode == .default)
    try h.run(untilMs: 161)
    #expect(abs(h.table.contentOffset - 5_000) < 100)
    try h.run(untilMs: 481)
    #expect(abs(h.table.contentOffset - 400) < 50)
    try h.run(untilMs: 2_000)
    #expect(h.table.contentOffset == 0)
    #expect(h.table.scrollState == .idle)
  }

  @Test("the ease-in-out curve is monotone, symmetric and pinned at its ends")
  func easeCurve() {
    #expect(ScrollPhysics.easeInOut(0) == 0)
    #expect(ScrollPhysics.easeInOut(1) == 1)
    #expect(abs(ScrollPhysics.easeInOut(0.5) - 0.5) < 1e-12)
    var previous = 0.0
    for step in 1...100 {
      let value = ScrollPhysics.easeInOut(Double(step) / 100)
      #expect(value >= previous)
      #expect(abs(value + ScrollPhysics.easeInOut(1 - Double(step) / 100) - 1) < 1e-9)
      previous = value
    }
  }
}
