import Foundation
import Testing

/// Tear-down of blocking threads, measured in a process of its own (other tests start threads
/// of their own, so this process's thread count proves nothing).
@Suite("Blocking threads leak nothing over 10,000 runs")
struct ThreadSoakCLITests {
  struct Sample {
    var runs: Int
    var threads: Int
    var rss: Int
  }

  static func samples(_ output: String) -> [Sample] {
    output.split(separator: "\n").compactMap { line in
      var values: [String: Int] = [:]
      for field in line.split(separator: " ") {
        let parts = field.split(separator: "=")
        if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
      }
      guard let runs = values["runs"], let threads = values["threads"], let rss = values["rss"]
      else { return nil }
      return Sample(runs: runs, threads: threads, rss: rss)
    }
  }

  @Test(
    "after 10,000 worlds torn down with parked threads, threads are back at baseline, RSS flat",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func noLeaks() throws {
    let result = try CLIRunner.run(["_thread-soak", "--runs", "10000", "--warm-up", "2000"])
    #expect(result.status == 0, "\(result.stderr)")
    let samples = Self.samples(result.stdout)
    try #require(samples.count == 3, "\(result.stdout)")
    let (baseline, warm, end) = (samples[0], samples[1], samples[2])
    // Every run started a dozen carrier threads and ended them all.
    #expect(warm.threads == baseline.threads, "\(result.stdout)")
    #expect(end.threads == baseline.threads, "\(result.stdout)")
    // Each run leaves 4 KiB buffers in eight parked bodies: a leak of the bodies' frames would
    // grow RSS by 256 MB over the 8,000 runs after the warm-up, one of the worlds by more.
    #expect(end.rss - warm.rss < 8 << 20, "\(result.stdout)")
  }

  @Test("a bad --runs is exit 2, naming the flag")
  func badRuns() throws {
    let result = try CLIRunner.run(["_thread-soak", "--runs", "0"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--runs"))
  }
}
