import Foundation
import ImageLoaders
import SimKernel
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A placeholder made for one request belongs to that request, not only to its
/// URL. After a cell is configured again (`cellForRow`), a placeholder made before is an
/// earlier request's, even of the same URL (SDWebImage #3363), and `no_cross_cell_image` says
/// so.
@Suite("Placeholders belong to one request of their view")
struct RequestIdentityTests {
  /// Every row shows one shared URL, so no URL tells two requests apart.
  func run(_ mode: String, events: String) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: same-url placeholders
        loader: {name: test-placeholder, placeholder: \(mode)}
        table: {rows: 12}
        images:
          url: "https://img.test/{id}.png"
          fixtures: ["photos/*.png"]
          shared: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]
        events: \(events)
        run_until: "2s"
        invariants: [no_cross_cell_image]
        """, knownLoaders: ["test-placeholder"])
    var catalog = LoaderCatalog()
    catalog.register(PlaceholderTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  static let reload = #"[{at: "200ms", reload_data: {}}]"#

  @Test("an earlier request's placeholder of the same URL, set after reloadData, is caught")
  func earlierRequestSameURL() throws {
    let result = try run("captured", events: Self.reload)
    #expect(result.violations.violated == [.noCrossCellImage])
    let detail = result.violations.firstPerRow.first?.detail ?? ""
    #expect(detail.contains("placeholder made for an earlier request"), "\(detail)")
  }

  @Test("a request's own placeholder set again while its cell still serves it is legitimate")
  func sameRequestAgain() throws {
    let result = try run("captured", events: "[]")
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("placeholders made anew for each request after reloadData violate nothing")
  func newRequestNewPlaceholder() throws {
    let result = try run("own", events: Self.reload)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("a per-request placeholder records the configurations made before it; others do not")
  func epochs() {
    let world = World()
    world.cellConfigurations = 7
    let own = Image(kind: .placeholder, width: 2, height: 2, world: world, requestURL: "u/1")
    let shared = Image(kind: .placeholder, width: 2, height: 2, world: world)
    #expect(own.requestEpoch == 7)
    #expect(shared.requestEpoch == nil)
    #expect(DisplayedImage(own, isOutgoing: false).requestEpoch == 7)
    // The epoch stays out of the summary, so traces of existing runs are unchanged.
    #expect(DisplayedImage(own, isOutgoing: false).summary == "placeholder@u/1")
  }
}
