import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Connection slots and priority")
struct SlotTests {
  func urls(_ count: Int, host: String = "img.test") -> [String] {
    (0..<count).map { "https://\(host)/\($0).png" }
  }

  @Test("a host runs at most max_connections_per_host transfers; the rest wait in order")
  func slotLimit() throws {
    let world = quietWorld()
    let all = urls(5)
    let script = NetworkScript(latency: .fixed(.ms(100)), maxConnectionsPerHost: 2)
    let network = try makeNetwork(
      world, script, bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(10)) }))
    let session = SimulatedURLSession(network: network)
    let completions = Completions()
    for url in all { completions.fetch(url, on: session) }
    world.loop.schedule(at: ms(50)) {
      #expect(network.outstandingTransfers == 5)
      #expect(network.outstanding(for: all[4]) == 1)
    }
    try world.run(until: ms(1_000))
    #expect(network.records.map(\.startedAt) == [ms(0), ms(0), ms(100), ms(100), ms(200)])
    #expect(network.outstandingTransfers == 0)
    network._checkInvariants()
  }

  @Test("the device's limit applies when the script has none; hosts are independent")
  func deviceLimitPerHost() throws {
    let world = quietWorld { $0.maxConnectionsPerHost = 1 }
    let all = urls(2, host: "a.test") + urls(2, host: "b.test")
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(100))),
      bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(10)) }))
    #expect(network.maxConnectionsPerHost == 1)
    let session = SimulatedURLSession(network: network)
    for url in all { Completions().fetch(url, on: session) }
    try world.run(until: ms(1_000))
    #expect(network.records.map(\.startedAt) == [ms(0), ms(100), ms(0), ms(100)])
  }

  @Test("over HTTP/2 a host's slots are its streams: 100 unless the script says")
  func http2Streams() throws {
    let world = quietWorld { $0.maxConnectionsPerHost = 1 }
    var script = NetworkScript(latency: .fixed(.ms(100)))
    script.http2 = true
    let all = urls(3)
    let network = try makeNetwork(
      world, script, bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(10)) }))
    #expect(network.maxConnectionsPerHost == NetworkScript.defaultHTTP2Streams)
    let session = SimulatedURLSession(network: network)
    for url in all { Completions().fetch(url, on: session) }
    try world.run(until: ms(1_000))
    #expect(network.records.map(\.startedAt) == [ms(0), ms(0), ms(0)])
    script.maxConnectionsPerHost = 2
    let limited = try makeNetwork(quietWorld(), script, bodies: [:])
    #expect(limited.maxConnectionsPerHost == 2)
  }

  @Test("waiting transfers start by priority, then first in first out")
  func priorityOrder() throws {
    let world = quietWorld()
    let all = urls(5)
    let script = NetworkScript(latency: .fixed(.ms(100)), maxConnectionsPerHost: 1)
    let network = try makeNetwork(
      world, script, bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(10)) }))
    let session = SimulatedURLSession(network: network)
    let completions = Completions()
    completions.fetch(all[0], on: session)
    completions.fetch(all[1], on: session, priority: 0.25)
    completions.fetch(all[2], on: session, priority: 0.75)
    completions.fetch(all[3], on: session)
    completions.fetch(all[4], on: session, priority: 0.75)
    try world.run(until: ms(1_000))
    #expect(completions.results.map(\.url) == [all[0], all[2], all[4], all[3], all[1]])
  }

  @Test("raising a waiting task's priority moves it ahead")
  func reprioritize() throws {
    let world = quietWorld()
    let all = urls(3)
    let script = NetworkScript(latency: .fixed(.ms(100)), maxConnectionsPerHost: 1)
    let network = try makeNetwork(
      world, script, bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(10)) }))
    let session = SimulatedURLSession(network: network)
    let completions = Completions()
    completions.fetch(all[0], on: session)
    completions.fetch(all[1], on: session)
    let last = completions.fetch(all[2], on: session)
    world.loop.schedule(at: ms(50)) { last.priority = 1 }
    try world.run(until: ms(1_000))
    #expect(completions.results.map(\.url) == [all[0], all[2], all[1]])
  }

  @Test("lowering a waiting task's priority moves it back; each start is reported with the rest")
  func lowerAndReport() throws {
    let world = quietWorld()
    let all = urls(3)
    let script = NetworkScript(latency: .fixed(.ms(100)), maxConnectionsPerHost: 1)
    let network = try makeNetwork(
      world, script, bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(10)) }))
    var starts: [String] = []
    world.reports.subscribe { report in
      guard case .priority(let r) = report, r.layer == .transfer,
        case .started(let e, let waiting) = r.kind
      else { return }
      starts.append(
        "\(e.key.suffix(5))@\(e.priority) over "
          + waiting.map { "\($0.key.suffix(5))@\($0.priority)" }.joined(separator: ","))
    }
    let session = SimulatedURLSession(network: network)
    let completions = Completions()
    completions.fetch(all[0], on: session)
    let second = completions.fetch(all[1], on: session, priority: 0.75)
    completions.fetch(all[2], on: session)
    // High, then low in quick succession: the low is what orders the slot.
    world.loop.schedule(at: ms(50)) { second.priority = 0.25 }
    try world.run(until: ms(1_000))
    #expect(completions.results.map(\.url) == [all[0], all[2], all[1]])
    #expect(
      starts == [
        "0.png@0.5 over ", "2.png@0.5 over 1.png@0.25", "1.png@0.25 over ",
      ])
  }
}
