import Foundation
import Scenarios
import TestSupport
import Testing

/// Each file in `Malformed/` starts with `# expect: <kind> <line>:<column> <fragment>`, and
/// must be refused with that error kind, at that location, with the fragment in its message.
@Suite("Refusing malformed scenarios")
struct MalformedTests {
  struct Expectation {
    var kind: ScenarioError.Kind
    var line: Int
    var column: Int
    var fragment: String
  }

  static func expectation(in text: String) -> Expectation? {
    guard let first = text.split(separator: "\n", maxSplits: 1).first,
      first.hasPrefix("# expect: ")
    else { return nil }
    let parts = first.dropFirst("# expect: ".count).split(separator: " ", maxSplits: 2)
    guard parts.count == 3, let kind = ScenarioError.Kind(rawValue: String(parts[0])) else {
      return nil
    }
    let location = parts[1].split(separator: ":")
    guard location.count == 2, let line = Int(location[0]), let column = Int(location[1]) else {
      return nil
    }
    return Expectation(kind: kind, line: line, column: column, fragment: String(parts[2]))
  }

  @Test("There are at least 40 malformed files")
  func enoughFiles() {
    #expect(TestFiles.malformedNames.count >= 40)
  }

  @Test(
    "A malformed file is refused with the error its first line names",
    arguments: TestFiles.malformedNames)
  func refused(name: String) throws {
    let url = TestFiles.resourceFolder("Malformed").appendingPathComponent(name)
    let expected = try #require(
      Self.expectation(in: TestFiles.text(url)), "\(name) needs a `# expect:` first line")
    let error = try #require(throws: ScenarioError.self) {
      try Scenario(contentsOf: url, fixturesRoot: Repository.fixtures)
    }
    #expect(error.kind == expected.kind, "\(error)")
    #expect(error.line == expected.line && error.column == expected.column, "\(error)")
    #expect(error.message.contains(expected.fragment), "\(error)")
    #expect(error.file.hasSuffix("Malformed/\(name)"))
    #expect(!error.summary.contains("\n"), "the first line of an error is one line")
  }
}
