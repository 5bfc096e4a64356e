import Foundation
import ImageLoaders
import SimKernel
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader whose own code sets a manual image (`LoaderEnvironment.manualImage`) on the cells
/// of even rows in `cellForRow`; on odd rows it sets a placeholder 200 ms later, on the cell it
/// captured:
/// - `unchecked`: whatever the cell shows by then (the bug: a recycled cell may show an even
///   row's manual image now, and nothing asked the loader for it again);
/// - `checked`: only while the cell is still configured for that row.
final class ManualImageTestLoader: CatalogLoader {
  final class Cell: TableCell {
    var token = 0
  }
  static let name = "test-manual"
  static let summary = "sets its own image, then a placeholder over it"
  static let optionSpecs = [
    LoaderOptionSpec("later", .choice(["unchecked", "checked"]), default: "unchecked", "the check")
  ]

  let env: LoaderEnvironment
  let checked: Bool
  var tokens = 0

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    checked = options.choice("later") == "checked"
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    let size = table.imagePixelSize
    tokens += 1
    let token = tokens
    cell.token = token
    guard indexPath.row % 2 == 1 else {
      cell.imageView.image = env.manualImage(width: size.width, height: size.height)
      return
    }
    cell.imageView.image = nil
    let (env, checked) = (env, checked)
    env.main.asyncAfter(.ms(200)) { _ in
      if checked && cell.token != token { return }
      cell.imageView.image = env.placeholderImage(width: size.width, height: size.height)
    }
  }
}

/// `manual_image_kept`: an image the app set itself stays until the loader is asked for the
/// cell again.
@Suite("manual_image_kept")
struct ManualImageKeptTests {
  func run(_ later: String, events: String = "[]", loader: String? = nil) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: manual
        loader: {name: test-manual, later: \(later)}
        table: {rows: 60}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events: \(events)
        run_until: "2s"
        invariants: [manual_image_kept]
        """, knownLoaders: ["test-manual"])
    var catalog = LoaderCatalog.standard
    catalog.register(ManualImageTestLoader.self)
    return try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, loader: loader, catalog: catalog))
  }

  static let fling = #"[{at: "100ms", fling: {velocity: 4000}}]"#

  @Test("a loader's own manual image replaced with nothing asking the loader again is flagged")
  func loaderManualImageOverwritten() throws {
    // A fling recycles cells before their 200 ms blocks: an odd row's stale block sets its
    // placeholder over the even row's manual image the cell shows now.
    let result = try run("unchecked", events: Self.fling)
    #expect(result.violations.violated == [.manualImageKept])
    let detail = result.violations.firstPerRow.first?.detail ?? ""
    #expect(detail.contains("showed an image the app set itself"), "\(detail)")
    #expect(detail.contains("placeholder image instead"), "\(detail)")
  }

  @Test("a new cellForRow frees the cell: a manual image recycled into another row may go")
  func cellForRowFreesTheCell() throws {
    // The checked loader sets placeholders only on cells still configured for their odd row,
    // many of which showed an even row's manual image before cellForRow asked again.
    #expect(try run("checked", events: Self.fling).violations.isEmpty)
    #expect(try run("unchecked").violations.isEmpty, "no recycling, no stale block")
  }

  @Test("a set_image protects at once; reloading the row asks the loader again")
  func setImageThenReload() throws {
    // The reference loader cancels on set_image: nothing replaces the app's image.
    let kept = try run(
      "checked", events: #"[{at: "500ms", set_image: {row: 1}}]"#, loader: "reference")
    #expect(kept.violations.isEmpty, "\(kept.violations.firstPerRow.first?.detail ?? "")")
    // A reload of the row calls cellForRow: the row's own image may come back.
    let reloaded = try run(
      "checked",
      events: #"[{at: "500ms", set_image: {row: 1}}, {at: "700ms", reload_rows: [1]}]"#,
      loader: "reference")
    #expect(reloaded.violations.isEmpty, "\(reloaded.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("reconfigure_rows asks the loader again with the same cell: the app's image may go")
  func reconfigureAsksAgain() throws {
    // Row 1 (odd) gets a placeholder 200 ms after each configuration; the app sets its own
    // image at 500 ms, and the reconfiguration at 600 ms lets the loader replace it at 800 ms.
    let events =
      #"[{at: "500ms", set_image: {row: 1}}, {at: "600ms", reconfigure_rows: [1]}]"#
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: manual
        loader: {name: test-manual, later: checked}
        table: {rows: 60}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events: \(events)
        run_until: "2s"
        invariants: [manual_image_kept]
        """, knownLoaders: ["test-manual"])
    #expect(try Scenario(yaml: scenario.yamlText(), knownLoaders: ["test-manual"]) == scenario)
    var catalog = LoaderCatalog.standard
    catalog.register(ManualImageTestLoader.self)
    let result = try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, catalog: catalog, keepTrace: true))
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
    let trace = try #require(result.traceText)
    #expect(trace.contains("table.reconfigure cell=2 row=1 item=1"))
    #expect(trace.contains("table.set_image cell=2 row=1"))
  }
}
