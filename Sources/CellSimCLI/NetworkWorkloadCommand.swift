import ArgumentParser
import SimNetwork

/// Hidden: runs the built-in randomized network workload and prints its trace digest, so tests
/// can compare digests computed in separate processes.
struct NetworkWorkloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "_network-workload",
    abstract: "Run the randomized network workload and print its digest (determinism tests).",
    shouldDisplay: false
  )

  @Option(help: "The run seed.")
  var seed: UInt64 = 0

  func run() throws {
    print(NetworkWorkload.run(seed: seed).1.summary)
  }
}
