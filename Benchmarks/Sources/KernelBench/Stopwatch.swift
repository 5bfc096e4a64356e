/// Wall-clock measurement for the benchmark only (the simulation itself never reads a clock).
enum Stopwatch {
  /// Runs `body` and returns its result with the elapsed monotonic time in seconds.
  static func time<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, seconds(clock.now - start))
  }

  /// Async variant of `time(_:)`.
  static func time<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> (result: T, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    return (result, seconds(clock.now - start))
  }

  /// A `Duration` in seconds.
  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}

/// The outcome of repeated timings of one workload.
struct Sample: Sendable {
  /// The number of events (or completed sleeps) each repetition produced.
  var events: Int
  /// Wall-clock seconds of every repetition, in run order.
  var seconds: [Double]
  /// A digest of the order in which events ran, per repetition: equal digests mean the
  /// repetitions ran the same events in the same order.
  var orderDigests: [UInt64]

  /// The fastest repetition's events per second.
  var bestRate: Double { Double(events) / (seconds.min() ?? .infinity) }

  /// The median repetition's events per second.
  var medianRate: Double {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    return Double(events) / median
  }

  /// Whether every repetition ran events in the same order.
  var isDeterministic: Bool { Set(orderDigests).count <= 1 }
}

/// An order-sensitive digest of 64-bit words (FNV-1a's step applied to whole words): one
/// multiply per word, cheap enough to run inside every measured event.
struct OrderDigest {
  /// The running digest.
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Folds one word into the digest.
  @inline(__always)
  mutating func add(_ word: Int64) {
    value = (value ^ UInt64(bitPattern: word)) &* 0x0000_0100_0000_01b3
  }
}
