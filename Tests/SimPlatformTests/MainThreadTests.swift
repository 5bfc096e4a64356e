import SimKernel
import Testing

@testable import SimPlatform

@Suite("Main thread, run-loop modes and the main queue")
struct MainThreadTests {
  /// A world with a display link that never gets in the way: 1 Hz, so vsyncs are 1 s apart.
  func quietWorld() -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 1
    return World(device: device)
  }

  @Test("a .default source waits while the run loop tracks and runs right after tracking ends")
  func defaultSourceWaitsDuringTracking() throws {
    let world = quietWorld()
    var ranAt: [String: SimTime] = [:]
    world.loop.schedule(at: SimTime(nanoseconds: 10_000_000)) {
      world.main.setMode(.tracking)
    }
    world.loop.schedule(at: SimTime(nanoseconds: 20_000_000)) {
      world.main.perform(inModes: .default) { _ in ranAt["default"] = world.now }
      world.main.perform(inModes: .common) { _ in ranAt["common"] = world.now }
      world.main.async { _ in ranAt["main-queue"] = world.now }
    }
    world.loop.schedule(at: SimTime(nanoseconds: 3_020_000_000)) {
      world.main.setMode(.default)
    }
    try world.run(until: SimTime(nanoseconds: 4_000_000_000))
    #expect(ranAt["common"] == SimTime(nanoseconds: 20_000_000))
    #expect(ranAt["main-queue"] == SimTime(nanoseconds: 20_000_000))
    #expect(ranAt["default"] == SimTime(nanoseconds: 3_020_000_000))
  }

  @Test("the main queue drains in snapshot batches: a block added during a batch runs later")
  func snapshotBatches() throws {
    let world = quietWorld()
    var log: [String] = []
    world.loop.schedule(at: SimTime(nanoseconds: 1_000)) {
      world.main.async { _ in
        log.append("a")
        world.main.async { _ in log.append("c (added during the batch)") }
      }
      world.main.async { _ in log.append("b") }
    }
    try world.run(for: .ms(1))
    #expect(log == ["a", "b", "c (added during the batch)"])
  }

  @Test("a callback's effects happen at its start and the main thread stays busy for its cost")
  func costsSerializeTheMainThread() throws {
    let world = quietWorld()
    var starts: [Int64] = []
    world.loop.schedule(at: SimTime(nanoseconds: 1_000_000)) {
      for _ in 0..<3 {
        world.main.async { execution in
          starts.append(world.now.nanoseconds)
          execution.spend(.ms(2))
        }
      }
    }
    try world.run(for: .ms(20))
    #expect(starts == [1_000_000, 3_000_000, 5_000_000])
    #expect(world.main.busyTime == .ms(6))
  }

  @Test("asyncAfter enqueues after the delay; a busy main thread delays it further")
  func asyncAfter() throws {
    let world = quietWorld()
    var ranAt: SimTime?
    world.loop.schedule(at: SimTime(nanoseconds: 1_000_000)) {
      world.main.async { $0.spend(.ms(10)) }
      world.main.asyncAfter(.ms(5)) { _ in ranAt = world.now }
    }
    try world.run(for: .ms(50))
    #expect(ranAt == SimTime(nanoseconds: 11_000_000))
  }

  @Test("a default-mode timer fires late when tracking covers its fire time; common does not")
  func timersInModes() throws {
    let world = quietWorld()
    var fired: [String: SimTime] = [:]
    world.main.setMode(.tracking)
    world.main.scheduleTimer(after: .ms(100), inModes: .default) { _ in fired["default"] = world.now
    }
    world.main.scheduleTimer(after: .ms(100), inModes: .common) { _ in fired["common"] = world.now }
    world.loop.schedule(at: SimTime(nanoseconds: 500_000_000)) { world.main.setMode(.default) }
    try world.run(for: .ms(900))
    #expect(fired["common"] == SimTime(nanoseconds: 100_000_000))
    #expect(fired["default"] == SimTime(nanoseconds: 500_000_000))
  }

  @Test("a repeating timer coalesces firings missed while its mode was excluded")
  func repeatingTimerCoalesces() throws {
    let world = quietWorld()
    var firings: [Int64] = []
    world.main.setMode(.tracking)
    let timer = world.main.scheduleTimer(after: .ms(10), repeating: .ms(10), inModes: .default) {
      _ in firings.append(world.now.nanoseconds / 1_000_000)
    }
    world.loop.schedule(at: SimTime(nanoseconds: 55_000_000)) { world.main.setMode(.default) }
    try world.run(until: SimTime(nanoseconds: 75_000_000))
    timer.invalidate()
    try world.run(for: .ms(100))
    #expect(firings == [55, 60, 70])
  }
}
