/// CellSim's published contract as JSON Schemas (draft 2020-12): scenario files, and the output
/// of `cellsim run --json`. The normative files are `docs/schema/*.schema.json`; the texts here
/// are copies made by `.ci/update-schemas`, so that an installed `cellsim schema` can print them
/// with no repository beside it. A test holds the copies equal to the files.
package enum ContractSchema: String, CaseIterable, Sendable {
  /// `docs/schema/scenario.schema.json`: a scenario file, read as YAML.
  case scenario
  /// `docs/schema/result.schema.json`: what `cellsim run --json` prints.
  case result

  /// The schema file's path in the repository.
  package var path: String { "docs/schema/\(rawValue).schema.json" }

  /// The schema file's text, byte for byte (with its final newline).
  package var text: String {
    switch self {
    case .scenario: Self.scenarioText + "\n"
    case .result: Self.resultText + "\n"
    }
  }
}
