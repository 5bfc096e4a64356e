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

/// Preheating judged by the queue and cancellation invariants: a preheat is work the app asked
/// for ahead of display, needed while its row is near the screen.
@Suite("A PhotoKit grid's preheat is judged as work held ahead of display")
struct PhotoGridPreheatTests {
  /// A three-column grid flung twice over a slow network, judged by the standard invariants
  /// (`cancel_on_end_display` and `bounded_queue` among them).
  static func run(_ make: @escaping @MainActor () -> UnguardedGridViewController) throws
    -> RunResult
  {
    let yaml = """
      cellsim: 1
      name: "three-column grid, two flings"
      seed: 11
      table: {rows: 240, columns: 3, row_height: 130, image_size: 120}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      network: {latency: {min: "50ms", max: "1500ms"}}
      events:
        - {at: "300ms", fling: {velocity: 3000}}
        - {at: "2s", fling: {velocity: 3000}}
      run_until: "8s"
      """
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      name: "photo-grid", makeViewController: make,
      rows: { _, urls in PHPhotoLibrary.fillSimulatedLibrary(with: urls) })
    return try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
  }

  @Test("preheating a screenful each way, stopping behind and cancelling requests passes")
  func screenfulEachWayPasses() throws {
    let result = try Self.run { PreheatingCancellingGridViewController() }
    #expect(!result.violations.violated.contains(.cancelOnEndDisplay), "\(result.violations)")
    #expect(!result.violations.violated.contains(.boundedQueue), "\(result.violations)")
  }

  @Test("preheating every asset and never stopping is still flagged")
  func preheatingEverythingFlagged() throws {
    let result = try Self.run { PreheatEverythingGridViewController() }
    #expect(result.violations.violated.contains(.boundedQueue), "\(result.violations)")
  }
}

/// The preheating grid whose cells also cancel their requests when they are reused or end
/// display, so that what stays outstanding is the preheat and the rows on screen.
final class PreheatingCancellingGridViewController: PreheatingGridViewController {
  override func configure(_ cell: GridViewCell, asset: PHAsset) {
    cell.imageManager = imageManager
    cell.requestID = imageManager.requestImage(
      for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: nil,
      resultHandler: { image, _ in
        if cell.representedAssetIdentifier == asset.localIdentifier {
          cell.thumbnailImage = image
        }
      })
  }

  override func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    guard let cell = cell as? GridViewCell, let requestID = cell.requestID else { return }
    imageManager.cancelImageRequest(requestID)
    cell.requestID = nil
  }
}

/// A guarded grid that preheats the whole library when it appears and never stops.
final class PreheatEverythingGridViewController: GuardedGridViewController {
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    imageManager.startCachingImages(
      for: (0..<fetchResult.count).map { fetchResult.object(at: $0) }, targetSize: thumbnailSize,
      contentMode: .aspectFill, options: nil)
  }
}

/// The preheating grid, checking the library's state at every scroll step of the flings.
final class CheckedPreheatingGridViewController: PreheatingGridViewController {
  override func scrollViewDidScroll(_ scrollView: UIScrollView) {
    super.scrollViewDidScroll(scrollView)
    PHPhotoLibrary._checkSimulatedLibraryInvariants()
  }
}
