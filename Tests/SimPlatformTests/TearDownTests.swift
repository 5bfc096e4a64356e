import SimKernel
import Testing

@testable import SimPlatform

@Suite("Tearing a world down")
struct TearDownTests {
  /// An object whose release is observed.
  final class Canary {
    let freed: () -> Void
    init(freed: @escaping () -> Void) { self.freed = freed }
    deinit { freed() }
  }

  /// A world whose queues hold waiting work that captures a canary and the world itself (as a
  /// loader's tasks hold the world through their environment), torn down at the end.
  @Test(
    "work still waiting in serial, concurrent and operation queues is dropped, so nothing it captures outlives the run"
  )
  func waitingWorkIsDropped() throws {
    var freed = 0
    var worldFreed = false
    do {
      var device = DeviceProfile.iPhoneSE
      device.cores = 1
      device.refreshHz = 1
      let world = World(device: device)
      let serial = world.serialQueue(label: "serial")
      let concurrent = world.concurrentQueue(label: "concurrent", width: 1)
      let operations = world.operationQueue(name: "ops")
      operations.maxConcurrentOperationCount = 1
      let main = world.mainOperationQueue()
      for queue in [serial, concurrent] {
        // The first item blocks the queue's only slot for longer than the run; the second waits.
        queue.async { $0.block(for: .ms(10_000)) }
        let canary = Canary { freed += 1 }
        queue.async { _ in _ = (canary, world) }
      }
      for queue in [operations, main] {
        queue.addOperation(SimulatedBlockOperation { $0.block(for: .ms(10_000)) })
        let canary = Canary { freed += 1 }
        let waiting = SimulatedBlockOperation { _ in _ = (canary, world) }
        let completion = Canary { freed += 1 }
        waiting.completionBlock = { _ = (completion, world) }
        queue.addOperation(waiting)
      }
      let watcher = Canary { worldFreed = true }
      world.main.async { _ in _ = watcher }
      try world.run(for: .ms(100))
      #expect(freed == 0)
      world.tearDown()
      // The queues outlive the world's teardown here (this scope holds them): their work must
      // be gone anyway.
      #expect(freed == 6)
      #expect(serial.pendingCount == 0 && concurrent.pendingCount == 0)
      #expect(operations.operationCount == 0 && main.operationCount == 0)
    }
    #expect(freed == 6)
    #expect(worldFreed)
  }

  /// The main thread's vsync and wake events reach it through an unretained reference (an
  /// `unowned` read per event cost a checked retain): its loop outliving it must not matter.
  @Test("a vsync still pending when the main thread is gone does nothing")
  func pendingVsyncAfterMainThread() throws {
    var world: World? = World(device: .iPhoneSE)
    let loop = try #require(world?.loop)
    try world?.run(until: SimTime(nanoseconds: 20_000_000))
    weak var main = world?.main
    #expect(main != nil)
    #expect(loop.pendingCount > 0, "the display link keeps a vsync pending")
    world = nil
    #expect(main == nil, "the pending vsync must not keep the main thread alive")
    // The vsync fires with the main thread gone: nothing happens, and nothing schedules another.
    let before = loop.eventsRun
    try loop.run(until: SimTime(nanoseconds: 100_000_000))
    #expect(loop.eventsRun > before)
    #expect(loop.pendingCount == 0)
  }
}
