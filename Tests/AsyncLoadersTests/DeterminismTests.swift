import AsyncLoaders
import Dispatch
import Foundation
import ImageLoaders
import Scenarios
import Synchronization
import TestSupport
import Testing

@Suite("Async scenarios are deterministic")
struct AsyncDeterminismTests {
  static let scenario = "Scenarios/async/async-reference-flaky-fling.yaml"

  /// Two seconds of `async-image` and `async-reference` material: a drag down and back, a
  /// flaky URL, tasks cancelled on the way.
  static let shortYAML = """
    cellsim: 1
    name: "async determinism"
    seed: 9
    table: {rows: 40}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network:
      latency: {min: "20ms", max: "300ms"}
      rules: [{match: "*/3.png", fail: timeout, times: 1}]
    events:
      - {at: "200ms", drag: {by: 900, over: "300ms"}}
      - {at: "900ms", drag: {by: -900, over: "300ms"}}
    run_until: "2s"
    """

  @Test(
    "one async scenario run 100 times in one process gives one digest",
    arguments: ["async-reference", "async-image"])
  func hundredRuns(loader: String) throws {
    let scenario = try Scenario(yaml: Self.shortYAML, fixturesRoot: Repository.fixtures)
    var digests: [String: Int] = [:]
    for _ in 0..<100 {
      let result = try Simulation.run(
        scenario,
        options: SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader))
      digests[result.digest, default: 0] += 1
    }
    #expect(digests.count == 1, "digests: \(digests)")
  }

  @Test("async and callback runs started from six threads at once give their one digests")
  func concurrentRuns() throws {
    let scenario = try Scenario(yaml: Self.shortYAML, fixturesRoot: Repository.fixtures)
    let loaders = ["async-reference", "reference", "async-image"]
    let digests = Mutex<[String: Set<String>]>([:])
    DispatchQueue.concurrentPerform(iterations: 6) { index in
      let loader = loaders[index % loaders.count]
      let digest: String
      do {
        digest = try Simulation.run(
          scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader)
        ).digest
      } catch {
        digest = "\(error)"
      }
      digests.withLock { _ = $0[loader, default: []].insert(digest) }
    }
    for loader in loaders {
      let sequential = try Simulation.run(
        scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader))
      #expect(digests.withLock { $0[loader] } == [sequential.digest], "\(loader)")
    }
  }

  @Test("the seeded schedule: one key gives one digest; another interleaving still passes")
  func seededSchedule() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url(Self.scenario), fixturesRoot: Repository.fixtures)
    func run(key: Int64) throws -> RunResult {
      var scenario = scenario
      scenario.loader = Scenario.Loader(
        name: "async-reference", options: [.init(key: "schedule_seed", value: .integer(key))])
      return try Simulation.run(
        scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures))
    }
    let fifo = try run(key: 0)
    let first = try run(key: 7)
    let again = try run(key: 7)
    #expect(first.digest == again.digest)
    #expect(first.digest != fifo.digest)
    #expect(first.meetsExpectation, "\(summary(first))")
  }
}
