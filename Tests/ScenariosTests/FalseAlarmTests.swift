import Foundation
import ImageLoaders
import SimTable
import Synchronization
import TestSupport
import Testing

@testable import Scenarios

/// Verdicts that were wrong about a correct loader, and the `set_image` callback.
@Suite("False alarms on reference")
struct FalseAlarmTests {
  static let photos = """
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    """

  func reference(_ yaml: String, keepTrace: Bool = false) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: false-alarm
        loader: reference
        \(Self.photos)
        \(yaml)
        """)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, keepTrace: keepTrace))
  }

  @Test(
    "reload_data during a fling does not fail bounded_queue with a bound of 0",
    arguments: ["550ms", "600ms", "650ms", "900ms"])
  func reloadDuringFling(at time: String) throws {
    let result = try reference(
      """
      table: {rows: 200}
      network: {latency: "100ms"}
      events:
        - {at: "500ms", fling: {velocity: 6000}}
        - {at: "\(time)", reload_data: {}}
      run_until: "6s"
      """)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }

  @Test("bounded_queue still catches a greedy loader across a reload_data")
  func reloadStillBounded() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: greedy-reload
        loader: {name: test-correct, flaw: greedy}
        table: {rows: 80}
        \(Self.photos)
        network: {latency: "400ms"}
        invariants: [bounded_queue]
        events:
          - {at: "100ms", reload_data: {}}
        run_until: "5s"
        """, knownLoaders: ["test-correct"])
    var catalog = LoaderCatalog()
    catalog.register(CorrectTestLoader.self)
    let result = try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
    #expect(result.violations.violated == [.boundedQueue])
  }

  @Test("set_image on an already-loaded row is a legitimate final state")
  func manualImageOnLoadedRow() throws {
    let result = try reference(
      """
      table: {rows: 20}
      network: {latency: "30ms"}
      events:
        - {at: "1s", set_image: {row: 1}}
      run_until: "5s"
      """)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
  }

  @Test("set_image while the row loads: reference is told, cancels, and the manual image stays")
  func manualImageWhileLoading() throws {
    let result = try reference(
      """
      table: {rows: 20}
      network:
        latency: "30ms"
        rules: [{match: "*/1.png", latency: "3s"}]
      events:
        - {at: "500ms", set_image: {row: 1}}
      run_until: "6s"
      """, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.map(\.detail))")
    #expect(result.metric(.transfersCancelled) == 1)
    let shows = (result.traceText ?? "").split(separator: "\n")
      .filter { $0.contains("table.show") && $0.contains(" row=1 ") }
    let last = try #require(shows.last)
    #expect(last.hasSuffix("images=manual"), "\(last)")
  }

  @Test("the loader is told of each manual set_image, before the image is set")
  func loaderIsTold() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: recorder
        loader: recorder
        table: {rows: 20}
        \(Self.photos)
        invariants: none
        events:
          - {at: "200ms", set_image: {row: 2}}
          - {at: "300ms", set_image: {row: 3}}
        run_until: "1s"
        """, knownLoaders: ["recorder"])
    let result = try Simulation.run(
      scenario, loader: ManualImageRecorder.self, fixturesRoot: Repository.fixtures)
    #expect(result.loader == "recorder")
    #expect(ManualImageRecorder.told.withLock { $0 } == ["2:none", "3:none"])
  }
}

/// Records each `willSetImageManually` with what the cell showed then (`none`: the manual
/// image is not set yet).
final class ManualImageRecorder: CatalogLoader {
  static let name = "recorder"
  static let summary = "records manual sets"
  static let told = Mutex<[String]>([])
  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    Self.told.withLock { $0 = [] }
  }
  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {}
  func willSetImageManually(_ cell: TableCell, at indexPath: IndexPath, in table: TableView) {
    let shown = cell.imageView.image.map { $0.kind.rawValue } ?? "none"
    Self.told.withLock { $0.append("\(indexPath.row):\(shown)") }
  }
}
