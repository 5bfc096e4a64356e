import Foundation
import Scenarios
import TestSupport
import Testing

/// Error messages speak of the file, never of the YAML library's Swift API (its
/// type names, error cases, `description`s or encodings) or of Foundation's error domains.
@Suite("Error wording")
struct ErrorWordingTests {
  /// Words that belong to an API, not to a message for someone editing a YAML file (the CLI's
  /// messages are held to the same list: CLITests' ErrorWordingCLITests).
  static let apiWords = [
    "Yams", "YamlError", "Node", "Mark", "scanner:", "parser:", "composer:", "reader:",
    "String.Encoding", "Unicode (UTF-8)", "Optional(", "NSCocoaErrorDomain", "Error Domain",
    "EventLoop", "offset: Optional", "DecodingError", "keyNotFound", "typeMismatch",
    "valueNotFound", "dataCorrupted", "CodingKeys", "codingPath", "debugDescription",
  ]

  /// Hostile YAML beyond the malformed corpus: tags, aliases, directives, merge keys, complex
  /// keys, control characters, escapes, recursion.
  static let hostile: [String] = [
    "cellsim: 1\nname: x\ntable: !!binary aGVsbG8=\n",
    "cellsim: 1\nname: &n x\ntable: *n\n",
    "cellsim: 1\n? [a, b]\n: 1\n",
    "%YAML 1.3\n---\ncellsim: 1\n",
    "cellsim: 1\nname: \"\\xZZ\"\n",
    "cellsim: 1\nname: x\u{0}y\n",
    "a: &a [*a]\n",
    "cellsim: 1\nname: x\n<<: {table: {rows: 1}}\n",
    "cellsim: !!int \"1\"\n",
    "cellsim: 1\nname: x\n---\ncellsim: 1\n",
    "cellsim: 1\nname: [\n",
    "\t- x\n",
    "cellsim: 1\nname: x\ntable: {rows: 1}\nimages: {url: u, fixtures: [a]}\nevents: !!set {a, b}\n",
  ]

  static func message(_ error: ScenarioError) -> String {
    "\(error)\n\(error.diagnostic)"
  }

  @Test("no message of the malformed corpus or of hostile YAML names an API")
  func noAPINames() throws {
    var messages: [String] = []
    for url in TestFiles.yamlFiles(in: TestFiles.resourceFolder("Malformed")) {
      do {
        _ = try Scenario(contentsOf: url, fixturesRoot: Repository.fixtures)
        Issue.record("\(url.lastPathComponent) was accepted")
      } catch {
        messages.append(Self.message(error))
      }
    }
    for text in Self.hostile {
      do {
        _ = try Scenario(yaml: text, file: "x.yaml")
        Issue.record("accepted: \(text)")
      } catch {
        messages.append(Self.message(error))
      }
    }
    #expect(messages.count >= Self.hostile.count + 60)
    for message in messages {
      for word in Self.apiWords {
        #expect(!message.contains(word), "\"\(word)\" in: \(message)")
      }
    }
  }

  @Test("a folder given as a scenario file says so")
  func folderAsFile() {
    #expect {
      _ = try Scenario(contentsOf: Repository.root.appendingPathComponent("Scenarios"))
    } throws: { error in
      (error as? ScenarioError)?.message.contains("is a folder, not a file") == true
    }
  }
}
