public import AsyncLoaders
import CellSimFuzz
public import Foundation
public import ImageLoaders
public import Scenarios
public import Testing

/// Fuzzing your own loader from `swift test`: generated scroll traces, data-source churn and
/// network scripts, run in process against your loader type; every violation is shrunk to a
/// 1-minimal scenario, written to a folder, and fails the test once (a Swift Testing issue, or
/// an `XCTFail` under XCTest) with the scenario, the seed and the one-line replay call.
/// `require` is the throwing form, for either framework.
///
/// ```swift
/// @Test func fuzzMyLoader() {
///   FuzzTesting.fuzz(MyLoader.self, seed: 1, cases: 200, fixturesRoot: fixtures,
///                    findings: URL(fileURLWithPath: "Findings"))
/// }
/// @Test func finding1() {   // a committed finding, replayed as a regression test
///   FuzzTesting.replay("Findings/no_cross_cell_image-0123abcd4567.yaml",
///                      loader: MyLoader.self, fixturesRoot: fixtures)
/// }
/// ```
///
/// Article: <doc:Fuzzing>.
public enum FuzzTesting {
  /// One shrunk finding.
  public struct Finding: Sendable {
    /// The invariant the scenario violates.
    public let invariant: Scenario.InvariantID
    /// The shrunk scenario (its `expect` names the violation; its `about` the seed).
    public let scenario: Scenario
    /// Where it was written, when a findings folder was given (nil if a file with the same
    /// signature was already there).
    public let file: URL?
    /// The campaign seed and the case it came from.
    public let campaignSeed: UInt64
    /// The case index within the campaign.
    public let caseIndex: Int
  }

  /// Fuzzes the loader `L` in process: cases `0 ..< cases` of campaign `seed` (or as many as
  /// fit in `time`), each checked against `invariants` (default: every standard one). Each new
  /// finding (by signature) is shrunk, written to `findings` if given, and fails the running
  /// test (a Swift Testing issue, or an `XCTFail` in an XCTest test, at the caller's line; see
  /// ``ScenarioTesting`` for where neither runs); the campaign stops after `maxFindings`
  /// findings. Returns the findings. An XCTest file needs no `import Testing` to call it.
  ///
  /// `L` is a callback or an async loader. An async loader's cases each run inside an async
  /// simulation (async runs take turns in a process; see ``ScenarioTesting``), and each case
  /// also sets the loader's option `schedule_seed` to a key derived from its seed, so the
  /// campaign explores interleavings of ready jobs too; a finding keeps its key (unless the
  /// shrinker shows the bug needs none) and replays.
  @discardableResult
  public static func fuzz<L: RunnableLoader>(
    _ loader: L.Type, seed: UInt64 = 0, cases: Int = 100, time: Duration? = nil,
    findings folder: URL? = nil, fixturesRoot: URL, invariants: [Scenario.InvariantID]? = nil,
    maxFindings: Int? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> [Finding] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return campaign(
      L.self, seed: seed, cases: cases, time: time, findings: folder, fixturesRoot: fixturesRoot,
      invariants: invariants, maxFindings: maxFindings
    ) { TestFailure.record($0, at: site) }
  }

  /// `fuzz(_:seed:cases:time:findings:fixturesRoot:invariants:maxFindings:fileID:filePath:line:
  /// column:)` recording at `sourceLocation` (Swift Testing's own location).
  @discardableResult
  public static func fuzz<L: RunnableLoader>(
    _ loader: L.Type, seed: UInt64 = 0, cases: Int = 100, time: Duration? = nil,
    findings folder: URL? = nil, fixturesRoot: URL, invariants: [Scenario.InvariantID]? = nil,
    maxFindings: Int? = nil, sourceLocation: SourceLocation
  ) -> [Finding] {
    let site = CallSite(sourceLocation)
    return campaign(
      L.self, seed: seed, cases: cases, time: time, findings: folder, fixturesRoot: fixturesRoot,
      invariants: invariants, maxFindings: maxFindings
    ) { TestFailure.record($0, at: site) }
  }

  /// Fuzzes the loader `L` as `fuzz` does, and throws ``ScenarioTesting/Failure`` listing
  /// every finding (and every finding that could not be written) if there is any. Swift
  /// Testing and XCTest both fail a test that throws. Returns the findings (none).
  @discardableResult
  public static func require<L: RunnableLoader>(
    _ loader: L.Type, seed: UInt64 = 0, cases: Int = 100, time: Duration? = nil,
    findings folder: URL? = nil, fixturesRoot: URL, invariants: [Scenario.InvariantID]? = nil,
    maxFindings: Int? = nil
  ) throws(ScenarioTesting.Failure) -> [Finding] {
    var reports: [String] = []
    let found = campaign(
      L.self, seed: seed, cases: cases, time: time, findings: folder, fixturesRoot: fixturesRoot,
      invariants: invariants, maxFindings: maxFindings
    ) { reports.append($0) }
    if !reports.isEmpty { throw ScenarioTesting.Failure(report: reports.joined(separator: "\n")) }
    return found
  }

  /// The campaign of a loader, with schedule seeds when its runs have them (async loaders);
  /// each failure's report goes to `fail`.
  static func campaign<L: RunnableLoader>(
    _ loader: L.Type, seed: UInt64, cases: Int, time: Duration?, findings folder: URL?,
    fixturesRoot: URL, invariants: [Scenario.InvariantID]?, maxFindings: Int?,
    fail: (String) -> Void
  ) -> [Finding] {
    var catalog = LoaderCatalog.standard
    L.register(in: &catalog)
    return fuzz(
      name: L.name, type: "\(L.self)", catalog: catalog, seed: seed, cases: cases, time: time,
      findings: folder, fixturesRoot: fixturesRoot, invariants: invariants,
      maxFindings: maxFindings, scheduleSeeds: L.hasSeededSchedules, fail: fail)
  }

  /// A campaign over the loader called `name` in `catalog` (described as `type` in reports and
  /// replay lines), failing the running test at the caller's line for each finding: how other
  /// modules of the package fuzz what is not a loader type (a hosted UIKit screen).
  package static func fuzz(
    name: String, type: String, catalog: LoaderCatalog, seed: UInt64, cases: Int,
    time: Duration?, findings folder: URL?, fixturesRoot: URL,
    invariants: [Scenario.InvariantID]?, maxFindings: Int?, replay: @escaping (String) -> String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> [Finding] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return fuzz(
      name: name, type: type, catalog: catalog, seed: seed, cases: cases, time: time,
      findings: folder, fixturesRoot: fixturesRoot, invariants: invariants,
      maxFindings: maxFindings, replay: replay
    ) { TestFailure.record($0, at: site) }
  }

  /// The campaign behind every `fuzz` and `require` call: loader `name` (Swift type `type`)
  /// from `catalog`; each finding's report, and each finding that cannot be written, goes to
  /// `fail`.
  static func fuzz(
    name: String, type: String, catalog: LoaderCatalog, seed: UInt64, cases: Int,
    time: Duration?, findings folder: URL?, fixturesRoot: URL,
    invariants: [Scenario.InvariantID]?, maxFindings: Int?, scheduleSeeds: Bool = false,
    replay: ((String) -> String)? = nil, fail: (String) -> Void
  ) -> [Finding] {
    var generator = CaseGenerator(loader: name)
    generator.scheduleSeeds = scheduleSeeds
    if let invariants {
      generator.invariants = .selected(invariants.map(Scenario.InvariantCheck.defaults))
    }
    var campaign = Campaign(
      seed: seed, generator: generator,
      runner: CaseRunner(fixturesRoot: fixturesRoot, catalog: catalog),
      description: "FuzzTesting.fuzz(\(type).self, seed: \(seed))")
    campaign.knownLoaders = Scenario.builtInLoaderNames + [name]
    let deadline = time.map {
      Date().addingTimeInterval(
        Double($0.components.seconds) + Double($0.components.attoseconds) * 1e-18)
    }
    var found: [Finding] = []
    _ = campaign.run(cases: time == nil ? cases : nil, deadline: deadline, maxFindings: maxFindings)
    {
      finding in
      guard case .violation(let invariant) = finding.kind else { return }
      var file: URL?
      if let folder {
        do {
          file = try finding.write(to: folder)
        } catch {
          fail("cannot write a finding to \(folder.path): \(error)")
        }
      }
      found.append(
        Finding(
          invariant: invariant, scenario: finding.scenario, file: file,
          campaignSeed: finding.campaignSeed, caseIndex: finding.caseIndex))
      let path =
        file?.path ?? folder?.appendingPathComponent(finding.fileName).path ?? finding.fileName
      let report = """
        \(name) breaks \(invariant.rawValue): campaign seed \(seed), case \(finding.caseIndex), \
        shrunk to \(finding.scenario.events.count) events.
        Replay: \(replay?(path) ?? "FuzzTesting.replay(\"\(path)\", loader: \(type).self, fixturesRoot: …)")
        \(finding.scenario.yamlText())
        """
      fail(report)
    }
    return found
  }

  /// Replays a committed finding (or any scenario file) against your loader `L`: fails the
  /// running test unless the run meets the file's expectation. One line per regression test;
  /// `try ScenarioTesting.require(path, loader:fixturesRoot:)` is the throwing form.
  @discardableResult
  public static func replay<L: RunnableLoader>(
    _ path: String, loader: L.Type, fixturesRoot: URL, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> RunResult? {
    ScenarioTesting.run(
      path, loader: L.self, fixturesRoot: fixturesRoot, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// `replay` recording at `sourceLocation` (Swift Testing's own location).
  @discardableResult
  public static func replay<L: RunnableLoader>(
    _ path: String, loader: L.Type, fixturesRoot: URL, sourceLocation: SourceLocation
  ) -> RunResult? {
    ScenarioTesting.run(
      path, loader: L.self, fixturesRoot: fixturesRoot, sourceLocation: sourceLocation)
  }
}
