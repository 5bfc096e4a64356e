import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// `latest_priority_wins` on the bundled scenario: the stale-priority test loader is caught,
/// the same loader without the flaw and the reference loader pass.
@Suite("latest_priority_wins")
struct PriorityTests {
  static let file = Repository.root.appendingPathComponent(
    "Scenarios/invariants/latest_priority_wins.yaml")

  /// The bundled scenario with its loader replaced by `loader`.
  func scenario(loader: String) throws -> Scenario {
    let text = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(text.contains("\nloader: reference\n"))
    return try Scenario(
      yaml: text.replacingOccurrences(of: "\nloader: reference\n", with: "\nloader: \(loader)\n"),
      knownLoaders: Scenario.builtInLoaderNames + [PriorityTestLoader.name])
  }

  func run(_ scenario: Scenario) throws -> RunResult {
    var catalog = LoaderCatalog.builtIn
    catalog.register(PriorityTestLoader.self)
    return try Simulation.run(
      scenario,
      options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("a task that keeps a stale high priority wins a slot and is caught")
  func staleIsCaught() throws {
    let result = try run(try scenario(loader: "{name: test-priority, flaw: stale}"))
    #expect(result.violations.violated == [.latestPriorityWins])
    let first = try #require(result.violations.firstViolation(of: .latestPriorityWins))
    #expect(first.detail.contains("at priority 0.75"))
    #expect(first.detail.contains("last set to 0.25 on its operation"))
    #expect(first.detail.contains("Nuke #918"))
  }

  @Test("the same loader carrying every change to its tasks passes")
  func fixedPasses() throws {
    let result = try run(try scenario(loader: "{name: test-priority, flaw: none}"))
    #expect(
      result.violations.isEmpty,
      "\(result.violations.firstViolation(of: .latestPriorityWins)?.detail ?? "")")
    #expect(result.meetsExpectation)
  }

  @Test("the reference loader passes the bundled file as written")
  func referencePasses() throws {
    let result = try run(
      try Scenario(contentsOf: Self.file, knownLoaders: Scenario.builtInLoaderNames))
    #expect(result.violations.isEmpty)
    #expect(result.meetsExpectation)
  }
}
