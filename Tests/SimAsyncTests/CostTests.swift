import SimAsync
import SimKernel
import SimPlatform
import Testing

@Suite("Jobs cost simulated time on simulated threads", .serialized)
struct CostTests {
  @Test("a pool job's charged CPU holds its worker and a CPU slot; a third job waits for one")
  func chargedPoolJobs() async throws {
    // iPhone SE: two CPU slots, so the cooperative pool is two workers wide.
    let world = World(seed: 1, device: .iPhoneSE, trace: .full)
    let log = EventLog()
    let report = try await withAsyncSimulation(world: world) { sim in
      log.simulation = sim
      for name in ["a", "b", "c"] {
        sim.startTask(name) {
          log.add("\(name) starts on \(sim.world.currentThread?.name ?? "none")")
          await sim.spend(.ms(10))
          log.add("\(name) resumes on \(sim.world.currentThread?.name ?? "none")")
        }
      }
      try sim.run(until: .ms(40))
    }
    #expect(
      log.lines == [
        // c waits for a worker; when a and b's CPU time ends, c takes w1 first (it asked
        // first), and a and b continue on w2 in turn.
        "@0 a starts on w1", "@0 b starts on w2", "@10 c starts on w1", "@10 a resumes on w2",
        "@10 b resumes on w2", "@20 c resumes on w1",
      ])
    #expect(world.cpu.peakInUse == 2)
    #expect(report.isClean)
  }

  @Test("a main-actor job's charge keeps the main thread busy, delaying the next frame")
  func chargedMainJob() async throws {
    let world = World(seed: 1, device: .iPhone15Pro, trace: .full)
    var hitches = 0
    let report = try await withAsyncSimulation(world: world) { sim in
      sim.world.reports.subscribe { if case .frame(let frame) = $0, frame.isHitch { hitches += 1 } }
      sim.startTask("decode on main") { @MainActor in await sim.spend(.ms(30)) }
      try sim.run(until: .ms(100))
    }
    #expect(hitches == 1)
    #expect(report.isClean)
  }

  @Test("spend keeps the caller's isolation: on the main actor it is the main thread's time")
  func spendOnMain() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("hops") {
        await sim.spend(.ms(1))
        log.add("pool spent on \(sim.world.currentThread?.name ?? "none")")
        await MainActor.run { log.add("main") }
        await Self.spendOnMain(sim, log)
        log.add("pool again")
      }
      try sim.run(until: .ms(10))
    }
    #expect(
      outcome.lines == [
        "@1 pool spent on w1", "@1 main", "@3 main spent on main", "@3 pool again",
      ])
    #expect(!outcome.asyncTrace.contains { $0.contains("lane=pool") && $0.hasPrefix("t=2") })
  }

  @MainActor
  static func spendOnMain(_ sim: AsyncSimulation, _ log: EventLog) async {
    await sim.spend(.ms(2))
    log.add("main spent on \(sim.world.currentThread?.name ?? "none")")
  }

  @Test("perform(on:) runs a queue item with its steps and resumes the task when it ends")
  func performOnQueue() async throws {
    let outcome = try await simulate { sim, log in
      let queue = sim.world.serialQueue(label: "decode")
      sim.startTask("bridge") {
        let value = await sim.perform(on: queue) { execution in
          execution.spend(.ms(4))
          return 42
        }
        log.add("queue gave \(value)")
        let onMain = await sim.performOnMain { execution in
          execution.spend(.ms(2))
          return "done"
        }
        log.add("main gave \(onMain)")
      }
      try sim.run(until: .ms(10))
    }
    #expect(outcome.lines == ["@4 queue gave 42", "@6 main gave done"])
    #expect(outcome.report.isClean)
  }
}
