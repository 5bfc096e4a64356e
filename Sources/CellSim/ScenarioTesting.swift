public import AsyncLoaders
public import Foundation
public import Testing

/// Testing helpers for Swift Testing and XCTest: run a scenario against a loader and fail the
/// test with a short report.
///
/// Every check fails the running test under either framework: a Swift Testing issue when a
/// Swift Testing test is current, else an `XCTFail` in the running XCTest test. Where neither
/// records it (no test is running), the process traps with the report: a failed check is never
/// dropped. The throwing variants (`require`, `requireMet`) fail any test that lets them throw.
/// An XCTest file needs only `import CellSim` (and `XCTest`): the defaults are `#filePath` and
/// `#line`, not Swift Testing's `#_sourceLocation`.
///
/// A failure reads as one sentence (the first unmet reason, with the first violation) and a
/// replay line. Pass `detail: true`, or set the environment variable `CELLSIM_DETAIL=1`, for
/// every unmet reason and the first violation of each invariant.
///
/// Articles: <doc:TestingYourLoader>, <doc:WritingScenarios>, <doc:BugReportToScenario>.
public enum ScenarioTesting {
  /// Whether reports are detailed by default: the environment variable `CELLSIM_DETAIL` is
  /// set to anything but `0`.
  public static var detailByDefault: Bool {
    guard let value = ProcessInfo.processInfo.environment["CELLSIM_DETAIL"] else { return false }
    return value != "0" && !value.isEmpty
  }

  /// A report of a run. Short (the default): one sentence naming the first unmet reason and
  /// the first violation, then the replay line. With `detail`: every unmet reason, the first
  /// violation of each (invariant, row) up to 8, and the digest.
  public static func report(_ result: RunResult, file: String? = nil, detail: Bool = false)
    -> String
  {
    report(result, file: file, detail: detail, replay: nil)
  }

  /// A report whose replay line is `replay` (nil: the standard one for `result`).
  static func report(_ result: RunResult, file: String?, detail: Bool, replay: String?)
    -> String
  {
    let replay = replay ?? replayLine(result, file: file)
    return detail
      ? detailedReport(result, file: file, replay: replay)
      : shortReport(result, file: file, replay: replay)
  }

  /// One sentence and the replay line.
  static func shortReport(_ result: RunResult, file: String?, replay: String) -> String {
    var sentence = "\(file ?? "scenario \"\(result.name)\"") with \(result.loader): "
    sentence += result.unmetReasons.first ?? "expectation met"
    let blamed = result.unmetReasons.first.flatMap { reason in
      result.violations.firstPerRow.first { reason.contains($0.invariant.rawValue) }
    }
    if let violation = blamed
      ?? (result.meetsExpectation ? nil : result.violations.firstPerRow.first)
    {
      sentence += "; first \(describe(violation))"
    }
    var lines = [sentence.hasSuffix(".") ? sentence : sentence + "."]
    lines.append("replay: \(replay)")
    let more =
      max(0, result.unmetReasons.count - 1) + max(0, result.violations.firstPerRow.count - 1)
    if more > 0 {
      lines.append("(\(more) more; detail: true or CELLSIM_DETAIL=1 shows them)")
    }
    return lines.joined(separator: "\n")
  }

  /// Every unmet reason and the first violations.
  static func detailedReport(_ result: RunResult, file: String?, replay: String) -> String {
    var lines = ["scenario \"\(result.name)\" with loader \(result.loader), seed \(result.seed):"]
    for reason in result.unmetReasons { lines.append("  - \(reason)") }
    for violation in result.violations.firstPerRow.prefix(8) {
      lines.append("  \(describe(violation))")
    }
    lines.append("  digest \(result.digest)")
    lines.append("  replay: \(replay)")
    return lines.joined(separator: "\n")
  }

  /// `invariant at t=…, frame …: detail`.
  static func describe(_ violation: Violation) -> String {
    var place = "t=\(violation.time)"
    if let frame = violation.frame { place += ", frame \(frame)" }
    return "\(violation.invariant.rawValue) at \(place): \(violation.detail)"
  }

  /// The command that reruns the run and writes its trace: the CLI for a loader it knows, else
  /// the testing helper with the same seed and `keepTrace: true`.
  static func replayLine(_ result: RunResult, file: String?) -> String {
    let path = file ?? "<file>"
    if LoaderCatalog.standard.names.contains(result.loader) {
      return "swift run cellsim run \(path) --seed \(result.seed) --loader \(result.loader) "
        + "--trace trace.txt"
    }
    return "ScenarioTesting.run(\"\(path)\", loader: <\(result.loader)>.self, fixturesRoot: …, "
      + "seed: \(result.seed), keepTrace: true), then read the result's traceText"
  }

  /// Fails the running test with a short report unless `result` met its expectation: a
  /// Swift Testing issue, or an `XCTFail` in an XCTest test, at the caller's line (see
  /// ``ScenarioTesting`` for where neither framework runs).
  public static func expectMet(
    _ result: RunResult, file: String? = nil, detail: Bool = ScenarioTesting.detailByDefault,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    expectMet(
      result, path: file, detail: detail,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `expectMet(_:file:detail:fileID:filePath:line:column:)` recording at `sourceLocation` (Swift Testing's own location).
  public static func expectMet(
    _ result: RunResult, file: String? = nil, detail: Bool = ScenarioTesting.detailByDefault,
    sourceLocation: SourceLocation
  ) {
    expectMet(result, path: file, detail: detail, site: CallSite(sourceLocation))
  }

  /// Throws ``Failure`` with a short report unless `result` met its expectation. Both Swift
  /// Testing and XCTest fail a test that throws.
  public static func requireMet(
    _ result: RunResult, file path: String? = nil, detail: Bool = ScenarioTesting.detailByDefault
  ) throws(Failure) {
    if !result.meetsExpectation {
      throw Failure(report: report(result, file: path, detail: detail), result: result)
    }
  }

  static func expectMet(_ result: RunResult, path: String?, detail: Bool, site: CallSite) {
    if !result.meetsExpectation {
      TestFailure.record(report(result, file: path, detail: detail), at: site)
    }
  }

  /// Why a throwing check (`require`, `requireMet`, `FuzzTesting.require`) failed: the report
  /// a non-throwing check would record, and the run's result when there was a run.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The report: the first unmet reason and the replay line, or why the file did not run.
    public let report: String
    /// The run's result, or nil when the file could not be read or run.
    public let result: RunResult?

    /// A failure with `report`, of `result` if there was a run.
    public init(report: String, result: RunResult? = nil) {
      self.report = report
      self.result = result
    }

    public var description: String { report }
  }

  /// Reads the scenario at `path`, runs it with your loader `L` (whatever loader the file
  /// names; the file's loader options apply only when it names `L`), and fails the running
  /// test with a short report if the expectation is not met (or the file is invalid): a Swift
  /// Testing issue, or an `XCTFail` in an XCTest test, at the caller's line. Returns the
  /// result. An XCTest file needs no `import Testing` to call it.
  ///
  /// `L` is a callback loader (`CatalogLoader`) or an async one (`AsyncCatalogLoader`).
  /// **Async runs take turns.** An async loader's run happens inside an async simulation, whose
  /// runtime hooks are process-global, so async runs take turns in a process: this call waits
  /// (blocking its thread, not the simulation's) while another async run is in progress,
  /// whichever test started it. You need no `.serialized` trait: parallel suites stay correct,
  /// and tests that do not run async loaders never wait. Tasks of your own tests that are not
  /// the simulation's pass through untouched while a simulation runs. An async loader that
  /// resumes a task from real Dispatch or a real thread, sleeps on a real clock, or blocks a
  /// job, fails the test with `RunError.nondeterministic` naming the task.
  ///
  /// - Parameters:
  ///   - path: the scenario file.
  ///   - loader: your loader type; it runs whatever loader the file names.
  ///   - fixturesRoot: the folder the file's fixture globs are resolved under.
  ///   - seed: overrides the file's seed.
  ///   - expecting: replaces the file's `expect:` for this run, e.g.
  ///     `.init(violations: [.noCrossCellImage])` for a buggy model, `.pass` for its fix.
  ///   - keepTrace: keep the full trace text in the result's `traceText`.
  ///   - detail: a detailed report instead of the short one.
  ///   - fileID: the caller's `#fileID` (the default).
  ///   - filePath: the caller's `#filePath` (the default), where the failure is recorded.
  ///   - line: the caller's line (the default).
  ///   - column: the caller's column (the default).
  @discardableResult
  public static func run<L: RunnableLoader>(
    _ path: String, loader: L.Type, fixturesRoot: URL, seed: UInt64? = nil,
    expecting: Scenario.Expectation? = nil, keepTrace: Bool = false,
    detail: Bool = ScenarioTesting.detailByDefault,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> RunResult? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return record(site) { () throws(Failure) in
      try require(
        path, loader: L.self, fixturesRoot: fixturesRoot, seed: seed, expecting: expecting,
        keepTrace: keepTrace, detail: detail)
    }
  }

  /// `run(_:loader:fixturesRoot:seed:expecting:keepTrace:detail:fileID:filePath:line:column:)`
  /// recording at `sourceLocation` (Swift Testing's own location).
  @discardableResult
  public static func run<L: RunnableLoader>(
    _ path: String, loader: L.Type, fixturesRoot: URL, seed: UInt64? = nil,
    expecting: Scenario.Expectation? = nil, keepTrace: Bool = false,
    detail: Bool = ScenarioTesting.detailByDefault, sourceLocation: SourceLocation
  ) -> RunResult? {
    record(CallSite(sourceLocation)) { () throws(Failure) in
      try require(
        path, loader: L.self, fixturesRoot: fixturesRoot, seed: seed, expecting: expecting,
        keepTrace: keepTrace, detail: detail)
    }
  }

  /// Reads the scenario at `path`, runs it with your loader `L`, and throws ``Failure`` (the
  /// short report, and the result) unless the expectation is met; returns the result. Swift
  /// Testing and XCTest both fail a test that throws:
  ///
  /// ```swift
  /// func testFastScroll() throws {   // XCTest; `@Test func fastScroll() throws` alike
  ///   try ScenarioTesting.require("Scenarios/fast-scroll.yaml", loader: MyLoader.self,
  ///                               fixturesRoot: fixtures)
  /// }
  /// ```
  @discardableResult
  public static func require<L: RunnableLoader>(
    _ path: String, loader: L.Type, fixturesRoot: URL, seed: UInt64? = nil,
    expecting: Scenario.Expectation? = nil, keepTrace: Bool = false,
    detail: Bool = ScenarioTesting.detailByDefault
  ) throws(Failure) -> RunResult {
    try runFile(
      path, loaderName: L.name, fixturesRoot: fixturesRoot, expecting: expecting, detail: detail
    ) { scenario throws(RunError) in
      try Simulation.run(
        scenario, loader: L.self, fixturesRoot: fixturesRoot, seed: seed, keepTrace: keepTrace)
    }
  }

  /// Runs a throwing check and records its failure at `site`; the result, or the failed
  /// run's result (nil when the file did not run).
  package static func record(_ site: CallSite, _ check: () throws(Failure) -> RunResult)
    -> RunResult?
  {
    do {
      return try check()
    } catch {
      TestFailure.record(error.report, at: site)
      return error.result
    }
  }

  /// Reads `path` (whatever loader it names), applies `expecting`, runs it with `simulate`,
  /// and throws ``Failure`` unless the expectation is met.
  package static func runFile(
    _ path: String, loaderName: String, fixturesRoot: URL, expecting: Scenario.Expectation?,
    detail: Bool, replay: ((RunResult) -> String)? = nil,
    simulate: (Scenario) throws(RunError) -> RunResult
  ) throws(Failure) -> RunResult {
    let result: RunResult
    do {
      // The file runs with the given loader whatever loader it names (a bug model, a built-in).
      var scenario = try Scenario(
        contentsOf: URL(fileURLWithPath: path), fixturesRoot: fixturesRoot,
        knownLoaders: Scenario.builtInLoaderNames + [loaderName], any: true)
      if let expecting { scenario.expect = expecting }
      result = try simulate(scenario)
    } catch {
      throw Failure(report: "\(path): \(error)")
    }
    if !result.meetsExpectation {
      throw Failure(
        report: report(result, file: path, detail: detail, replay: replay?(result)),
        result: result)
    }
    return result
  }
}
