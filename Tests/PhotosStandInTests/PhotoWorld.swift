import CellSimUIKit
import Photos
import SimKernel
import SimNetwork
import SimPlatform
import SimThreads
import TestSupport

/// The bytes of two fixture photos of different sizes, read once.
enum PhotoFixtures {
  static let wide = read("generated/size-640x427-rgb-8bit.png")
  static let square = read("generated/size-256x256-palette-8bit.png")

  static func read(_ path: String) -> [UInt8] {
    let url = Repository.fixtures.appendingPathComponent(path)
    guard let data = Foundation.FileManager.default.contents(atPath: url.path) else {
      preconditionFailure("missing fixture \(url.path)")
    }
    return [UInt8](data)
  }
}

/// The URLs of a small library: `count` photos, alternating the two fixtures.
func libraryURLs(_ count: Int) -> [String] {
  (0..<count).map { "https://photos.test/\($0).png" }
}

/// Lines the tests append to from simulated threads (one runs at a time), with the virtual
/// time in milliseconds and the simulated thread's name.
final class PhotoLog: @unchecked Sendable {
  var lines: [String] = []
  func add(_ line: String) {
    guard let world = SimulationContext.world else {
      lines.append("\(line) outside")
      return
    }
    let thread = SimulationContext.currentThread(in: world)?.name ?? "none"
    lines.append("\(line) on \(thread) @\(world.now.nanoseconds / 1_000_000)")
  }
}

/// A fresh world with a fake network serving `count` library photos (50 ms to first byte
/// unless `script` says otherwise), its library filled with them; runs `setup` in it, runs it
/// for `milliseconds` of virtual time, tears it down and returns the trace.
@discardableResult
func simulateLibrary(
  photos count: Int = 4, for milliseconds: Int64 = 2_000,
  script: NetworkScript = NetworkScript(latency: .fixed(.ms(50))), _ setup: () -> Void
) throws -> String {
  let urls = libraryURLs(count)
  var bodies: [String: [UInt8]] = [:]
  for (index, url) in urls.enumerated() {
    bodies[url] = index.isMultiple(of: 2) ? PhotoFixtures.wide : PhotoFixtures.square
  }
  let world = World(seed: 1, trace: .full)
  let threads = BlockingThreads.of(
    world, options: BlockingThreadsOptions(watchdog: .milliseconds(10_000)))
  let network = try FakeNetwork(world: world, script: script) { bodies[$0] }
  LayerHost.attach(network: network, to: world)
  try LayerHost.withWorld(world) {
    PHPhotoLibrary.fillSimulatedLibrary(with: urls.map { URL(string: $0)! })
    setup()
    PHPhotoLibrary._checkSimulatedLibraryInvariants()
    try world.run(for: .ms(milliseconds))
    PHPhotoLibrary._checkSimulatedLibraryInvariants()
  }
  let trace = world.trace.fullText
  precondition(threads.failureDescription == nil, "\(threads.failureDescription ?? "")")
  network.tearDown()
  world.tearDown()
  return trace
}

/// The trace's lines of `kind` (`photos.deliver`), in order.
func traceLines(_ trace: String, _ kind: String) -> [String] {
  trace.split(separator: "\n").map(String.init).filter {
    $0.contains(" \(kind) ") || $0.hasSuffix(" \(kind)")
  }
}
