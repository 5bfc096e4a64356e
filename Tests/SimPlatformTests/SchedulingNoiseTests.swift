import SimKernel
import Testing

@testable import SimPlatform

@Suite("Scheduling noise")
struct SchedulingNoiseTests {
  /// A world at 1 Hz (one vsync at t=0, the next at 1 s), so frames stay out of the way unless
  /// a test sets its own rate.
  func world(noise: SchedulingNoise? = nil, refreshHz: Int = 1, cores: Int = 2) -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = refreshHz
    device.cores = cores
    let world = World(device: device, trace: .full)
    world.noise = noise.map(NoiseSource.init)
    return world
  }

  /// Noise whose worker wake-ups are never immediate and never from the tail.
  func lateWorkers(seed: UInt64) -> SchedulingNoise {
    var noise = SchedulingNoise(seed: seed)
    noise.workerImmediate = 0
    noise.tailProbability = 0
    return noise
  }

  @Test("without noise a worker block starts inside the call that queued it")
  func noNoiseStartsAtOnce() throws {
    let w = world()
    var ran = false
    w.globalQueue().async { _ in ran = true }
    #expect(ran)
  }

  @Test("a worker wakes up after a latency drawn from worker_wake, and the start is traced")
  func workerLatency() throws {
    var startedAt: [SimTime] = []
    for seed in 1...20 {
      let noise = lateWorkers(seed: UInt64(seed))
      let w = world(noise: noise)
      var start: SimTime?
      w.globalQueue().async { _ in start = w.now }
      #expect(start == nil, "the block does not start inside the call")
      try w.run(for: .ms(1))
      let time = try #require(start)
      #expect(noise.workerWake.contains(time.sinceStart), "\(time)")
      startedAt.append(time)
      #expect(w.trace.fullText.contains("noise.wake thread=w1"))
      w.workers._checkInvariants()
    }
    #expect(Set(startedAt).count > 10, "latencies vary with the seed")
  }

  @Test("a queue's next item continues on the awake thread: only the first waits for a wake-up")
  func drainingQueueStaysAwake() throws {
    let w = world(noise: lateWorkers(seed: 3))
    let queue = w.serialQueue(label: "delegate")
    var startedAt: [SimTime] = []
    for _ in 0..<5 { queue.async { _ in startedAt.append(w.now) } }
    try w.run(for: .ms(1))
    #expect(startedAt.count == 5)
    #expect(startedAt[0] > SimTime.zero)
    #expect(Set(startedAt).count == 1, "\(startedAt)")
  }

  @Test("an operation can start inside addOperation with noise, and never without")
  func operationInsideTurn() throws {
    for (noise, expected) in [(nil, false), (Optional(SchedulingNoise(seed: 1)), true)] {
      var all = noise
      all?.workerImmediate = 1
      let w = world(noise: all)
      let queue = w.operationQueue()
      var ran = false
      queue.addOperation { _ in ran = true }
      #expect(ran == expected)
      try w.run(for: .ms(1))
      #expect(ran)
    }
  }

  @Test("a block queued for an idle main thread waits for its wake-up; a vsync does not")
  func mainWakeLatency() throws {
    var noise = SchedulingNoise(seed: 4)
    noise.tailProbability = 1
    noise.mainWake = .us(5) ... .us(100)
    noise.mainTailMax = .ms(30)
    // 60 Hz: vsyncs every 16.7 ms; the main block's wake-ups reach past the next one.
    let w = world(noise: noise, refreshHz: 60)
    var frames: [SimTime] = []
    w.main.addFrameObserver(.layout) { frames.append($0.vsync) }
    var ranAt: [SimTime] = []
    try w.run(until: SimTime.zero + .ms(1))
    let queuedAt = w.now
    let queue = w.globalQueue()
    queue.async { _ in w.main.async { _ in ranAt.append(w.now) } }
    try w.run(until: SimTime.zero + .ms(100))
    #expect(ranAt.count == 1)
    let latency = ranAt[0] - queuedAt
    #expect(latency > .us(100), "a tail wake-up")
    // Every vsync got its frame on time, including those during the pending wake-up.
    #expect(frames.count == 7)
    for (k, vsync) in frames.enumerated() { #expect(vsync == w.device.vsync(Int64(k))) }
    w.main._checkInvariants()
  }

  @Test("the main thread, once awake for a frame, runs a block whose wake-up was pending")
  func frameWakesMain() throws {
    var noise = SchedulingNoise(seed: 2)
    noise.tailProbability = 1
    noise.mainWake = .ms(10) ... .ms(10)
    noise.mainTailMax = .ms(10)
    let w = world(noise: noise, refreshHz: 60)
    try w.run(until: SimTime.zero + .ms(10))
    var ranAt: SimTime?
    w.loop.schedule(after: .zero) { w.main.async { _ in ranAt = w.now } }
    try w.run(until: SimTime.zero + .ms(40))
    // Queued at 10 ms with a 10 ms wake-up; the vsync at 16.7 ms wakes the main thread, which
    // runs the block right after that frame.
    #expect(ranAt == w.device.vsync(1))
  }

  @Test("queues waiting for a worker get one in a seeded order")
  func seededPoolOrder() throws {
    func order(seed: UInt64?) throws -> [Int] {
      let w = world(noise: seed.map(SchedulingNoise.init), cores: 1)
      var started: [Int] = []
      // One worker slot: the first block holds it, and four queues wait behind it.
      let busy = w.serialQueue(label: "busy")
      busy.async { $0.spend(.ms(1)) }
      for index in 0..<4 {
        let queue = w.serialQueue(label: "q\(index)")
        queue.async { execution in
          started.append(index)
          execution.spend(.ms(1))
        }
      }
      try w.run(for: .ms(50))
      return started
    }
    let plain = try order(seed: nil)
    #expect(plain.count == 4)
    let orders = try (1...12).map { try order(seed: $0) }
    #expect(orders.allSatisfy { $0.sorted() == [0, 1, 2, 3] })
    #expect(Set(orders.map { $0.description }).count > 1, "seeds give different orders")
    #expect(try order(seed: 5) == order(seed: 5), "a seed reproduces its order")
  }

  @Test("a seed reproduces a schedule, and another seed gives another")
  func determinism() throws {
    func digest(_ seed: UInt64) throws -> UInt64 {
      let w = world(noise: SchedulingNoise(seed: seed), refreshHz: 60)
      let queue = w.globalQueue()
      for index in 0..<30 {
        w.loop.schedule(after: .us(Int64(index * 700))) {
          queue.async { execution in
            execution.spend(.us(300)) { w.main.async(label: "set\(index)") { $0.spend(.us(50)) } }
          }
        }
      }
      try w.run(for: .ms(60))
      return w.trace.digest
    }
    #expect(try digest(3) == digest(3))
    #expect(try digest(3) != digest(4))
  }

  @Test("queue_hop_cost holds the worker after the block; main_block_cost holds the main thread")
  func baseCosts() throws {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 1
    device.queueHopCost = .us(40)
    device.mainBlockCost = .us(25)
    let w = World(device: device)
    var second: SimTime?
    let serial = w.serialQueue(label: "s")
    serial.async { _ in }
    serial.async { _ in second = w.now }
    var mainSecond: SimTime?
    try w.run(until: SimTime.zero + .ms(1))
    w.main.async { _ in }
    w.main.async { _ in }
    w.main.async { _ in mainSecond = w.now }
    try w.run(until: SimTime.zero + .ms(2))
    #expect(second == SimTime.zero + .us(40), "the first block's hop cost delays the second")
    // The three blocks run in one turn, back to back: each costs 25 µs of main-thread time.
    #expect(mainSecond == SimTime.zero + .ms(1) + .us(50))
  }
}
