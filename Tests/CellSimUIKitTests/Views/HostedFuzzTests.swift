import CellSimUIKit
import CellSimUIKitHost
import Foundation
import Scenarios
import TestSupport
import Testing

/// `UIKitHost.fuzz` searches a hosted screen as `FuzzTesting.fuzz` searches a loader.
@Suite("A hosted screen is fuzzed, shrunk and its findings replay")
struct HostedFuzzTests {
  static func screen<Controller: NaivePhotosViewController>(
    _ make: @escaping @MainActor () -> Controller
  ) -> HostedScreen {
    HostedScreen(
      makeViewController: make, rows: { controller, urls in controller.photoURLs = urls })
  }

  @Test("the classic bug is found, shrunk, written, and its file replays the violation")
  func naiveIsFound() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-hosted-fuzz-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let screen = Self.screen { NaivePhotosViewController() }
    var found: [FuzzTestingFinding] = []
    withKnownIssue("the naive screen's findings fail the test, as they should") {
      found = UIKitHost.fuzz(
        screen, seed: 1, cases: 30, findings: folder, fixturesRoot: Repository.fixtures,
        invariants: [.noCrossCellImage], maxFindings: 1
      ).map { FuzzTestingFinding(invariant: $0.invariant, file: $0.file) }
    }
    let finding = try #require(found.first, "30 cases found no cross-cell image")
    #expect(finding.invariant == .noCrossCellImage)
    let file = try #require(finding.file)
    let replayed = try UIKitHost.run(
      contentsOf: file, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(replayed.violations.violated.contains(.noCrossCellImage))
    #expect(replayed.meetsExpectation, "\(replayed.unmetReasons)")
  }

  @Test("the fixed screen gives no finding over the same cases")
  func checkedPasses() {
    let found = UIKitHost.fuzz(
      Self.screen { CheckedPhotosViewController() }, seed: 1, cases: 30,
      fixturesRoot: Repository.fixtures, invariants: [.noCrossCellImage])
    #expect(found.isEmpty)
  }
}

/// What the test keeps of a finding.
struct FuzzTestingFinding {
  let invariant: Scenario.InvariantID
  let file: URL?
}
