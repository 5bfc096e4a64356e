package import Scenarios

/// One scenario file's outcome, as reports show it.
package struct ScenarioOutcome: Sendable {
  /// The file path as given.
  package let file: String
  /// The run's result, or nil if the file was invalid or the run failed to set up.
  package let result: RunResult?
  /// The error that stopped the file (invalid input), if any.
  package let error: String?
  /// The command that replays this run exactly.
  package let replayCommand: String
  /// Whether the error was CellSim's own failure (a runaway simulation), not invalid input.
  package let isInternalError: Bool

  /// An outcome.
  package init(
    file: String, result: RunResult?, error: String?, replayCommand: String,
    isInternalError: Bool = false
  ) {
    self.file = file
    self.result = result
    self.error = error
    self.replayCommand = replayCommand
    self.isInternalError = isInternalError
  }

  /// Whether the expectation was met.
  package var met: Bool { result?.meetsExpectation ?? false }
}

/// The reports `cellsim run` writes.
package enum RunReports {
  /// `--json`: the shape of `docs/schema/result.schema.json` (docs/scenario-format.md, "Output
  /// of `cellsim run --json`"), with `error` for files that could not run.
  package static func json(_ outcomes: [ScenarioOutcome]) -> String {
    var results: [JSONValue] = []
    for outcome in outcomes {
      var fields: [(String, JSONValue)] = [("file", .string(outcome.file))]
      if let result = outcome.result {
        fields += [
          ("name", .string(result.name)), ("loader", .string(result.loader)),
          ("seed", .unsigned(result.seed)),
          ("met_expectation", .bool(result.meetsExpectation)), ("digest", .string(result.digest)),
          ("simulated_events", .integer(Int64(result.events))),
          ("violations", .array(violations(result))),
          ("metrics", .object(result.metrics.map { ($0.metric.rawValue, .number($0.value)) })),
          ("unmet", .array(result.unmetReasons.map(JSONValue.string))),
          ("replay", .string(outcome.replayCommand)),
        ]
      } else {
        fields += [("met_expectation", .bool(false)), ("error", .string(outcome.error ?? ""))]
      }
      results.append(.object(fields))
    }
    let met = outcomes.filter(\.met).count
    let document = JSONValue.object([
      ("cellsim", .integer(1)), ("results", .array(results)),
      (
        "summary",
        .object([
          ("scenarios", .integer(Int64(outcomes.count))), ("met", .integer(Int64(met))),
          ("not_met", .integer(Int64(outcomes.count - met))),
        ])
      ),
    ])
    return document.text
  }

  static func violations(_ result: RunResult) -> [JSONValue] {
    result.violations.violated.map { id in
      var fields: [(String, JSONValue)] = [
        ("invariant", .string(id.rawValue)),
        ("count", .integer(Int64(result.violations.count(id)))),
      ]
      if let first = result.violations.firstViolation(of: id) {
        var detail: [(String, JSONValue)] = [("at_ms", .number(first.time.sinceStart.milliseconds))]
        // Keys whose value is unknown for this violation are left out, never null: the
        // documented contract promises an integer wherever a key is present.
        if let frame = first.frame { detail.append(("frame", .integer(frame))) }
        if let row = first.row { detail.append(("row", .integer(Int64(row)))) }
        if let item = first.item { detail.append(("item", .integer(Int64(item)))) }
        if let cell = first.cell { detail.append(("cell", .integer(Int64(cell)))) }
        detail.append(("urls", .array(first.urls.map(JSONValue.string))))
        detail.append(("detail", .string(first.detail)))
        fields.append(("first", .object(detail)))
      }
      return .object(fields)
    }
  }
}
