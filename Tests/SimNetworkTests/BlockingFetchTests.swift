import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Blocking fetch (dataWithContentsOfURL)")
struct BlockingFetchTests {
  let url = "https://img.test/1.png"

  @Test("holds its worker thread, but no CPU slot, for the whole transfer")
  func holdsThread() throws {
    let world = quietWorld()
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(100)), bandwidth: 100_000),
      bodies: [url: pattern(10_000)])
    var got: (SimTime, Int)?
    var order: [String] = []
    world.loop.schedule(at: ms(5)) {
      world.globalQueue().async { execution in
        execution.spend(.ms(5))
        network.fetchSynchronously(url, on: execution) { result in
          got = (world.now, (try? result.get())?.count ?? -1)
          order.append("fetched")
        }
        execution.then { order.append("after") }
      }
    }
    world.loop.schedule(at: ms(50)) {
      #expect(world.workers.busyThreads == 1 && world.workers.blockedThreads == 1)
      #expect(network.records.first?.queuedAt == ms(10))
    }
    try world.run(until: ms(1_000))
    // Queued at 10 ms, first byte at 110 ms, 10,000 B at 100 KB/s = 100 ms.
    #expect(got?.0 == ms(210) && got?.1 == 10_000)
    #expect(order == ["fetched", "after"])
    #expect(world.workers.busyThreads == 0)
  }

  @Test("cancelling the enclosing operation does not stop the fetch")
  func operationCancelDoesNotStop() throws {
    let world = quietWorld()
    let network = try makeNetwork(world, bodies: [url: pattern(100)])
    let queue = world.operationQueue()
    var results: [Int] = []
    var operation: SimulatedOperation?
    world.loop.schedule(at: .zero) {
      operation = queue.addOperation { execution in
        network.fetchSynchronously(url, on: execution) { result in
          results.append((try? result.get())?.count ?? -1)
        }
      }
    }
    world.loop.schedule(at: ms(40)) { operation?.cancel() }
    try world.run(until: ms(1_000))
    #expect(results == [100])
    #expect(operation?.isCancelled == true && operation?.isFinished == true)
    #expect(network.records.first?.outcome == .success)
  }

  @Test("failures arrive as errors on the same thread")
  func failure() throws {
    let world = quietWorld()
    let network = try makeNetwork(world, bodies: [:])
    var error: NetworkError?
    world.globalQueue().async { execution in
      network.fetchSynchronously(url, on: execution) { result in
        if case .failure(let failure) = result { error = failure }
      }
    }
    try world.run(until: ms(1_000))
    #expect(error == .http(status: 404))
  }

  @Test("blocked fetches on a global queue make the pool start more threads than cores")
  func threadExplosion() throws {
    let world = quietWorld()
    let urls = (0..<20).map { "https://img\($0).test/x.png" }
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(500))),
      bodies: Dictionary(uniqueKeysWithValues: urls.map { ($0, pattern(10)) }))
    for url in urls {
      world.globalQueue().async { execution in
        network.fetchSynchronously(url, on: execution) { _ in }
      }
    }
    try world.run(until: ms(2_000))
    #expect(world.workers.peakBusyThreads == 20)
    #expect(network.records.allSatisfy { $0.endedAt == ms(500) })
  }
}
