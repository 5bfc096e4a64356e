import ArgumentParser
import AsyncLoaders
import CellSimFuzz
import Foundation
import ImageLoaders
import Reports
import Scenarios

/// The options a campaign and its workers share.
struct FuzzCaseOptions: ParsableArguments {
  @Option(help: "The built-in loader to fuzz (see `cellsim loaders`).")
  var loader: String

  @Option(help: "The campaign seed; case i has a seed derived from it and i.")
  var seed: UInt64 = 0

  @Option(help: "Fuzz around this scenario: keep its table and images, mutate its trace.")
  var base: String?

  @Option(help: "Comma-separated invariant ids to check (default: every standard invariant).")
  var invariants: String?

  @Option(help: "This machine's shard of the case space, I/N (0 ≤ I < N).")
  var shard: String = "0/1"

  @Flag(help: "Enable every event and fault kind in every case (no swarm testing).")
  var noSwarm = false

  @Flag(
    help: "Run every case without scheduling noise (by default half the cases have noise:).")
  var noNoise = false

  @Option(help: "The fixtures root (default: Fixtures).")
  var fixtures: String = "Fixtures"

  @Option(help: "Cases each worker shrinks per invariant; later ones are only counted (0: none).")
  var shrinks: Int = 4

  func validate() throws {
    if shrinks < 0 { throw ValidationError("--shrinks: must not be negative") }
    if !LoaderCatalog.standard.names.contains(loader) {
      let names = LoaderCatalog.standard.names.joined(separator: ", ")
      throw ValidationError("--loader: unknown loader \"\(loader)\"; choose one of \(names)")
    }
    _ = try shardValue()
    _ = try invariantChecks()
  }

  func shardValue() throws -> (index: Int, count: Int) {
    let parts = shard.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (0..<count).contains(index)
    else { throw ValidationError("--shard: expected I/N with 0 ≤ I < N, got \"\(shard)\"") }
    return (index, count)
  }

  func invariantChecks() throws -> Scenario.Invariants {
    guard let invariants else { return .standard }
    var checks: [Scenario.InvariantCheck] = []
    for name in invariants.split(separator: ",") {
      guard let id = Scenario.InvariantID(rawValue: String(name)) else {
        let ids = Scenario.InvariantID.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("--invariants: unknown invariant \"\(name)\"; choose from \(ids)")
      }
      checks.append(.defaults(id))
    }
    return .selected(checks)
  }

  /// The campaign these options describe; exits 2 on an unreadable `--base`.
  func campaign() throws -> Campaign {
    var generator = CaseGenerator(loader: loader)
    generator.invariants = try invariantChecks()
    generator.swarm = !noSwarm
    generator.noise = !noNoise
    // Async loaders: each case also permutes ready jobs with a key of its own.
    let declared = (try? LoaderCatalog.standard.entry(named: loader))?.options ?? []
    generator.scheduleSeeds = declared.contains { $0.name == AsyncLoaderCatalog.scheduleOption }
    // A loader that can show download progress shows it in half the cases.
    generator.exploredFlags = declared.filter {
      $0.name == CaseGenerator.progressOption && $0.kind == .bool
    }.map(\.name)
    if let base {
      do {
        generator.base = try Scenario(contentsOf: URL(fileURLWithPath: base))
      } catch {
        FileHandle.standardError.write(Data("cellsim fuzz: --base: \(error)\n".utf8))
        throw ExitCode(2)
      }
    }
    var described = "cellsim fuzz --loader \(loader) --seed \(seed)"
    if shard != "0/1" { described += " --shard \(shard)" }
    if noNoise { described += " --no-noise" }
    if let base { described += " --base \(base)" }
    var campaign = Campaign(
      seed: seed, generator: generator,
      runner: CaseRunner(fixturesRoot: URL(fileURLWithPath: fixtures)), description: described)
    campaign.shard = try shardValue()
    campaign.shrinksPerInvariant = shrinks
    return campaign
  }

  /// The arguments that give a worker the same options.
  var workerArguments: [String] {
    var arguments = [
      "--loader", loader, "--seed", "\(seed)", "--shard", shard, "--fixtures", fixtures,
      "--shrinks", "\(shrinks)",
    ]
    if let base { arguments += ["--base", base] }
    if let invariants { arguments += ["--invariants", invariants] }
    if noSwarm { arguments.append("--no-swarm") }
    if noNoise { arguments.append("--no-noise") }
    return arguments
  }
}

/// `cellsim fuzz`: a campaign (`cellsim fuzz [run] …`, the default) or `cellsim fuzz merge`.
struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract: "Fuzz a loader with generated scroll traces; shrink and write each finding.",
    subcommands: [FuzzRunCommand.self, FuzzMergeCommand.self],
    defaultSubcommand: FuzzRunCommand.self)
}

/// `cellsim fuzz [run]`: a swarm-testing campaign against a built-in loader, in worker
/// processes.
struct FuzzRunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Fuzz a loader with generated scroll traces; shrink and write each finding.",
    discussion: """
      Each finding is a scenario file in --out that expects its violation, named by its
      invariant and signature. Exit codes: 0 no findings, 1 findings, 2 invalid input,
      130/143 interrupted by SIGINT/SIGTERM (findings written so far stay intact).
      `cellsim fuzz merge` deduplicates the findings of several shards.
      """)

  @OptionGroup var options: FuzzCaseOptions

  @Option(help: "Cases to run on this shard (default 1000 unless --time is given).")
  var cases: Int?

  @Option(help: "Run for this long instead (90s, 5m, 2h).")
  var time: String?

  @Option(help: "The folder for finding files.")
  var out: String = "findings"

  @Option(
    help: """
      Worker processes (default: the number of cores; at most 8 × the cores, and never more \
      than --cases).
      """)
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(
    help: """
      Wall-clock seconds a worker may go without progress before its case is a hang. Progress \
      is one simulation run ending (the case's, or a shrink candidate's), so a slow case on a \
      loaded machine is not a hang; a single run that outlasts this is.
      """)
  var caseTimeout: Double = 120

  @Flag(help: "Print a JSON summary on stdout.")
  var json = false

  @Option(help: "Also write an HTML report of every finding to this folder (index.html).")
  var report: String?

  @Option(help: .hidden)
  var workerLimit: Int = 500

  /// Tests: the first wall-clock limit on a hang finding's shrink candidates.
  @Option(help: .hidden)
  var hangCheckTimeout: Double?

  /// Tests: wall-clock seconds spent shrinking each trap or hang finding, at most.
  @Option(help: .hidden)
  var trapShrinkTime: Double = 120

  func validate() throws {
    if let cases, cases < 1 { throw ValidationError("--cases: must be at least 1") }
    if cases != nil && time != nil { throw ValidationError("--cases and --time: give one") }
    if let time, parseWallDuration(time) == nil {
      throw ValidationError("--time: expected a duration such as 90s, 5m or 2h, got \"\(time)\"")
    }
    if let problem = JobsLimit.problem(jobs) { throw ValidationError(problem) }
    if workerLimit < 1 { throw ValidationError("--worker-limit: must be at least 1") }
    if caseTimeout <= 0 { throw ValidationError("--case-timeout: must be positive") }
    if let hangCheckTimeout, hangCheckTimeout <= 0 {
      throw ValidationError("--hang-check-timeout: must be positive")
    }
    if trapShrinkTime <= 0 { throw ValidationError("--trap-shrink-time: must be positive") }
  }

  func run() throws {
    try OutputPath.requireInputFolder("fuzz", "--fixtures", options.fixtures)
    try OutputPath.require("fuzz", folders: [("--out", out), ("--report", report)])
    let campaign = try options.campaign()
    let budget = time.flatMap(parseWallDuration)
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let caseCount = budget == nil ? (cases ?? 1_000) : nil
    let supervisor = Supervisor(
      executable: executable,
      workerArguments: ["fuzz-worker"] + options.workerArguments + ["--limit", "\(workerLimit)"],
      campaign: campaign, jobs: workers(cases: caseCount), cases: caseCount,
      deadline: budget.map { Date().addingTimeInterval($0) }, caseTimeout: caseTimeout,
      outFolder: URL(fileURLWithPath: out))
    supervisor.hangCheckTimeout = hangCheckTimeout
    supervisor.trapShrinkTime = trapShrinkTime
    let live = isatty(2) != 0
    var lastPlain = Date.distantPast
    supervisor.progress = { progress in
      let line = FuzzProgress.line(progress, budget: budget)
      if live {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
      } else if Date().timeIntervalSince(lastPlain) >= 5 {
        lastPlain = Date()
        FileHandle.standardError.write(Data("\(line)\n".utf8))
      }
    }
    let result = supervisor.run()
    FileHandle.standardError.write(Data(((live ? "\n" : "") + FuzzProgress.summary(result)).utf8))
    if json {
      print(FuzzProgress.json(result, campaign: campaign, workers: workers(cases: caseCount)))
    }
    if let signal = result.interrupted { throw ExitCode(128 + signal) }
    if let report, !result.written.isEmpty { try writeReport(result.written, to: report) }
    if !result.findingsByLabel.isEmpty || !result.violatingCases.isEmpty { throw ExitCode(1) }
  }
}

extension FuzzRunCommand {
  /// The worker processes to start: `--jobs`, but no more than the cases to run (a worker
  /// with no case would start, find nothing to do and exit).
  func workers(cases: Int?) -> Int {
    guard let cases else { return jobs }
    return max(1, min(jobs, cases))
  }

  /// `--report DIR`: one page per finding written (the finding replayed with its own loader,
  /// so its filmstrip shows the first violation), and an index linking them.
  func writeReport(_ findings: [URL], to folder: String) throws {
    let runner = SuiteRunner(
      options: SimulationOptions(fixturesRoot: URL(fileURLWithPath: options.fixtures)))
    let entries: [ReportWriter.Entry] = findings.map { url in
      do throws(ReportError) {
        return (url.path, .success(try runner.report(file: url.path)))
      } catch {
        return (url.path, .failure(error))
      }
    }
    do {
      let page = try ReportWriter.write(entries, to: URL(fileURLWithPath: folder))
      FileHandle.standardError.write(Data("report: \(page.path)\n".utf8))
    } catch {
      FileHandle.standardError.write(Data("cellsim fuzz: --report: \(error)\n".utf8))
      throw ExitCode(2)
    }
  }
}

/// `cellsim fuzz merge DIR… --out DIR`: one finding per signature from several shards.
struct FuzzMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge the finding folders of several shards, one file per signature.",
    discussion: "Exit codes: 0 no findings, 1 findings, 2 invalid input.")

  @Argument(help: "Finding folders (one per shard).")
  var folders: [String]

  @Option(help: "The merged folder.")
  var out: String

  func run() throws {
    try OutputPath.require("fuzz merge", folders: [("--out", out)])
    let result: (kept: [URL], duplicates: Int)
    do {
      result = try FindingMerge.merge(
        folders.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: out),
        knownLoaders: Scenario.builtInLoaderNames)
    } catch {
      FileHandle.standardError.write(Data("cellsim fuzz merge: \(error)\n".utf8))
      throw ExitCode(2)
    }
    for url in result.kept { print("kept \(url.path)") }
    print("\(result.kept.count) finding(s), \(result.duplicates) duplicate(s) dropped")
    let total =
      (try? FileManager.default.contentsOfDirectory(atPath: out))?
      .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.count ?? 0
    if total > 0 { throw ExitCode(1) }
  }
}
