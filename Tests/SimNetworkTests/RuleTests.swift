import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Network rules")
struct RuleTests {
  let url = "https://img.test/7.png"

  /// Fetches `url` once (or at each of `times`) under `rules` and returns the completions and
  /// the network.
  func run(
    _ rules: [NetworkRule], size: Int = 5_000, at times: [SimTime] = [.zero],
    until end: SimTime = ms(120_000), bandwidth: Int64? = nil,
    device: (inout DeviceProfile) -> Void = { _ in }
  ) throws -> (Completions, FakeNetwork) {
    let world = quietWorld(configure: device)
    let script = NetworkScript(latency: .fixed(.ms(80)), bandwidth: bandwidth, rules: rules)
    let network = try makeNetwork(world, script, bodies: [url: pattern(size)])
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let completions = Completions()
    for time in times { completions.fetch(url, on: session, at: time) }
    try world.run(until: end)
    return (completions, network)
  }

  @Test("fail: {status: 503} ends at the first byte with the status and no body")
  func status() throws {
    let (completions, network) = try run([NetworkRule(match: "*/7.png", fail: .status(503))])
    #expect(completions.onlyError == .http(status: 503))
    let record = try #require(network.records.first)
    #expect(record.outcome == .http(status: 503) && record.bytes == 0)
    #expect(record.firstByteAt == ms(80) && record.endedAt == ms(80) && record.rule == 0)
  }

  @Test("a URL that serves no bytes gets 404")
  func notFound() throws {
    let world = quietWorld()
    let network = try makeNetwork(world, bodies: [:])
    let completions = Completions()
    completions.fetch("https://img.test/none.png", on: SimulatedURLSession(network: network))
    try world.run(until: ms(1_000))
    #expect(completions.onlyError == .http(status: 404))
    #expect(network.records.first?.sourceDigest == nil)
  }

  @Test("fail: timeout fires after the device's request timeout")
  func timeoutDefault() throws {
    let (completions, network) = try run(
      [NetworkRule(match: url, fail: .timeout)], device: { $0.requestTimeout = .s(60) })
    #expect(completions.onlyError == .timedOut)
    #expect(completions.results.first?.at == ms(60_000))
    #expect(network.records.first?.firstByteAt == nil)
  }

  @Test("fail: timeout with after: fires then")
  func timeoutAfter() throws {
    let (completions, _) = try run([NetworkRule(match: url, fail: .timeout, after: .s(5))])
    #expect(completions.onlyError == .timedOut)
    #expect(completions.results.first?.at == ms(5_000))
  }

  @Test("a latency longer than the request timeout times out")
  func slowTimesOut() throws {
    let (completions, _) = try run(
      [NetworkRule(match: url, latency: .fixed(.s(3)))],
      device: { $0.requestTimeout = .s(2) })
    #expect(completions.onlyError == .timedOut)
    #expect(completions.results.first?.at == ms(2_000))
  }

  @Test("fail: {reset_after: 1KB} delivers 1,000 bytes, then resets")
  func reset() throws {
    let (completions, network) = try run(
      [NetworkRule(match: url, fail: .resetAfter(bytes: 1_000))], bandwidth: 1_000_000)
    #expect(completions.onlyError == .connectionReset)
    let record = try #require(network.records.first)
    #expect(record.bytes == 1_000 && record.outcome == .connectionReset)
    #expect(record.endedAt == ms(81))  // 80 ms + 1,000 B at 1 MB/s
    #expect(record.digest == WireModel.digest(pattern(5_000).prefix(1_000)))
  }

  @Test("reset_after longer than the body still fails after the whole body")
  func resetAfterWholeBody() throws {
    let (completions, network) = try run(
      [NetworkRule(match: url, fail: .resetAfter(bytes: 9_999))])
    #expect(completions.onlyError == .connectionReset)
    #expect(network.records.first?.bytes == 5_000)
  }

  @Test("corrupt: truncate delivers the first half and reports success")
  func truncate() throws {
    let (completions, network) = try run(
      [NetworkRule(match: url, corrupt: .truncate)], size: 5_001)
    #expect(completions.onlyBody == Array(pattern(5_001).prefix(2_500)))
    let record = try #require(network.records.first)
    #expect(record.outcome == .success && record.corruption == .truncate)
    #expect(!record.deliveredExactBytes)
    #expect(record.sourceDigest == WireModel.digest(pattern(5_001)))
  }

  @Test("corrupt: flip_bytes flips 1 + n/10,000 bytes, the same ones in every run")
  func flipBytes() throws {
    let size = 25_000
    var bodies: [[UInt8]] = []
    for _ in 0..<2 {
      let (completions, network) = try run(
        [NetworkRule(match: url, corrupt: .flipBytes)], size: size)
      bodies.append(try #require(completions.onlyBody))
      #expect(network.records.first?.deliveredExactBytes == false)
    }
    #expect(bodies[0] == bodies[1])
    let original = pattern(size)
    let flipped = zip(bodies[0], original).filter { $0 != $1 }.count
    #expect(bodies[0].count == size && flipped == 1 + size / 10_000)
  }

  @Test("hold: true delivers nothing until a release, then the first byte at once")
  func hold() throws {
    let world = quietWorld()
    let script = NetworkScript(
      latency: .fixed(.ms(80)), rules: [NetworkRule(match: "*/7.png", hold: true)])
    let network = try makeNetwork(world, script, bodies: [url: pattern(10)])
    let completions = Completions()
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    completions.fetch(url, on: session)
    world.loop.schedule(at: ms(2_000)) {
      #expect(!network.isServable(url))
      network.release(match: "*/7.png")
    }
    completions.fetch(url, on: session, at: ms(3_000))
    try world.run(until: ms(4_000))
    #expect(completions.results.map(\.at) == [ms(2_000), ms(3_080)])
    #expect(network.records.map(\.firstByteAt) == [ms(2_000), ms(3_080)])
    #expect(network.isServable(url))
  }

  @Test("a release before the latency has passed keeps the latency")
  func earlyRelease() throws {
    let world = quietWorld()
    let script = NetworkScript(
      latency: .fixed(.ms(80)), rules: [NetworkRule(match: url, hold: true)])
    let network = try makeNetwork(world, script, bodies: [url: pattern(10)])
    let completions = Completions()
    completions.fetch(url, on: SimulatedURLSession(network: network))
    world.loop.schedule(at: ms(20)) { network.release(match: url) }
    try world.run(until: ms(1_000))
    #expect(network.records.first?.firstByteAt == ms(80))
  }

  @Test("times: 1 limits a rule to the first attempt; later attempts fall through")
  func times() throws {
    let (completions, network) = try run(
      [
        NetworkRule(match: url, fail: .status(500), times: 1),
        NetworkRule(match: "*", latency: .fixed(.ms(10))),
      ], at: [.zero, ms(500)])
    #expect(completions.results.count == 2)
    #expect(completions.results.first.map { (try? $0.result.get()) == nil } == true)
    #expect(network.records.map(\.attempt) == [1, 2])
    #expect(network.records.map(\.rule) == [0, 1])
    #expect(network.records.map(\.endedAt) == [ms(80), ms(510)])
  }

  @Test("the first matching rule wins; rule latency and bandwidth override the script's")
  func firstMatchWins() throws {
    let (_, network) = try run(
      [
        NetworkRule(match: "*/7.png", latency: .fixed(.ms(300)), bandwidth: 10_000),
        NetworkRule(match: url, fail: .status(404)),
      ], size: 1_000)
    let record = try #require(network.records.first)
    #expect(record.rule == 0 && record.outcome == .success)
    #expect(record.firstByteAt == ms(300) && record.endedAt == ms(400))
  }
}
