import Foundation
import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader that shows each row's image and also keeps it where its `keep` option says: in a
/// plain array of its own (held by nothing the platform knows), or in a memory cache.
final class KeepingTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-keeping"
  static let summary = "keeps every decoded image in an array or a cache"
  static let optionSpecs = [
    LoaderOptionSpec(
      "keep", .choice(["array", "cache", "nothing"]), default: "nothing", "where images stay")
  ]

  let environment: LoaderEnvironment
  let session: SimulatedURLSession
  let keep: String
  let cache: MemoryCache<Image>
  var kept: [Image] = []

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    keep = options.choice("keep")
    cache = environment.memoryCache(name: "kept", policy: .lru)
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    let url = item.url
    cell.representedURL = url
    cell.imageView.image = nil
    let environment = environment
    session.dataTask(with: url) { [weak self] execution, result in
      guard case .success(let response) = result else { return }
      environment.decoder.decode(response.body, target: .maxPixelSize(64), on: execution) {
        guard let image = try? $0.get() else { return }
        environment.main.async { _ in
          guard let self else { return }
          switch self.keep {
          case "array": self.kept.append(image)
          case "cache": self.cache.setValue(image, forKey: url, cost: 1)
          default: break
          }
          if cell.representedURL == url { cell.imageView.image = image }
        }
      }
    }.resume()
  }
}

/// `no_leaked_images`: live decoded images attributed to caches and cells' views.
@Suite("Leaked images")
struct LeakedImagesTests {
  func run(keep: String, max: String = "visible") throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: keeping
        loader: {name: test-keeping, keep: \(keep)}
        table: {rows: 200}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "50ms"}
        events: [{at: "300ms", fling: {velocity: 5000}}]
        run_until: "4s"
        invariants: {no_leaked_images: {max: \(max)}}
        """, knownLoaders: ["test-keeping"])
    var catalog = LoaderCatalog()
    catalog.register(KeepingTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("images kept only in the loader's own array are a leak; in a cache or nowhere, not")
  func arrayLeaksCacheDoesNot() throws {
    let leaked = try run(keep: "array")
    #expect(leaked.violations.violated == [.noLeakedImages])
    let detail = try #require(leaked.violations.firstViolation(of: .noLeakedImages)).detail
    #expect(detail.contains("held by nothing the platform knows"), "\(detail)")
    #expect(try run(keep: "cache").violations.isEmpty)
    #expect(try run(keep: "nothing").violations.isEmpty)
  }

  @Test("a numeric max is the bound")
  func numericBound() throws {
    #expect(try run(keep: "array", max: "100000").violations.isEmpty)
    #expect(!(try run(keep: "array", max: "0").violations.isEmpty))
  }

  @Test("the standard set leaves it out; naming it reads and writes its max")
  func standardSetAndRoundTrip() throws {
    #expect(!Scenario.Invariants.standard.checks(.noLeakedImages))
    #expect(Scenario.Invariants.standard.checks.count == Scenario.InvariantID.allCases.count - 2)
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: rt
        table: {rows: 10}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        run_until: "1s"
        invariants: {no_leaked_images: {max: 7}, no_cross_cell_image: {}}
        """)
    #expect(scenario.invariants.checks.first == .noLeakedImages(max: .count(7)))
    let reread = try Scenario(yaml: scenario.yamlText())
    #expect(reread.invariants == scenario.invariants)
  }

  @Test(
    "reference and async-reference keep nothing unattributed in any bundled scenario",
    arguments: ["reference", "async-reference"])
  func referenceHolds(loader: String) throws {
    let files = Repository.bundledScenarios
    var ran = 0
    for file in files {
      // Files naming a museum model (not in this module's catalog) are left to the others.
      guard
        var scenario = try? Scenario(
          contentsOf: Repository.url(file), fixturesRoot: Repository.fixtures,
          knownLoaders: LoaderCatalog.standard.names)
      else { continue }
      ran += 1
      scenario.invariants = .selected([.noLeakedImages(max: .visible)])
      scenario.expect = .pass
      let result = try Simulation.run(
        scenario,
        options: SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader))
      #expect(
        result.violations.isEmpty,
        "\(file): \(result.violations.firstPerRow.first?.detail ?? "")")
    }
    #expect(ran > 60)
  }
}
