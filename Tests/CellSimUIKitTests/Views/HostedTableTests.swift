import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// Hosts the iOS-style screens of `PhotoScreens.swift` in scenarios judged by the normal oracle.
@Suite("A hosted UITableViewController is judged by the oracle")
struct HostedTableTests {
  static func scenario(_ path: String) throws -> Scenario {
    try Scenario(contentsOf: Repository.url(path), fixturesRoot: Repository.fixtures)
  }

  static func screen<Controller: NaivePhotosViewController>(
    _ make: @escaping @MainActor () -> Controller
  ) -> HostedScreen {
    HostedScreen(
      makeViewController: make, rows: { controller, urls in controller.photoURLs = urls })
  }

  @Test("the classic bug (no reuse check) shows a neighbour's photo: no_cross_cell_image")
  func naiveBreaksCrossCellInvariant() throws {
    let scenario = try Self.scenario("Scenarios/invariants/no_cross_cell_image.yaml")
    let result = try UIKitHost.run(
      scenario, screen: Self.screen { NaivePhotosViewController() },
      fixturesRoot: Repository.fixtures)
    #expect(result.violations.violated.contains(.noCrossCellImage), "\(result.violations)")
    #expect(result.loader == "uikit-host")
  }

  @Test("the fix (a URL token checked before setting) passes, with the same digest twice")
  func checkedPasses() throws {
    let scenario = try Self.scenario("Scenarios/invariants/no_cross_cell_image.yaml")
    let screen = Self.screen { CheckedPhotosViewController() }
    let first = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(first.violations.count(.noCrossCellImage) == 0, "\(first.violations)")
    let second = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(first.digest == second.digest)
  }

  @Test("the index-path lookup fix with a cross-dissolve passes too")
  func lookupPasses() throws {
    let scenario = try Self.scenario("Scenarios/invariants/no_cross_cell_image.yaml")
    let result = try UIKitHost.run(
      scenario, screen: Self.screen { LookupPhotosViewController() },
      fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.count(.noCrossCellImage) == 0, "\(result.violations)")
    // Images reached the SimTable cells through the UIKit cells' image views.
    #expect(result.traceText?.contains("image.decode") == true)
  }
}
