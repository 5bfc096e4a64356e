import SimAsync
import SimKernel
import SimPlatform
import Testing

@Suite("Smoke", .serialized)
struct SmokeTests {
  @Test("a started task runs, sleeps on the simulation clock and hops to the main actor")
  func smoke() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("a") {
        log.add("start")
        try await sim.clock.sleep(for: .milliseconds(5))
        log.add("woke")
        await MainActor.run { log.add("main") }
        log.add("end")
      }
      try sim.run(until: .ms(20))
    }
    print(outcome.lines)
    print(outcome.asyncTrace.joined(separator: "\n"))
    print(outcome.report)
    #expect(outcome.lines == ["@0 start", "@5 woke", "@5 main", "@5 end"])
  }
}
