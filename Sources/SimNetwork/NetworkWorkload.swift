package import SimKernel
import SimPlatform

/// A randomized workload over the fake network: a random script (latency distribution,
/// bandwidth, chunk size, slots, every kind of rule, outages) and random requests through every
/// API (completion and delegate tasks on each kind of callback queue, run-loop connections in
/// both modes, blocking fetches), with cancels, priority changes, releases, mode changes and
/// ad-hoc outages.
///
/// Everything derives from the seed, so two processes running the same seed must print the
/// same digest; the determinism tests and `cellsim _network-workload` use it.
package enum NetworkWorkload {
  /// What a run produced.
  package struct Outcome: Equatable, Sendable {
    /// The trace digest, 16 hex digits.
    package var digest: String
    /// Trace lines written.
    package var lines: Int
    /// Transfers created.
    package var transfers: Int
    /// The line `cellsim _network-workload` prints.
    package var summary: String { "digest=\(digest) lines=\(lines) transfers=\(transfers)" }
  }

  /// The bytes `url` serves in the workload: a size and content from the URL's own stream,
  /// or nil (404) for about one URL in twelve.
  package static func bytes(for url: String, random: SeededRandom) -> [UInt8]? {
    var stream = random.stream("workload-body", url)
    if stream.next(below: 12) == 0 { return nil }
    let count = Int(stream.next(below: 120_000))
    // Eight bytes per draw, little-endian: a draw per byte made body generation most of a
    // debug build's workload time.
    var bytes = [UInt8](repeating: 0, count: count)
    bytes.withUnsafeMutableBytes { raw in
      for offset in stride(from: 0, to: count, by: 8) {
        let word = stream.next().littleEndian
        let length = min(8, count - offset)
        withUnsafeBytes(of: word) { raw[offset..<(offset + length)].copyBytes(from: $0[..<length]) }
      }
    }
    return bytes
  }

  /// A random but valid script for `seed`.
  package static func script(seed: UInt64, random: SeededRandom) -> NetworkScript {
    var r = random.stream("workload-script")
    let latencies: [Latency] = [
      .fixed(.ms(r.int(in: 0...120))),
      .uniform(min: .ms(r.int(in: 0...30)), max: .ms(r.int(in: 31...300))),
      .lognormal(median: .ms(r.int(in: 10...150)), p99: .ms(r.int(in: 150...2_000))),
    ]
    let rules: [NetworkRule] = [
      NetworkRule(match: "*/1.png", latency: .fixed(.ms(700))),
      NetworkRule(match: "*/2.png", fail: .status(503), times: 1),
      NetworkRule(match: "*/3.png", fail: .timeout, after: .ms(r.int(in: 100...900))),
      NetworkRule(match: "*/4.png", fail: .resetAfter(bytes: r.int(in: 0...40_000))),
      NetworkRule(match: "*/5.png", corrupt: .truncate),
      NetworkRule(match: "*/6.png", corrupt: .flipBytes, times: 2),
      NetworkRule(match: "*/7.png", hold: true),
      NetworkRule(match: "https://img1.test/1?.png", bandwidth: 50_000),
    ]
    let start = r.int(in: 300...900)
    return NetworkScript(
      latency: latencies[Int(r.next(below: 3))],
      bandwidth: r.bool(probability: 0.3) ? nil : r.int(in: 100_000...4_000_000),
      chunkSize: r.int(in: 1_000...32_000), maxConnectionsPerHost: Int(r.int(in: 1...6)),
      rules: Array(rules.prefix(Int(r.int(in: 0...8)))),
      outages: r.bool(probability: 0.5)
        ? [Outage(from: .zero + .ms(start), to: .zero + .ms(start + r.int(in: 10...200)))] : [])
  }

  /// Runs the workload for `seed` over `duration`. With `checkInvariants`, the world's and
  /// the network's invariants are checked after every event.
  package static func run(
    seed: UInt64, duration: SimDuration = .ms(1_500), checkInvariants: Bool = false,
    trace retention: Trace.Retention = .digestOnly
  ) -> (FakeNetwork, Outcome) {
    let world = World(
      seed: seed, device: seed % 2 == 0 ? .iPhoneSE : .iPhone15Pro, trace: retention)
    let random = world.random
    let network: FakeNetwork
    do {
      network = try FakeNetwork(world: world, script: script(seed: seed, random: random)) {
        bytes(for: $0, random: random)
      }
    } catch {
      preconditionFailure("network workload made an invalid script: \(error)")
    }
    let driver = WorkloadDriver(world: world, network: network)
    driver.scheduleActions(count: 160, over: duration)
    let end = SimTime.zero + duration + .s(2)
    if checkInvariants {
      while let next = world.loop.nextEventTime, next <= end {
        world.loop.step()
        world._checkInvariants()
        network._checkInvariants()
      }
    } else {
      do { try world.run(until: end) } catch {
        preconditionFailure("network workload ran away: \(error)")
      }
    }
    var hasher = StableHasher()
    for record in network.records {
      hasher.combine(UInt64(bitPattern: record.endedAt?.nanoseconds ?? -1))
      hasher.combine(record.digest)
    }
    world.trace.record(at: world.now, "wl.records") {
      $0.field("count", network.records.count)
      $0.field("digest", hex: hasher.value)
    }
    let outcome = Outcome(
      digest: world.trace.digestHex, lines: world.trace.lineCount,
      transfers: network.records.count)
    return (network, outcome)
  }
}
