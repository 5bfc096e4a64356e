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
  /// With `http2`, the host serves every read at once instead of six at a time.
  static func run(
    http2: Bool = false, _ make: @escaping @MainActor () -> UnguardedGridViewController
  ) throws -> RunResult {
    var yaml = try String(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      encoding: .utf8
    ).replacingOccurrences(of: "table: {rows: 300}", with: "table: {rows: 300, columns: 3}")
    #expect(yaml.contains("columns: 3"))
    if http2 {
      let latency = "network: {latency: {min: \"50ms\", max: \"1500ms\"}"
      #expect(yaml.contains(latency))
      yaml = yaml.replacingOccurrences(of: latency, with: latency + ", http2: true")
    }
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

  @Test("preheating with a caching manager serves cells from its cache and still passes")
  func preheatingPasses() throws {
    // Over HTTP/2: with six reads at a time, the preheats of a fling queue behind each other
    // and a cell usually asks before its preheat has been read.
    let result = try Self.run(http2: true) { CheckedPreheatingGridViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    let trace = result.traceText ?? ""
    #expect(trace.contains("photos.cache "))
    #expect(trace.contains("photos.uncache "))
    #expect(trace.contains("from=cache"))
  }
}

/// The preheating grid, checking the library's state at every scroll step of the flings.
final class CheckedPreheatingGridViewController: PreheatingGridViewController {
  override func scrollViewDidScroll(_ scrollView: UIScrollView) {
    super.scrollViewDidScroll(scrollView)
    PHPhotoLibrary._checkSimulatedLibraryInvariants()
  }
}
