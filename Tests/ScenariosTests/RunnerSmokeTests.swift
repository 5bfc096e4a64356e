import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// The project's Fixtures folder.
let fixturesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

@Suite("Runner smoke")
struct RunnerSmokeTests {
  @Test("a correct loader passes a fling over photos, and two runs give one digest")
  func fling() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: smoke
        seed: 3
        table: {rows: 100}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: {median: "60ms", p99: "300ms"}, bandwidth: "4MB/s"}
        events:
          - {at: "500ms", fling: {velocity: 4000}}
          - {at: "3s", fling: {velocity: -5000}}
        run_until: "8s"
        """, knownLoaders: ["test-correct"])
    let a = try Simulation.run(
      scenario, loader: CorrectTestLoader.self, fixturesRoot: Repository.fixtures)
    let b = try Simulation.run(
      scenario, loader: CorrectTestLoader.self, fixturesRoot: Repository.fixtures)
    #expect(a.digest == b.digest)
    for violation in a.violations.firstPerRow {
      Issue.record("\(violation.invariant): \(violation.detail)")
    }
    #expect(a.meetsExpectation, "\(a.unmetReasons)")
    #expect(a.metric(.transfers) > 10)
    #expect(a.metric(.frames) > 800)
  }
}
