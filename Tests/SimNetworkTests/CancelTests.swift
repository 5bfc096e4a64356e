import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Cancel")
struct CancelTests {
  let url = "https://img.test/1.png"
  let other = "https://img.test/2.png"

  func network(_ world: World, bandwidth: Int64? = nil, slots: Int? = nil) throws -> FakeNetwork {
    try makeNetwork(
      world,
      NetworkScript(
        latency: .fixed(.ms(100)), bandwidth: bandwidth, chunkSize: 1_000,
        maxConnectionsPerHost: slots),
      bodies: [url: pattern(10_000), other: pattern(10)])
  }

  @Test("cancel before resume completes with .cancelled and makes no transfer")
  func beforeResume() throws {
    let world = quietWorld()
    let network = try network(world)
    let completions = Completions()
    let task = SimulatedURLSession(network: network, callbackQueue: .main).dataTask(with: url) {
      _, result in completions.results.append((url, world.now, result))
    }
    task.cancel()
    task.resume()
    task.cancel()
    try world.run(until: ms(1_000))
    #expect(completions.onlyError == .cancelled)
    #expect(network.records.isEmpty)
    #expect(task.state == .completed)
  }

  @Test("cancel while waiting for a slot: the transfer never starts; the next one moves up")
  func whileWaiting() throws {
    let world = quietWorld()
    let network = try network(world, slots: 1)
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let completions = Completions()
    completions.fetch(other, on: session)
    let waiting = completions.fetch(url, on: session)
    completions.fetch(other, on: session)
    world.loop.schedule(at: ms(10)) { waiting.cancel() }
    try world.run(until: ms(1_000))
    #expect(network.records.map(\.outcome) == [.success, .cancelled, .success])
    #expect(network.records[1].startedAt == nil && network.records[1].endedAt == ms(10))
    #expect(network.records[2].startedAt == ms(100))
    #expect(completions.results.map(\.at) == [ms(10), ms(100), ms(200)])
  }

  @Test("cancel during the body drops the remaining chunks and frees the slot at once")
  func duringTransfer() throws {
    let world = quietWorld()
    let network = try network(world, bandwidth: 1_000_000, slots: 1)
    let log = CallLog(world: world)
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let task = session.dataTask(with: url, delegate: log)
    let next = Completions()
    world.loop.schedule(at: .zero) { task.resume() }
    next.fetch(other, on: session)
    world.loop.schedule(at: ms(103) + .us(500)) { task.cancel() }
    try world.run(until: ms(1_000))
    #expect(
      log.names == ["response 200", "data 1000", "data 1000", "data 1000", "complete cancelled"])
    let record = network.records[0]
    #expect(record.cancelled && record.bytes == 3_000 && record.endedAt == ms(103) + .us(500))
    #expect(network.records[1].startedAt == ms(103) + .us(500))
    #expect(network.outstandingTransfers == 0)
    task.cancel()
    #expect(log.calls.count == 5)
  }

  @Test("a completion enqueued before the cancel still runs once, with its original result")
  func afterCompletionEnqueued() throws {
    let world = quietWorld()
    let network = try network(world)
    let completions = Completions()
    let task = completions.fetch(
      url, on: SimulatedURLSession(network: network, callbackQueue: .main))
    // Keep the main thread busy across the transfer's end, so the completion waits in the queue.
    world.loop.schedule(at: ms(90)) { world.main.async { $0.spend(.ms(50)) } }
    world.loop.schedule(at: ms(120)) {
      #expect(task.state == .completed)
      task.cancel()
    }
    try world.run(until: ms(1_000))
    #expect(completions.results.count == 1)
    #expect(completions.onlyBody == pattern(10_000))
    #expect(completions.results.first?.at == ms(140))
    #expect(network.records.first?.outcome == .success)
  }

  @Test("chunks enqueued before the cancel still reach the delegate: late bytes")
  func lateBytes() throws {
    let world = quietWorld()
    let network = try network(world)
    let log = CallLog(world: world)
    let queue = world.serialQueue(label: "delegate")
    let task = SimulatedURLSession(network: network, callbackQueue: .queue(queue))
      .dataTask(with: url, delegate: log)
    world.loop.schedule(at: .zero) { task.resume() }
    world.loop.schedule(at: ms(99)) { queue.async(cost: .ms(10)) }
    // All ten chunks arrive at 100 ms with unlimited bandwidth; the transfer has ended, so the
    // cancel at 105 ms does nothing and every callback runs.
    world.loop.schedule(at: ms(105)) { task.cancel() }
    try world.run(until: ms(1_000))
    #expect(log.names.filter { $0.hasPrefix("data") }.count == 10)
    #expect(log.names.last == "complete ok")
    #expect(log.calls.allSatisfy { $0.at >= ms(109) })
  }

  @Test("a cancel between chunks still lets the chunks already enqueued run first")
  func lateChunksThenCancelled() throws {
    let world = quietWorld()
    let network = try network(world, bandwidth: 1_000_000)
    let log = CallLog(world: world)
    let queue = world.serialQueue(label: "delegate")
    let task = SimulatedURLSession(network: network, callbackQueue: .queue(queue))
      .dataTask(with: url, delegate: log)
    world.loop.schedule(at: .zero) { task.resume() }
    world.loop.schedule(at: ms(100)) { queue.async(cost: .ms(20)) }
    world.loop.schedule(at: ms(102) + .us(500)) { task.cancel() }
    try world.run(until: ms(1_000))
    #expect(log.names == ["response 200", "data 1000", "data 1000", "complete cancelled"])
    #expect(log.calls.allSatisfy { $0.at >= ms(120) })
  }

  @Test("cancelled transfers leave no wire event behind")
  func noEventsLeft() throws {
    let world = quietWorld()
    let network = try network(world, bandwidth: 1_000)
    let session = SimulatedURLSession(network: network)
    let task = Completions().fetch(url, on: session)
    world.loop.schedule(at: ms(150)) { task.cancel() }
    try world.run(until: ms(200))
    network._checkInvariants()
    #expect(world.loop.nextEventTime.map { $0 >= ms(1_000) } ?? true)
  }
}
