import SimKernel
import Testing

@testable import SimPlatform

@Suite("Display links for loaders (CADisplayLink)")
struct DisplayLinkTests {
  func world() -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 100
    return World(device: device)
  }

  @Test("a link fires at every vsync on the main thread, after the scroll and before layout")
  func firesBeforeLayout() throws {
    let w = world()
    var log: [String] = []
    w.main.addFrameObserver(.scroll) { _ in log.append("scroll") }
    w.main.addFrameObserver(.layout) { _ in log.append("layout") }
    w.main.addFrameObserver(.commit) { _ in log.append("commit") }
    var ticks: [DisplayLink.Tick] = []
    let link = DisplayLink(main: w.main) { tick in
      ticks.append(tick)
      log.append("link main=\(w.currentThread?.isMain == true)")
    }
    try w.run(until: SimTime(nanoseconds: 25_000_000))
    // Frames at 0, 10 and 20 ms; the link was made before the first.
    #expect(ticks.map(\.frame) == [0, 1, 2])
    #expect(ticks.map(\.timestamp.nanoseconds) == [0, 10_000_000, 20_000_000])
    #expect(ticks.map(\.targetTimestamp.nanoseconds) == [10_000_000, 20_000_000, 30_000_000])
    #expect(Array(log.prefix(4)) == ["scroll", "link main=true", "layout", "commit"])
    link.invalidate()
  }

  @Test("a paused link skips callbacks; an invalidated one stops and is released")
  func pauseAndInvalidate() throws {
    let w = world()
    var count = 0
    weak var released: DisplayLink?
    do {
      let link = DisplayLink(main: w.main) { _ in count += 1 }
      released = link
      try w.run(until: SimTime(nanoseconds: 15_000_000))
      #expect(count == 2)
      link.isPaused = true
      try w.run(until: SimTime(nanoseconds: 35_000_000))
      #expect(count == 2)
      link.isPaused = false
      try w.run(until: SimTime(nanoseconds: 45_000_000))
      #expect(count == 3)
      link.invalidate()
      #expect(!link.isValid)
    }
    try w.run(until: SimTime(nanoseconds: 65_000_000))
    #expect(count == 3)
    #expect(released == nil, "the main thread still holds an invalidated link")
  }

  @Test("the main thread keeps a link until it is invalidated, as the run loop does")
  func keptUntilInvalidated() throws {
    let w = world()
    var count = 0
    weak var kept: DisplayLink?
    do { kept = DisplayLink(main: w.main) { _ in count += 1 } }
    try w.run(until: SimTime(nanoseconds: 25_000_000))
    #expect(kept != nil)
    #expect(count == 3)
    kept?.invalidate()
  }

  @Test("a link made during a frame fires from the next one")
  func madeDuringFrame() throws {
    let w = world()
    var frames: [Int64] = []
    var link: DisplayLink?
    w.main.addFrameObserver(.layout) { context in
      if link == nil { link = DisplayLink(main: w.main) { frames.append($0.frame) } }
    }
    try w.run(until: SimTime(nanoseconds: 25_000_000))
    #expect(frames == [1, 2])
    link?.invalidate()
  }

  @Test("tearing the world down invalidates its links and drops what their callbacks hold")
  func tearDownInvalidates() throws {
    let w = world()
    final class View { var link: DisplayLink? }
    weak var released: View?
    var fired = 0
    do {
      let view = View()
      released = view
      // The classic cycle: the view holds its link, whose callback holds the view.
      view.link = DisplayLink(main: w.main) { _ in
        _ = view
        fired += 1
      }
    }
    try w.run(until: SimTime(nanoseconds: 15_000_000))
    #expect(fired == 2)
    #expect(released != nil, "a valid link keeps its callback's view, as the run loop does")
    w.tearDown()
    #expect(released == nil)
    #expect(w.main.displayLinks.isEmpty)
  }
}
