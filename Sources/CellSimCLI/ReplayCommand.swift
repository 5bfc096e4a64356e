import ArgumentParser
import CellSimFuzz
import Foundation
import ImageLoaders
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

  func validate() throws {
    if let loader, !LoaderCatalog.builtIn.names.contains(loader) {
      throw ValidationError("--loader: unknown loader \"\(loader)\"")
    }
    if window < 0 { throw ValidationError("--window: must not be negative") }
  }

  func run() throws {
    let scenario: Scenario
    let result: RunResult
    do {
      scenario = try Scenario(contentsOf: URL(fileURLWithPath: file))
      result = try Simulation.run(
        scenario,
        options: SimulationOptions(
          fixturesRoot: URL(fileURLWithPath: fixtures), loader: loader, keepTrace: trace))
    } catch {
      FileHandle.standardError.write(Data("cellsim replay: \(file): \(error)\n".utf8))
      throw ExitCode(2)
    }
    print(
      "\(scenario.name) — loader \(result.loader), seed \(result.seed), digest \(result.digest)")
    print(result.meetsExpectation ? "expectation met" : "expectation NOT met")
    for reason in result.unmetReasons { print("  - \(reason)") }
    for violation in result.violations.first.prefix(10) {
      print("  \(violation.invariant.rawValue) at t=\(violation.time): \(violation.detail)")
    }
    if trace, let text = result.traceText {
      print(ReplayTimeline.render(text, around: result.violations.first.first, window: window))
    }
    if !result.meetsExpectation { throw ExitCode(1) }
  }
}
