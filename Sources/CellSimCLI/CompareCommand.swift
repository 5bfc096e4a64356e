import ArgumentParser
import AsyncLoaders
import Foundation
import ImageLoaders
import ReportedBugs
import Reports
import Scenarios

/// `cellsim compare [PATH…] --loaders a,b,…|all`: the same scenarios with several loaders.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Run scenarios with several loaders and compare violations and key metrics.",
    discussion: """
      Invariant rows count the scenarios in which a loader broke the invariant. Metric rows \
      aggregate over scenarios: time to image is the median of the scenarios' p50 and p95; \
      blank cell time, transfers and wasted bytes are totals; peak decoded memory is the \
      largest peak; the hitch ratio is the mean. Scenario expectations are ignored.
      """)

  @Argument(help: "Scenario files or folders.")
  var paths: [String] = ["Scenarios"]

  @Option(help: "Comma-separated loader names, or all.")
  var loaders: String = "all"

  @Option(help: "The fixtures root.")
  var fixtures: String = "Fixtures"

  @Flag(help: "Print JSON instead of a Markdown table.")
  var json = false

  @Option(
    help: """
      Run this many scenarios at once (default: the number of cores; at most 8 × the cores, \
      and never more than there are runs); output is identical.
      """)
  var jobs: Int = ParallelRuns.defaultJobs

  @Option(
    help: ArgumentHelp(
      "Also write an HTML report to this folder: the loaders side by side on each scenario.",
      discussion: "index.html links one self-contained page per scenario and loader."))
  var report: String?

  var loaderNames: [String] {
    loaders == "all"
      ? LoaderCatalog.standard.names
      : loaders.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  func validate() throws {
    let known = LoaderCatalog.standard.names
    for name in loaderNames where !known.contains(name) {
      throw ValidationError(
        "--loaders: unknown loader \"\(name)\"; choose from \(known.joined(separator: ", ")) or all"
      )
    }
    if loaderNames.isEmpty { throw ValidationError("--loaders: name at least one loader") }
    if let problem = JobsLimit.problem(jobs) { throw ValidationError(problem) }
    var named: Set<String> = []
    for name in loaderNames where !named.insert(name).inserted {
      throw ValidationError("--loaders: \"\(name)\" is named twice; name each loader once")
    }
  }

  func run() throws {
    let files: [String]
    do {
      files = try ScenarioFiles.find(paths)
    } catch {
      FileHandle.standardError.write(Data("cellsim compare: \(error)\n".utf8))
      throw ExitCode(2)
    }
    try OutputPath.requireInputFolder("compare", "--fixtures", fixtures)
    try OutputPath.require("compare", folders: [("--report", report)])
    var sideBySide: ComparisonReport?
    if let report {
      do {
        sideBySide = try ComparisonReport(
          directory: URL(fileURLWithPath: report), loaders: loaderNames)
      } catch {
        FileHandle.standardError.write(
          Data("cellsim compare: --report: cannot create the folder \(report)\n".utf8))
        throw ExitCode(2)
      }
    }
    // Scenarios may name the museum's bug models (Scenarios/reported/): they read, and every
    // scenario runs with each compared loader.
    let options = SimulationOptions(
      fixturesRoot: URL(fileURLWithPath: fixtures), catalog: ReportedBugs.catalog)
    let comparison = Comparison.run(
      files: files, loaders: loaderNames, options: options, jobs: jobs)
    print(json ? comparison.json : comparison.markdown, terminator: json ? "\n" : "")
    if var sideBySide {
      for file in files {
        let runs = loaderNames.map { loader -> Result<ReportedRun, ReportError> in
          var withLoader = options
          withLoader.loader = loader
          do throws(ReportError) {
            return .success(try SuiteRunner(options: withLoader).report(file: file))
          } catch {
            return .failure(error)
          }
        }
        try sideBySide.add(file: file, runs: runs)
      }
      let page = try sideBySide.finish()
      FileHandle.standardError.write(Data("report: \(page.path)\n".utf8))
    }
    if !comparison.errors.isEmpty { throw ExitCode(2) }
  }
}

/// `cellsim loaders`: each loader, the article it models, and its options.
struct LoadersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loaders",
    abstract: "List the built-in loaders and the models of reported bugs, with their options.")

  func run() {
    for entry in ReportedBugs.catalog.entries {
      // A model named `<library>-<issue>` is a reported bug; the others demonstrate a class
      // of bugs the oracle once missed.
      let isReported = entry.name.split(separator: "-").last.map { Int($0) != nil } ?? false
      let seed =
        ReportedBugs.scenarios(of: entry.name).map {
          (isReported ? "reported bug, " : "oracle demonstrator, ") + $0
        }
        ?? entry.seed.map { "seed \($0)" } ?? "CellSim's own"
      print("\(entry.name)  (\(seed))")
      print("  \(entry.summary)")
      for option in entry.options {
        print(
          "  option \(option.name): \(option.expected); default \(option.defaultValue). \(option.summary)"
        )
      }
      print("")
    }
  }
}
