public import Foundation
public import Testing

/// Swift Testing helpers: run a scenario against a loader and fail with a readable report.
public enum ScenarioTesting {
  /// A readable report of a run: the unmet reasons, the first violations and a replay hint.
  public static func report(_ result: RunResult, file: String? = nil) -> String {
    var lines = ["scenario \"\(result.name)\" with loader \(result.loader), seed \(result.seed):"]
    for reason in result.unmetReasons { lines.append("  - \(reason)") }
    for violation in result.violations.first.prefix(8) {
      var place = "t=\(violation.time)"
      if let frame = violation.frame { place += ", frame \(frame)" }
      lines.append("  \(violation.invariant.rawValue) at \(place): \(violation.detail)")
    }
    lines.append("  digest \(result.digest)")
    if let file {
      lines.append(
        "  replay: swift run cellsim run \(file) --seed \(result.seed) --loader \(result.loader) "
          + "--trace trace.txt")
    }
    return lines.joined(separator: "\n")
  }

  /// Records a test issue with a readable report unless `result` met its expectation.
  public static func expectMet(
    _ result: RunResult, file: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if !result.meetsExpectation {
      Issue.record(Comment(rawValue: report(result, file: file)), sourceLocation: sourceLocation)
    }
  }

  /// Reads the scenario at `path`, runs it with your loader `L`, and records an issue with a
  /// readable report if the expectation is not met (or the file is invalid). Returns the result.
  @discardableResult
  public static func run<L: CatalogLoader>(
    _ path: String, loader: L.Type, fixturesRoot: URL, seed: UInt64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> RunResult? {
    do {
      let scenario = try Scenario(
        contentsOf: URL(fileURLWithPath: path), fixturesRoot: fixturesRoot,
        knownLoaders: Scenario.builtInLoaderNames + [L.name])
      let result = try Simulation.run(
        scenario, loader: L.self, fixturesRoot: fixturesRoot, seed: seed)
      expectMet(result, file: path, sourceLocation: sourceLocation)
      return result
    } catch {
      Issue.record(Comment(rawValue: "\(path): \(error)"), sourceLocation: sourceLocation)
      return nil
    }
  }
}
