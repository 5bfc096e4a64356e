public import SimKernel

/// Why a network script is invalid. Each case names the offending field by its scenario key
/// path (`latency`, `rules[2].match`, `outages[0]`) so a reader can point at the line.
public enum NetworkScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A latency (fixed, a bound, a median or a p99) below zero.
  case negativeLatency(path: String, SimDuration)
  /// A uniform latency whose `max` is below its `min`.
  case uniformMaxBelowMin(path: String, min: SimDuration, max: SimDuration)
  /// A lognormal latency whose median is not positive (its logarithm is undefined).
  case nonPositiveMedian(path: String, SimDuration)
  /// A lognormal latency whose p99 is below its median.
  case p99BelowMedian(path: String, median: SimDuration, p99: SimDuration)
  /// A bandwidth of zero or less: nothing would ever arrive.
  case nonPositiveBandwidth(path: String, Int64)
  /// A chunk size of zero or less.
  case nonPositiveChunkSize(Int64)
  /// A connection limit below one: nothing would ever start.
  case nonPositiveConnectionLimit(Int)
  /// A rule whose `match` is empty.
  case emptyGlob(rule: Int)
  /// A rule with `times` below one; omit `times` to apply a rule to every attempt.
  case nonPositiveTimes(rule: Int, Int)
  /// A `fail: {status: N}` outside 400–599.
  case statusOutOfRange(rule: Int, Int)
  /// A `reset_after` below zero.
  case negativeResetAfter(rule: Int, Int64)
  /// An `after` below zero.
  case negativeTimeoutAfter(rule: Int, SimDuration)
  /// `after` on a rule that does not fail with `timeout`.
  case afterWithoutTimeout(rule: Int)
  /// A rule that both fails and corrupts: a failed body is never delivered as success.
  case failAndCorrupt(rule: Int)
  /// An outage starting before time zero.
  case negativeOutageStart(outage: Int, SimTime)
  /// An outage whose `from` is not before its `to`.
  case emptyOutage(outage: Int, from: SimTime, to: SimTime)

  /// The problem, the key path it is at, and how to fix it.
  public var description: String {
    switch self {
    case .negativeLatency(let path, let value):
      return "\(path): latency \(value) is negative; latencies must be zero or more"
    case .uniformMaxBelowMin(let path, let min, let max):
      return "\(path): max \(max) is below min \(min); give {min: a, max: b} with a ≤ b"
    case .nonPositiveMedian(let path, let median):
      return "\(path): median \(median) must be positive for a lognormal latency"
    case .p99BelowMedian(let path, let median, let p99):
      return "\(path): p99 \(p99) is below median \(median); p99 must be at least the median"
    case .nonPositiveBandwidth(let path, let value):
      return "\(path): bandwidth \(value) B/s must be positive; omit it for unlimited bandwidth"
    case .nonPositiveChunkSize(let value):
      return "chunk_size: \(value) bytes must be positive"
    case .nonPositiveConnectionLimit(let value):
      return "max_connections_per_host: \(value) must be at least 1"
    case .emptyGlob(let rule):
      return "rules[\(rule)].match: empty; give an exact URL or a glob such as \"*/17.png\""
    case .nonPositiveTimes(let rule, let value):
      return "rules[\(rule)].times: \(value) must be at least 1; omit it to match every attempt"
    case .statusOutOfRange(let rule, let value):
      return "rules[\(rule)].fail.status: \(value) is not an HTTP error status (400–599)"
    case .negativeResetAfter(let rule, let value):
      return "rules[\(rule)].fail.reset_after: \(value) bytes is negative"
    case .negativeTimeoutAfter(let rule, let value):
      return "rules[\(rule)].after: \(value) is negative"
    case .afterWithoutTimeout(let rule):
      return "rules[\(rule)].after: only meaningful with fail: timeout"
    case .failAndCorrupt(let rule):
      return "rules[\(rule)]: has both fail and corrupt; a rule may do one or the other"
    case .negativeOutageStart(let outage, let from):
      return "outages[\(outage)].from: \(from) is before the start of the run"
    case .emptyOutage(let outage, let from, let to):
      return "outages[\(outage)]: from \(from) must be before to \(to)"
    }
  }
}

extension NetworkScript {
  /// Checks every field; throws the first problem found, in field order (latency, bandwidth,
  /// chunk size, connection limit, rules in order, outages in order).
  package func validate() throws(NetworkScriptError) {
    try Self.validate(latency, path: "latency")
    try Self.validate(bandwidth: bandwidth, path: "bandwidth")
    if chunkSize <= 0 { throw .nonPositiveChunkSize(chunkSize) }
    if let limit = maxConnectionsPerHost, limit < 1 { throw .nonPositiveConnectionLimit(limit) }
    for (index, rule) in rules.enumerated() { try rule.validate(index: index) }
    for (index, outage) in outages.enumerated() {
      if outage.from < .zero { throw .negativeOutageStart(outage: index, outage.from) }
      if outage.from >= outage.to {
        throw .emptyOutage(outage: index, from: outage.from, to: outage.to)
      }
    }
  }

  /// Checks one latency distribution found at `path`.
  static func validate(_ latency: Latency, path: String) throws(NetworkScriptError) {
    switch latency {
    case .fixed(let value):
      if value < .zero { throw .negativeLatency(path: path, value) }
    case .uniform(let min, let max):
      if min < .zero { throw .negativeLatency(path: path + ".min", min) }
      if max < min { throw .uniformMaxBelowMin(path: path, min: min, max: max) }
    case .lognormal(let median, let p99):
      if median < .zero { throw .negativeLatency(path: path + ".median", median) }
      if median == .zero { throw .nonPositiveMedian(path: path + ".median", median) }
      if p99 < median { throw .p99BelowMedian(path: path, median: median, p99: p99) }
    }
  }

  /// Checks an optional bandwidth found at `path`.
  static func validate(bandwidth: Int64?, path: String) throws(NetworkScriptError) {
    if let bandwidth, bandwidth <= 0 { throw .nonPositiveBandwidth(path: path, bandwidth) }
  }
}

extension NetworkRule {
  /// Checks the rule at `rules[index]`.
  func validate(index: Int) throws(NetworkScriptError) {
    if match.isEmpty { throw .emptyGlob(rule: index) }
    if let latency { try NetworkScript.validate(latency, path: "rules[\(index)].latency") }
    try NetworkScript.validate(bandwidth: bandwidth?.bytes, path: "rules[\(index)].bandwidth")
    if let times, times < 1 { throw .nonPositiveTimes(rule: index, times) }
    switch fail {
    case .status(let status) where !(400...599).contains(status):
      throw .statusOutOfRange(rule: index, status)
    case .resetAfter(let size) where size.bytes < 0:
      throw .negativeResetAfter(rule: index, size.bytes)
    default: break
    }
    if let after {
      if fail != .timeout { throw .afterWithoutTimeout(rule: index) }
      if after < .zero { throw .negativeTimeoutAfter(rule: index, after) }
    }
    if fail != nil && corrupt != nil { throw .failAndCorrupt(rule: index) }
  }
}
