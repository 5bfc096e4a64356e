import Foundation
import Testing

/// What every command prints for a file it cannot read speaks of the file (its line and
/// column, the key path, what was expected), never of the YAML library's Swift API or of
/// Foundation's error domains.
@Suite("cellsim error wording")
struct ErrorWordingCLITests {
  /// The words ScenariosTests' ErrorWordingTests refuses in the reader's messages, plus the
  /// Swift names of the YAML library's and Foundation's decoding errors.
  static let apiWords = [
    "Yams", "YamlError", "Node", "Mark", "scanner:", "parser:", "composer:", "reader:",
    "String.Encoding", "Unicode (UTF-8)", "Optional(", "NSCocoaErrorDomain", "Error Domain",
    "offset: Optional", "DecodingError", "keyNotFound", "typeMismatch", "valueNotFound",
    "dataCorrupted", "CodingKeys", "codingPath", "debugDescription", "internal error",
  ]

  static let malformed = "Tests/ScenariosTests/Malformed"

  static func malformedFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: malformed)
      .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(malformed)/\($0)" }
  }

  static func expectNoAPIWords(_ text: String, _ context: String) {
    for word in apiWords {
      #expect(!text.contains(word), "\"\(word)\" in \(context): \(text)")
    }
  }

  @Test("run and compare over the malformed corpus: file:line:col diagnostics, no API names")
  func runAndCompare() throws {
    let files = try Self.malformedFiles()
    #expect(files.count >= 60)
    let run = try CLIRunner.run(["run", Self.malformed])
    #expect(run.status == 2, "\(run.stderr)")
    Self.expectNoAPIWords(run.stderr + run.stdout, "run")
    // One diagnostic per file, each at file:line:column.
    for file in files {
      #expect(run.stderr.contains("\(file):"), "no diagnostic for \(file)")
    }
    #expect(run.stderr.contains(": error: "))
    let compare = try CLIRunner.run(["compare", Self.malformed, "--loaders", "naive"])
    Self.expectNoAPIWords(compare.stderr + compare.stdout, "compare")
  }

  @Test(
    "replay, shrink, fuzz --base and fuzz merge of a malformed file: exit 2, no API names",
    arguments: ["duplicate-key.yaml", "syntax-unclosed-flow.yaml", "chunk-size-bad.yaml"])
  func singleFileCommands(_ name: String) throws {
    let file = "\(Self.malformed)/\(name)"
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let folder = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: file, toPath: folder.appendingPathComponent(name).path)
    for arguments in [
      ["replay", file], ["shrink", file],
      ["fuzz", "--loader", "naive", "--cases", "1", "--base", file, "--out", out.path],
      ["fuzz", "merge", folder.path, "--out", out.appendingPathComponent("merged").path],
    ] {
      let result = try CLIRunner.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(name), "\(arguments) does not name the file: \(result.stderr)")
      Self.expectNoAPIWords(result.stderr + result.stdout, "\(arguments)")
    }
  }
}
