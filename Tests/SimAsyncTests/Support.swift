import SimAsync
import SimKernel
import SimPlatform

/// Lines that a simulation's tasks write, each stamped with virtual time.
///
/// Only the simulation's thread touches it, while the test waits.
final class EventLog: @unchecked Sendable {
  private(set) var lines: [String] = []
  weak var simulation: AsyncSimulation?

  /// Appends `text` stamped `@<ms>`.
  func add(_ text: String) {
    let ns = simulation?.now.nanoseconds ?? -1
    lines.append("@\(ns / 1_000_000) \(text)")
  }
}

/// What a test simulation produced.
struct Outcome {
  var report: AsyncReport
  var lines: [String]
  var digest: String
  var traceText: String

  /// The trace's async lines only, without the time prefix.
  var asyncTrace: [String] {
    traceText.split(separator: "\n").filter { $0.contains(" async.") }.map(String.init)
  }
}

/// Runs `body` in a fresh world (full trace) and returns its report, log and digest.
func simulate(
  seed: UInt64 = 1, options: AsyncSimulationOptions = AsyncSimulationOptions(),
  _ body: @escaping (AsyncSimulation, EventLog) throws -> Void
) async throws -> Outcome {
  let world = World(seed: seed, trace: .full)
  let log = EventLog()
  let report = try await withAsyncSimulation(world: world, options: options) { sim in
    log.simulation = sim
    try body(sim, log)
  }
  let outcome = Outcome(
    report: report, lines: log.lines, digest: world.trace.digestHex,
    traceText: world.trace.fullText)
  world.tearDown()
  return outcome
}

extension SimTime {
  /// `n` milliseconds after the start.
  static func ms(_ n: Int64) -> SimTime { SimTime(nanoseconds: n * 1_000_000) }
}
