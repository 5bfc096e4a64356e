import Foundation
import TestSupport
import Testing

@testable import Scenarios

/// `cache_hit_on_revisit` no longer holds trivially for a loader with no memory
/// cache; `revisit: none` keeps the old, cache-only reading.
@Suite("cache_hit_on_revisit judges revisits, not only caches")
struct RevisitTests {
  func run(loader: String, invariant: String = "[cache_hit_on_revisit]") throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: revisit
        loader: \(loader)
        table: {rows: 60}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "30ms"}
        invariants: \(invariant)
        events:
          - {at: "1s", drag: {by: 700, over: "500ms"}}
          - {at: "1500ms", lift: {}}
          - {at: "3s", drag: {by: -700, over: "500ms"}}
          - {at: "3500ms", lift: {}}
        run_until: "6s"
        """)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures))
  }

  @Test("naive, which has no memory cache, is caught re-fetching rows it just showed")
  func naiveCaught() throws {
    let result = try run(loader: "naive")
    #expect(result.violations.violated == [.cacheHitOnRevisit])
    let first = try #require(result.violations.firstViolation(of: .cacheHitOnRevisit))
    #expect(first.detail.contains("after it last showed its image"), "\(first.detail)")
  }

  @Test("reference passes the same revisit")
  func referencePasses() throws {
    let result = try run(loader: "reference")
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
    #expect(result.metric(.cacheHits) > 0)
  }

  @Test("revisit: none keeps the cache-only reading, under which naive passes")
  func cacheOnly() throws {
    let result = try run(loader: "naive", invariant: "{cache_hit_on_revisit: {revisit: none}}")
    #expect(result.violations.isEmpty)
  }

  @Test("a memory warning between the two visits excuses the re-fetch")
  func memoryWarningExcuses() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: revisit-warning
        loader: naive
        table: {rows: 60}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "30ms"}
        invariants: [cache_hit_on_revisit]
        events:
          - {at: "1s", drag: {by: 700, over: "500ms"}}
          - {at: "1500ms", lift: {}}
          - {at: "2s", memory_warning: {}}
          - {at: "3s", drag: {by: -700, over: "500ms"}}
          - {at: "3500ms", lift: {}}
        run_until: "6s"
        """)
    let result = try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures))
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }

  @Test("the revisit parameter reads and writes back", arguments: ["none", "\"2s\""])
  func roundTrip(value: String) throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: p
        table: {rows: 3}
        images: {url: "https://img.test/{id}.png", fixtures: "photos/*.png"}
        invariants: {cache_hit_on_revisit: {revisit: \(value)}}
        """)
    let expected: Scenario.InvariantCheck = .cacheHitOnRevisit(
      revisit: value == "none" ? nil : .s(2))
    #expect(scenario.invariants == .selected([expected]))
    #expect(try Scenario(yaml: scenario.yamlText()).invariants == scenario.invariants)
  }
}
