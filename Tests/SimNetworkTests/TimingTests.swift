import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Wire timing: latency, bandwidth and chunks")
struct TimingTests {
  let url = "https://img.test/1.png"

  /// Runs one transfer of `size` bytes under `script` and returns its chunk events and record.
  func transfer(size: Int, script: NetworkScript) throws -> (
    chunks: [(SimTime, Int64)], record: TransferRecord
  ) {
    let world = quietWorld()
    let network = try makeNetwork(world, script, bodies: [url: pattern(size)])
    var chunks: [(SimTime, Int64)] = []
    network.subscribe { event in
      if case .chunk(let bytes) = event.kind { chunks.append((event.at, bytes)) }
    }
    let session = SimulatedURLSession(network: network, callbackQueue: .main)
    let completions = Completions()
    completions.fetch(url, on: session)
    try world.run(until: ms(10_000))
    #expect(completions.onlyBody == pattern(size))
    return (chunks, try #require(network.records.first))
  }

  @Test("unlimited bandwidth: every chunk arrives at the first byte, after the latency")
  func unlimited() throws {
    let result = try transfer(size: 40_000, script: NetworkScript(latency: .fixed(.ms(80))))
    #expect(result.chunks.map(\.0) == [ms(80), ms(80), ms(80)])
    #expect(result.chunks.map(\.1) == [16_000, 16_000, 8_000])
    #expect(result.record.firstByteAt == ms(80))
    #expect(result.record.endedAt == ms(80))
  }

  @Test("1 MB/s: chunk k arrives at first byte + bytes through k / bandwidth")
  func bandwidth() throws {
    let script = NetworkScript(latency: .fixed(.ms(100)), bandwidth: 1_000_000)
    let result = try transfer(size: 40_000, script: script)
    // 16,000 B at 1e6 B/s = 16 ms; 32,000 B = 32 ms; 40,000 B = 40 ms.
    #expect(result.chunks.map(\.0) == [ms(116), ms(132), ms(140)])
    #expect(result.record.endedAt == ms(140))
    #expect(result.record.bytes == 40_000)
    #expect(result.record.digest == WireModel.digest(pattern(40_000)))
    #expect(result.record.deliveredExactBytes)
  }

  @Test("arrival times round up to whole nanoseconds")
  func roundingUp() throws {
    let script = NetworkScript(latency: .fixed(.ns(7)), bandwidth: 3, chunkSize: 4)
    let result = try transfer(size: 10, script: script)
    // ceil(4e9/3) = 1,333,333,334; ceil(8e9/3) = 2,666,666,667; ceil(10e9/3) = 3,333,333,334.
    let expected: [Int64] = [1_333_333_341, 2_666_666_674, 3_333_333_341]  // each + 7 ns
    #expect(result.chunks.map(\.0.nanoseconds) == expected)
    #expect(result.chunks.map(\.1) == [4, 4, 2])
  }

  @Test("an empty body completes at the first byte with no chunk")
  func emptyBody() throws {
    let result = try transfer(size: 0, script: NetworkScript(latency: .fixed(.ms(5))))
    #expect(result.chunks.isEmpty)
    #expect(result.record.endedAt == ms(5))
    #expect(result.record.outcome == .success)
  }

  @Test("the record has every timestamp")
  func recordTimes() throws {
    let result = try transfer(
      size: 1_000, script: NetworkScript(latency: .fixed(.ms(30)), bandwidth: 100_000))
    let record = result.record
    #expect(record.queuedAt == .zero && record.startedAt == .zero)
    #expect(record.firstByteAt == ms(30) && record.endedAt == ms(40))
    #expect(record.attempt == 1 && record.status == 200 && record.host == "img.test")
    #expect(record.latency == .ms(30))
  }

  @Test("transmission time and chunk boundaries on hand-computed cases")
  func pureArithmetic() {
    #expect(WireModel.transmissionTime(bytes: 1, bandwidth: 1) == .s(1))
    #expect(WireModel.transmissionTime(bytes: 1, bandwidth: 1_000_000_000) == .ns(1))
    #expect(WireModel.transmissionTime(bytes: 1, bandwidth: 3_000_000_000) == .ns(1))
    #expect(WireModel.transmissionTime(bytes: 16_000, bandwidth: nil) == .zero)
    #expect(WireModel.transmissionTime(bytes: 4_000_000, bandwidth: 4_000_000) == .s(1))
    #expect(WireModel.chunkEnds(total: 0, chunkSize: 16_000) == [])
    #expect(WireModel.chunkEnds(total: 16_000, chunkSize: 16_000) == [16_000])
    #expect(WireModel.chunkEnds(total: 16_001, chunkSize: 16_000) == [16_000, 16_001])
    #expect(WireModel.chunkEnds(total: 5, chunkSize: 2) == [2, 4, 5])
  }

  @Test("uniform draws stay in bounds and use whole nanoseconds")
  func uniform() {
    let random = SeededRandom(seed: 9)
    for attempt in 1...500 {
      var stream = random.stream("latency", "u", attempt)
      let value = WireModel.draw(.uniform(min: .ms(10), max: .ms(20)), from: &stream)
      #expect(value >= .ms(10) && value <= .ms(20))
    }
  }

  @Test("lognormal draws have the scripted median and p99")
  func lognormal() {
    let random = SeededRandom(seed: 4)
    let latency = Latency.lognormal(median: .ms(80), p99: .ms(800))
    var below = (median: 0, p99: 0)
    let count = 4_000
    for attempt in 1...count {
      var stream = random.stream("latency", "https://img.test/x.png", attempt)
      let value = WireModel.draw(latency, from: &stream)
      if value < .ms(80) { below.median += 1 }
      if value < .ms(800) { below.p99 += 1 }
    }
    let medianShare = Double(below.median) / Double(count)
    let p99Share = Double(below.p99) / Double(count)
    #expect(medianShare > 0.47 && medianShare < 0.53, "share below median: \(medianShare)")
    #expect(p99Share > 0.985 && p99Share < 0.995, "share below p99: \(p99Share)")
  }

  @Test("a lognormal with p99 equal to its median is fixed")
  func degenerateLognormal() {
    var stream = SeededRandom(seed: 1).stream("latency", "u", 1)
    #expect(WireModel.draw(.lognormal(median: .ms(50), p99: .ms(50)), from: &stream) == .ms(50))
  }
}
