import CellSimUIKit
import CellSimUIKitHost
import Photos
import Scenarios
import TestSupport
import Testing

@Suite("A hosted PhotoKit grid is judged by the oracle")
struct PhotoGridTests {
  /// The cross-cell scenario (latencies from 50 ms to 1.5 s, two flings) as a three-column grid
  /// whose rows are the library's assets.
  static func run(_ make: @escaping @MainActor () -> UnguardedGridViewController) throws
    -> RunResult
  {
    let yaml = try String(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      encoding: .utf8
    ).replacingOccurrences(of: "table: {rows: 300}", with: "table: {rows: 300, columns: 3}")
    #expect(yaml.contains("columns: 3"))
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      name: "photo-grid", makeViewController: make,
      rows: { _, urls in PHPhotoLibrary.fillSimulatedLibrary(with: urls) })
    return try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
  }

  @Test("without the represented-asset guard, a late result lands in a recycled cell")
  func unguardedBreaks() throws {
    let result = try Self.run { UnguardedGridViewController() }
    #expect(result.violations.violated.contains(.noCrossCellImage), "\(result.violations)")
  }

  @Test("the sample's guard passes: every cell ends showing its own asset")
  func guardedPasses() throws {
    let result = try Self.run { GuardedGridViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    // The images came through Photos: requests, degraded and full deliveries.
    let trace = result.traceText ?? ""
    #expect(trace.contains("photos.request"))
    #expect(trace.contains("degraded=true"))
    #expect(trace.contains("degraded=false"))
  }

  @Test("cancelling the request in prepareForReuse passes too")
  func cancellingPasses() throws {
    let result = try Self.run { CancellingGridViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.traceText?.contains("photos.cancel") == true)
  }
}
