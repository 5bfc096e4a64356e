import Foundation
import ImageLoaders
import Scenarios
import TestSupport

/// Runs the bundled scenario at `path` (relative to the repository root) with `loader`, with
/// the file's expectation replaced by `expect` when given.
func runBundled(
  _ path: String, loader: String, expect: Scenario.Expectation? = nil, seed: UInt64? = nil,
  catalog: LoaderCatalog = .standard, keepTrace: Bool = false
) throws -> RunResult {
  var scenario = try Scenario(
    contentsOf: Repository.url(path), fixturesRoot: Repository.fixtures,
    knownLoaders: catalog.names)
  if let expect { scenario.expect = expect }
  return try Simulation.run(
    scenario,
    options: SimulationOptions(
      fixturesRoot: Repository.fixtures, seed: seed, loader: loader, catalog: catalog,
      keepTrace: keepTrace))
}

/// The first unmet reason and violation of a result, for failure messages.
func summary(_ result: RunResult) -> String {
  let violations = result.violations.firstPerRow.prefix(3).map {
    "\($0.invariant.rawValue) at t=\($0.time): \($0.detail)"
  }
  return (result.unmetReasons + violations).joined(separator: "\n")
}
