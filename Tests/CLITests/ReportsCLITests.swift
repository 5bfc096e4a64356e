import Foundation
import Testing

@Suite("CLI: --jobs, --report and --perfetto")
struct ReportsCLITests {
  /// Scenarios of very different lengths (a deadlock ends at once; a display-link scroll runs
  /// for seconds), with findings and without, so the jobs finish out of order. Not the whole
  /// invariants folder: its paced scenarios stamp and decode hundreds of photos, and six runs of
  /// them cost minutes of the suite without showing anything more about ordering.
  static let mixedLengths = [
    "deadlock", "no_cross_cell_image-display-link", "no_duplicate_transfers", "progress_isolation",
    "no_cross_cell_image", "bounded_queue", "one_terminal_callback", "cache_hit_on_revisit",
    "frame_budget", "no_leaked_images",
  ].map { "Scenarios/invariants/\($0).yaml" }

  @Test("--jobs 2 prints exactly what --jobs 1 prints, for run and compare")
  func jobsAreInvisible() throws {
    let files = Self.mixedLengths
    let one = try CLIRunner.run(["run"] + files + ["--jobs", "1"])
    let two = try CLIRunner.run(["run"] + files + ["--jobs", "2"])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr)")
    #expect(one.stdout == two.stdout)
    #expect(one.stdout.contains("\(files.count) scenarios"), "\(one.stdout)")
    let compareOne = try CLIRunner.run(
      ["compare"] + files + ["--loaders", "naive,reference", "--jobs", "1"])
    let compareTwo = try CLIRunner.run(
      ["compare"] + files + ["--loaders", "naive,reference", "--jobs", "2"])
    #expect(compareOne.stdout == compareTwo.stdout && !compareOne.stdout.isEmpty)
  }

  @Test("--jobs 0 is refused as invalid input")
  func zeroJobs() throws {
    for command in ["run", "compare"] {
      let result = try CLIRunner.run([command, "Scenarios/invariants", "--jobs", "0"])
      #expect(result.status == 2)
      #expect(result.stderr.contains("--jobs"))
    }
  }

  @Test("--report writes index.html and --perfetto a JSON trace; one file only for --perfetto")
  func reportAndPerfetto() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-cli-report-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run([
      "run", "Scenarios/invariants/no_cross_cell_image.yaml", "--loader", "naive",
      "--report", folder.appendingPathComponent("r").path,
      "--perfetto", folder.appendingPathComponent("t.json").path,
    ])
    #expect(result.status == 0)
    let page = try String(
      contentsOf: folder.appendingPathComponent("r/index.html"), encoding: .utf8)
    #expect(page.contains("Filmstrip around the first violation"))
    let trace = try Data(contentsOf: folder.appendingPathComponent("t.json"))
    #expect(try JSONSerialization.jsonObject(with: trace) is [String: Any])
    let many = try CLIRunner.run([
      "run", "Scenarios/invariants", "--perfetto", folder.appendingPathComponent("x.json").path,
    ])
    #expect(many.status == 2 && many.stderr.contains("--perfetto"))
  }

  @Test("replay and fuzz write reports too: --perfetto and --report on a finding")
  func findingsGetReports() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-cli-findings-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fuzz = try CLIRunner.run([
      "fuzz", "--loader", "naive", "--seed", "1", "--cases", "3", "--jobs", "1",
      "--invariants", "no_duplicate_transfers",
      "--out", folder.appendingPathComponent("findings").path,
      "--report", folder.appendingPathComponent("report").path,
    ])
    #expect(fuzz.status == 1, "naive has findings: \(fuzz.stderr)")
    let index = try String(
      contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
    let findings = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("findings").path
    ).filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(!findings.isEmpty)
    #expect(index.components(separatedBy: "<a href=").count - 1 == findings.count)
    let finding = folder.appendingPathComponent("findings").appendingPathComponent(findings[0])
    let replay = try CLIRunner.run([
      "replay", finding.path, "--perfetto", folder.appendingPathComponent("t.json").path,
      "--report", folder.appendingPathComponent("one").path,
    ])
    #expect(replay.status == 0, "\(replay.stderr)")
    let page = try String(
      contentsOf: folder.appendingPathComponent("one/index.html"), encoding: .utf8)
    #expect(page.contains("<h2>Timeline</h2>") && page.contains("no_duplicate_transfers"))
    let trace = try Data(contentsOf: folder.appendingPathComponent("t.json"))
    #expect(try JSONSerialization.jsonObject(with: trace) is [String: Any])
  }

  @Test("compare and replay read scenarios that name the museum's bug models")
  func museumScenariosCompare() throws {
    let compare = try CLIRunner.run(["compare", "Scenarios/reported", "--loaders", "reference"])
    #expect(compare.status == 0, "\(compare.stderr)\n\(compare.stdout.suffix(600))")
    #expect(!compare.stdout.contains("could not be set up"))
  }
}
