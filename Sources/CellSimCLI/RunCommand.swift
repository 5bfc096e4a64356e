import ArgumentParser
import Foundation
import ImageLoaders
import ReportedBugs
import Reports
import Scenarios

/// `cellsim run [PATH…]`: runs scenario files and folders (default `Scenarios/`).
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run scenario files and report which expectations are met.",
    discussion: """
      Exit codes: 0 every expectation met, 1 one not met, 2 invalid input, 3 internal error.
      """)

  @Argument(help: "Scenario files or folders (searched recursively for .yaml/.yml).")
  var paths: [String] = ["Scenarios"]

  @Option(help: "Run every scenario with this loader instead of its own.")
  var loader: String?

  @Option(help: "Override every scenario's seed.")
  var seed: UInt64?

  @Option(
    help: ArgumentHelp(
      "Turn scheduling noise on with this schedule seed (or reseed a scenario's own noise).",
      discussion:
        "Wake-up latencies and start orders a device has: see the scenario format's noise."))
  var noise: UInt64?

  @Option(help: "The fixtures root.")
  var fixtures: String = "Fixtures"

  @Flag(help: "Print machine-readable JSON instead of the human summary.")
  var json = false

  @Option(help: "Also write JUnit XML to this file.")
  var junit: String?

  @Option(help: "Write the full trace text of the run to this file (one scenario only).")
  var trace: String?

  @Option(
    help: ArgumentHelp(
      "Write the run as a Perfetto trace to this file (one scenario only).",
      discussion: "Open it at https://ui.perfetto.dev or in chrome://tracing."))
  var perfetto: String?

  @Option(
    help: ArgumentHelp(
      "Write an HTML report to this folder: index.html, self-contained.",
      discussion:
        "Each run's page has a timeline, the scroll offset, the metrics and a filmstrip of the frames around the first violation."
    ))
  var report: String?

  @Option(
    help: """
      Run this many scenarios at once (default: the number of cores; at most 8 × the cores, \
      and never more than there are files); output is identical.
      """)
  var jobs: Int = ParallelRuns.defaultJobs

  @Option(help: "Stop a run that takes more than this many simulated events (exit code 3).")
  var eventLimit: Int = 200_000_000

  func validate() throws {
    if eventLimit < 1 { throw ValidationError("--event-limit: must be at least 1") }
    if let problem = JobsLimit.problem(jobs) { throw ValidationError(problem) }
    if let loader, !ReportedBugs.catalog.names.contains(loader) {
      let names = ReportedBugs.catalog.names.joined(separator: ", ")
      throw ValidationError("--loader: unknown loader \"\(loader)\"; choose one of \(names)")
    }
  }

  func run() throws {
    let files: [String]
    do {
      files = try ScenarioFiles.find(paths)
    } catch {
      FileHandle.standardError.write(Data("cellsim run: \(error)\n".utf8))
      throw ExitCode(2)
    }
    try OutputPath.requireInputFolder("run", "--fixtures", fixtures)
    try OutputPath.require(
      "run", files: [("--junit", junit), ("--trace", trace), ("--perfetto", perfetto)],
      folders: [("--report", report)])
    for (flag, value) in [("--trace", trace), ("--perfetto", perfetto)]
    where value != nil && files.count != 1 {
      FileHandle.standardError.write(
        Data("cellsim run: \(flag) needs exactly one scenario file (got \(files.count))\n".utf8))
      throw ExitCode(2)
    }
    var options = SimulationOptions(
      fixturesRoot: URL(fileURLWithPath: fixtures), seed: seed, loader: loader,
      // The built-in loaders plus the museum's bug models (Scenarios/reported/).
      catalog: ReportedBugs.catalog,
      keepTrace: trace != nil || perfetto != nil, eventLimit: eventLimit)
    options.noiseSeed = noise
    let runner = SuiteRunner(options: options)
    let outcomes = runner.run(files: files, jobs: jobs)
    // Diagnostics (invalid or runaway scenarios) go to stderr as `file:line:col: error: …`.
    for error in outcomes.compactMap(\.error) {
      FileHandle.standardError.write(Data((error + "\n").utf8))
    }
    if json {
      print(RunReports.json(outcomes))
    } else {
      let color = TerminalColor.isEnabled(
        environment: ProcessInfo.processInfo.environment, isTerminal: isatty(1) != 0)
      print(TextReport.render(outcomes, color: color), terminator: "")
    }
    if let junit {
      try JUnitReport.render(outcomes).write(toFile: junit, atomically: true, encoding: .utf8)
    }
    if let trace, let text = outcomes.first?.result?.traceText {
      try text.write(toFile: trace, atomically: true, encoding: .utf8)
    }
    if let perfetto, let result = outcomes.first?.result, let text = PerfettoTrace.json(for: result)
    {
      try text.write(toFile: perfetto, atomically: true, encoding: .utf8)
    }
    if let report {
      let entries: [ReportWriter.Entry] = files.map { file in
        do throws(ReportError) {
          return (file, .success(try runner.report(file: file)))
        } catch {
          return (file, .failure(error))
        }
      }
      let page = try ReportWriter.write(entries, to: URL(fileURLWithPath: report))
      FileHandle.standardError.write(Data("report: \(page.path)\n".utf8))
    }
    let code = SuiteRunner.exitCode(outcomes)
    if code != 0 { throw ExitCode(code) }
  }
}

/// `cellsim invariants`: lists the invariant ids, definitions and parameters.
struct InvariantsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invariants", abstract: "List the invariants the oracle checks.")

  func run() {
    for entry in InvariantCatalog.entries {
      print(entry.id.rawValue)
      print("  parameters: \(entry.parameters)")
      print("  \(entry.definition)")
      print("")
    }
  }
}
