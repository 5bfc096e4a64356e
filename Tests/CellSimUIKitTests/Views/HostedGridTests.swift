import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

@Suite("A hosted collection view with a diffable data source is judged by the oracle")
struct HostedGridTests {
  static func screen<Controller: DiffablePhotosViewController>(
    _ make: @escaping @MainActor () -> Controller
  ) -> HostedScreen {
    HostedScreen(
      name: "diffable", makeViewController: make,
      rows: { controller, urls in controller.photoURLs = urls })
  }

  @Test("images that reach cells through reconfigureItems and apply load, in the right rows")
  func reconfigurePasses() throws {
    let scenario = try Scenario(
      yaml: HostedLifecycleTests.yaml, fixturesRoot: Repository.fixtures)
    let result = try UIKitHost.run(
      scenario, screen: Self.screen { DiffablePhotosViewController() },
      fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.traceText?.contains("image.decode") == true)
    #expect(result.loader == "diffable")
  }

  @Test("a completion that writes a captured cell's configuration breaks no_cross_cell_image")
  func capturedCellBreaks() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      fixturesRoot: Repository.fixtures)
    let result = try UIKitHost.run(
      scenario, screen: Self.screen { CapturingDiffableViewController() },
      fixturesRoot: Repository.fixtures)
    #expect(result.violations.violated.contains(.noCrossCellImage), "\(result.violations)")
  }

  @Test("a table diffable data source updated by reconfigureItems passes too")
  func tableDiffablePasses() throws {
    let scenario = try Scenario(
      yaml: HostedLifecycleTests.yaml, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { DiffableTableViewController() },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("a three-column grid places the collection view's cells in lines, judged the same way")
  @MainActor func threeColumnGrid() throws {
    let yaml = HostedLifecycleTests.yaml.replacingOccurrences(
      of: "table: {rows: 60, prefetching: true}",
      with: "table: {rows: 90, columns: 3, prefetching: true}")
    #expect(yaml.contains("columns: 3"))
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<DiffablePhotosViewController>()
    let screen = Self.screen { () -> DiffablePhotosViewController in
      let controller = DiffablePhotosViewController()
      holder.value = controller
      return controller
    }
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(holder.value)
    // A third of the screen's width: the engine's lines of three.
    #expect(controller.displayedWidth > 100 && controller.displayedWidth < 200)
  }
}
