import SimKernel
import Testing

@testable import SimPlatform

@Suite("Display link, frames and hitches")
struct FrameTests {
  func world(hz: Int) -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = hz
    return World(device: device)
  }

  @Test("vsyncs are exact: k × 1e9 / refresh_hz, with no drift")
  func vsyncTimes() {
    let device = DeviceProfile.iPhoneSE
    #expect(device.vsync(1) == SimTime(nanoseconds: 16_666_666))
    #expect(device.vsync(3) == SimTime(nanoseconds: 50_000_000))
    #expect(device.vsync(60) == SimTime(nanoseconds: 1_000_000_000))
    #expect(DeviceProfile.iPhone15Pro.vsync(120) == SimTime(nanoseconds: 1_000_000_000))
  }

  @Test("an idle main thread commits one frame per vsync and never hitches")
  func idleFrames() throws {
    let w = world(hz: 100)
    var records: [FrameRecord] = []
    w.reports.subscribe { if case .frame(let r) = $0 { records.append(r) } }
    try w.run(until: SimTime(nanoseconds: 95_000_000))
    #expect(records.map(\.number) == Array(0...9))
    #expect(records.allSatisfy { !$0.isHitch && $0.start == $0.vsync })
    #expect(w.main.frameStats.frames == 10)
  }

  @Test("frame work runs before other queued main work at a vsync")
  func framesGoFirst() throws {
    let w = world(hz: 100)
    var log: [String] = []
    w.main.addFrameObserver(.layout) { _ in log.append("layout@\(w.now.nanoseconds / 1_000_000)") }
    // Keep the main thread busy across the vsync at 10 ms, with more work queued behind.
    w.loop.schedule(at: SimTime(nanoseconds: 5_000_000)) {
      w.main.async { $0.spend(.ms(7)) }
      w.main.async { _ in log.append("queued@\(w.now.nanoseconds / 1_000_000)") }
    }
    try w.run(until: SimTime(nanoseconds: 15_000_000))
    // The block queued at 5 ms was in the same batch as the 7 ms one, so it runs at 12 ms before
    // the frame; a block queued in a *later* batch would wait behind the frame.
    #expect(log == ["layout@0", "queued@12", "layout@12"])
    log.removeAll()
    w.loop.schedule(at: SimTime(nanoseconds: 25_000_000)) {
      w.main.async { execution in
        execution.spend(.ms(7))
        w.main.async { _ in log.append("later-batch@\(w.now.nanoseconds / 1_000_000)") }
      }
    }
    try w.run(until: SimTime(nanoseconds: 35_000_000))
    #expect(log == ["layout@20", "layout@32", "later-batch@32"])
  }

  @Test("hitch arithmetic on a hand-computed case")
  func hitchArithmetic() throws {
    // 100 Hz: vsync every 10 ms. Frame 2 (vsync 20 ms) has 25 ms of layout work, so it ends at
    // 45 ms against a deadline of 30 ms: 15 ms late. Vsyncs 30 and 40 pass while it runs and
    // are absorbed by it (one stall, one late frame); the next frame serves vsync 50.
    let w = world(hz: 100)
    w.main.addFrameObserver(.layout) { context in
      if context.number == 2 { context.execution.spend(.ms(25)) }
    }
    var records: [FrameRecord] = []
    w.reports.subscribe { if case .frame(let r) = $0 { records.append(r) } }
    w.loop.schedule(at: SimTime(nanoseconds: 15_000_000)) { w.main.setScrolling(true) }
    w.loop.schedule(at: SimTime(nanoseconds: 115_000_000)) { w.main.setScrolling(false) }
    try w.run(until: SimTime(nanoseconds: 200_000_000))
    let hitch = try #require(records.first { $0.number == 2 })
    #expect(hitch.end == SimTime(nanoseconds: 45_000_000))
    #expect(hitch.deadline == SimTime(nanoseconds: 30_000_000))
    #expect(hitch.lateness == .ms(15))
    #expect(hitch.duringScroll)
    #expect(hitch.skippedVsyncs == 2)
    let next = try #require(records.first { $0.number > 2 })
    #expect(next.number == 5)
    #expect(next.start == SimTime(nanoseconds: 50_000_000))
    #expect(!next.isHitch)
    let stats = w.main.frameStats
    #expect(stats.hitches == 1)
    #expect(stats.hitchTime == .ms(15))
    // 15 ms of hitch over 0.1 s of scrolling = 150 ms/s.
    #expect(stats.scrollingTime == .ms(100))
    #expect(stats.hitchRatio == 150)
  }

  @Test("the table's own work excuses a frame's lateness up to its cost, for the app's ratio")
  func platformWorkExcused() throws {
    // 100 Hz. Frame 2 spends 25 ms (15 ms late), 12 ms of it the table's own cell work; frame 6
    // spends 14 ms (4 ms late), all of it the table's. The app's share: 3 ms of 19 ms.
    let w = world(hz: 100)
    w.main.addFrameObserver(.layout) { context in
      switch context.number {
      case 2:
        context.execution.spend(.ms(25))
        w.main.notePlatformWork(.ms(12))
      case 6:
        context.execution.spend(.ms(14))
        w.main.notePlatformWork(.ms(14))
      default: break
      }
    }
    w.loop.schedule(at: SimTime(nanoseconds: 15_000_000)) { w.main.setScrolling(true) }
    w.loop.schedule(at: SimTime(nanoseconds: 115_000_000)) { w.main.setScrolling(false) }
    try w.run(until: SimTime(nanoseconds: 200_000_000))
    let stats = w.main.frameStats
    #expect(stats.scrollingHitchTime == .ms(19))
    #expect(stats.scrollingAppHitchTime == .ms(3))
    #expect(stats.hitchRatio == 190)
    #expect(stats.appHitchRatio == 30)
  }

  @Test("busy non-frame work across vsyncs makes the waiting frame late by the stall")
  func stallFromOtherWork() throws {
    // A 32 ms main-queue block from 5 ms: the frame due at vsync 10 waits until 37 ms, 17 ms
    // after its deadline (20 ms); vsyncs 20 and 30 fold into it.
    let w = world(hz: 100)
    var records: [FrameRecord] = []
    w.reports.subscribe { if case .frame(let r) = $0 { records.append(r) } }
    w.loop.schedule(at: SimTime(nanoseconds: 5_000_000)) { w.main.async { $0.spend(.ms(32)) } }
    try w.run(until: SimTime(nanoseconds: 55_000_000))
    let late = try #require(records.first { $0.number == 1 })
    #expect(late.start == SimTime(nanoseconds: 37_000_000))
    #expect(late.lateness == .ms(17))
    #expect(late.skippedVsyncs == 2)
    #expect(records.map(\.number) == [0, 1, 4, 5])
    #expect(w.main.frameStats.hitchTime == .ms(17))
  }

  @Test("the commit phase runs after layout costs and its decode cost delays the frame end")
  func commitAfterLayout() throws {
    let w = world(hz: 100)
    var commitAt: SimTime?
    w.main.addFrameObserver(.commit) { context in
      if context.number == 1 {
        commitAt = w.now
        context.execution.spend(.ms(12))
      }
    }
    w.main.addFrameObserver(.layout) { context in
      if context.number == 1 { context.execution.spend(.ms(3)) }
    }
    var record: FrameRecord?
    w.reports.subscribe { if case .frame(let r) = $0, r.number == 1 { record = r } }
    try w.run(until: SimTime(nanoseconds: 60_000_000))
    #expect(commitAt == SimTime(nanoseconds: 13_000_000))
    #expect(record?.commit == SimTime(nanoseconds: 13_000_000))
    #expect(record?.end == SimTime(nanoseconds: 25_000_000))
    #expect(record?.lateness == .ms(5))
    #expect(w.main.frameStats.hitchRatio == 0, "no scrolling, so no ratio")
  }
}
