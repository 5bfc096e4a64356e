import ArgumentParser
import AsyncLoaders
import CellSimFuzz
import Foundation
import ImageLoaders
import ReportedBugs
import Reports
import Scenarios

/// `cellsim replay FILE [--trace]`: runs a finding and shows its first violation, and with
/// `--trace` the timeline around it.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a finding: its violations, digest and the timeline around the first one.",
    discussion: "Exit codes: 0 the expectation is met, 1 it is not, 2 invalid input.")

  @Argument(help: "The scenario file.")
  var file: String

  @Flag(help: "Print the trace lines around the first violation.")
  var trace = false

  @Option(help: "Milliseconds of trace before the first violation (with --trace).")
  var window: Int = 300

  @Option(help: "Run with this loader instead of the file's.")
  var loader: String?

  @Option(help: "The fixtures root (default: Fixtures).")
  var fixtures: String = "Fixtures"

  @Option(help: "Also write the run as a Perfetto trace to this file (open it at ui.perfetto.dev).")
  var perfetto: String?

  @Option(help: "Also write an HTML report of the run to this folder (index.html, self-contained).")
  var report: String?

  func validate() throws {
    if let loader, !LoaderCatalog.standard.names.contains(loader) {
      throw ValidationError("--loader: unknown loader \"\(loader)\"")
    }
    if window < 0 { throw ValidationError("--window: must not be negative") }
  }

  func run() throws {
    try OutputPath.requireInputFolder("replay", "--fixtures", fixtures)
    try OutputPath.require(
      "replay", files: [("--perfetto", perfetto)], folders: [("--report", report)])
    let scenario: Scenario
    let result: RunResult
    do {
      scenario = try Scenario(
        contentsOf: URL(fileURLWithPath: file), knownLoaders: ReportedBugs.catalog.names)
      result = try Simulation.run(
        scenario,
        options: SimulationOptions(
          fixturesRoot: URL(fileURLWithPath: fixtures), loader: loader,
          catalog: ReportedBugs.catalog, keepTrace: trace || perfetto != nil))
    } catch {
      FileHandle.standardError.write(Data("cellsim replay: \(file): \(error)\n".utf8))
      throw ExitCode(2)
    }
    print(
      "\(scenario.name) — loader \(result.loader), seed \(result.seed), digest \(result.digest)")
    print(result.meetsExpectation ? "expectation met" : "expectation NOT met")
    for reason in result.unmetReasons { print("  - \(reason)") }
    for violation in result.violations.firstPerRow.prefix(10) {
      print("  \(violation.invariant.rawValue) at t=\(violation.time): \(violation.detail)")
    }
    if trace, let text = result.traceText {
      print(
        ReplayTimeline.render(text, around: result.violations.firstPerRow.first, window: window))
    }
    try writeReports(result)
    if !result.meetsExpectation { throw ExitCode(1) }
  }

  /// `--perfetto` and `--report`: the same run, as a trace for Perfetto and as a page.
  func writeReports(_ result: RunResult) throws {
    if let perfetto, let json = PerfettoTrace.json(for: result) {
      do {
        try json.write(toFile: perfetto, atomically: true, encoding: .utf8)
      } catch {
        FileHandle.standardError.write(Data("cellsim replay: --perfetto: \(error)\n".utf8))
        throw ExitCode(2)
      }
    }
    guard let report else { return }
    var options = SimulationOptions(fixturesRoot: URL(fileURLWithPath: fixtures), loader: loader)
    options.catalog = ReportedBugs.catalog
    do {
      let run = try SuiteRunner(options: options).report(file: file)
      let page = try ReportWriter.write([(file, .success(run))], to: URL(fileURLWithPath: report))
      FileHandle.standardError.write(Data("report: \(page.path)\n".utf8))
    } catch {
      FileHandle.standardError.write(Data("cellsim replay: --report: \(error)\n".utf8))
      throw ExitCode(2)
    }
  }
}
