import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

/// URLSession's two timers: `timeoutIntervalForRequest` is an idle timer that every arriving
/// chunk restarts; `timeoutIntervalForResource` bounds the whole transfer from its creation.
@Suite("Request and resource timeouts")
struct TimeoutTests {
  let url = "https://img.test/7.png"

  /// Fetches a 5,000-byte body in 1,000-byte chunks at `bandwidth` (80 ms to the first byte,
  /// then one chunk every `1,000 / bandwidth` seconds), under the given device timeouts.
  func trickle(
    bandwidth: Int64, request: SimDuration, resource: SimDuration? = nil,
    maxConnections: Int? = nil, urls: [String]? = nil, rules: [NetworkRule] = []
  ) throws -> (Completions, FakeNetwork) {
    let world = quietWorld {
      $0.requestTimeout = request
      if let resource { $0.resourceTimeout = resource }
    }
    let script = NetworkScript(
      latency: .fixed(.ms(80)), bandwidth: bandwidth, chunkSize: 1_000,
      maxConnectionsPerHost: maxConnections, rules: rules)
    let all = urls ?? [url]
    let network = try makeNetwork(
      world, script, bodies: Dictionary(uniqueKeysWithValues: all.map { ($0, pattern(5_000)) }))
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let completions = Completions()
    for each in all { completions.fetch(each, on: session) }
    try world.run(until: ms(200_000))
    return (completions, network)
  }

  @Test("gaps between chunks longer than the request timeout fail with timedOut")
  func longGapsTimeOut() throws {
    // 100 B/s: the first chunk arrives 10 s after the first byte; the idle timer is 5 s.
    let (completions, network) = try trickle(bandwidth: 100, request: .s(5))
    #expect(completions.onlyError == .timedOut)
    let record = try #require(network.records.first)
    #expect(record.firstByteAt == ms(80))
    #expect(record.endedAt == ms(5_080), "5 s after the first byte, the last data to arrive")
    #expect(record.bytes == 0)
  }

  @Test("short gaps keep the transfer alive well past the request timeout")
  func shortGapsSurvive() throws {
    // 1 KB/s: a chunk every second, 5 s in all, with a 2 s request timeout.
    let (completions, network) = try trickle(bandwidth: 1_000, request: .s(2))
    #expect(completions.onlyBody == pattern(5_000))
    let record = try #require(network.records.first)
    #expect(record.outcome == .success)
    #expect(record.endedAt == ms(5_080), "ends 3 s after the request timeout would have fired")
  }

  @Test("the resource timeout fires even while bytes keep arriving")
  func resourceTimeoutBoundsTransfer() throws {
    let (completions, network) = try trickle(bandwidth: 1_000, request: .s(2), resource: .s(3))
    #expect(completions.onlyError == .timedOut)
    let record = try #require(network.records.first)
    #expect(record.endedAt == ms(3_000), "3 s after the task was resumed")
    #expect(record.bytes == 2_000, "chunks at 1.08 s and 2.08 s arrived first")
  }

  @Test("the resource timer runs while a transfer waits for a connection slot")
  func resourceTimeoutWhileWaiting() throws {
    let first = "https://img.test/1.png"
    let second = "https://img.test/2.png"
    // One slot; the first transfer is held, so the second waits for a slot forever.
    let (completions, network) = try trickle(
      bandwidth: 1_000, request: .s(60), resource: .s(10), maxConnections: 1,
      urls: [first, second], rules: [NetworkRule(match: first, hold: true)])
    let waiting = try #require(network.records.first { $0.url == second })
    #expect(waiting.firstByteAt == nil)
    #expect(waiting.outcome == .timedOut && waiting.endedAt == ms(10_000))
    #expect(completions.results.count == 2)
  }
}
