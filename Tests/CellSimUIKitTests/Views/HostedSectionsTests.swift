import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

@Suite("Sections: the engine's rows fill the data source's sections in order")
struct SectionMapTests {
  @Test("one section, or none, is the identity, whatever the app counts")
  func single() {
    let map = SectionMap()
    #expect(map.isSingle && map.sectionCount == 1)
    #expect(map.indexPath(forRow: 41) == IndexPath(row: 41, section: 0))
    #expect(map.row(for: IndexPath(row: 41, section: 0)) == 41)
    #expect(map.row(for: IndexPath(row: 0, section: 1)) == nil)
    #expect(map.rows(inSection: 0, engineRows: 30) == 30)
    #expect(SectionMap(counts: [12]) == map && SectionMap(counts: []) == map)
  }

  @Test("rows go through the sections in order; empty sections hold none")
  func several() {
    let map = SectionMap(counts: [3, 0, 2, 0, 4])
    #expect(map.sectionCount == 5)
    let paths = (0..<9).map(map.indexPath(forRow:))
    #expect(
      paths
        == [
          [0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [4, 0], [4, 1], [4, 2], [4, 3],
        ].map { IndexPath(row: $0[1], section: $0[0]) })
    for (row, path) in paths.enumerated() { #expect(map.row(for: path) == row) }
    #expect(map.row(for: IndexPath(row: 0, section: 1)) == nil)
    #expect(map.row(for: IndexPath(row: 3, section: 0)) == nil)
    #expect(map.row(for: IndexPath(row: 0, section: 5)) == nil)
    #expect(map.row(for: IndexPath(row: -1, section: 0)) == nil)
  }

  @Test("engine rows past the model's stay in its last non-empty section")
  func overflow() {
    let map = SectionMap(counts: [2, 3, 0])
    #expect(map.indexPath(forRow: 7) == IndexPath(row: 5, section: 1))
    #expect(map.row(for: IndexPath(row: 5, section: 1)) == 7)
    #expect(map.rows(inSection: 1, engineRows: 8) == 6)
    #expect(map.rows(inSection: 2, engineRows: 8) == 0)
    #expect(map.rows(inSection: 0, engineRows: 8) == 2)
  }
}

@Suite("Hosting a model of several sections")
struct HostedSectionsTests {
  static let yaml = """
    cellsim: 1
    name: "hosted: sections, flings and data changes"
    seed: 5
    table: {rows: 80, prefetching: true}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "600ms"}}
    events:
      - {at: "300ms", fling: {velocity: 2500}}
      - {at: "2s", fling: {velocity: -1200}}
      - {at: "4s", insert_rows: {at: 3, count: 2}}
      - {at: "4.5s", delete_rows: {at: 9, count: 1}}
      - {at: "5s", fling: {velocity: 1800}}
    run_until: "8s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  static func run<Controller: DailyPhotosViewController>(
    _ make: @escaping @MainActor () -> Controller
  ) throws -> (RunResult, Controller) {
    try SectionSpacingTests.run(yaml, make)
  }

  @Test("the table asks and tells with the app's sections and rows, and every image is right")
  @MainActor func sectionedTable() throws {
    let (result, controller) = try Self.run { DailyPhotosViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    let perDay = DailyPhotosViewController.perDay
    #expect(controller.configured.contains { $0.section >= 3 })
    for path in controller.configured + controller.displayed + controller.prefetched {
      #expect(path.row < perDay, "\(path) is not a row of a seven-row section")
    }
    #expect(!controller.prefetched.isEmpty)
    // The model grew by one row in all (+2, −1): the table counts its sections again.
    #expect(controller.photoURLs.count == 81)
    #expect(controller.tableView.numberOfSections == 12)
    #expect(controller.tableView.numberOfRows(inSection: 11) == 81 - 11 * perDay)
    // During the run: each cell found by index path gave the same index path back.
    #expect(controller.roundTrips.count > 20 && controller.roundTrips.allSatisfy { $0 })
  }

  @Test("a cell that reads the flat list by row shows the wrong photos past the first section")
  @MainActor func flatIndexBug() throws {
    let (result, _) = try Self.run { FlatIndexDailyPhotosViewController() }
    #expect(!result.violations.isEmpty)
  }

  @Test("a diffable grid with a section per album: the provider sees each album, digests repeat")
  @MainActor func sectionedDiffableGrid() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "hosted: a diffable grid of albums"
        seed: 8
        table: {rows: 90, columns: 3, row_height: 120}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: {min: "40ms", max: "900ms"}}
        events:
          - {at: "300ms", fling: {velocity: 3000}}
          - {at: "3s", delete_rows: {at: 2, count: 4}}
        run_until: "7s"
        invariants: [no_cross_cell_image, eventually_loaded]
        """, fixturesRoot: Repository.fixtures)
    let holder = Holder<AlbumGridViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> AlbumGridViewController in
        let controller = AlbumGridViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    let first = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(first.violations.isEmpty, "\(first.violations)")
    let controller = try #require(holder.value)
    #expect(controller.providedSections.contains { $0 >= 4 })
    #expect(controller.collectionView.numberOfSections == 18)
    #expect(controller.collectionView.numberOfItems(inSection: 0) == 5)
    // During the run: the item at each cell's index path was the cell's URL.
    #expect(controller.itemChecks.count > 20 && controller.itemChecks.allSatisfy { $0 })
    let second = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(first.digest == second.digest)
  }
}
