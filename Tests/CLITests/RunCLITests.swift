import Foundation
import ReportedBugs
import Reports
import Scenarios
import SimKernel
import TestSupport
import Testing

/// `cellsim run` and `cellsim invariants`, through the built binary.
@Suite("cellsim run")
struct RunCLITests {
  static let malformedFolder = Repository.root
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
    let data = try Data(contentsOf: Repository.root.appendingPathComponent(path))
    let text = String(decoding: data, as: UTF8.self)
    // First line: `# expect: <kind> <line>:<column> <fragment>`.
    let header = text.prefix { $0 != "\n" }.split(separator: " ")
    let location = header.count > 3 ? String(header[3]) : ""
    let result = try CLIRunner.run(["run", path])
    #expect(result.status == 2, "\(name): \(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("\(path):\(location): error: "), "\(name): \(result.stderr)")
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

  @Test("cellsim invariants lists every id with its parameters")
  func invariants() throws {
    let result = try CLIRunner.run(["invariants"])
    #expect(result.status == 0)
    for id in [
      "no_cross_cell_image", "no_corrupt_image", "eventually_loaded", "cancel_on_end_display",
      "bounded_queue", "no_duplicate_transfers", "cache_hit_on_revisit", "no_delivery_stall",
      "frame_budget", "memory_budget", "latest_priority_wins", "progress_isolation",
    ] {
      #expect(result.stdout.contains(id + "\n"))
    }
  }
}

/// Scenario digests are equal across processes and equal to an in-process run.
@Suite("Scenario digests across processes")
struct ScenarioDigestCLITests {
  func digests(_ json: String) -> [String] {
    json.components(separatedBy: "\"digest\":\"").dropFirst().map { String($0.prefix(16)) }
  }

  /// One other process, held to the golden digests that the bundled-suite test holds this
  /// process to (`ScenarioSuiteTests`, in-process, every file): so the two processes agree with
  /// each other and with the release build's check. Swift seeds `Hasher` per process, so two
  /// processes are enough to show that no hash order reaches a trace. The suite is not run
  /// here a second time: its photo-heavy scenarios made that a minute of the test suite's time.
  @Test(
    "another process gives the golden digests for the whole bundled suite, in valid JSON"
  )
  func crossProcess() throws {
    let other = try CLIRunner.run(["run", "Scenarios", "--json"])
    let files = try ScenarioFiles.find([
      Repository.root.appendingPathComponent("Scenarios").path
    ])
    #expect(other.status == 0, "\(other.stderr)")
    let there = digests(other.stdout)
    #expect(there.count == files.count, "\(other.stdout.prefix(2_000))")
    var differing: [String] = []
    for (index, file) in files.enumerated() where index < there.count {
      let name = String(file.dropFirst(Repository.root.path.count + 1))
      let golden = Repository.goldenDigests[name] ?? "none"
      if there[index] != golden {
        differing.append("\(name): other process \(there[index]), golden \(golden)")
      }
    }
    #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    // The whole suite's `--json` output is valid under the published result schema.
    if SchemaValidator.shouldRun {
      let outcome = try SchemaValidator.validate(json: other.stdout, against: "result")
      #expect(outcome.isValid, "--json output of the bundled suite: \(outcome.output)")
    }
  }

  @Test("every loader gives the same digest on fling-1000 in two processes")
  func crossProcessLoaders() throws {
    for loader in ["naive", "runloop-buffered", "wwdc211", "filo-queue"] {
      let arguments = ["run", "Scenarios/perf/fling-1000.yaml", "--loader", loader, "--json"]
      // The two processes run at once, one core each.
      let running = try CLIRunner.start(arguments)
      let second = try CLIRunner.run(arguments)
      let first = try running.finish()
      #expect(digests(first.stdout).count == 1)
      #expect(digests(first.stdout) == digests(second.stdout), "\(loader)")
    }
  }

  @Test("--json follows the format's schema; --junit and --trace write their files")
  func outputs() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-run-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let junit = folder.appendingPathComponent("junit.xml").path
    let trace = folder.appendingPathComponent("trace.txt").path
    let result = try CLIRunner.run([
      "run", "Scenarios/invariants/no_duplicate_transfers.yaml", "--json", "--junit", junit,
      "--trace", trace,
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["cellsim"] as? Int == 1)
    let results = try #require(object["results"] as? [[String: Any]])
    let first = try #require(results.first)
    for key in [
      "file", "name", "loader", "seed", "met_expectation", "digest", "violations", "metrics",
      "simulated_events",
    ] {
      #expect(first[key] != nil, "missing \(key)")
    }
    // The events the run took are counted in the result.
    #expect((first["simulated_events"] as? Int ?? 0) > 1_000)
    let violation = try #require((first["violations"] as? [[String: Any]])?.first)
    #expect(violation["invariant"] as? String == "no_duplicate_transfers")
    let detail = try #require(violation["first"] as? [String: Any])
    for key in ["at_ms", "urls", "detail"] { #expect(detail[key] != nil, "missing \(key)") }
    // frame, row, item and cell are present only when known, and then integers (never null).
    for key in ["frame", "row", "item", "cell"] { #expect(!(detail[key] is NSNull), "\(key)") }
    #expect((object["summary"] as? [String: Any])?["met"] as? Int == 1)
    #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testcase"))
    let traceText = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(traceText.contains(" net.queue "))
    var hasher = StableHasher()
    hasher.combine(bytes: traceText.utf8)
    #expect(Trace.hex(hasher.value) == first["digest"] as? String)
  }

  @Test("a run that exceeds its event limit is CellSim's failure: exit 3")
  func runaway() throws {
    let result = try CLIRunner.run([
      "run", "Scenarios/invariants/no_duplicate_transfers.yaml", "--event-limit", "500",
    ])
    #expect(result.status == 3)
    #expect(result.stdout.contains("RUNAWAY"), "reported as what it is, not INVALID")
    #expect(result.stderr.contains(": error: runaway simulation"), "\(result.stderr)")
    #expect(result.stderr.contains(": note: ") && result.stderr.contains("--event-limit"))
    #expect(!result.stderr.contains("EventLoop"), "the hint names a flag, not a Swift API")
  }

  @Test("an unmet expectation exits 1 and prints the replay command")
  func unmet() throws {
    let result = try CLIRunner.run([
      "run", "Scenarios/invariants/no_duplicate_transfers.yaml", "--loader", "reference",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.contains("NOT MET"))
    #expect(result.stdout.contains("replay: swift run cellsim run"))
  }
}

/// `cellsim compare` and `cellsim loaders`.
@Suite("cellsim compare and loaders")
struct CompareCLITests {
  @Test("loaders lists every built-in loader with its seed article and options")
  func loaders() throws {
    let result = try CLIRunner.run(["loaders"])
    #expect(result.status == 0)
    for (name, seed) in [
      ("naive", "seed 002"), ("block-operation", "seed 001"), ("image-provider", "seed 002"),
      ("filo-queue", "seed 000"), ("runloop-buffered", "seed 003"), ("wwdc211", "seed 004"),
      ("reference", "CellSim's own"), ("async-reference", "CellSim's own"),
      ("async-image", "CellSim's own"), ("async-unchecked", "CellSim's own"),
      ("async-uncancelled", "CellSim's own"), ("async-progressive", "CellSim's own"),
    ] {
      #expect(result.stdout.contains("\(name)  (\(seed))"), "\(name)")
    }
    #expect(result.stdout.contains("option mode: \"default\" or \"common\""))
    #expect(result.stdout.contains("nuke-174  (reported bug, Scenarios/reported/nuke-174)"))
    // Every path it names exists: a demonstrator's pair lives under Scenarios/invariants/.
    for line in result.stdout.split(separator: "\n") {
      guard
        let range = line.range(of: "(reported bug, ")
          ?? line.range(of: "(oracle demonstrator, ")
      else { continue }
      let path = line[range.upperBound...].dropLast().replacingOccurrences(of: "(-fixed)", with: "")
      #expect(
        FileManager.default.fileExists(atPath: Repository.url(path).path), "\(line)")
    }
    #expect(
      result.stdout.contains(
        "late-result-node  (oracle demonstrator, Scenarios/invariants/no_leaked_images(-fixed).yaml)"
      ))
    #expect(
      result.stdout.contains(
        "sdwebimage-3364  (reported bug, Scenarios/invariants/no_cross_cell_image-variant(-fixed).yaml)"
      ))
    #expect(result.stdout.contains("option fixed: true or false; default false."))
    #expect(result.stdout.contains("option schedule_seed: a whole number in 0...1000000000"))
  }

  @Test("compare puts loaders in columns and counts violating scenarios per invariant")
  func compare() throws {
    let result = try CLIRunner.run([
      "compare", "Scenarios/invariants/no_duplicate_transfers.yaml",
      "Scenarios/invariants/cancel_on_end_display.yaml", "--loaders", "naive,reference",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "| 2 scenarios | naive | reference |")
    #expect(lines.contains("| cancel_on_end_display | 1/2 | 0 |"))
    #expect(lines.contains("| no_duplicate_transfers | 1/2 | 0 |"))
    let json = try CLIRunner.run([
      "compare", "Scenarios/invariants/no_duplicate_transfers.yaml", "--loaders", "naive,reference",
      "--json",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["loaders"] as? [String] == ["naive", "reference"])
    #expect((object["runs"] as? [Any])?.count == 2)
  }

  @Test("an unknown loader is refused with exit 2")
  func unknown() throws {
    let result = try CLIRunner.run(["compare", "Scenarios/invariants", "--loaders", "naive,fast"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown loader \"fast\""))
  }
}
