import ArgumentParser
import Reports

/// `cellsim schema [scenario|result]`: prints a JSON Schema of CellSim's contract, for editors
/// (`# yaml-language-server: $schema=…`) and for validating `--json` output.
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema of scenario files or of `run --json` output.",
    discussion: """
      The same text as docs/schema/<which>.schema.json in the repository. Save it and name it in \
      a scenario's first line for completion and checking in editors:
        cellsim schema scenario > scenario.schema.json
        # yaml-language-server: $schema=scenario.schema.json
      """)

  @Argument(help: "Which schema: scenario (a scenario file) or result (`cellsim run --json`).")
  var which: Which = .scenario

  enum Which: String, ExpressibleByArgument, CaseIterable {
    case scenario, result
  }

  func run() {
    let schema: ContractSchema =
      switch which {
      case .scenario: .scenario
      case .result: .result
      }
    print(schema.text, terminator: "")
  }
}
