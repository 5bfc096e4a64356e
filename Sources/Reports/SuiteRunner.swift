import Foundation
package import Scenarios

/// Runs scenario files and collects their outcomes; `cellsim run` and the scenario-suite tests
/// use it.
package struct SuiteRunner {
  /// Options for every run (fixtures root, seed and loader overrides, trace retention).
  package var options: SimulationOptions

  /// A runner with `options`.
  package init(options: SimulationOptions) { self.options = options }

  /// The process exit code for outcomes: 0 when every expectation is met, 1 when one is not,
  /// 2 when any input was invalid, 3 when a run failed inside CellSim (a runaway simulation).
  package static func exitCode(_ outcomes: [ScenarioOutcome]) -> Int32 {
    if outcomes.contains(where: \.isInternalError) { return 3 }
    if outcomes.contains(where: { $0.result == nil }) { return 2 }
    return outcomes.allSatisfy(\.met) ? 0 : 1
  }

  /// Reads and runs `files` on up to `jobs` threads; the outcomes are in file order, the same
  /// as running them one by one.
  package func run(files: [String], jobs: Int) -> [ScenarioOutcome] {
    ParallelRuns.map(count: files.count, jobs: jobs) { run(file: files[$0]) }
  }

  /// Reads and runs one file. Invalid input becomes an outcome with an error, never a crash.
  package func run(file: String) -> ScenarioOutcome {
    let scenario: Scenario
    do {
      scenario = try Scenario(
        contentsOf: URL(fileURLWithPath: file), fixturesRoot: options.fixturesRoot,
        knownLoaders: Array(Set(Scenario.builtInLoaderNames + options.catalog.names)).sorted())
    } catch {
      return ScenarioOutcome(
        file: file, result: nil, error: error.diagnostic, replayCommand: replay(file, nil, nil))
    }
    do {
      let result = try Simulation.run(scenario, options: options)
      return ScenarioOutcome(
        file: file, result: result, error: nil,
        replayCommand: replay(file, result.seed, result.loader))
    } catch {
      var isInternal = false
      var diagnostic = "\(file): error: \(error)"
      if case .runaway(let message) = error {
        isInternal = true
        // The note names the CLI's flag (the Swift API's is `SimulationOptions.eventLimit`).
        diagnostic =
          "\(file): error: \(message)\n\(file): note: if the run is expected to be this long, "
          + "raise the cap with --event-limit N"
      }
      return ScenarioOutcome(
        file: file, result: nil, error: diagnostic,
        replayCommand: replay(file, nil, nil), isInternalError: isInternal)
    }
  }

  /// The one-line command that reruns `file` exactly, writing its full trace.
  func replay(_ file: String, _ seed: UInt64?, _ loader: String?) -> String {
    var command = "swift run cellsim run \(shellQuoted(file))"
    if let seed { command += " --seed \(seed)" }
    if let loader { command += " --loader \(loader)" }
    if let noise = options.noiseSeed { command += " --noise \(noise)" }
    if options.fixturesRoot.standardizedFileURL.path
      != URL(fileURLWithPath: "Fixtures").standardizedFileURL.path
    {
      command += " --fixtures \(shellQuoted(options.fixturesRoot.path))"
    }
    return command + " --trace trace.txt"
  }

  func shellQuoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "/._-+=:,@".unicodeScalars.contains($0)
    }
    return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
