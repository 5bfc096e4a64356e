import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// Every invariant shown able to fail: for each, a scenario where the test loader with one
/// flaw violates exactly that invariant, and the same scenario where the flawless loader
/// violates nothing.
@Suite("Invariants, one by one")
struct InvariantTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var invariant: Scenario.InvariantID
    var flaw: String
    var yaml: String
    var testDescription: String { "\(invariant.rawValue) (flaw: \(flaw))" }
  }

  static let photos = """
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    """

  static let cases: [Case] = [
    Case(
      invariant: .noCrossCellImage, flaw: "late-set",
      yaml: """
        device: {profile: iphone-15-pro, decode_ns_per_pixel: 400}
        table: {rows: 300}
        \(photos)
        network: {latency: {min: "100ms", max: "300ms"}}
        events:
          - {at: "300ms", fling: {velocity: 8000}}
          - {at: "1500ms", fling: {velocity: 8000}}
          - {at: "2700ms", fling: {velocity: 8000}}
        run_until: "8s"
        """),
    Case(
      invariant: .noCorruptImage, flaw: "lazy-decode",
      yaml: """
        table: {rows: 20}
        \(photos)
        network:
          latency: "30ms"
          rules: [{match: "*/3.png", corrupt: truncate}]
        run_until: "4s"
        """),
    Case(
      invariant: .eventuallyLoaded, flaw: "drop-requests",
      yaml: """
        table: {rows: 40}
        \(photos)
        network: {latency: "40ms"}
        run_until: "5s"
        """),
    Case(
      invariant: .cancelOnEndDisplay, flaw: "no-cancel",
      yaml: """
        table: {rows: 40}
        \(photos)
        network:
          latency: "40ms"
          rules: [{match: "*/0.png", latency: "5s"}, {match: "*/1.png", latency: "5s"}]
        events:
          - {at: "1s", drag: {by: 200, over: "300ms"}}
          - {at: "1300ms", lift: {}}
        run_until: "8s"
        """),
    Case(
      invariant: .boundedQueue, flaw: "greedy",
      yaml: """
        table: {rows: 80}
        \(photos)
        network: {latency: "400ms"}
        run_until: "5s"
        """),
    Case(
      invariant: .noDuplicateTransfers, flaw: "no-coalesce",
      yaml: """
        table: {rows: 20}
        images:
          url: "https://img.test/{id}.png"
          fixtures: ["photos/*.png"]
          shared: [[0, 1, 2]]
        network: {latency: "50ms"}
        run_until: "3s"
        """),
    Case(
      invariant: .cacheHitOnRevisit, flaw: "async-cache",
      yaml: """
        table: {rows: 60}
        \(photos)
        network: {latency: "30ms"}
        events:
          - {at: "1s", drag: {by: 700, over: "500ms"}}
          - {at: "1500ms", lift: {}}
          - {at: "3s", drag: {by: -700, over: "500ms"}}
          - {at: "3500ms", lift: {}}
        run_until: "6s"
        """),
    Case(
      invariant: .noDeliveryStall, flaw: "slow-callbacks",
      yaml: """
        table: {rows: 20}
        \(photos)
        network: {latency: "30ms"}
        invariants: {no_delivery_stall: {within: "250ms"}, eventually_loaded: {within: "10s"}}
        run_until: "12s"
        """),
    Case(
      invariant: .frameBudget, flaw: "lazy-decode",
      yaml: """
        device: {profile: iphone-se, decode_ns_per_pixel: 120}
        table: {rows: 200}
        \(photos)
        network: {latency: "10ms"}
        events:
          - {at: "500ms", drag: {by: 3000, over: "2s"}}
          - {at: "2500ms", lift: {}}
        run_until: "5s"
        """),
    Case(
      invariant: .memoryBudget, flaw: "leak",
      yaml: """
        table: {rows: 120}
        \(photos)
        network: {latency: "10ms"}
        invariants: {no_cross_cell_image: {}, eventually_loaded: {}, memory_budget: {max: "30MB"}}
        events:
          - {at: "500ms", drag: {by: 8000, over: "6s"}}
          - {at: "6500ms", lift: {}}
        run_until: "9s"
        """),
  ]

  func scenario(_ c: Case, flaw: String) throws -> Scenario {
    try Scenario(
      yaml: """
        cellsim: 1
        name: "\(c.invariant.rawValue)"
        loader: {name: test-correct, flaw: \(flaw)}
        \(c.yaml)
        """, knownLoaders: ["test-correct"])
  }

  func run(_ scenario: Scenario) throws -> RunResult {
    var catalog = LoaderCatalog()
    catalog.register(CorrectTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("each invariant has a bit of its own (the oracle keeps the checked ones as a mask)")
  func distinctBits() {
    let bits = Scenario.InvariantID.allCases.map(\.bit)
    #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
    #expect(Set(bits).count == bits.count)
  }

  @Test("the flawed loader violates exactly the invariant", arguments: cases)
  func flawed(_ c: Case) throws {
    let result = try run(try scenario(c, flaw: c.flaw))
    #expect(
      result.violations.violated == [c.invariant], "\(result.violations.firstPerRow.map(\.detail))")
    let first = try #require(result.violations.firstViolation(of: c.invariant))
    #expect(!first.detail.isEmpty)
  }

  @Test("the flawless loader violates nothing on the same scenario", arguments: cases)
  func flawless(_ c: Case) throws {
    let result = try run(try scenario(c, flaw: "none"))
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }
}
