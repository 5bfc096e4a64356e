import SimKernel
import Testing

@testable import SimPlatform

@Suite("Steps, CPU slots, threads and dispatch queues")
struct ThreadsAndQueuesTests {
  func world(cores: Int = 2) -> World {
    var device = DeviceProfile.iPhoneSE
    device.cores = cores
    device.refreshHz = 1
    return World(device: device)
  }

  @Test("steps run in order, and a continuation's steps run before later ones (nested calls)")
  func stepOrder() throws {
    let w = world()
    var log: [String] = []
    w.globalQueue().async { execution in
      log.append("body@\(w.now.nanoseconds)")
      execution.spend(.ns(10)) {
        log.append("after-a@\(w.now.nanoseconds)")
        execution.block(for: .ns(5)) { log.append("after-x@\(w.now.nanoseconds)") }
      }
      execution.spend(.ns(100)) { log.append("after-b@\(w.now.nanoseconds)") }
    }
    try w.run(for: .ms(1))
    #expect(log == ["body@0", "after-a@10", "after-x@15", "after-b@115"])
  }

  @Test("CPU-bound work runs cores-at-a-time; the rest waits for a slot")
  func cpuSlots() throws {
    let w = world(cores: 2)
    var ends: [Int64] = []
    for _ in 0..<5 {
      w.globalQueue().async(cost: .ms(10)) { _ in ends.append(w.now.nanoseconds / 1_000_000) }
    }
    try w.run(for: .ms(100))
    #expect(ends == [10, 10, 20, 20, 30])
    #expect(w.cpu.peakInUse == 2)
    #expect(w.workers.peakBusyThreads == 2)
  }

  @Test("a blocked wait holds a thread but no CPU, so CPU work proceeds beside it")
  func blockedHoldsNoCPU() throws {
    let w = world(cores: 1)
    var log: [String] = []
    w.globalQueue().async {
      $0.block(for: .ms(50)) { log.append("io@\(w.now.nanoseconds / 1_000_000)") }
    }
    w.globalQueue().async(cost: .ms(10)) { _ in log.append("cpu@\(w.now.nanoseconds / 1_000_000)") }
    try w.run(for: .ms(100))
    #expect(log == ["cpu@10", "io@50"])
    #expect(w.workers.peakBusyThreads == 2)
  }

  @Test("blocking work on global queues overcommits up to GCD's 64 threads, and no further")
  func threadExplosion() throws {
    let w = world(cores: 2)
    var started: [Int64] = []
    for _ in 0..<100 {
      w.globalQueue().async { execution in
        started.append(w.now.nanoseconds / 1_000_000)
        execution.block(for: .ms(100))
      }
    }
    try w.run(for: .ms(50))
    #expect(started.count == 64)
    #expect(w.workers.busyThreads == 64)
    #expect(w.cpu.inUse == 0)
    try w.run(for: .ms(200))
    #expect(started.count == 100)
    #expect(started.filter { $0 == 100 }.count == 36)
    #expect(w.workers.peakBusyThreads == 64)
    w._checkInvariants()
  }

  @Test("a serial queue runs one item at a time, first in first out")
  func serialQueue() throws {
    let w = world(cores: 3)
    let q = w.serialQueue(label: "render")
    var log: [String] = []
    for name in ["a", "b", "c"] {
      q.async(cost: .ms(5)) { _ in log.append("\(name)@\(w.now.nanoseconds / 1_000_000)") }
    }
    try w.run(for: .ms(50))
    #expect(log == ["a@5", "b@10", "c@15"])
  }

  @Test("a concurrent queue with a width runs at most that many items")
  func concurrentWidth() throws {
    let w = world(cores: 2)
    let q = w.concurrentQueue(label: "io", width: 3)
    var maxRunning = 0
    for _ in 0..<10 {
      q.async { execution in
        maxRunning = max(maxRunning, q.running)
        execution.block(for: .ms(10))
      }
    }
    try w.run(for: .ms(100))
    #expect(maxRunning == 3)
  }

  @Test("a barrier item waits for the items before it and holds the queue alone until it ends")
  func barrier() throws {
    let w = world(cores: 4)
    let q = w.concurrentQueue(label: "rw", width: nil)
    var log: [String] = []
    func item(_ name: String, _ ms: Int64, barrier: Bool = false) {
      q.async(label: name, barrier: barrier) { execution in
        log.append("\(name)+\(w.now.nanoseconds / 1_000_000)")
        execution.block(for: .ms(ms)) { log.append("\(name)-\(w.now.nanoseconds / 1_000_000)") }
      }
    }
    item("r1", 10)
    item("r2", 20)
    item("w", 5, barrier: true)
    item("r3", 10)
    item("r4", 10)
    try w.run(for: .ms(100))
    #expect(
      log == ["r1+0", "r2+0", "r1-10", "r2-20", "w+20", "w-25", "r3+25", "r4+25", "r3-35", "r4-35"])
    #expect(!q.barrierRunning && q.running == 0)
  }

  @Test("a suspended queue starts nothing until resumed")
  func suspendResume() throws {
    let w = world()
    let q = w.serialQueue(label: "s")
    q.suspend()
    var ranAt: SimTime?
    q.async { _ in ranAt = w.now }
    try w.run(for: .ms(10))
    #expect(ranAt == nil)
    q.resume()
    try w.run(for: .ms(10))
    #expect(ranAt == SimTime(nanoseconds: 10_000_000))
  }

  @Test("a waiter resumes its execution when completed, and an early completion is kept")
  func waiters() throws {
    let w = world()
    let late = Waiter()
    let early = Waiter()
    early.complete()
    var log: [String] = []
    w.globalQueue().async { execution in
      execution.wait(for: early) { log.append("early@\(w.now.nanoseconds)") }
      execution.wait(for: late) { log.append("late@\(w.now.nanoseconds)") }
    }
    w.loop.schedule(at: SimTime(nanoseconds: 777)) { late.complete() }
    try w.run(for: .ms(1))
    #expect(log == ["early@0", "late@777"])
    #expect(w.workers.busyThreads == 0)
  }

  @Test("a chain of 20,000 instant items neither overflows the stack nor leaks threads")
  func manyInstantItems() throws {
    let w = world()
    var count = 0
    for _ in 0..<20_000 { w.serialQueue(label: "x").async { _ in count += 1 } }
    let q = w.serialQueue(label: "chain")
    for _ in 0..<20_000 { q.async { _ in count += 1 } }
    for _ in 0..<20_000 { w.main.async { _ in count += 1 } }
    try w.run(for: .ms(1))
    #expect(count == 60_000)
    w._checkInvariants()
  }
}
