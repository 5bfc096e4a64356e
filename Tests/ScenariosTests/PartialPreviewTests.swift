import Foundation
import ImageLoaders
import TestSupport
import Testing

@testable import Scenarios

/// "Progressive previews": a partial preview (a partial decode of the bytes a transfer has
/// delivered so far) is not a corrupt image; `Image(data:)` of the same bytes still is; a
/// preview of another request is a cross-cell image, reported once.
@Suite("Progressive previews are judged as what they are")
struct PartialPreviewTests {
  func run(
    preview: String, flaw: String = "none", invariants: String, flings: Bool = false,
    fixtures: String = #"["photos/*.png"]"#
  ) throws -> RunResult {
    let events =
      flings
      ? """
      events:
        - {at: "300ms", fling: {velocity: 6000}}
        - {at: "1500ms", fling: {velocity: 6000}}
      """ : ""
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: partial previews
        loader: {name: test-progressive, flaw: \(flaw), preview: \(preview)}
        table: {rows: \(flings ? 200 : 30)}
        images: {url: "https://img.test/{id}.png", fixtures: \(fixtures)}
        network: {latency: "50ms", bandwidth: "400KB/s", chunk_size: "16KB"}
        invariants: [\(invariants)]
        \(events)
        run_until: "\(flings ? 6 : 4)s"
        """, knownLoaders: ["test-progressive"])
    var catalog = LoaderCatalog()
    catalog.register(ProgressiveTestLoader.self)
    return try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, catalog: catalog, keepTrace: true))
  }

  @Test("a partial preview of the row's own transfer is neither corrupt nor another's image")
  func ownPartialPreview() throws {
    let result = try run(
      preview: "partial", invariants: "no_corrupt_image, no_cross_cell_image, eventually_loaded",
      flings: true)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
    let trace = try #require(result.traceText)
    #expect(trace.contains("/partial 16000 B"), "the cells showed partial previews")
  }

  @Test("an interlaced image's coarse preview of its own transfer passes too")
  func interlacedPreview() throws {
    let result = try run(
      preview: "partial", invariants: "no_corrupt_image, no_cross_cell_image, eventually_loaded",
      fixtures: #"["generated/size-427x640-rgba-8bit-adam7.png"]"#)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
    let trace = try #require(result.traceText)
    #expect(trace.contains("/partial 16000 B"), "the cells showed partial previews")
  }

  @Test("Image(data:) of the same bytes so far still fails when shown: a corrupt image")
  func fullDecodeOfPrefix() throws {
    let result = try run(preview: "data", invariants: "no_corrupt_image, no_cross_cell_image")
    #expect(result.violations.violated == [.noCorruptImage])
    let first = try #require(result.violations.firstViolation(of: .noCorruptImage))
    #expect(first.detail.contains("the decode failed"), "\(first.detail)")
  }

  @Test("a partial preview of another request is a cross-cell image, and only that")
  func foreignPartialPreview() throws {
    let result = try run(
      preview: "partial", flaw: "preview-no-identity",
      invariants: "no_corrupt_image, no_cross_cell_image", flings: true)
    #expect(result.violations.violated == [.noCrossCellImage])
    let first = try #require(result.violations.firstViolation(of: .noCrossCellImage))
    #expect(
      first.detail.contains("shows a partial preview of the image requested for row"),
      "\(first.detail)")
  }

  @Test("a partial preview of bytes no chunk ended at is corrupt: no transfer delivered them")
  func undeliveredPrefix() throws {
    let result = try run(
      preview: "partial", flaw: "odd-cut", invariants: "no_corrupt_image, no_cross_cell_image")
    #expect(result.violations.violated == [.noCorruptImage])
    let first = try #require(result.violations.firstViolation(of: .noCorruptImage))
    #expect(first.detail.contains("partial preview"), "\(first.detail)")
  }

  @Test("a cell left with only a preview once its transfer succeeded is not loaded")
  func previewIsNotTheImage() throws {
    let result = try run(
      preview: "partial", flaw: "preview-only",
      invariants: "no_corrupt_image, no_cross_cell_image, eventually_loaded")
    #expect(result.violations.violated == [.eventuallyLoaded])
  }
}
