import AsyncLoaders
package import Foundation
package import ImageLoaders
package import Scenarios

/// Runs fuzz cases through the ordinary runner (`Simulation.run`), with the built-in catalog
/// plus any loaders of the user's own.
package struct CaseRunner {
  /// The options every run uses (fixtures root, catalog); the loader is the scenario's.
  package var options: SimulationOptions
  /// Called after every run (a case's own, and each shrink candidate's): a fuzz worker's
  /// heartbeat to its supervisor, whose hang guard times a single run, not a whole case.
  package var afterRun: (() -> Void)?

  /// A runner over `fixturesRoot` with `catalog`.
  package init(fixturesRoot: URL, catalog: LoaderCatalog = .standard, eventLimit: Int = 20_000_000)
  {
    options = SimulationOptions(
      fixturesRoot: fixturesRoot, catalog: catalog, eventLimit: eventLimit)
    // A campaign's cases (and their shrinks) share one fixtures folder.
    options.fixtureIndex = FixtureIndex()
    // Cases and shrink candidates are judged by their violations; nobody reads their digest.
    options.skipsTrace = true
  }

  /// What one run showed.
  package enum Outcome {
    /// The run finished; these invariants were violated (none: the case passed).
    case ran(RunResult)
    /// The scenario could not run (an event out of range after a shrink step, a runaway).
    case failed(RunError)

    /// The violated invariants, in id order (none for a run that failed to run).
    package var violated: [Scenario.InvariantID] {
      if case .ran(let result) = self { return result.violations.violated }
      return []
    }
  }

  /// Runs `scenario`, without a trace unless `keepTrace` (the result's digest is then that of
  /// the empty trace: replay a finding with `Simulation.run` for its digest).
  package func run(_ scenario: Scenario, keepTrace: Bool = false) -> Outcome {
    var options = options
    options.keepTrace = keepTrace
    defer { afterRun?() }
    do {
      return .ran(try Simulation.run(scenario, options: options))
    } catch {
      return .failed(error)
    }
  }

  /// True when `scenario` runs and violates `invariant`.
  package func violates(_ scenario: Scenario, _ invariant: Scenario.InvariantID) -> Bool {
    run(scenario).violated.contains(invariant)
  }
}
