import SimAsync
import SimKernel
import SimPlatform
import SimThreads
import Testing

/// Async tasks and blocking code in one world: a task starts blocking code, which parks in
/// virtual time and starts a task of its own; everything interleaves in one order.
@Suite("Async tasks and blocking threads together", .serialized)
struct BlockingInteropTests {
  @Test("a task waits for blocking code that sleeps and starts a task; one order, one digest")
  func taskAndBlockingCode() async throws {
    func run() async throws -> Outcome {
      try await simulate { sim, log in
        let world = sim.world
        sim.startTask("parent") {
          log.add("parent starts")
          let value: Int = try await sim.awaitCallback("blocking") { complete in
            world.globalQueue().async(
              label: "blocker",
              blocking: {
                log.add("blocker on \(world.currentThread?.name ?? "?")")
                Blocking.sleep(for: .ms(3))
                Task { log.add("task started by blocking code") }
                log.add("blocker woke")
                complete(.success(42))
              })
            return nil
          }
          log.add("parent got \(value)")
        }
        try sim.run(until: .ms(10))
      }
    }
    let first = try await run()
    #expect(
      first.lines == [
        "@0 parent starts", "@0 blocker on w1", "@3 blocker woke",
        "@3 task started by blocking code", "@3 parent got 42",
      ])
    #expect(first.report.isClean, "\(first.report)")
    #expect(first.traceText.contains("thread.park thread=w1 reason=sleep"))
    let second = try await run()
    #expect(second.digest == first.digest)
  }
}
