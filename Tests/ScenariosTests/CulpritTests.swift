import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// A corrupt image is reported once, by `no_corrupt_image`; a cross-cell image's
/// culprit is named by request identity (URL, row and time requested), not by content.
@Suite("Verdicts name the right fault")
struct CulpritTests {
  func run(_ yaml: String, flaw: String, keepTrace: Bool = false) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: culprit
        loader: {name: test-correct, flaw: \(flaw)}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        \(yaml)
        """, knownLoaders: ["test-correct"])
    var catalog = LoaderCatalog()
    catalog.register(CorrectTestLoader.self)
    return try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, catalog: catalog, keepTrace: keepTrace)
    )
  }

  @Test("an image decoded from bytes nobody delivered is a corrupt image, not a cross-cell one")
  func corruptOnce() throws {
    let result = try run(
      """
      table: {rows: 20}
      network: {latency: "30ms"}
      invariants: [no_cross_cell_image, no_corrupt_image]
      run_until: "2s"
      """, flaw: "half-body")
    #expect(result.violations.violated == [.noCorruptImage])
  }

  @Test("without no_corrupt_image checked, such an image is still not called cross-cell")
  func corruptNotCrossCell() throws {
    let result = try run(
      """
      table: {rows: 20}
      network: {latency: "30ms"}
      invariants: [no_cross_cell_image]
      run_until: "2s"
      """, flaw: "half-body")
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }

  @Test("a cross-cell culprit is the request that delivered the bytes, with its row and time")
  func culpritByRequest() throws {
    // 11 photos over 300 rows: every image's bytes are served by about 27 URLs, so content
    // cannot say whose it is.
    let result = try run(
      """
      device: {profile: iphone-15-pro, decode_ns_per_pixel: 400}
      table: {rows: 300}
      network: {latency: {min: "100ms", max: "300ms"}}
      invariants: [no_cross_cell_image]
      events:
        - {at: "300ms", fling: {velocity: 8000}}
        - {at: "1500ms", fling: {velocity: 8000}}
      run_until: "5s"
      """, flaw: "late-set", keepTrace: true)
    let first = try #require(result.violations.firstViolation(of: .noCrossCellImage))
    #expect(!first.detail.contains("items "), "\(first.detail)")
    // "… shows the image requested for row R (item I, URL) at T …"
    let named = try #require(
      first.detail.firstMatch(of: /requested for row (\d+) \(item (\d+), (\S+)\) at/))
    let url = String(named.output.3)
    #expect(first.urls.contains(url))
    #expect(url != first.urls.first)
    // That request exists in the network's record: a transfer of the URL was queued.
    let trace = try #require(result.traceText)
    #expect(trace.contains("net.queue id=") && trace.contains("url=\(url) "))
    #expect(url == "https://img.test/\(named.output.2).png")
  }
}
