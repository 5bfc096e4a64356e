import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Outages")
struct OutageTests {
  let urls = (0..<4).map { "https://img.test/\($0).png" }

  func network(_ world: World, outages: [Outage] = []) throws -> FakeNetwork {
    try makeNetwork(
      world,
      NetworkScript(latency: .fixed(.ms(100)), maxConnectionsPerHost: 1, outages: outages),
      bodies: Dictionary(uniqueKeysWithValues: urls.map { ($0, pattern(10)) }))
  }

  @Test("an outage fails active and waiting transfers, refuses new ones, then ends")
  func scriptOutage() throws {
    let world = quietWorld()
    let network = try network(world, outages: [Outage(from: ms(50), to: ms(500))])
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let completions = Completions()
    completions.fetch(urls[0], on: session)  // active at 50 ms
    completions.fetch(urls[1], on: session)  // waiting for the only slot at 50 ms
    completions.fetch(urls[2], on: session, at: ms(200))  // refused
    completions.fetch(urls[3], on: session, at: ms(500))  // after the outage
    world.loop.schedule(at: ms(300)) {
      #expect(network.isOffline)
      #expect(!network.isServable(urls[3]))
    }
    try world.run(until: ms(1_000))
    let outcomes = network.records.map(\.outcome)
    #expect(outcomes == [.offline, .offline, .offline, .success])
    #expect(network.records.map(\.endedAt) == [ms(50), ms(50), ms(201), ms(600)])
    #expect(network.records[1].startedAt == nil)
    #expect(network.records[2].startedAt == nil)
    #expect(completions.results.map(\.at) == [ms(50), ms(50), ms(201), ms(600)])
    #expect(completions.results.prefix(3).allSatisfy { (try? $0.result.get()) == nil })
    #expect(!network.isOffline)
  }

  @Test("offline(for:) starts an outage now")
  func adHocOutage() throws {
    let world = quietWorld()
    let network = try network(world)
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let completions = Completions()
    completions.fetch(urls[0], on: session)
    world.loop.schedule(at: ms(30)) { network.offline(for: .ms(100)) }
    completions.fetch(urls[1], on: session, at: ms(129))
    completions.fetch(urls[2], on: session, at: ms(130))
    try world.run(until: ms(1_000))
    #expect(network.records.map(\.outcome) == [.offline, .offline, .success])
    #expect(network.records.map(\.endedAt) == [ms(30), ms(130), ms(230)])
    #expect(completions.results.first?.at == ms(30))
    #expect(network.outages == [Outage(from: ms(30), to: ms(130))])
  }

  @Test("a transfer ended by an outage keeps the bytes it had received")
  func partialBytes() throws {
    let world = quietWorld()
    let url = urls[0]
    let network = try makeNetwork(
      world,
      NetworkScript(
        latency: .fixed(.ms(10)), bandwidth: 1_000_000, chunkSize: 1_000,
        outages: [Outage(from: ms(13), to: ms(20))]),
      bodies: [url: pattern(10_000)])
    Completions().fetch(url, on: SimulatedURLSession(network: network))
    try world.run(until: ms(100))
    // Chunks arrive at 11 and 12 ms; the one due at 13 ms loses to the outage, whose event was
    // scheduled first for that instant.
    let record = try #require(network.records.first)
    #expect(record.outcome == .offline && record.bytes == 2_000)
  }
}
