import Foundation
package import Scenarios

/// A run with everything a report shows: the scenario, the result with its trace text, the
/// offset of every frame, and the frames around the first violation.
package struct ReportedRun {
  package let file: String
  package let scenario: Scenario
  package let result: RunResult
  package let capture: FrameCapture
  package let replayCommand: String

  /// The same run, with `command` as its replay line (a run of a loader the CLI cannot name).
  package func replaying(with command: String) -> ReportedRun {
    ReportedRun(
      file: file, scenario: scenario, result: result, capture: capture, replayCommand: command)
  }

  /// The first violation, whose frames the filmstrip shows.
  package var firstViolation: Violation? {
    result.violations.firstPerRow.min {
      ($0.time, $0.invariant.rawValue) < ($1.time, $1.invariant.rawValue)
    }
  }
}

/// Why a report could not be made.
package enum ReportError: Error, CustomStringConvertible {
  /// The scenario file is invalid.
  case invalid(String)
  /// The run failed (a runaway, a setup error).
  case run(String)
  /// The second run, made to capture the filmstrip, gave another digest: never expected,
  /// since runs are deterministic; reported rather than hidden.
  case nondeterministic(file: String, first: String, second: String)

  package var description: String {
    switch self {
    case .invalid(let message), .run(let message): return message
    case .nondeterministic(let file, let first, let second):
      return
        "\(file): the filmstrip run gave digest \(second), not \(first); runs must be deterministic"
    }
  }
}

extension SuiteRunner {
  /// Runs `file` for a report: once with its trace and every frame's offset and, when a
  /// violation happened, once more to capture the frames around the first one (same inputs,
  /// so the same run; the digests are compared to prove it).
  package func report(file: String) throws(ReportError) -> ReportedRun {
    let scenario: Scenario
    do {
      scenario = try Scenario(
        contentsOf: URL(fileURLWithPath: file), fixturesRoot: options.fixturesRoot,
        knownLoaders: Array(Set(Scenario.builtInLoaderNames + options.catalog.names)).sorted())
    } catch {
      throw .invalid("\(error)")
    }
    var first = options
    first.keepTrace = true
    first.capture = FrameCapture()
    let result: RunResult
    do {
      result = try Simulation.run(scenario, options: first)
    } catch {
      throw .run("\(file): \(error)")
    }
    var capture = first.capture ?? FrameCapture()
    let replay = replay(file, result.seed, result.loader)
    var reported = ReportedRun(
      file: file, scenario: scenario, result: result, capture: capture, replayCommand: replay)
    if let frame = reported.firstViolation?.frame {
      var second = options
      capture = FrameCapture(around: frame)
      second.capture = capture
      do {
        let again = try Simulation.run(scenario, options: second)
        guard again.digest == result.digest else {
          throw ReportError.nondeterministic(
            file: file, first: result.digest, second: again.digest)
        }
      } catch let error as ReportError {
        throw error
      } catch {
        throw .run("\(file): \(error)")
      }
      reported = ReportedRun(
        file: file, scenario: scenario, result: result, capture: capture, replayCommand: replay)
    }
    return reported
  }
}
