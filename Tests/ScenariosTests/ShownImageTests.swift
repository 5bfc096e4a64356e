import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// Everything a view shows is judged by `no_cross_cell_image` — a progressive
/// preview or a failure image of another request is another request's image.
@Suite("Everything a view shows is judged")
struct ShownImageTests {
  func run(flaw: String, network: String) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: shown
        loader: {name: test-progressive, flaw: \(flaw)}
        table: {rows: 200}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: \(network)
        invariants: [no_cross_cell_image]
        events:
          - {at: "300ms", fling: {velocity: 6000}}
          - {at: "1500ms", fling: {velocity: 6000}}
        run_until: "6s"
        """, knownLoaders: ["test-progressive"])
    var catalog = LoaderCatalog()
    catalog.register(ProgressiveTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  static let slowChunks = #"{latency: "50ms", bandwidth: "400KB/s", chunk_size: "8KB"}"#
  static let failing = #"{latency: "300ms", rules: [{match: "*", fail: {status: 500}}]}"#

  @Test("a progressive preview of the row's own request is its image")
  func ownPreview() throws {
    let result = try run(flaw: "none", network: Self.slowChunks)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }

  @Test("a progressive preview of another request is caught, naming that request")
  func foreignPreview() throws {
    let result = try run(flaw: "preview-no-identity", network: Self.slowChunks)
    #expect(result.violations.violated == [.noCrossCellImage])
    let first = try #require(result.violations.firstViolation(of: .noCrossCellImage))
    #expect(first.detail.contains("requested for row"), "\(first.detail)")
  }

  @Test("failure images of the row's own failed request are fine")
  func ownFailure() throws {
    let result = try run(flaw: "none", network: Self.failing)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }

  @Test("a failure image of another request is caught (SDWebImage #3363)")
  func foreignFailure() throws {
    let result = try run(flaw: "stale-failure", network: Self.failing)
    #expect(result.violations.violated == [.noCrossCellImage])
    let first = try #require(result.violations.firstViolation(of: .noCrossCellImage))
    #expect(first.detail.contains("failure image"), "\(first.detail)")
  }
}
