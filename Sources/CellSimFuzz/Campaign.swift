package import Foundation
package import Scenarios

/// A fuzzing campaign: case seeds from one campaign seed, a shard of the case space, the
/// generator, the runner, and the shrinker for every failing case.
///
/// The CLI runs cases in worker processes (each a `Campaign` over a stride of the case
/// indices); the `swift test` API runs one `Campaign` in process.
package struct Campaign {
  /// The campaign seed: case `i` has seed `FuzzRandom.caseSeed(campaign: seed, index: i)`.
  package var seed: UInt64
  /// Generates the cases.
  package var generator: CaseGenerator
  /// Runs them.
  package var runner: CaseRunner
  /// This machine's shard: `index` of `count` (`--shard I/N`). Shard `I` runs the case
  /// indices `I, I + N, I + 2N, …`, so N shards partition the seed space.
  package var shard = (index: 0, count: 1)
  /// Loader names the shrinker's read-back check accepts.
  package var knownLoaders = Scenario.builtInLoaderNames
  /// How many cases this process shrinks per invariant before it only counts them (a buggy
  /// loader fails nearly every case; shrinking each would spend the budget on one bug).
  package var shrinksPerInvariant = 4
  /// The shrinker's run budget per finding.
  package var shrinkBudget = 3_000
  /// The command that names the campaign in `about:` lines.
  package var description: String

  private var shrinksDone: [Scenario.InvariantID: Int] = [:]

  package init(seed: UInt64, generator: CaseGenerator, runner: CaseRunner, description: String) {
    self.seed = seed
    self.generator = generator
    self.runner = runner
    self.description = description
  }

  /// The global case index of the `k`-th case of this shard.
  package func caseIndex(_ k: Int) -> Int { shard.index + k * shard.count }

  /// The scenario of case `index`.
  package func scenario(forCase index: Int) -> Scenario {
    generator.generate(seed: FuzzRandom.caseSeed(campaign: seed, index: index)).scenario
  }

  /// What one case showed.
  package struct CaseReport {
    /// The invariants its run violated.
    package var violated: [Scenario.InvariantID]
    /// A run error, when the generated case could not run (a generator bug: reported).
    package var error: String?
    /// The shrunk findings.
    package var findings: [Finding]
  }

  /// Runs case `index`; shrinks it for each violated invariant that still has shrinks left.
  package mutating func runCase(_ index: Int) -> CaseReport {
    let scenario = scenario(forCase: index)
    let outcome = runner.run(scenario)
    var report = CaseReport(violated: outcome.violated, error: nil, findings: [])
    if case .failed(let error) = outcome { report.error = "\(error)" }
    for invariant in outcome.violated where shrinksDone[invariant, default: 0] < shrinksPerInvariant
    {
      shrinksDone[invariant, default: 0] += 1
      var shrinker = Shrinker(runner: runner, invariant: invariant)
      shrinker.knownLoaders = knownLoaders
      shrinker.budget = shrinkBudget
      let started = Date()
      let shrunk = shrinker.shrink(scenario)
      var finding = Finding(
        kind: .violation(invariant), scenario: shrunk, campaignSeed: seed, caseIndex: index,
        originalEvents: scenario.events.count, campaign: description)
      finding.shrinkMilliseconds = Int(Date().timeIntervalSince(started) * 1_000)
      report.findings.append(finding)
    }
    return report
  }

  /// Runs cases in process until `cases` cases have run or `deadline` passes, calling
  /// `found` with each finding whose signature is new, stopping after `maxFindings` of them.
  /// Returns the number of cases run.
  package mutating func run(
    cases: Int?, deadline: Date?, maxFindings: Int? = nil, found: (Finding) -> Void
  ) -> Int {
    var seen = Set<String>()
    var k = 0
    while cases.map({ k < $0 }) ?? true {
      if let deadline, Date() >= deadline { break }
      if let maxFindings, seen.count >= maxFindings { break }
      let report = runCase(caseIndex(k))
      for finding in report.findings where seen.insert(finding.signature).inserted {
        found(finding)
      }
      k += 1
    }
    return k
  }
}
