import CellSimUIKitHost
import ChildTestSupport
import Foundation
import Scenarios
import TestSupport
import Testing

/// A hosted screen whose code walks sets gives one digest in every process, because CellSim
/// fixes the hashing seed at process start; with random hashing asked for, it does not.
@Suite("A hosted screen that walks sets runs the same in every process")
struct HostedHashingTests {
  static let outputVariable = "CELLSIM_HOSTED_HASHING_OUT"
  static let yaml = """
    cellsim: 1
    name: "hosted: flings that stop on new rows, each time"
    seed: 11
    table: {rows: 200, row_height: 60}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "20ms", max: "200ms"}}
    events:
      - {at: "1s", drag: {by: 900, over: "150ms"}}
      - {at: "1.15s", release: {velocity: 2500}}
      - {at: "4s", drag: {by: 900, over: "150ms"}}
      - {at: "4.15s", release: {velocity: 2500}}
      - {at: "7s", drag: {by: -600, over: "150ms"}}
      - {at: "7.15s", release: {velocity: -2000}}
    run_until: "12s"
    invariants: [no_cross_cell_image]
    """

  @Test(
    "writes the hosted run's digest (run by the cross-process test only)",
    .enabled(if: ProcessInfo.processInfo.environment[outputVariable] != nil))
  @MainActor func writeDigest() throws {
    let path = try #require(ProcessInfo.processInfo.environment[Self.outputVariable])
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { SetOrderViewController() }, rows: { $0.photoURLs = $1 })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    try "\(result.digest) \(result.events)".write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The digest a child process of this test binary computes, with `environment` added.
  func childDigest(_ environment: [String: String]) throws -> String {
    var merged: [String: String?] = [
      "SWIFT_DETERMINISTIC_HASHING": nil, "CELLSIM_RANDOM_HASHING": nil,
    ]
    for (key, value) in environment { merged[key] = value }
    let child = try ChildTest.run(
      "HostedHashingTests/writeDigest", environment: merged, fileVariable: Self.outputVariable)
    #expect(child.status == 0, "\(child.output)")
    return child.file ?? "none"
  }

  @Test("two processes give one digest; processes hashing at random give others")
  func oneDigestInEveryProcess() throws {
    let first = try childDigest([:])
    let second = try childDigest([:])
    #expect(first != "none")
    #expect(first == second)
    // The screen's set walks do reach the trace: under random seeds the digests scatter.
    let random = try (0..<3).map { _ in try childDigest(["CELLSIM_RANDOM_HASHING": "1"]) }
    #expect(Set(random + [first]).count > 1, "\(random) \(first)")
  }
}
