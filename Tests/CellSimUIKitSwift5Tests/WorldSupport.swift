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

/// (Swift 5 mode copy of CellSimUIKitTests' helper.) Runs `setup` in a fresh world installed on this thread (with a fake network serving
/// `bodies`, 50 ms to first byte), runs the world for `milliseconds` of virtual time and tears
/// it down.
@discardableResult
func simulate(
  for milliseconds: Int64 = 1_000, serving bodies: [String: [UInt8]] = [:],
  _ setup: () -> Void
) throws -> RunOutcome {
  let world = World(seed: 1, trace: .full)
  let threads = BlockingThreads.of(world)
  let network = try FakeNetwork(world: world) { bodies[$0] }
  LayerHost.attach(network: network, to: world)
  try LayerHost.withWorld(world) {
    setup()
    try world.run(for: .ms(milliseconds))
  }
  let outcome = RunOutcome(
    trace: world.trace.fullText, deadlock: threads.deadlock?.summary,
    peakWorkers: world.workers.peakBusyThreads)
  network.tearDown()
  world.tearDown()
  return outcome
}

/// A 1×1 PNG's signature and header: enough for `UIImage(data:)`, for images never displayed
/// long enough to be decoded.
let pngHeader1x1: [UInt8] = [
  0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0,
  0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
]
