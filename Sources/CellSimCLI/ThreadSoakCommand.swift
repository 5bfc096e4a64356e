import ArgumentParser
import SimThreads

/// Hidden: runs many short worlds whose blocking threads are parked when they end, and prints
/// the process's OS thread count and resident memory before, after a warm-up and at the end,
/// one `runs=… threads=… rss=…` line each, so a test in another process can check that
/// tear-down leaks no thread and no memory.
struct ThreadSoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "_thread-soak",
    abstract: "Run worlds with parked blocking threads and print thread counts and RSS.",
    shouldDisplay: false
  )

  @Option(help: "Worlds to run (1 to 1,000,000).")
  var runs = 10_000

  @Option(help: "Worlds to run before the middle sample.")
  var warmUp = 1_000

  func validate() throws {
    guard (1...1_000_000).contains(runs) else {
      throw ValidationError("--runs: \(runs) is not between 1 and 1000000")
    }
    guard (0...runs).contains(warmUp) else {
      throw ValidationError("--warm-up: \(warmUp) is not between 0 and --runs (\(runs))")
    }
  }

  func run() throws {
    for sample in ThreadSoak.run(runs: runs, warmUp: warmUp) {
      print("runs=\(sample.runs) threads=\(sample.threads) rss=\(sample.residentBytes)")
    }
  }
}
