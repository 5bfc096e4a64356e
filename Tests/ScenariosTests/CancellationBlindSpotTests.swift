import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// `cancel_on_end_display` also catches work queued for a row after it left, and
/// prefetches still running (or started) after `cancelPrefetchingForRowsAt`.
@Suite("cancel_on_end_display blind spots")
struct CancellationBlindSpotTests {
  /// Down, then back up: rows announced for prefetch below are cancelled by the reversal.
  static let reversal = """
    table: {rows: 120, prefetching: true, prefetch_distance: 8}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: "600ms"}
    events:
      - {at: "1s", drag: {by: 300, over: "300ms"}}
      - {at: "1300ms", lift: {}}
      - {at: "1350ms", drag: {by: -300, over: "300ms"}}
      - {at: "1650ms", lift: {}}
    run_until: "6s"
    """

  func run(flaw: String, yaml: String = reversal) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: blind-spots
        loader: {name: test-prefetch, flaw: \(flaw)}
        \(yaml)
        """, knownLoaders: ["test-prefetch"])
    var catalog = LoaderCatalog()
    catalog.register(PrefetchTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("the flawless prefetching loader violates nothing")
  func flawless() throws {
    let result = try run(flaw: "none")
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
    #expect(result.metric(.transfersCancelled) > 0)
  }

  @Test("a prefetch still running after cancelPrefetchingForRowsAt is caught")
  func ignoredCancel() throws {
    let result = try run(flaw: "ignore-cancel-prefetch")
    #expect(result.violations.violated == [.cancelOnEndDisplay])
    let first = try #require(result.violations.firstViolation(of: .cancelOnEndDisplay))
    #expect(first.detail.contains("cancelled row"), "\(first.detail)")
  }

  @Test("a prefetch started after the table cancelled it is caught (Nuke 9a9acd41)")
  func deferredPrefetch() throws {
    let result = try run(flaw: "deferred-prefetch")
    #expect(result.violations.violated == [.cancelOnEndDisplay])
    let first = try #require(result.violations.firstViolation(of: .cancelOnEndDisplay))
    #expect(first.detail.contains("after row"), "\(first.detail)")
  }

  @Test("a transfer queued after its row ended display, while it stays off screen, is caught")
  func retryAfterEnd() throws {
    let result = try run(
      flaw: "retry-cancelled",
      yaml: """
        table: {rows: 60}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "800ms"}
        events:
          - {at: "200ms", drag: {by: 1200, over: "400ms"}}
          - {at: "600ms", lift: {}}
        run_until: "5s"
        """)
    // The retries also overflow bounded_queue; the blind spot was cancel_on_end_display.
    #expect(result.violations.violated.contains(.cancelOnEndDisplay))
    let first = try #require(result.violations.firstViolation(of: .cancelOnEndDisplay))
    #expect(first.detail.contains("ended display at"), "\(first.detail)")
  }
}
