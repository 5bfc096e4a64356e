import ArgumentParser

/// Hidden: runs a built-in randomized workload and prints its trace digest, so tests can compare
/// digests computed in separate processes.
struct WorkloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "_workload",
    abstract: "Run a built-in randomized workload and print its digest (for determinism tests).",
    shouldDisplay: false
  )

  func run() throws {}
}
