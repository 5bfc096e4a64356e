import Foundation
import Testing

/// `--jobs` is bounded: at most 8 × the cores (exit 2 naming the flag, the value and the
/// bound), and `fuzz` starts no more workers than it has cases. `fuzz --out` is checked like
/// every other output path.
@Suite("cellsim --jobs and fuzz --out")
struct JobsCLITests {
  static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

  @Test(
    "an absurd --jobs is exit 2 before any work, naming the flag, the value and the bound",
    arguments: [
      ["run", "Scenarios/perf/fling-1000.yaml"],
      ["compare", "Scenarios/perf", "--loaders", "naive"],
      ["fuzz", "--loader", "naive", "--cases", "1", "--out", "/tmp/cellsim-jobs-never-written"],
    ])
  func absurdJobs(_ arguments: [String]) throws {
    let result = try CLIRunner.run(arguments + ["--jobs", "100000"])
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(
      result.stderr.contains("--jobs: 100000 is more than \(8 * Self.cores)"), "\(result.stderr)")
    #expect(result.stderr.contains("8 × the \(Self.cores) core(s)"), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/cellsim-jobs-never-written"))
    let zero = try CLIRunner.run(arguments + ["--jobs", "0"])
    #expect(zero.status == 2)
    #expect(zero.stderr.contains("--jobs: must be at least 1, got 0"), "\(zero.stderr)")
  }

  @Test("the bound itself is accepted: 8 × the cores")
  func boundAccepted() throws {
    let result = try CLIRunner.run([
      "run", "Scenarios/examples", "--jobs", "\(8 * Self.cores)", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("fuzz starts no more workers than it has cases")
  func fuzzWorkersCappedAtCases() throws {
    let out = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run([
      "fuzz", "--loader", "reference", "--cases", "1", "--jobs", "\(8 * Self.cores)",
      "--out", out.path, "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"workers\" : 1"), "\(result.stdout)")
    #expect(result.stdout.contains("\"cases\" : 1"), "\(result.stdout)")
  }

  @Test("fuzz --out that is an existing file is exit 2 before any worker starts")
  func fuzzOutIsAFile() throws {
    let result = try CLIRunner.run([
      "fuzz", "--loader", "naive", "--cases", "1", "--out", "README.md",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.contains("cellsim fuzz: error: --out README.md: is a file, not a folder"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("cases/s"), "\(result.stderr)")
  }
}
