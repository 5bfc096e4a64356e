import CellSimUIKit
import SimKernel
import SimNetwork
import SimPlatform
import SimThreads

/// What a simulated run left behind, for the tests' checks.
struct RunOutcome {
  /// The full trace text.
  var trace: String
  /// The deadlock's summary, if the run ended in one.
  var deadlock: String?
  /// The most worker threads busy at once.
  var peakWorkers: Int
  /// Why the blocking threads stopped the run (a real block past the watchdog), if they did.
  var failure: String?
}

/// Lines tests append to from simulated threads (one runs at a time, so no real lock is
/// needed), with the virtual time in milliseconds.
final class Log: @unchecked Sendable {
  var lines: [String] = []
  func add(_ line: String) { lines.append("\(line) @\(virtualMilliseconds())") }
}

/// A value shared by simulated threads of one run.
final class Box<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// The calling world's virtual time in whole milliseconds.
func virtualMilliseconds() -> Int64 {
  guard let world = SimulationContext.world else { return -1 }
  return world.now.nanoseconds / 1_000_000
}

/// Whether the caller runs on the world's thread named `name` (`main`, `w1`).
func simulatedThreadName() -> String {
  guard let world = SimulationContext.world else { return "none" }
  return SimulationContext.currentThread(in: world)?.name ?? "none"
}

/// Runs `setup` in a fresh world installed on this thread (with a fake network serving
/// `bodies`, 50 ms to first byte unless `script` says otherwise, set up by `configure`; the
/// SimThreads watchdog at `watchdogMilliseconds` of real time), runs the world for
/// `milliseconds` of virtual time and tears it down.
@discardableResult
func simulate(
  for milliseconds: Int64 = 1_000, serving bodies: [String: [UInt8]] = [:],
  script: NetworkScript = NetworkScript(),
  watchdogMilliseconds: Int = 10_000, _ setup: () -> Void,
  network configure: (FakeNetwork) -> Void = { _ in }
) throws -> RunOutcome {
  let world = World(seed: 1, trace: .full)
  let threads = BlockingThreads.of(
    world, options: BlockingThreadsOptions(watchdog: .milliseconds(watchdogMilliseconds)))
  let network = try FakeNetwork(world: world, script: script) { bodies[$0] }
  LayerHost.attach(network: network, to: world)
  try LayerHost.withWorld(world) {
    configure(network)
    setup()
    try world.run(for: .ms(milliseconds))
  }
  let outcome = RunOutcome(
    trace: world.trace.fullText, deadlock: threads.deadlock?.summary,
    peakWorkers: world.workers.peakBusyThreads, failure: threads.failureDescription)
  network.tearDown()
  world.tearDown()
  return outcome
}

/// Delivers a memory warning in the calling world (as the scenario's `memory_warning` does).
func deliverMemoryWarning() {
  SimulationContext.world?.deliverMemoryWarning()
}

/// The calling world's device's core count (-1 outside any world).
func deviceCores() -> Int {
  SimulationContext.world?.device.cores ?? -1
}
