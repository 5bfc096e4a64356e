import CellSimUIKitHost
import ChildTestSupport
import Foundation
import Scenarios
import Testing

/// The stand-in keeps its requests and reads in dictionaries, looked up only: a hosted grid run
/// must give one digest whatever the process's hashing seed.
@Suite("A hosted PhotoKit grid runs the same in every process")
struct PhotoGridHashingTests {
  static let outputVariable = "CELLSIM_PHOTO_GRID_HASHING_OUT"

  /// The preheating grid: requests, shared reads, cancels of caching and cache hits.
  static func digest() throws -> String {
    let result = try PhotoGridTests.run(http2: true) { PreheatingGridViewController() }
    return "\(result.digest) \(result.events)"
  }

  @Test(
    "writes the grid run's digest (run by the cross-process test only)",
    .enabled(if: ProcessInfo.processInfo.environment[outputVariable] != nil))
  func writeDigest() throws {
    let path = try #require(ProcessInfo.processInfo.environment[Self.outputVariable])
    try Self.digest().write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test("processes hashing at random give this process's digest")
  func oneDigestWhateverTheSeed() throws {
    let here = try Self.digest()
    for _ in 0..<2 {
      let child = try ChildTest.run(
        "PhotoGridHashingTests/writeDigest",
        environment: ["SWIFT_DETERMINISTIC_HASHING": nil, "CELLSIM_RANDOM_HASHING": "1"],
        fileVariable: Self.outputVariable)
      #expect(child.status == 0, "\(child.output)")
      #expect(child.file == here)
    }
  }
}
