import Foundation
import Testing

/// Every output path is checked before any work starts (exit 2, the flag named),
/// a folder given as a file gets its own reason, and an empty `NO_COLOR` counts as unset.
@Suite("cellsim output paths, input files and colour")
struct OutputPathCLITests {
  /// A path whose parent is a file, so it can be neither a file nor a folder, for any user.
  static let blocked = "README.md/out"

  @Test(
    "an output under a file is exit 2 before any work, naming the flag",
    arguments: [
      ["run", "Scenarios/perf/fling-1000.yaml", "--report", blocked],
      ["run", "Scenarios/perf/fling-1000.yaml", "--perfetto", blocked + ".json"],
      ["compare", "Scenarios/perf", "--loaders", "naive", "--report", blocked],
      ["decode", "Fixtures/photos/coffee.png", "--out", blocked + ".png"],
      ["fixtures", "generate", "--out", blocked],
      ["fuzz", "--loader", "naive", "--cases", "1", "--out", blocked],
      ["fuzz", "--loader", "naive", "--cases", "1", "--report", blocked],
      ["fuzz", "merge", "Scenarios/perf", "--out", blocked],
      ["shrink", "Scenarios/perf/fling-1000.yaml", "--out", blocked + ".yaml"],
      ["replay", "Scenarios/perf/fling-1000.yaml", "--perfetto", blocked + ".json"],
      ["replay", "Scenarios/perf/fling-1000.yaml", "--report", blocked],
    ])
  func blockedOutput(_ arguments: [String]) throws {
    let result = try CLIRunner.run(arguments)
    let flag = arguments[arguments.count - 2]
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(": error: \(flag) "), "\(result.stderr)")
    #expect(result.stderr.contains("is a file, not a folder"), "\(result.stderr)")
    // Nothing ran: no summary, no progress, no internal error.
    #expect(result.stdout.isEmpty, "\(arguments) did work first: \(result.stdout)")
    #expect(!result.stderr.contains("internal error") && !result.stderr.contains("cases/s"))
  }

  @Test(
    "a folder given where a file is expected gets its own reason",
    arguments: [["replay", "Scenarios"], ["shrink", "Scenarios"], ["decode", "Fixtures"]])
  func folderAsFile(_ arguments: [String]) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains("is a folder, not a file"), "\(result.stderr)")
    #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
  }

  @Test(
    "a --fixtures that is a file or missing is exit 2 before any work",
    arguments: ["run", "compare", "replay", "shrink", "fuzz"])
  func fixturesRoot(_ command: String) throws {
    var arguments = [command]
    switch command {
    case "compare": arguments += ["Scenarios/perf", "--loaders", "naive"]
    case "fuzz": arguments += ["--loader", "naive", "--cases", "1", "--out", Self.temporary()]
    default: arguments.append("Scenarios/perf/fling-1000.yaml")
    }
    let file = try CLIRunner.run(arguments + ["--fixtures", "README.md"])
    #expect(file.status == 2, "\(file.stderr)")
    #expect(file.stderr.contains("--fixtures README.md: is a file, not a folder"), "\(file.stderr)")
    #expect(file.stdout.isEmpty, "\(file.stdout)")
    let missing = try CLIRunner.run(arguments + ["--fixtures", "no-such-folder"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no such folder"), "\(missing.stderr)")
  }

  static func temporary() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-fixtures-check-\(ProcessInfo.processInfo.processIdentifier)")
      .path
  }

  @Test("an empty NO_COLOR counts as unset; a non-empty one wins over CLICOLOR_FORCE")
  func noColor() throws {
    let file = "Scenarios/perf/fling-1000.yaml"
    let escape = "\u{1B}["
    let forced = try CLIRunner.run(
      ["run", file], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"])
    #expect(forced.status == 0)
    #expect(forced.stdout.contains(escape), "an empty NO_COLOR must not turn colour off")
    let off = try CLIRunner.run(
      ["run", file], environment: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"])
    #expect(!off.stdout.contains(escape))
    // Not a terminal and not forced: plain.
    let plain = try CLIRunner.run(["run", file], environment: ["NO_COLOR": ""])
    #expect(!plain.stdout.contains(escape))
  }
}
