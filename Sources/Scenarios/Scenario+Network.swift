public import SimKernel
public import SimNetwork

extension Scenario {
  /// The fake network's script (`network`), as the file states it.
  ///
  /// One model of network rules (issue 11): the latency distributions, corruptions and
  /// outages *are* SimNetwork's types (`Scenario.Latency` is `SimNetwork.Latency`, and so on).
  /// Only this section and its rules stay the format's own: they keep what the author left
  /// unspecified (nil) and the units they wrote (`ByteSize`), so `yamlText()` writes back what
  /// was read. The runner converts them with `script` (Scenario+Conversions.swift).
  public struct Network: Sendable, Equatable {
    /// The default delivery granularity: 16 KB (16,000 bytes).
    public static let defaultChunkSize = ByteSize(bytes: 16_000)

    /// Time to first byte (`latency`); nil means the network's default.
    public var latency: Latency?
    /// Bytes per second of each transfer (`bandwidth`); nil means unlimited.
    public var bandwidth: ByteSize?
    /// Delivery granularity (`chunk_size`, default 16KB).
    public var chunkSize: ByteSize
    /// Connections per host (`max_connections_per_host`); nil means the device's value
    /// (6 in both built-in profiles).
    public var maxConnectionsPerHost: Int?
    /// Scripted rules, first match wins (`rules`).
    public var rules: [NetworkRule]
    /// Windows during which the network is down (`outages`).
    public var outages: [Outage]

    /// A network script; every field has the format's default.
    public init(
      latency: Latency? = nil, bandwidth: ByteSize? = nil,
      chunkSize: ByteSize = Network.defaultChunkSize, maxConnectionsPerHost: Int? = nil,
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

  /// A distribution of the time to first byte: `latency: "80ms"` is `.fixed`,
  /// `{min: …, max: …}` `.uniform`, `{median: …, p99: …}` `.lognormal` (SimNetwork's type).
  public typealias Latency = SimNetwork.Latency

  /// A scripted behaviour for the URLs that `match` names (an exact URL, or a glob in which
  /// `*` matches any run of characters and `?` one character).
  public struct NetworkRule: Sendable, Equatable {
    /// The URL or glob (`match`).
    public var match: String
    /// Overrides the latency (`latency`).
    public var latency: Latency?
    /// Overrides the bandwidth, per second (`bandwidth`).
    public var bandwidth: ByteSize?
    /// Makes the transfer fail (`fail`).
    public var fail: Failure?
    /// With `fail: timeout`, when the timeout fires (`after`); nil means the device's request
    /// timeout.
    public var after: SimDuration?
    /// Damages an otherwise successful body (`corrupt`).
    public var corrupt: Corruption?
    /// No bytes until a `release_held` event (`hold`).
    public var hold: Bool
    /// Only the URL's first `times` attempts (`times`); nil means every attempt.
    public var times: Int?

    /// A rule for `match` with the given effects.
    public init(
      match: String, latency: Latency? = nil, bandwidth: ByteSize? = nil,
      fail: Failure? = nil, after: SimDuration? = nil, corrupt: Corruption? = nil,
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

  /// How a rule makes a transfer fail (`fail`).
  public enum Failure: Sendable, Equatable {
    /// The server answers with this HTTP status, 400–599 (`{status: 404}`).
    case status(Int)
    /// No byte ever arrives (`timeout`).
    case timeout
    /// The connection resets after this many body bytes (`{reset_after: "1KB"}`).
    case resetAfter(ByteSize)
  }

  /// How a rule damages a body (`corrupt`; its raw value is the format's word), SimNetwork's
  /// type.
  public typealias Corruption = SimNetwork.Corruption

  /// A window during which the network is down: `from` included, `to` excluded (`outages`),
  /// SimNetwork's type.
  public typealias Outage = SimNetwork.Outage
}
