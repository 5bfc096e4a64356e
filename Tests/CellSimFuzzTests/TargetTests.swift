import CellSim
import Foundation
import Scenarios
import Testing

@testable import CellSimFuzz

/// The fuzzer's targets, at CI budgets: planted bugs are found and shrunk, naive's cross-cell
/// bug is found, and `reference` survives a short campaign. Longer runs: the documentation's
/// article "Fuzzing a loader".
@Suite("Fuzz targets")
struct TargetTests {
  static let fixtures = FuzzTestFiles.fixturesRoot

  /// Fuzzes `loader` for `invariant` until its first finding; checks it is shrunk to at most
  /// 10 events, written, and replays (read back from its file) to the same violation.
  func findsAndShrinks<L: CatalogLoader>(
    _ loader: L.Type, _ invariant: Scenario.InvariantID, within cases: Int
  ) throws {
    let folder = FuzzTestFiles.temporaryFolder(L.name)
    defer { try? FileManager.default.removeItem(at: folder) }
    var findings: [FuzzTesting.Finding] = []
    withKnownIssue("the planted bug is reported as an issue") {
      findings = FuzzTesting.fuzz(
        L.self, seed: 1, cases: cases, findings: folder, fixturesRoot: Self.fixtures,
        invariants: [invariant], maxFindings: 1)
    }
    let finding = try #require(findings.first, "\(L.name): no finding in \(cases) cases")
    #expect(finding.invariant == invariant)
    #expect(finding.scenario.events.count <= 10, "\(finding.scenario.yamlText())")
    let file = try #require(finding.file)
    let result = FuzzTesting.replay(file.path, loader: L.self, fixturesRoot: Self.fixtures)
    #expect(result?.violations.violated.contains(invariant) == true)
    // The digest of the replay equals the digest of the shrunk scenario run in memory.
    var catalog = LoaderCatalog.builtIn
    catalog.register(L.self)
    let direct = try Simulation.run(
      finding.scenario,
      options: SimulationOptions(fixturesRoot: Self.fixtures, loader: L.name, catalog: catalog))
    #expect(result?.digest == direct.digest)
  }

  @Test("planted: a stale completion after reuse shows another row's image")
  func staleCompletion() throws {
    try findsAndShrinks(StaleCompletionLoader.self, .noCrossCellImage, within: 200)
  }

  @Test("planted: a cancel that cannot stop a running transfer")
  func runningCancel() throws {
    try findsAndShrinks(RunningCancelLoader.self, .cancelOnEndDisplay, within: 200)
  }

  @Test("planted: an index path captured across an insert")
  func capturedIndexPath() throws {
    try findsAndShrinks(CapturedIndexPathLoader.self, .noCrossCellImage, within: 300)
  }

  @Test("planted: a completion waiting in the default run-loop mode")
  func defaultMode() throws {
    try findsAndShrinks(DefaultModeLoader.self, .noDeliveryStall, within: 300)
  }

  @Test("naive's cross-cell bug is found within 3,000 cases")
  func naiveCrossCell() {
    var campaign = Campaign(
      seed: 0, generator: CaseGenerator(loader: "naive"), runner: FuzzTestFiles.runner,
      description: "test")
    campaign.generator.invariants = .selected([.noCrossCellImage])
    campaign.shrinksPerInvariant = 0
    var first: Int?
    for k in 0..<3_000 where campaign.runCase(k).violated.contains(.noCrossCellImage) {
      first = k
      break
    }
    #expect(first != nil)
  }

  @Test("reference: a short campaign yields no finding")
  func referenceShort() {
    var campaign = Campaign(
      seed: 0, generator: CaseGenerator(loader: "reference"), runner: FuzzTestFiles.runner,
      description: "test")
    campaign.shrinksPerInvariant = 0
    for k in 0..<40 {
      let report = campaign.runCase(k)
      if let error = report.error { Issue.record("case \(k) could not run: \(error)") }
      guard !report.violated.isEmpty else { continue }
      let yaml = campaign.scenario(forCase: k).yamlText()
      Issue.record("case \(k): \(report.violated.map(\.rawValue))\n\(yaml)")
    }
  }

  @Test("shards partition the case space")
  func shards() {
    var seen = Set<Int>()
    for index in 0..<3 {
      var campaign = Campaign(
        seed: 0, generator: CaseGenerator(loader: "reference"), runner: FuzzTestFiles.runner,
        description: "test")
      campaign.shard = (index, 3)
      for k in 0..<10 { #expect(seen.insert(campaign.caseIndex(k)).inserted) }
    }
    #expect(seen == Set(0..<30))
  }
}

/// The longer targets, documented runs rather than CI jobs: `CELLSIM_FUZZ_LONG=1 swift test
/// --filter LongTargetTests` (results in Benchmarks/README.md).
@Suite(
  "Fuzz targets, long runs",
  .enabled(if: ProcessInfo.processInfo.environment["CELLSIM_FUZZ_LONG"] == "1"))
struct LongTargetTests {
  /// Each planted bug over 10 campaign seeds: found within 10,000 cases, and shrunk to at most
  /// 10 events in at least 90% of findings.
  @Test("planted bugs over 10 seeds: found, and ≤ 10 events in ≥ 90% of findings")
  func plantedOverSeeds() {
    func measure<L: CatalogLoader>(_ loader: L.Type, _ invariant: Scenario.InvariantID) {
      var small = 0
      var sizes: [Int] = []
      for seed in UInt64(1)...10 {
        var findings: [FuzzTesting.Finding] = []
        withKnownIssue(isIntermittent: true) {
          findings = FuzzTesting.fuzz(
            L.self, seed: seed, cases: 10_000, fixturesRoot: TargetTests.fixtures,
            invariants: [invariant], maxFindings: 1)
        }
        guard let finding = findings.first else {
          Issue.record("\(L.name): nothing found with seed \(seed)")
          continue
        }
        sizes.append(finding.scenario.events.count)
        if finding.scenario.events.count <= 10 { small += 1 }
      }
      print("planted \(L.name): events after shrinking \(sizes), \(small)/10 at most 10")
      #expect(small >= 9, "\(L.name): \(sizes)")
    }
    measure(StaleCompletionLoader.self, .noCrossCellImage)
    measure(RunningCancelLoader.self, .cancelOnEndDisplay)
    measure(CapturedIndexPathLoader.self, .noCrossCellImage)
    measure(DefaultModeLoader.self, .noDeliveryStall)
  }
}
