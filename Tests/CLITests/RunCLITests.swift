import Foundation
import Testing

/// `cellsim run` and `cellsim invariants`, through the built binary.
@Suite("cellsim run")
struct RunCLITests {
  static let malformedFolder = CLIRunner.repositoryRoot
    .appendingPathComponent("Tests/ScenariosTests/Malformed")

  static let malformed: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: malformedFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted()
  }()

  @Test(
    "every malformed scenario is refused with exit 2 and its file:line:column", arguments: malformed
  )
  func malformedFile(_ name: String) throws {
    let path = "Tests/ScenariosTests/Malformed/\(name)"
    let data = try Data(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(path))
    let text = String(decoding: data, as: UTF8.self)
    // First line: `# expect: <kind> <line>:<column> <fragment>`.
    let header = text.prefix { $0 != "\n" }.split(separator: " ")
    let location = header.count > 3 ? String(header[3]) : ""
    let result = try CLIRunner.run(["run", path])
    #expect(result.status == 2, "\(name): \(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("\(path):\(location)"), "\(name): \(result.stdout)")
  }

  @Test("at least 40 malformed files exist")
  func enoughMalformed() { #expect(Self.malformed.count >= 40) }

  @Test("a missing path and an unknown loader are invalid input")
  func invalidInput() throws {
    let missing = try CLIRunner.run(["run", "Scenarios/no-such-file.yaml"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no-such-file.yaml"))
    let loader = try CLIRunner.run(["run", "Scenarios/examples", "--loader", "refrence"])
    #expect(loader.status == 2)
    #expect(loader.stderr.contains("unknown loader"))
    let flag = try CLIRunner.run(["run", "--frobnicate"])
    #expect(flag.status == 2)
  }

  @Test("cellsim invariants lists the ten ids with their parameters")
  func invariants() throws {
    let result = try CLIRunner.run(["invariants"])
    #expect(result.status == 0)
    for id in [
      "no_cross_cell_image", "no_corrupt_image", "eventually_loaded", "cancel_on_end_display",
      "bounded_queue", "no_duplicate_transfers", "cache_hit_on_revisit", "no_delivery_stall",
      "frame_budget", "memory_budget",
    ] {
      #expect(result.stdout.contains(id + "\n"))
    }
  }
}
