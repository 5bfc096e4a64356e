public import SimKernel

/// How the fake network behaves during one run: latency, bandwidth, chunking, connection
/// slots, per-URL rules and outage windows (the `network` section of a scenario).
///
/// A plain value: build it in Swift, or let the scenario reader build it from YAML. Call
/// `validate()` before use; `FakeNetwork` refuses an invalid script.
public struct NetworkScript: Hashable, Sendable {
  /// The latency used when a scenario gives none: 50 ms, fixed. A model choice, so that a
  /// scenario without a `network` section still sees asynchronous deliveries.
  public static let defaultLatency = Latency.fixed(.ms(50))
  /// The default delivery granularity: 16 KB (16,000 bytes).
  public static let defaultChunkSize: Int64 = 16_000

  /// Time to first byte for transfers no rule overrides (`latency`).
  public var latency: Latency
  /// Bytes per second of each transfer (`bandwidth`); nil means unlimited, so the whole body
  /// arrives at the first byte.
  public var bandwidth: Int64?
  /// Bytes per delivered chunk (`chunk_size`).
  public var chunkSize: Int64
  /// Connection slots per host (`max_connections_per_host`); nil means the device's
  /// `maxConnectionsPerHost`, or `defaultHTTP2Streams` over HTTP/2.
  public var maxConnectionsPerHost: Int?
  /// Whether hosts speak HTTP/2 or later (`http2`): a host's requests share one connection,
  /// as concurrent streams, so its slots are the server's stream limit rather than the
  /// device's connections, and a session's per-host connection limit does not apply.
  public var http2 = false
  /// A host's concurrent streams over HTTP/2 when the script does not say: 100, the least
  /// limit RFC 9113 recommends a server to allow (SETTINGS_MAX_CONCURRENT_STREAMS "be no
  /// smaller than 100").
  public static let defaultHTTP2Streams = 100
  /// Per-URL rules; the first rule that matches a transfer wins (`rules`).
  public var rules: [NetworkRule]
  /// Windows during which the network is down (`outages`).
  public var outages: [Outage]

  /// A script; every parameter has the scenario format's default.
  public init(
    latency: Latency = NetworkScript.defaultLatency, bandwidth: Int64? = nil,
    chunkSize: Int64 = NetworkScript.defaultChunkSize, maxConnectionsPerHost: Int? = nil,
    rules: [NetworkRule] = [], outages: [Outage] = []
  ) {
    self.latency = latency
    self.bandwidth = bandwidth
    self.chunkSize = chunkSize
    self.maxConnectionsPerHost = maxConnectionsPerHost
    self.rules = rules
    self.outages = outages
  }
}

/// A distribution of the time to first byte. Draws come from the stream keyed by
/// `("latency", url, attempt)`, so one request's latency never depends on another's.
public enum Latency: Hashable, Sendable {
  /// Always this long.
  case fixed(SimDuration)
  /// Uniform over whole nanoseconds in `min ... max`, both included.
  case uniform(min: SimDuration, max: SimDuration)
  /// Lognormal with the given median and 99th percentile:
  /// `median · exp(σ·z)` with `σ = ln(p99/median) / 2.3263478740408408` (z of the 99th
  /// percentile) and `z` a standard normal draw, rounded once to the nearest nanosecond.
  case lognormal(median: SimDuration, p99: SimDuration)
}

/// A scripted behaviour for the URLs that `match` names: one entry of a scenario's
/// `network.rules` (`Scenario.NetworkRule` is this type; the field names in parentheses are the
/// format's).
///
/// Rules are tried in order and the first that matches a transfer wins. A rule with `times`
/// matches only a URL's first `times` attempts; later attempts fall through to the next rules.
/// Effects combine: a rule may set latency and bandwidth, hold, and fail or corrupt.
public struct NetworkRule: Hashable, Sendable {
  /// An exact URL, or a glob where `*` matches any run of characters (including `/`) and `?`
  /// exactly one (`match`).
  public var match: String
  /// Overrides the script's latency (`latency`).
  public var latency: Latency?
  /// Overrides the script's bandwidth, per second (`bandwidth`). Kept as written (`"2MB"`), so
  /// a scenario written back says what its author said.
  public var bandwidth: ByteSize?
  /// Makes the transfer fail (`fail`).
  public var fail: NetworkFailure?
  /// With `fail: .timeout`, when the timeout fires, measured from the transfer's start
  /// (`after`); nil means the device's request timeout.
  public var after: SimDuration?
  /// Corrupts a successful body (`corrupt`).
  public var corrupt: Corruption?
  /// Holds the transfer: no byte arrives until `FakeNetwork.release(match:)` (`hold`, and the
  /// scenario event `release_held`).
  public var hold: Bool
  /// Limits the rule to a URL's first `times` attempts; nil means every attempt (`times`).
  public var times: Int?

  /// A rule for `match` with the given effects.
  public init(
    match: String, latency: Latency? = nil, bandwidth: ByteSize? = nil,
    fail: NetworkFailure? = nil, after: SimDuration? = nil, corrupt: Corruption? = nil,
    hold: Bool = false, times: Int? = nil
  ) {
    self.match = match
    self.latency = latency
    self.bandwidth = bandwidth
    self.fail = fail
    self.after = after
    self.corrupt = corrupt
    self.hold = hold
    self.times = times
  }
}

/// How a rule makes a transfer fail (`fail`; `Scenario.Failure` is this type).
public enum NetworkFailure: Hashable, Sendable {
  /// The server answers with this HTTP status (400–599) at the first byte, and no body
  /// (`{status: 404}`).
  case status(Int)
  /// No byte ever arrives; the transfer fails with `timedOut` after the rule's `after`, or the
  /// device's request timeout, counted from its start (`timeout`).
  case timeout
  /// The connection resets once this many body bytes have been delivered (all of them if the
  /// body is shorter); the transfer fails with `connectionReset` (`{reset_after: "1KB"}`).
  case resetAfter(ByteSize)

  /// `.resetAfter(ByteSize(bytes: bytes))`.
  public static func resetAfter(bytes: Int64) -> NetworkFailure {
    .resetAfter(ByteSize(bytes: bytes))
  }
}

/// How a rule damages a body that is otherwise delivered successfully. The raw value is the
/// scenario format's word (`corrupt: flip_bytes`).
public enum Corruption: String, Hashable, Sendable, CaseIterable {
  /// The body is cut to its first `count / 2` bytes (rounded down) and reported as success.
  case truncate
  /// Bytes are flipped: `1 + count / 10,000` distinct positions drawn from the stream keyed by
  /// `("corrupt", url, attempt)`, each XORed with a non-zero mask from the same stream.
  case flipBytes = "flip_bytes"
}

/// A window of virtual time during which the network is down: `from` included, `to` excluded.
///
/// At `from` every outstanding transfer (waiting or active) fails with `offline`; a transfer
/// created inside the window is refused with `offline` after `FakeNetwork.refusalDelay`.
public struct Outage: Hashable, Sendable {
  /// When the outage begins.
  public var from: SimTime
  /// When it ends.
  public var to: SimTime

  /// An outage over `from ..< to`.
  public init(from: SimTime, to: SimTime) {
    self.from = from
    self.to = to
  }
}
