import ArgumentParser
import SimKernel
import SimPlatform

/// Hidden: runs the built-in randomized platform workload and prints its trace digest, so tests
/// can compare digests computed in separate processes.
struct WorkloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "_workload",
    abstract: "Run the randomized platform workload and print its digest (determinism tests).",
    shouldDisplay: false
  )

  @Option(help: "The run seed.")
  var seed: UInt64 = 0

  @Option(
    help: "Virtual time to run, e.g. 400ms.",
    transform: { text in
      do { return try SimDuration(parsing: text) } catch {
        throw ValidationError("--duration: \(error)")
      }
    })
  var duration: SimDuration = .ms(400)

  func run() throws {
    let outcome = PlatformWorkload.run(seed: seed, duration: duration).1
    print("digest=\(outcome.digest) lines=\(outcome.lines) events=\(outcome.events)")
  }
}
