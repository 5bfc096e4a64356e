import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

/// `SimulatedDataTask.progress`: `URLSessionTask.progress`, counted as bytes arrive.
@Suite("Task progress")
struct TaskProgressTests {
  final class ProgressLog: SimulatedDataTaskDelegate {
    var seen: [RequestProgress] = []
    func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
      seen.append(task.progress)
    }
    func dataTask(
      _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
    ) {}
  }

  @Test("each chunk adds its bytes; the total is the body's length; the request is named")
  func countsChunks() throws {
    let world = quietWorld()
    let url = "https://img.test/1.png"
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(10)), chunkSize: 1_000),
      bodies: [url: pattern(2_500)])
    let log = ProgressLog()
    let task = SimulatedURLSession(network: network, callbackQueue: .main)
      .dataTask(with: url, delegate: log)
    #expect(task.progress.totalUnitCount == -1 && task.progress.completedUnitCount == 0)
    #expect(task.progress.transferID == 0)
    task.resume()
    try world.run(until: ms(1_000))
    #expect(log.seen.map(\.completedUnitCount) == [1_000, 2_000, 2_500])
    #expect(log.seen.allSatisfy { $0.totalUnitCount == 2_500 && $0.url == url })
    #expect(log.seen.allSatisfy { $0.transferID == network.records[0].id })
    #expect(task.progress.fractionCompleted == 1)
  }
}
