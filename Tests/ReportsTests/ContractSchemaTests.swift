import Foundation
import ReportedBugs
import Reports
import Scenarios
import TestSupport
import Testing

/// The contract in the repository: `docs/schema/*.schema.json`, the copies
/// `cellsim schema` prints, and real files and output checked against them by a real validator.
@Suite("JSON Schemas of the contract")
struct ContractSchemaTests {
  @Test("the embedded schemas are the files in docs/schema (run .ci/update-schemas)")
  func embeddedCopiesAreTheFiles() throws {
    for schema in ContractSchema.allCases {
      let file = try String(contentsOf: Repository.url(schema.path), encoding: .utf8)
      #expect(schema.text == file, "\(schema.path) differs from its copy; run .ci/update-schemas")
      let object = try JSONSerialization.jsonObject(with: Data(schema.text.utf8))
      #expect((object as? [String: Any])?["$schema"] != nil, "\(schema.path) names no draft")
    }
  }

  @Test(
    "every bundled scenario is valid under the scenario schema",
    .enabled(if: SchemaValidator.shouldRun))
  func bundledScenariosAreValid() throws {
    #expect(Repository.bundledScenarios.count >= 10)
    let outcome = try SchemaValidator.validate(
      Repository.bundledScenarios.map { Repository.url($0).path }, against: "scenario")
    #expect(outcome.isValid, "\(outcome.output)")
  }

  @Test("every yaml-language-server line in a bundled scenario names the scenario schema")
  func modelinesResolve() throws {
    let marker = "# yaml-language-server: $schema="
    var found = 0
    for file in Repository.bundledScenarios {
      let url = Repository.url(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix(marker) {
        found += 1
        let target = url.deletingLastPathComponent()
          .appendingPathComponent(String(line.dropFirst(marker.count))).standardizedFileURL
        #expect(
          target.path == SchemaValidator.schema("scenario").standardizedFileURL.path,
          "\(file): \(line) names \(target.path)")
      }
    }
    #expect(found >= 3, "the examples show the line")
  }

  /// Malformed files whose fault is a shape, a name or a fixed bound: the schema must refuse
  /// each one (so it is not vacuously permissive). Faults that need the run's context (a row
  /// out of range at an event's time, events out of order, a glob that matches nothing) are
  /// the reader's alone.
  static let refusedBySchema = [
    "unknown-top-key", "unknown-table-key", "missing-version", "missing-name", "missing-table",
    "unsupported-version", "version-as-text", "rows-negative", "rows-text", "rows-decimal",
    "columns-zero", "row-height-zero", "image-size-negative", "prefetching-yes",
    "layout-order-typo", "unique-bytes-not-bool", "url-placeholder", "fixtures-empty",
    "fixtures-escape", "bandwidth-no-per-second", "chunk-size-bad", "latency-bad-duration",
    "rule-fail-typo", "rule-status-range", "rule-fail-and-corrupt", "rule-after-without-timeout",
    "event-no-action", "event-two-actions", "event-unknown-action", "event-touch-args",
    "event-negative-at", "event-negative-count", "events-not-list", "offline-zero",
    "release-velocity-missing", "device-param-typo", "device-param-bad", "device-scale-huge",
    "device-screen-huge", "unknown-device", "unknown-invariant", "invariant-param-typo",
    "invariant-single-scalar", "expect-typo", "expect-only-alone", "expect-unknown-metric",
    "loader-map-no-name", "run-until-text", "seed-negative", "top-level-list",
  ]

  @Test("the scenario schema refuses malformed files", .enabled(if: SchemaValidator.shouldRun))
  func malformedFilesAreRefused() throws {
    let paths = Self.refusedBySchema.map {
      Repository.url("Tests/ScenariosTests/Malformed/\($0).yaml").path
    }
    for path in paths { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    let outcome = try SchemaValidator.validate(paths, against: "scenario")
    #expect(outcome.status == 1, "\(outcome.output)")
    let accepted = Set(paths).subtracting(outcome.invalidFiles()).sorted()
    #expect(accepted.isEmpty, "the schema accepted: \(accepted)")
  }

  @Test(
    "real --json output is valid under the result schema: violations, an invalid file, a runaway",
    .enabled(if: SchemaValidator.shouldRun))
  func runOutputIsValid() throws {
    let invariants = Repository.bundledScenarios.filter { $0.hasPrefix("Scenarios/invariants/") }
    #expect(invariants.count >= 10)
    let options = SimulationOptions(
      fixturesRoot: Repository.fixtures, catalog: ReportedBugs.catalog)
    let files =
      invariants.map { Repository.url($0).path } + [
        Repository.url("Tests/ScenariosTests/Malformed/unknown-top-key.yaml").path
      ]
    var outcomes = SuiteRunner(options: options).run(files: files, jobs: 2)
    #expect(outcomes.contains { !($0.result?.violations.violated.isEmpty ?? true) })
    #expect(outcomes.contains { $0.result == nil })
    let runaway = SuiteRunner(
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, catalog: ReportedBugs.catalog, eventLimit: 50)
    ).run(file: Repository.url(invariants[0]).path)
    #expect(runaway.isInternalError)
    outcomes.append(runaway)
    let json = RunReports.json(outcomes)
    let outcome = try SchemaValidator.validate(json: json, against: "result")
    #expect(outcome.isValid, "\(outcome.output)")
  }

  @Test("the result schema refuses null and unknown keys", .enabled(if: SchemaValidator.shouldRun))
  func resultSchemaIsStrict() throws {
    let bad = [
      #"{"cellsim": 1, "results": [], "summary": {"scenarios": 0, "met": 0, "not_met": null}}"#,
      #"{"cellsim": 1, "results": [], "summary": {"scenarios": 0, "met": 0, "not_met": 0}, "x": 1}"#,
      #"{"cellsim": 1, "results": [{"file": "a.yaml", "met_expectation": true, "error": "e"}], "summary": {"scenarios": 1, "met": 0, "not_met": 1}}"#,
    ]
    for text in bad {
      let outcome = try SchemaValidator.validate(json: text, against: "result")
      #expect(outcome.status == 1, "accepted: \(text)\n\(outcome.output)")
    }
  }
}
