import Foundation
import ImageLoaders
import SimKernel
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// "Progress isolation": the progress a view shows comes from its current request
/// only (Kingfisher #581, AlamofireImage #232), judged by `progress_isolation`.
@Suite("progress_isolation")
struct ProgressIsolationTests {
  func run(_ mode: String, images: String, events: String) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: progress
        loader: {name: test-progress, progress: \(mode)}
        table: {rows: 200}
        images: \(images)
        network: {latency: "100ms", bandwidth: "1MB/s"}
        events: \(events)
        run_until: "3s"
        invariants: [progress_isolation]
        """, knownLoaders: ["test-progress"])
    var catalog = LoaderCatalog()
    catalog.register(ProgressTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  static let photos = #"{url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}"#
  /// Every row shows one URL, so only the transfer tells two requests apart.
  static let oneURL =
    #"{url: "https://img.test/{id}.png", fixtures: ["photos/*.png"], shared: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]]}"#
  static let fling = #"[{at: "300ms", fling: {velocity: 3000}}]"#
  static let reload = #"[{at: "300ms", reload_data: {}}]"#

  @Test("progress applied only while the cell serves its request violates nothing")
  func own() throws {
    let result = try run("own", images: Self.photos, events: Self.fling)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("an old download's progress reaching a reused cell is another request's progress")
  func stale() throws {
    let result = try run("stale", images: Self.photos, events: Self.fling)
    #expect(result.violations.violated == [.progressIsolation])
    let detail = result.violations.firstPerRow.first?.detail ?? ""
    #expect(detail.contains("another request's progress"), "\(detail)")
  }

  @Test("a cancelled download's queued report, same URL, is a cancelled request's progress")
  func cancelled() throws {
    let result = try run("cancelled", images: Self.oneURL, events: Self.reload)
    #expect(result.violations.violated == [.progressIsolation])
    let detail = result.violations.firstPerRow.first?.detail ?? ""
    #expect(detail.contains("which was cancelled"), "\(detail)")
  }

  @Test("plain values name no request and are not judged")
  func plain() throws {
    let result = try run("plain", images: Self.photos, events: Self.fling)
    #expect(result.violations.isEmpty)
  }

  @Test("reference with option progress shows requests' progress and breaks no invariant")
  func reference() throws {
    let url = Repository.root.appendingPathComponent(
      "Scenarios/invariants/progress_isolation-reference.yaml")
    let scenario = try Scenario(contentsOf: url, fixturesRoot: Repository.fixtures)
    let result = try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, keepTrace: true))
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
    let progress = (result.traceText ?? "").split(separator: "\n").filter {
      $0.contains("table.progress") && $0.contains("@https://img.test/")
    }
    #expect(progress.count > 100)
  }

  @Test("progress_isolation is a standard invariant without parameters")
  func standardSetIncludesIt() {
    #expect(Scenario.Invariants.standard.checks(.progressIsolation))
    #expect(Scenario.InvariantCheck.defaults(.progressIsolation) == .progressIsolation)
  }
}
