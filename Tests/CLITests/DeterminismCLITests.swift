import Foundation
import SimKernel
import SimPlatform
import Testing

/// Digests must be equal in separate processes: Swift seeds `Hasher` per process, so any
/// `Dictionary` or `Set` order that leaked into a trace would show up here.
@Suite("Cross-process determinism")
struct DeterminismCLITests {
  @Test(
    "the platform workload gives the same digest in two processes and in this one",
    arguments: [3, 8, 21] as [UInt64])
  func platformWorkload(seed: UInt64) throws {
    let first = try CellSimProcess.run(["_workload", "--seed", "\(seed)"])
    let second = try CellSimProcess.run(["_workload", "--seed", "\(seed)"])
    #expect(first.status == 0, "stderr: \(first.stderr)")
    #expect(first.stdout == second.stdout)
    let here = PlatformWorkload.run(seed: seed).1
    #expect(
      first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        == "digest=\(here.digest) lines=\(here.lines) events=\(here.events)")
  }

  @Test(
    "an async loader's scenario gives one digest in two processes",
    arguments: [
      "Scenarios/async/async-reference-flaky-fling.yaml",
      "Scenarios/async/async-unchecked-cross-cell.yaml",
    ])
  func asyncScenario(file: String) throws {
    let first = try CellSimProcess.run(["run", file])
    let second = try CellSimProcess.run(["run", file])
    #expect(first.status == 0, "stderr: \(first.stderr)")
    let digest = { (text: String) in
      text.split(separator: " ").drop { $0 != "digest" }.dropFirst().first.map(String.init)
    }
    #expect(digest(first.stdout) != nil, "\(first.stdout)")
    #expect(digest(first.stdout) == digest(second.stdout))
  }

  @Test("a bad flag value is refused with a clear message and exit code 2")
  func badFlag() throws {
    let result = try CellSimProcess.run(["_workload", "--duration", "fast"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--duration"))
  }
}
