import CellSim
import CellSimUIKit
import CellSimUIKitHost
import Foundation
import TestSupport
import Testing

/// The testing helpers and reports users have for catalog loaders, for a hosted screen.
@Suite("ScenarioTesting and the HTML report for a hosted screen")
struct HostedTestingTests {
  static let file = Repository.url("Scenarios/invariants/no_cross_cell_image.yaml").path

  static func screen<Controller: NaivePhotosViewController>(
    _ make: @escaping @MainActor () -> Controller
  ) -> HostedScreen {
    HostedScreen(
      makeViewController: make, rows: { controller, urls in controller.photoURLs = urls })
  }

  @Test("require: the buggy screen meets an expectation of its violation; the fix meets pass")
  func requireMeetsExpectations() throws {
    let buggy = try ScenarioTesting.require(
      Self.file, screen: Self.screen { NaivePhotosViewController() },
      fixturesRoot: Repository.fixtures, expecting: .init(violations: [.noCrossCellImage]))
    #expect(buggy.violations.violated.contains(.noCrossCellImage))
    let fixed = try ScenarioTesting.require(
      Self.file, screen: Self.screen { CheckedPhotosViewController() },
      fixturesRoot: Repository.fixtures, expecting: .pass)
    #expect(fixed.violations.isEmpty)
  }

  @Test("a failed expectation throws a report naming the invariant and the hosted replay")
  func failureNamesHostedReplay() throws {
    do {
      try ScenarioTesting.require(
        Self.file, screen: Self.screen { NaivePhotosViewController() },
        fixturesRoot: Repository.fixtures, expecting: .pass)
      Issue.record("the buggy screen met .pass")
    } catch {
      #expect(error.report.contains("no_cross_cell_image"), "\(error.report)")
      #expect(error.report.contains("replay: UIKitHost.run(contentsOf:"), "\(error.report)")
      #expect(!error.report.contains("swift run cellsim"), "\(error.report)")
      #expect(error.result?.meetsExpectation == false)
    }
  }

  @Test("writeReport writes the page with the violation, the hosted replay and the filmstrip")
  func htmlReport() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-hosted-report-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = try UIKitHost.writeReport(
      contentsOf: URL(fileURLWithPath: Self.file),
      screen: Self.screen { NaivePhotosViewController() }, fixturesRoot: Repository.fixtures,
      to: directory)
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(page.lastPathComponent == "index.html")
    #expect(html.contains("no_cross_cell_image"))
    #expect(html.contains("UIKitHost.run(contentsOf:"))
    #expect(html.contains("<img alt=\"frame "), "the filmstrip of the first violation")
  }
}
