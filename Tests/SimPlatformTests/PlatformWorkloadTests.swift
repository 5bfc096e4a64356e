import SimKernel
import Testing

@testable import SimPlatform

@Suite("Randomized platform workload")
struct PlatformWorkloadTests {
  @Test("invariants hold after every event", arguments: 0..<500)
  func invariants(seed: Int) {
    let (world, outcome) = PlatformWorkload.run(seed: UInt64(seed), checkInvariants: true)
    #expect(outcome.events > 100)
    #expect(world.workers.busyThreads <= WorkerPool.gcdThreadLimit)
  }

  @Test("the same seed gives the same digest; stepping and running agree", arguments: [1, 2, 77])
  func repeatable(seed: UInt64) {
    let a = PlatformWorkload.run(seed: seed).1
    let b = PlatformWorkload.run(seed: seed).1
    let stepped = PlatformWorkload.run(seed: seed, checkInvariants: true).1
    #expect(a == b)
    #expect(a.digest == stepped.digest)
  }

  @Test("different seeds give different digests")
  func seedsMatter() {
    let digests = Set((0..<20).map { PlatformWorkload.run(seed: $0).1.digest })
    #expect(digests.count == 20)
  }
}
