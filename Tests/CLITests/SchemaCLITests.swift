import Foundation
import TestSupport
import Testing

/// `cellsim schema` prints the contract's JSON Schemas, and what `cellsim run --json` prints
/// is valid under the result schema.
@Suite("cellsim schema")
struct SchemaCLITests {
  @Test("cellsim schema scenario|result prints the file in docs/schema byte for byte")
  func printsTheFiles() throws {
    for name in ["scenario", "result"] {
      let result = try CLIRunner.run(["schema", name])
      #expect(result.status == 0, "\(result.stderr)")
      let file = try String(
        contentsOf: Repository.url("docs/schema/\(name).schema.json"), encoding: .utf8)
      #expect(result.stdout == file, "cellsim schema \(name) differs from the file")
    }
    #expect(try CLIRunner.run(["schema"]).stdout == CLIRunner.run(["schema", "scenario"]).stdout)
  }

  @Test("cellsim schema with an unknown name is exit 2")
  func unknownName() throws {
    let result = try CLIRunner.run(["schema", "bogus"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("scenario") && result.stderr.contains("result"))
  }

  @Test(
    "cellsim run --json prints output valid under the result schema",
    .enabled(if: SchemaValidator.shouldRun))
  func runJSONIsValid() throws {
    let result = try CLIRunner.run([
      "run", "--json", "Scenarios/invariants/bounded_queue.yaml",
      "Scenarios/invariants/no_cross_cell_image.yaml", "Scenarios/examples/fling-photos.yaml",
      "Tests/ScenariosTests/Malformed/event-two-actions.yaml",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    let outcome = try SchemaValidator.validate(json: result.stdout, against: "result")
    #expect(outcome.isValid, "\(outcome.output)\n\(result.stdout)")
  }
}

/// `compare --json` keeps the no-null rule of CellSim's JSON output.
@Suite("cellsim compare --json")
struct CompareJSONTests {
  @Test("a file that could not run has no digest key, never a null one")
  func noNull() throws {
    let result = try CLIRunner.run([
      "compare", "Scenarios/invariants/no_duplicate_transfers.yaml",
      "Tests/ScenariosTests/Malformed/unknown-top-key.yaml", "--loaders", "naive", "--json",
    ])
    #expect(!result.stdout.isEmpty, "\(result.stderr)")
    #expect(!result.stdout.contains("null"), "\(result.stdout)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let runs = try #require(object["runs"] as? [[String: Any]])
    #expect(runs.count == 2)
    #expect(runs.filter { $0["digest"] is String }.count == 1)
    #expect((object["errors"] as? [String])?.count == 1)
  }
}
