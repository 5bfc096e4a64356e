import Foundation
import Scenarios
import TestSupport
import Testing

/// `cellsim fuzz`, `fuzz merge`, `shrink` and `replay` as users run them.
@Suite("cellsim fuzz, shrink and replay", .serialized)
struct FuzzCLITests {
  /// Finding files (not temporary ones) in `folder`, sorted.
  static func findings(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.sorted()
      .map { folder.appendingPathComponent($0) }
  }

  @Test("a naive campaign finds the cross-cell bug; each finding replays and meets its expectation")
  func naiveCampaign() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run([
      "fuzz", "--loader", "naive", "--invariants", "no_cross_cell_image", "--cases", "2",
      "--jobs", "2", "--out", out.path, "--json",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("\"cases\" : 2"))
    #expect(result.stderr.contains("fuzz: 2 cases"))
    let files = Self.findings(in: out)
    #expect(!files.isEmpty)
    for file in files {
      let scenario = try Scenario(contentsOf: file)
      #expect(scenario.expect.violations == [.noCrossCellImage])
      #expect(scenario.events.count <= 10)
      #expect(scenario.about?.contains("cellsim fuzz --loader naive --seed 0") == true)
      let replay = try CLIRunner.run(["replay", file.path, "--trace"])
      #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
      #expect(replay.stdout.contains(">>> no_cross_cell_image violated here"))
    }
    // Merging the folder with a copy of itself keeps one file per signature.
    let copy = try CLIRunner.temporaryFolder()
    let merged = try CLIRunner.temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: copy)
      try? FileManager.default.removeItem(at: merged)
    }
    for file in files {
      try FileManager.default.copyItem(
        at: file, to: copy.appendingPathComponent("copy-" + file.lastPathComponent))
    }
    let merge = try CLIRunner.run(["fuzz", "merge", out.path, copy.path, "--out", merged.path])
    #expect(merge.status == 1, "\(merge.stderr)")
    #expect(merge.stdout.contains("\(files.count) duplicate(s) dropped"))
    #expect(Self.findings(in: merged).map(\.lastPathComponent) == files.map(\.lastPathComponent))
  }

  @Test(
    "SIGINT and SIGTERM stop a campaign: every finding written is complete, no partial file",
    arguments: [SIGINT, SIGTERM])
  func interrupt(signal number: Int32) throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = try CLIRunner.binary()
    process.arguments = [
      "fuzz", "--loader", "naive", "--invariants", "no_cross_cell_image,no_duplicate_transfers",
      "--time", "10m", "--jobs", "2", "--out", out.path,
    ]
    process.currentDirectoryURL = Repository.root
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let started = Date()
    while Self.findings(in: out).isEmpty && Date().timeIntervalSince(started) < 180 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(!Self.findings(in: out).isEmpty, "no finding within 180 s")
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + number)
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(names.allSatisfy { !$0.hasPrefix(".") }, "partial files: \(names)")
    for file in Self.findings(in: out) {
      let scenario = try Scenario(contentsOf: file)
      #expect(!scenario.expect.violations.isEmpty)
    }
  }

  @Test("a trap is shrunk in child processes to the one event that causes it, 1-minimal")
  func trapShrunk() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run(
      [
        "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--cases", "3",
        "--jobs", "1", "--case-timeout", "20", "--out", out.path, "--json",
      ], environment: ["CELLSIM_FUZZ_TEST_TRAP_ON": "touch"])
    #expect(result.status == 1, "\(result.stderr)")
    let files = Self.findings(in: out)
    #expect(files.count == 1 && files.allSatisfy { $0.lastPathComponent.hasPrefix("trap-") })
    for file in files {
      let scenario = try Scenario(contentsOf: file)
      #expect(scenario.events.map(\.action.key) == ["touch"], "\(scenario.yamlText())")
      #expect(scenario.network.rules.isEmpty && scenario.network.outages.isEmpty)
      #expect(scenario.about?.contains(" to 1 events") == true, "\(scenario.about ?? "")")
    }
  }

  @Test("a trap is shrunk while the campaign goes on, so an interrupt finds it shrunk already")
  func trapShrunkBeforeInterrupt() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = try CLIRunner.binary()
    process.arguments = [
      "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--time", "10m",
      "--jobs", "1", "--case-timeout", "20", "--out", out.path,
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["CELLSIM_FUZZ_TEST_TRAP_ON": "touch"]) { $1 }
    process.currentDirectoryURL = Repository.root
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    func shrunk() -> Bool {
      Self.findings(in: out).contains { file in
        (try? Scenario(contentsOf: file))?.events.map(\.action.key) == ["touch"]
      }
    }
    let started = Date()
    while !shrunk() && Date().timeIntervalSince(started) < 240 {
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(shrunk(), "no trap finding shrunk to its one event within 240 s of a running campaign")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGINT)
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(names.allSatisfy { !$0.hasPrefix(".") }, "partial or candidate files: \(names)")
  }

  @Test("workers are recycled after --worker-limit cases and the campaign runs every case")
  func recycledWorkers() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run([
      "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--cases", "5",
      "--jobs", "2", "--worker-limit", "1", "--out", out.path, "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"cases\" : 5"), "\(result.stdout)")
  }

  @Test("bad flags exit 2 with a message naming the flag")
  func badInput() throws {
    for (arguments, flag) in [
      (["fuzz", "--loader", "nope"], "--loader"),
      (["fuzz", "--loader", "naive", "--shard", "2/2"], "--shard"),
      (["fuzz", "--loader", "naive", "--time", "soon"], "--time"),
      (["fuzz", "--loader", "naive", "--invariants", "nope"], "--invariants"),
      (["shrink", "missing.yaml"], "missing.yaml"), (["replay", "missing.yaml"], "missing.yaml"),
    ] {
      let result = try CLIRunner.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(flag), "\(arguments): \(result.stderr)")
    }
  }

  @Test("cellsim shrink writes a 1-minimal finding that keeps the file's first expected violation")
  func shrink() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let file = out.appendingPathComponent("shrunk.yaml")
    let result = try CLIRunner.run([
      "shrink", "Scenarios/seeds/naive/cross-cell-late-completion.yaml", "--out", file.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let scenario = try Scenario(contentsOf: file)
    #expect(scenario.expect.violations == [.noCrossCellImage])
    #expect(scenario.events.count <= 2)
    #expect(try CLIRunner.run(["replay", file.path]).status == 0)
    let passing = try CLIRunner.run([
      "shrink", "Scenarios/seeds/naive/cross-cell-late-completion-reference.yaml",
    ])
    #expect(passing.status == 1)
  }
}

/// The fuzz campaign's guards against hangs, which wait on real time: a case timeout, a hang
/// check, a worker that sleeps. A suite of their own, serialized, so that they never wait on
/// each other's children; the rest of `cellsim fuzz` runs beside them, and so does the hang
/// shrink (`FuzzHangShrinkCLITests`). Each runs one case
/// where one is enough: every hanging case waits out its timeout, and every shrink of a hang
/// waits out one hang check per candidate that still hangs.
@Suite("cellsim fuzz: hangs and slow cases", .serialized)
struct FuzzHangCLITests {
  @Test("a worker that traps, or hangs past the guard, is a finding; the campaign goes on")
  func trapAndHang() throws {
    for (variable, label) in [
      ("CELLSIM_FUZZ_TEST_TRAP_AT", "trap"), ("CELLSIM_FUZZ_TEST_HANG_AT", "hang"),
      ("CELLSIM_FUZZ_TEST_SPIN_AT", "hang"),
    ] {
      let out = try CLIRunner.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: out) }
      let result = try CLIRunner.run(
        [
          "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--cases", "2",
          "--jobs", "1", "--case-timeout", "3", "--out", out.path, "--json",
        ], environment: [variable: "0"])
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stdout.contains("\"cases\" : 2"), "\(result.stdout)")
      let files = FuzzCLITests.findings(in: out).map(\.lastPathComponent)
      #expect(files.count == 1 && files[0].hasPrefix(label + "-"), "\(files)")
      let scenario = try Scenario(contentsOf: out.appendingPathComponent(files[0]))
      #expect(scenario.about?.contains("case 0") == true)
    }
  }

  @Test("a slow case whose runs keep ending is no hang, however long the whole case takes")
  func slowCaseIsNoHang() throws {
    // The case runs its scenario 9 more times, and every run is followed by 0.6 s of sleep:
    // at least 6 s for the case against a 5 s guard, but well under 5 s between two runs.
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let started = Date()
    let result = try CLIRunner.run(
      [
        "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--cases", "1",
        "--jobs", "1", "--case-timeout", "5", "--out", out.path, "--json",
      ], environment: ["CELLSIM_FUZZ_TEST_SLOW_CASE": "9:600"])
    #expect(Date().timeIntervalSince(started) > 6, "the hook did not slow the case down")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"cases\" : 1"), "\(result.stdout)")
    #expect(FuzzCLITests.findings(in: out).isEmpty, "\(FuzzCLITests.findings(in: out))")
  }

  @Test("a hang shrink that only looked hung on a slow machine is not written: the finding stays")
  func slowShrinkIsNoHang() throws {
    // Every child run of the shrink sleeps 1.5 s first (a loaded machine), against a first
    // candidate limit of 1 s: every candidate looks hung. The shrunk scenario is confirmed
    // against --case-timeout (5 s), where it finishes, so the unshrunk finding is kept.
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run(
      [
        "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--cases", "1",
        "--jobs", "1", "--case-timeout", "5", "--hang-check-timeout", "1",
        "--trap-shrink-time", "6", "--out", out.path, "--json",
      ],
      environment: [
        "CELLSIM_FUZZ_TEST_HANG_ON": "touch", "CELLSIM_FUZZ_TEST_CHECK_SLOW": "1500",
      ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("left unshrunk"), "\(result.stderr)")
    let files = FuzzCLITests.findings(in: out)
    #expect(!files.isEmpty && files.allSatisfy { $0.lastPathComponent.hasPrefix("hang-") })
    for file in files {
      let scenario = try Scenario(contentsOf: file)
      #expect(scenario.events.map(\.action.key).contains("touch"), "\(scenario.yamlText())")
      #expect(scenario.events.count > 1, "\(scenario.yamlText())")
    }
  }
}

/// The longest of the hang tests, alone: a suite of its own runs beside the other hang tests
/// instead of after them, so the last minute of `swift test` is not these tests one by one.
@Suite("cellsim fuzz: a hang shrunk to its one event")
struct FuzzHangShrinkCLITests {
  @Test("a hang is shrunk in child processes to the one event that causes it, and confirmed")
  func hangShrunk() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run(
      [
        "fuzz", "--loader", "reference", "--invariants", "no_cross_cell_image", "--cases", "1",
        "--jobs", "1", "--case-timeout", "4", "--hang-check-timeout", "1", "--out", out.path,
        "--json",
      ], environment: ["CELLSIM_FUZZ_TEST_HANG_ON": "touch"])
    #expect(result.status == 1, "\(result.stderr)")
    let files = FuzzCLITests.findings(in: out)
    #expect(files.count == 1 && files.allSatisfy { $0.lastPathComponent.hasPrefix("hang-") })
    for file in files {
      let scenario = try Scenario(contentsOf: file)
      #expect(scenario.events.map(\.action.key) == ["touch"], "\(scenario.yamlText())")
      #expect(scenario.about?.contains(" to 1 events") == true, "\(scenario.about ?? "")")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(names.allSatisfy { !$0.hasPrefix(".") }, "candidate files left: \(names)")
  }
}
