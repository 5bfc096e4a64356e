import Foundation
import TestSupport
import Testing

/// The CLI keeps its contract on hostile input (empty folders, hidden
/// folders, unwritable outputs, names given twice, odd values).
@Suite("cellsim on hostile input")
struct HostileCLITests {
  /// A fresh, empty temporary folder for one test.
  static func folder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-hostile-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("an empty folder, or one with only hidden scenario files, is exit 2, not a green run")
  func emptyFolder() throws {
    let empty = try Self.folder("empty")
    let result = try CLIRunner.run(["run", empty.path])
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stderr.contains("no scenario files"))
    // A scenario inside .git is not searched.
    let hidden = empty.appendingPathComponent(".git")
    try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
    let scenario = Repository.root.appendingPathComponent("Scenarios/perf/fling-1000.yaml")
    try FileManager.default.copyItem(at: scenario, to: hidden.appendingPathComponent("a.yaml"))
    #expect(try CLIRunner.run(["run", empty.path]).status == 2)
  }

  @Test("a folder and a file inside it run that file once")
  func folderAndFileDeduplicated() throws {
    let folder = try Self.folder("dedup")
    let scenario = Repository.root.appendingPathComponent("Scenarios/perf/fling-1000.yaml")
    let copy = folder.appendingPathComponent("a.yaml")
    try FileManager.default.copyItem(at: scenario, to: copy)
    let result = try CLIRunner.run(["run", folder.path, copy.path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "\"digest\"").count == 2, "\(result.stdout)")
  }

  @Test("an unwritable --junit or --trace path is exit 2 before the run")
  func unwritableOutput() throws {
    let folder = try Self.folder("unwritable")
    let scenario = "Scenarios/perf/fling-1000.yaml"
    let missing = folder.appendingPathComponent("no/such/folder/out.xml").path
    let junit = try CLIRunner.run(["run", scenario, "--junit", missing])
    #expect(junit.status == 2, "\(junit.stderr)")
    #expect(junit.stderr.contains("--junit") && junit.stderr.contains("does not exist"))
    #expect(junit.stdout.isEmpty, "the run must not start: \(junit.stdout)")
    let trace = try CLIRunner.run(["run", scenario, "--trace", folder.path])
    #expect(trace.status == 2, "\(trace.stderr)")
    #expect(trace.stderr.contains("is a folder"))
  }

  @Test("a FIFO given as a scenario file gets its reason")
  func fifo() throws {
    let folder = try Self.folder("fifo")
    let fifo = folder.appendingPathComponent("pipe.yaml").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try CLIRunner.run(["run", fifo])
    #expect(result.status == 2)
    #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
  }

  @Test("compare refuses a loader named twice")
  func compareLoaderTwice() throws {
    let result = try CLIRunner.run([
      "compare", "Scenarios/perf/fling-1000.yaml", "--loaders", "naive,naive",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("named twice"), "\(result.stderr)")
  }

  @Test("help for an unknown subcommand exits nonzero; --seed -1 gets a clear error")
  func helpAndSeed() throws {
    let help = try CLIRunner.run(["help", "bogus"])
    #expect(help.status != 0, "\(help.stdout)\(help.stderr)")
    let seed = try CLIRunner.run(["run", "Scenarios/perf/fling-1000.yaml", "--seed", "-1"])
    #expect(seed.status == 2)
    #expect(seed.stderr.contains("--seed: -1 is negative"), "\(seed.stderr)")
  }
}

@Suite("cellsim run --junit")
struct JUnitKindsTests {
  @Test("an invalid scenario is a JUnit <error>, a broken expectation a <failure>")
  func errorVersusFailure() throws {
    let folder = try HostileCLITests.folder("junit")
    let junit = folder.appendingPathComponent("out.xml").path
    let result = try CLIRunner.run([
      "run", "Tests/ScenariosTests/Malformed/device-param-bad.yaml",
      "Scenarios/invariants/no_duplicate_transfers.yaml", "--loader", "reference", "--junit", junit,
    ])
    #expect(result.status != 0)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("failures=\"1\" errors=\"1\""), "\(xml)")
    #expect(xml.components(separatedBy: "<error ").count == 2)
    #expect(xml.components(separatedBy: "<failure ").count == 2)
  }
}

@Suite("cellsim run --json contract")
struct JSONContractTests {
  @Test("no null anywhere, and a seed above Int64.max is written as itself")
  func noNullAndUnsignedSeed() throws {
    let result = try CLIRunner.run([
      "run", "Scenarios/invariants/no_duplicate_transfers.yaml", "--loader", "naive", "--json",
      "--seed", "18446744073709551615",
    ])
    #expect(!result.stdout.contains("null"), "\(result.stdout)")
    #expect(result.stdout.contains("\"seed\":18446744073709551615"), "\(result.stdout)")
  }
}

@Suite("cellsim help text")
struct HelpTextTests {
  @Test("no default is described twice", arguments: ["run", "compare", "decode", "fixtures"])
  func defaultsOnce(_ command: String) throws {
    // Wrapped lines joined, and runs of spaces collapsed, so a wrapped default compares equal.
    let help = try CLIRunner.run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    let parts = help.components(separatedBy: "(default:")
    let values = parts.dropFirst().map { $0.split(separator: ")").first.map(String.init) ?? "" }
    for value in Set(values) {
      #expect(values.count(where: { $0 == value }) == 1, "\(command): default\(value) twice")
    }
  }
}
