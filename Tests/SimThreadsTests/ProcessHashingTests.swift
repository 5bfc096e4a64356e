import ChildTestSupport
import Foundation
import Testing

@testable import SimThreads

/// The hashing seed CellSim fixes at process start: one iteration order in every process.
@Suite("Hashing is fixed at process start, so user code's Set order is the same in every process")
struct ProcessHashingTests {
  static let outputVariable = "SIMTHREADS_HASH_ORDER_OUT"

  /// A set's iteration order in this process, and what the start did to the seed.
  static func report() -> String {
    let order = Array(Set(0..<200)).prefix(40).map(String.init).joined(separator: ",")
    return "\(ProcessHashing.start) deterministic=\(ProcessHashing.isDeterministic) \(order)"
  }

  @Test(
    "writes this process's set order (run by the cross-process test only)",
    .enabled(if: ProcessInfo.processInfo.environment[outputVariable] != nil))
  func writeOrder() throws {
    let path = try #require(ProcessInfo.processInfo.environment[Self.outputVariable])
    try Self.report().write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Runs `writeOrder` in a child process of this test binary, with `environment` added; when
  /// `throughPath`, started by its bare name through `PATH` (as a shell starts a program), so
  /// that the process knows its own path only from the system.
  func childReport(_ environment: [String: String], throughPath: Bool = false) throws -> String {
    var merged: [String: String?] = [
      "SWIFT_DETERMINISTIC_HASHING": nil, "CELLSIM_RANDOM_HASHING": nil,
    ]
    for (key, value) in environment { merged[key] = value }
    let child = try ChildTest.run(
      "ProcessHashingTests/writeOrder", environment: merged, fileVariable: Self.outputVariable,
      throughPath: throughPath)
    #expect(child.status == 0, "\(child.output)")
    return try #require(child.file, "the child wrote no report: \(child.output)")
  }

  @Test("two processes iterate a set in one order; asked for random hashing, they do not")
  func fixedAcrossProcesses() throws {
    let first = try childReport([:])
    let second = try childReport([:])
    #expect(first.hasPrefix("fixed deterministic=true "), "\(first)")
    #expect(first == second)
    // Started by its bare name through PATH, the process still finds itself the main program.
    #expect(try childReport([:], throughPath: true) == first)
    let randomFirst = try childReport(["CELLSIM_RANDOM_HASHING": "1"])
    let randomSecond = try childReport(["CELLSIM_RANDOM_HASHING": "1"])
    #expect(randomFirst.hasPrefix("randomAsked deterministic=false "), "\(randomFirst)")
    // Forty elements of a 200-element set in the same order under two random seeds: never.
    #expect(randomFirst != randomSecond)
    // The test process itself started with the seed fixed, unless its runner asked otherwise.
    if ProcessInfo.processInfo.environment["CELLSIM_RANDOM_HASHING"] == nil {
      #expect(ProcessHashing.isDeterministic)
    }
  }
}
