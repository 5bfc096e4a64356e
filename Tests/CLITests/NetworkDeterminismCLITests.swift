import Foundation
import SimNetwork
import Testing

/// The network workload's digest must be equal in separate processes and in this one: any
/// `Dictionary` or `Set` order leaking into the network's trace would show up here.
@Suite("Cross-process determinism of the fake network")
struct NetworkDeterminismCLITests {
  @Test(
    "the network workload gives the same digest in two processes and in this one",
    arguments: [2, 5, 13] as [UInt64])
  func networkWorkload(seed: UInt64) throws {
    let first = try CellSimProcess.run(["_network-workload", "--seed", "\(seed)"])
    let second = try CellSimProcess.run(["_network-workload", "--seed", "\(seed)"])
    #expect(first.status == 0, "stderr: \(first.stderr)")
    #expect(first.stdout == second.stdout)
    let here = NetworkWorkload.run(seed: seed).1
    #expect(first.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == here.summary)
  }
}
