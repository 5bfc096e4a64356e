// Written as iOS code, plus the async simulation that hosts it.
import CellSimUIKit
import SimAsync
import SimKernel
import SimPlatform
import Testing

@Suite("Task.sleep reaches virtual time", .serialized)
struct TaskSleepTests {
  @Test("Task.sleep(nanoseconds:) and Task.sleep(for:) wait in the world's time")
  func sleeps() async throws {
    let world = World(seed: 1, trace: .full)
    let log = Box<[String]>([])
    let report = try await withAsyncSimulation(world: world) { sim in
      sim.startTask("cell") {
        try? await Task.sleep(nanoseconds: 20_000_000)
        log.value.append("a @\(sim.world.now.nanoseconds / 1_000_000)")
        try? await Task.sleep(for: .milliseconds(30))
        log.value.append("b @\(sim.world.now.nanoseconds / 1_000_000)")
      }
      try sim.run(for: .ms(100))
    }
    #expect(log.value == ["a @20", "b @50"])
    #expect(report.isClean)
  }
}
