import Foundation
import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader with a node-style preload range: it keeps the downloads of the ten items around the
/// row it configured last and cancels the others, and never cancels on `didEndDisplaying`.
/// With `declare: true` it declares a preload range of twelve rows each side.
final class PreloadRangeTestLoader: CatalogLoader {
  typealias Cell = TableCell
  static let name = "test-preload"
  static let summary = "keeps ten items each side of the last configured row"
  static let optionSpecs = [
    LoaderOptionSpec("declare", .bool, default: "false", "declare the preload range")
  ]

  let session: SimulatedURLSession
  var tasks: [Int: SimulatedDataTask] = [:]

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    session = environment.urlSession()
    if options.bool("declare") { environment.declarePreloadRange(rowsBefore: 12, rowsAfter: 12) }
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    if tasks[item.id] == nil {
      let task = session.dataTask(with: item.url) { _, _ in }
      tasks[item.id] = task
      task.resume()
    }
    for id in tasks.keys.sorted() where abs(id - item.id) > 10 {
      tasks[id]?.cancel()
      tasks[id] = nil
    }
  }
}

/// `cancel_on_end_display` against a loader's declared preload range.
@Suite("A loader's declared preload range")
struct PreloadRangeTests {
  func run(declare: Bool) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: preload
        loader: {name: test-preload, declare: \(declare)}
        table: {rows: 200}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "5s"}
        events: [{at: "100ms", drag: {by: 1500, over: "3s"}}]
        run_until: "4s"
        invariants: [cancel_on_end_display]
        """, knownLoaders: ["test-preload"])
    var catalog = LoaderCatalog()
    catalog.register(PreloadRangeTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("work kept for rows in the declared range is needed; without the declaration it is not")
  func declaredRangeIsNeeded() throws {
    let undeclared = try run(declare: false)
    #expect(undeclared.violations.violated == [.cancelOnEndDisplay])
    let declared = try run(declare: true)
    #expect(
      declared.violations.isEmpty, "\(declared.violations.firstPerRow.first?.detail ?? "")")
  }
}
