public import SimKernel
public import SimNetwork

extension Scenario {
  /// The fake network's script (`network`), as the file states it.
  ///
  /// One model of network rules: the rules, failures, latency distributions,
  /// corruptions and outages *are* SimNetwork's types (`Scenario.NetworkRule` is
  /// `SimNetwork.NetworkRule`, and so on). Only this section stays the format's own: it keeps
  /// what the author left unspecified (nil: the network's default latency, the device's
  /// connection count) and the units they wrote (`ByteSize`), so `yamlText()` writes back what
  /// was read. The runner turns it into a `NetworkScript` with `script`
  /// (Scenario+Conversions.swift).
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
    /// Whether the image host speaks HTTP/2 or later (`http2`, default false: HTTP/1.1).
    /// Requests to a host then share one connection, so a session's
    /// `httpMaximumConnectionsPerHost` does not apply (Apple: "HTTP/2 and later run multiple
    /// requests over a single connection and thus ignore this property"), and the host's slots
    /// are its concurrent streams, `NetworkScript.defaultHTTP2Streams` unless
    /// `max_connections_per_host` says.
    public var http2: Bool = false
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
  /// `*` matches any run of characters and `?` one character): SimNetwork's type, so a rule
  /// read from a file is the rule the fake network runs.
  public typealias NetworkRule = SimNetwork.NetworkRule

  /// How a rule makes a transfer fail (`fail`): `{status: 404}`, `timeout`,
  /// `{reset_after: "1KB"}` (SimNetwork's type).
  public typealias Failure = NetworkFailure

  /// How a rule damages a body (`corrupt`; its raw value is the format's word), SimNetwork's
  /// type.
  public typealias Corruption = SimNetwork.Corruption

  /// A window during which the network is down: `from` included, `to` excluded (`outages`),
  /// SimNetwork's type.
  public typealias Outage = SimNetwork.Outage
}
