import Foundation
import ImageLoaders
import SimKernel
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader that only ever shows a placeholder, chosen by its `placeholder` option:
/// - `shared`: one static placeholder for every row, set in `cellForRow` (legitimate anywhere).
/// - `own`: a placeholder made for the row's own request.
/// - `neighbour`: a placeholder made for the request of the next row's URL (another request's).
/// - `stale`: its own request's placeholder, set again 400 ms later on the captured cell
///   without checking that the cell still shows that row (a late "loading" placeholder).
/// - `captured`: its own request's placeholder, made in `cellForRow` and set again 400 ms later
///   on the captured cell without any check: after the cell is configured again, even for the
///   same URL, that is an earlier request's placeholder (SDWebImage #3363).
final class PlaceholderTestLoader: CatalogLoader {
  typealias Cell = TableCell
  static let name = "test-placeholder"
  static let summary = "shows only placeholders, shared or made for one request"
  static let optionSpecs = [
    LoaderOptionSpec(
      "placeholder", .choice(["shared", "own", "neighbour", "stale", "captured"]),
      default: "shared",
      "which placeholder to show")
  ]

  let env: LoaderEnvironment
  let mode: String
  var shared: Image?

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    mode = options.choice("placeholder")
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    let size = table.imagePixelSize
    switch mode {
    case "shared":
      let image = shared ?? env.placeholderImage(width: size.width, height: size.height)
      shared = image
      cell.imageView.image = image
    case "neighbour":
      let next = item.url.replacing(".png", with: "0.png")
      cell.imageView.image = env.placeholderImage(width: size.width, height: size.height, for: next)
    default:
      let url = item.url
      cell.imageView.image = env.placeholderImage(width: size.width, height: size.height, for: url)
      if mode == "captured", let placeholder = cell.imageView.image {
        env.main.asyncAfter(.ms(400)) { _ in cell.imageView.image = placeholder }
        return
      }
      guard mode == "stale" else { return }
      let env = env
      env.main.asyncAfter(.ms(400)) { _ in
        cell.imageView.image = env.placeholderImage(
          width: size.width, height: size.height, for: url)
      }
    }
  }
}

/// "Everything a view shows is judged": a placeholder made for one request
/// (`placeholderImage(width:height:for:)`) is another request's at a row with another URL, and
/// `no_cross_cell_image` says so; a shared placeholder stays legitimate in every cell.
@Suite("Placeholders carry their request's identity")
struct PlaceholderIdentityTests {
  func run(_ mode: String, events: String = "[]") throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: placeholders
        loader: {name: test-placeholder, placeholder: \(mode)}
        table: {rows: 200}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events: \(events)
        run_until: "3s"
        invariants: [no_cross_cell_image]
        """, knownLoaders: ["test-placeholder"])
    var catalog = LoaderCatalog()
    catalog.register(PlaceholderTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  static let fling = #"[{at: "200ms", fling: {velocity: 3000}}]"#

  @Test("a shared placeholder, in cells recycled by a fling, violates nothing")
  func shared() throws {
    let result = try run("shared", events: Self.fling)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("a placeholder made for the row's own request violates nothing")
  func own() throws {
    let result = try run("own", events: Self.fling)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("a placeholder made for another URL's request is a cross-cell image, naming that URL")
  func neighbour() throws {
    let result = try run("neighbour")
    #expect(result.violations.violated == [.noCrossCellImage])
    let detail = result.violations.firstPerRow.first?.detail ?? ""
    #expect(detail.contains("placeholder of the request for https://img.test/"), "\(detail)")
  }

  @Test("a late placeholder set on a recycled cell from a stale callback is a cross-cell image")
  func stale() throws {
    let result = try run("stale", events: Self.fling)
    #expect(result.violations.violated == [.noCrossCellImage])
  }

  @Test("a placeholder's request shows in the display summary; a shared one's does not")
  func summary() {
    let world = World()
    let own = Image(kind: .placeholder, width: 2, height: 2, world: world, requestURL: "u/1")
    let shared = Image(kind: .placeholder, width: 2, height: 2, world: world)
    #expect(DisplayedImage(own, isOutgoing: false).summary == "placeholder@u/1")
    #expect(DisplayedImage(shared, isOutgoing: false).summary == "placeholder")
  }
}
