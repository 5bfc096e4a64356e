import CellSim
import ReportedBugs
import Testing

/// One exhibit of the museum: its model, its buggy and fixed scenarios, and the invariant that
/// catches the bug.
struct Exhibit: Sendable, CustomTestStringConvertible {
  let folder: String
  let buggy: String
  let fixed: String
  let invariant: Scenario.InvariantID
  var testDescription: String { folder }
}

let exhibits = [
  Exhibit(
    folder: "nuke-174", buggy: "queued-completion-over-cache-hit.yaml",
    fixed: "queued-completion-fixed.yaml", invariant: .noCrossCellImage),
  Exhibit(
    folder: "yywebimage-79", buggy: "cancelled-completion-still-sets.yaml",
    fixed: "cancelled-completion-fixed.yaml", invariant: .noCrossCellImage),
  Exhibit(
    folder: "kingfisher-114", buggy: "reload-data-flash.yaml", fixed: "reload-data-fixed.yaml",
    invariant: .cacheHitOnRevisit),
  Exhibit(
    folder: "alamofireimage-17", buggy: "same-url-twice.yaml",
    fixed: "same-url-twice-fixed.yaml", invariant: .eventuallyLoaded),
  Exhibit(
    folder: "sdwebimage-1113", buggy: "shared-url-cancel.yaml",
    fixed: "shared-url-cancel-fixed.yaml", invariant: .eventuallyLoaded),
  Exhibit(
    folder: "egoimageloading-18", buggy: "default-mode-drag.yaml",
    fixed: "common-modes-fixed.yaml", invariant: .noDeliveryStall),
  Exhibit(
    folder: "sdwebimage-3363", buggy: "reload-stale-placeholder.yaml",
    fixed: "reload-stale-placeholder-fixed.yaml", invariant: .noCrossCellImage),
  Exhibit(
    folder: "kingfisher-581", buggy: "reused-view-progress.yaml",
    fixed: "reused-view-progress-fixed.yaml", invariant: .progressIsolation),
  Exhibit(
    folder: "alamofireimage-232", buggy: "cancelled-request-progress.yaml",
    fixed: "cancelled-request-progress-fixed.yaml", invariant: .progressIsolation),
]

/// Runs `file` with the model `L` (the type the catalog registers under `name`).
func runExhibit<L: CatalogLoader>(
  _ type: L.Type, _ file: String, expecting: Scenario.Expectation
) -> RunResult? {
  ScenarioTesting.run(
    reported(file), loader: L.self, fixturesRoot: fixturesRoot, expecting: expecting)
}

/// Opens the catalog's existential to run `file` with the model called `name`.
func runModel(named name: String, _ file: String, expecting: Scenario.Expectation)
  -> RunResult?
{
  guard let type = ReportedBugs.loaders.first(where: { $0.name == name }) else {
    Issue.record("no model called \(name)")
    return nil
  }
  return runExhibit(type, file, expecting: expecting)
}

@Suite("The museum of reported bugs")
struct ReportedBugsTests {
  @Test("each buggy model breaks its invariant and nothing else", arguments: exhibits)
  func buggyBreaks(_ exhibit: Exhibit) throws {
    let result = try #require(
      runModel(
        named: exhibit.folder, "\(exhibit.folder)/\(exhibit.buggy)",
        expecting: .init(violations: [exhibit.invariant], only: true)))
    #expect(result.violations.violated == [exhibit.invariant])
  }

  @Test("each fixed model passes the same trace", arguments: exhibits)
  func fixedPasses(_ exhibit: Exhibit) throws {
    let result = try #require(
      runModel(named: exhibit.folder, "\(exhibit.folder)/\(exhibit.fixed)", expecting: .pass))
    #expect(result.violations.isEmpty)
  }

  @Test("the catalog knows every model, with a fixed option, beside the built-in loaders")
  func catalog() {
    let names = ReportedBugs.catalog.names
    for exhibit in exhibits { #expect(names.contains(exhibit.folder)) }
    #expect(names.contains("reference"))
    // `fixed` first; a blind-spot demonstrator may add the variant it demonstrates
    // (progressive-preview's `preview`).
    for loader in ReportedBugs.loaders {
      #expect(loader.optionSpecs.first?.name == "fixed")
      #expect(loader.optionSpecs.count == 1 || loader.name == "progressive-preview")
    }
  }
}
