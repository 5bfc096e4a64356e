public import CellSim
public import Foundation
public import Scenarios
public import Testing

extension ScenarioTesting {
  /// Reads the scenario at `path`, runs it with your hosted `screen` (whatever loader the file
  /// names), and fails the running test with a short report if the expectation is not met (or
  /// the file is invalid): a Swift Testing issue, or an `XCTFail` in an XCTest test, at the
  /// caller's line. Returns the result. The report's replay line names
  /// `UIKitHost.run(contentsOf:screen:fixturesRoot:seed:keepTrace:)`.
  ///
  /// - Parameters:
  ///   - path: the scenario file.
  ///   - screen: your view controller and how to hand it the rows.
  ///   - fixturesRoot: the folder the file's fixture globs are resolved under.
  ///   - seed: overrides the file's seed.
  ///   - expecting: replaces the file's `expect:` for this run, e.g.
  ///     `.init(violations: [.noCrossCellImage])` for a screen with the bug, `.pass` for its fix.
  ///   - keepTrace: keep the full trace text in the result's `traceText`.
  ///   - detail: a detailed report instead of the short one.
  ///   - fileID: the caller's `#fileID` (the default).
  ///   - filePath: the caller's `#filePath` (the default), where the failure is recorded.
  ///   - line: the caller's line (the default).
  ///   - column: the caller's column (the default).
  @discardableResult
  public static func run(
    _ path: String, screen: HostedScreen, fixturesRoot: URL, seed: UInt64? = nil,
    expecting: Scenario.Expectation? = nil, keepTrace: Bool = false,
    detail: Bool = ScenarioTesting.detailByDefault,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> RunResult? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return record(site) { () throws(Failure) in
      try require(
        path, screen: screen, fixturesRoot: fixturesRoot, seed: seed, expecting: expecting,
        keepTrace: keepTrace, detail: detail)
    }
  }

  /// `run(_:screen:fixturesRoot:seed:expecting:keepTrace:detail:fileID:filePath:line:column:)`
  /// recording at `sourceLocation` (Swift Testing's own location).
  @discardableResult
  public static func run(
    _ path: String, screen: HostedScreen, fixturesRoot: URL, seed: UInt64? = nil,
    expecting: Scenario.Expectation? = nil, keepTrace: Bool = false,
    detail: Bool = ScenarioTesting.detailByDefault, sourceLocation: SourceLocation
  ) -> RunResult? {
    record(CallSite(sourceLocation)) { () throws(Failure) in
      try require(
        path, screen: screen, fixturesRoot: fixturesRoot, seed: seed, expecting: expecting,
        keepTrace: keepTrace, detail: detail)
    }
  }

  /// Reads the scenario at `path`, runs it with your hosted `screen`, and throws
  /// `ScenarioTesting.Failure` (the short report, and the result) unless the expectation is met;
  /// returns the result.
  @discardableResult
  public static func require(
    _ path: String, screen: HostedScreen, fixturesRoot: URL, seed: UInt64? = nil,
    expecting: Scenario.Expectation? = nil, keepTrace: Bool = false,
    detail: Bool = ScenarioTesting.detailByDefault
  ) throws(Failure) -> RunResult {
    let replay: (RunResult) -> String = { result in
      "UIKitHost.run(contentsOf: URL(fileURLWithPath: \"\(path)\"), screen: …, "
        + "fixturesRoot: …, seed: \(result.seed), keepTrace: true), then read the result's "
        + "traceText"
    }
    return try runFile(
      path, loaderName: screen.name, fixturesRoot: fixturesRoot, expecting: expecting,
      detail: detail, replay: replay
    ) { scenario throws(RunError) in
      try UIKitHost.run(
        scenario, screen: screen, fixturesRoot: fixturesRoot, seed: seed, keepTrace: keepTrace)
    }
  }
}
