import SimKernel
import SimPlatform
import Testing

@_spi(Benchmarks) @testable import SimThreads

/// A world whose blocking bodies sleep, contend for a lock and wait on a semaphore, run with
/// `options`; its trace digest and how many real threads carried it.
func blockingWorkload(_ options: BlockingThreadsOptions) throws -> (digest: String, carriers: Int) {
  let world = World(seed: 7, trace: .digestOnly)
  let threads = BlockingThreads.of(world, options: options)
  let lock = SimLock(name: "cache")
  let slots = SimSemaphore(value: 2, name: "downloads")
  var log: [Int] = []
  for index in 0..<8 {
    world.globalQueue().async(
      label: "body \(index)",
      blocking: {
        Blocking.sleep(for: .ms(Int64(index % 3 + 1)))
        slots.wait()
        lock.lock()
        log.append(index)
        Blocking.sleep(for: .us(300))
        lock.unlock()
        slots.signal()
      })
  }
  try world.run(for: .ms(100))
  let result = (world.trace.digestHex, threads.peakCarriers)
  world.tearDown()
  #expect(log.sorted() == Array(0..<8))
  return result
}

@Suite("Threads pinned to one CPU hand the baton by yielding it, with the same trace")
struct PinnedThreadsTests {
  @Test("pinned (yielding, then sleeping) and unpinned (spinning) runs give one digest")
  func pinnedMatchesUnpinned() throws {
    let free = try blockingWorkload(BlockingThreadsOptions(pinToOneCPU: false))
    let pinned = try blockingWorkload(BlockingThreadsOptions(pinToOneCPU: true))
    // No yield at all: straight to the condition, as before yields existed.
    let sleeping = try blockingWorkload(BlockingThreadsOptions(pinToOneCPU: true, yields: 0))
    #expect(free.digest == pinned.digest)
    #expect(free.digest == sleeping.digest)
    #expect(free.carriers >= 2)
  }

  @Test("a pinned ping-pong hands the baton over and back every time")
  func pinnedPingPong() {
    let nanoseconds = HandOffMeasurement.pingPong(handOffs: 2_000, pinned: true)
    #expect(nanoseconds > 0)
  }
}
