import SimAsync
import SimKernel
import SimPlatform
import Testing

@Suite("Async simulations are deterministic", .serialized)
struct DeterminismTests {
  @Test("the scenario of every construct gives one trace digest in a hundred runs")
  func hundredRuns() async throws {
    let first = try await simulate(everyConstruct)
    #expect(first.report.isClean, "\(first.report)")
    #expect(first.lines.last == "@20 loader gave 3")
    for run in 1..<100 {
      let again = try await simulate(everyConstruct)
      #expect(again.digest == first.digest, "run \(run) diverged")
      #expect(again.lines == first.lines, "run \(run) diverged")
      if again.digest != first.digest { break }
    }
  }

  @Test("the trace digest covers async jobs: a different interleaving changes it")
  func digestCoversJobs() async throws {
    let fifo = try await simulate(everyConstruct)
    var differs = false
    for key in UInt64(0)..<8 {
      let seeded = try await simulate(options: AsyncSimulationOptions(schedule: .seeded(key: key)))
      {
        try everyConstruct($0, $1)
      }
      differs = differs || seeded.digest != fifo.digest
    }
    #expect(differs)
  }

  /// Two tasks update a racy counter; returns the final value and the run's digest.
  static func racyRun(_ schedule: AsyncSimulationOptions.Schedule) async throws -> (Int, String) {
    let racy = RacyCounter()
    let outcome = try await simulate(options: AsyncSimulationOptions(schedule: schedule)) {
      sim, _ in
      sim.startTask("increments") { racy.value += 1 }
      sim.startTask("reads, yields, writes") {
        let read = racy.value
        await Task.yield()
        racy.value = read + 1
      }
      try sim.run(until: .ms(1))
    }
    return (racy.value, outcome.digest)
  }

  @Test("seeded scheduling: one key gives one interleaving, other keys give others")
  func seededSchedules() async throws {
    var outcomes: [Int: Set<Int>] = [:]
    for key in UInt64(0)..<16 {
      let (value, digest) = try await Self.racyRun(.seeded(key: key))
      let (valueAgain, digestAgain) = try await Self.racyRun(.seeded(key: key))
      #expect(value == valueAgain && digest == digestAgain, "key \(key) is not reproducible")
      outcomes[value, default: []].insert(Int(key))
    }
    // Some keys run the reader first and lose the update, which is the bug the seeded mode is
    // for; others do not.
    #expect(outcomes.keys.sorted() == [1, 2])
  }

  @Test("FIFO mode runs the increment first and never loses the racy update")
  func fifoOrder() async throws {
    #expect(try await Self.racyRun(.fifo).0 == 2)
  }

  @Test("seeded scheduling keeps the main actor first in first out")
  func seededKeepsMainOrder() async throws {
    for key in UInt64(0)..<8 {
      let outcome = try await simulate(
        options: AsyncSimulationOptions(schedule: .seeded(key: key))
      ) { sim, log in
        sim.startTask("spawner") {
          for index in 0..<5 {
            Task { @MainActor in log.add("main \(index)") }
            Task { log.add("pool \(index)") }
          }
        }
        try sim.run(until: .ms(1))
      }
      let main = outcome.lines.filter { $0.contains("main") }
      #expect(main == (0..<5).map { "@0 main \($0)" }, "key \(key)")
      #expect(outcome.lines.count == 10)
    }
  }
}
