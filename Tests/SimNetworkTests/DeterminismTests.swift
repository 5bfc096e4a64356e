import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Keyed latency streams and workload determinism")
struct DeterminismTests {
  /// Fetches each URL of `urls` at its own time and returns (url, attempt) → latency.
  func latencies(seed: UInt64, urls: [(String, Int64)]) throws -> [String: SimDuration] {
    let world = quietWorld(seed: seed)
    let network = try makeNetwork(
      world, NetworkScript(latency: .lognormal(median: .ms(80), p99: .ms(900))),
      bodies: Dictionary(urls.map { ($0.0, pattern(100)) }, uniquingKeysWith: { a, _ in a }))
    let session = SimulatedURLSession(network: network)
    for (url, at) in urls { Completions().fetch(url, on: session, at: ms(at)) }
    try world.run(until: ms(10_000))
    return Dictionary(
      uniqueKeysWithValues: network.records.map { ("\($0.url)#\($0.attempt)", $0.latency) })
  }

  @Test("removing one request leaves every other latency unchanged")
  func removalStability() throws {
    var requests: [(String, Int64)] = (0..<30).map {
      ("https://img.test/\($0 % 12).png", Int64($0) * 37)
    }
    let all = try latencies(seed: 11, urls: requests)
    requests.remove(at: 5)  // img.test/5.png, its only attempt
    let fewer = try latencies(seed: 11, urls: requests)
    #expect(fewer.count == all.count - 1)
    for (key, latency) in fewer { #expect(all[key] == latency, "\(key)") }
    #expect(Set(all.values).count > 20, "latencies should vary")
  }

  @Test("another seed gives other latencies")
  func seedMatters() throws {
    let requests: [(String, Int64)] = (0..<10).map { ("https://img.test/\($0).png", 0) }
    #expect(try latencies(seed: 1, urls: requests) != latencies(seed: 2, urls: requests))
  }

  @Test("the workload gives the same digest twice in one process")
  func workloadRepeatable() {
    for seed in [0, 1, 7] as [UInt64] {
      #expect(NetworkWorkload.run(seed: seed).1 == NetworkWorkload.run(seed: seed).1)
    }
  }

  @Test("the workload keeps every invariant after every event", arguments: 0..<24)
  func workloadInvariants(seed: Int) {
    let (network, outcome) = NetworkWorkload.run(seed: UInt64(seed), checkInvariants: true)
    #expect(outcome.transfers > 20)
    #expect(network.outstandingTransfers == network.records.filter(\.isOutstanding).count)
  }

  @Test("the workload exercises every outcome over a few seeds")
  func workloadCoverage() {
    var outcomes = Set<String>()
    for seed in 0..<16 as Range<UInt64> {
      for record in NetworkWorkload.run(seed: seed).0.records {
        outcomes.insert(record.outcome?.description ?? "open")
        if record.corruption != nil { outcomes.insert("corrupt") }
      }
    }
    for expected in [
      "success", "http404", "http503", "timeout", "reset", "offline", "cancelled", "corrupt",
    ] {
      #expect(outcomes.contains(expected), "no \(expected) transfer in 16 seeds")
    }
  }
}
