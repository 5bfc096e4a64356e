import Foundation
import SimKernel

/// Reading `network`.
extension ScenarioReader {
  static let networkKeys = [
    "latency", "bandwidth", "chunk_size", "max_connections_per_host", "http2", "rules",
    "outages",
  ]
  static let ruleKeys = [
    "match", "latency", "bandwidth", "fail", "corrupt", "hold", "times", "after",
  ]

  func readNetwork(_ value: YAMLValue, images: Scenario.Images) throws(ScenarioError)
    -> Scenario.Network
  {
    let fields = try value.mapping(keys: Self.networkKeys)
    var network = Scenario.Network()
    network.latency = try fields["latency"].map(readLatency)
    network.bandwidth = try fields["bandwidth"]?.bandwidth()
    network.chunkSize = try fields["chunk_size"]?.positiveSize() ?? network.chunkSize
    // The chunks a transfer of the largest fixture is cut into, when the fixtures are known.
    if let root = fixturesRoot, let largest = Self.largestFixture(images, in: root),
      let problem = Scenario.Limits.chunksProblem(
        bytes: largest.bytes, chunkSize: network.chunkSize.bytes, fixture: largest.path)
    {
      throw (fields["chunk_size"] ?? value).error(
        .outOfRange, problem, hint: "a larger chunk_size cuts each body into fewer chunks")
    }
    network.maxConnectionsPerHost = try fields["max_connections_per_host"]?.positiveCount()
    network.http2 = try fields["http2"]?.bool() ?? false
    if let rules = fields["rules"] {
      for element in try rules.list("a list of rules") {
        network.rules.append(try readRule(element))
      }
    }
    if let outages = fields["outages"] {
      for element in try outages.list("a list of {from, to} outages") {
        network.outages.append(try readOutage(element))
      }
    }
    return network
  }

  /// `"80ms"` (fixed), `{min, max}` (uniform) or `{median, p99}` (lognormal).
  func readLatency(_ value: YAMLValue) throws(ScenarioError) -> Scenario.Latency {
    guard case .mapping = value.node else { return .fixed(try value.duration()) }
    let fields = try value.mapping(keys: ["min", "max", "median", "p99"])
    let uniform = fields.has("min") || fields.has("max")
    let lognormal = fields.has("median") || fields.has("p99")
    if uniform && lognormal {
      let second = fields.entries.first { ["median", "p99"].contains($0.key) }!.value
      throw second.error(
        .conflictingKeys, "a latency is {min, max} or {median, p99}, not both")
    }
    if uniform {
      let min = try fields.required("min", "the uniform latency's lower bound").duration()
      let maxValue = try fields.required("max", "the uniform latency's upper bound")
      let max = try maxValue.duration()
      if max < min {
        throw maxValue.error(.invalidValue, "max \(max) is below min \(min)")
      }
      return .uniform(min: min, max: max)
    }
    if lognormal {
      let median = try fields.required("median", "the lognormal latency's median").duration()
      let p99Value = try fields.required("p99", "the lognormal latency's 99th percentile")
      let p99 = try p99Value.duration()
      if p99 < median || median <= .zero {
        throw p99Value.error(
          .invalidValue, "p99 \(p99) must be at least the median \(median), which is above 0")
      }
      return .lognormal(median: median, p99: p99)
    }
    throw value.error(
      .missingKey, "an empty latency mapping; expected \"80ms\", {min, max} or {median, p99}")
  }

  private func readRule(_ value: YAMLValue) throws(ScenarioError) -> Scenario.NetworkRule {
    let fields = try value.mapping(keys: Self.ruleKeys, what: "a rule {match: …, <effects>}")
    let match = try fields.required("match", "an exact URL or a glob").nonEmptyText("a URL glob")
    var rule = Scenario.NetworkRule(match: match)
    rule.latency = try fields["latency"].map(readLatency)
    rule.bandwidth = try fields["bandwidth"]?.bandwidth()
    rule.fail = try fields["fail"].map(readFailure)
    if let corrupt = fields["corrupt"] {
      let names = Scenario.Corruption.allCases.map(\.rawValue)
      rule.corrupt = Scenario.Corruption(rawValue: try corrupt.choice(names, what: "a corruption"))
      if rule.fail != nil {
        throw corrupt.error(
          .conflictingKeys, "a rule cannot both fail and corrupt; use two rules with times")
      }
    }
    rule.hold = try fields["hold"]?.bool() ?? false
    rule.times = try fields["times"]?.positiveCount("a number of attempts of 1 or more")
    if let after = fields["after"] {
      rule.after = try after.duration()
      if rule.fail != .timeout {
        throw after.error(.conflictingKeys, "\"after\" applies only to fail: timeout")
      }
    }
    return rule
  }

  private func readFailure(_ value: YAMLValue) throws(ScenarioError) -> Scenario.Failure {
    guard case .mapping = value.node else {
      _ = try value.choice(["timeout"], what: "timeout, {status: …} or {reset_after: …}")
      return .timeout
    }
    let fields = try value.mapping(keys: ["status", "reset_after"])
    if let status = fields["status"] {
      if let reset = fields.entry("reset_after") {
        throw reset.value.error(.conflictingKeys, "a failure is a status or a reset, not both")
      }
      return .status(Int(try status.integer("an HTTP status from 400 to 599", in: 400...599)))
    }
    if let reset = fields["reset_after"] { return .resetAfter(try reset.size()) }
    throw value.error(.missingKey, "expected {status: 404} or {reset_after: \"1KB\"}")
  }

  private func readOutage(_ value: YAMLValue) throws(ScenarioError) -> Scenario.Outage {
    let fields = try value.mapping(keys: ["from", "to"], what: "an outage {from: …, to: …}")
    let from = try fields.required("from", "when the outage begins").duration()
    let toValue = try fields.required("to", "when the outage ends")
    let to = try toValue.duration()
    if to <= from {
      throw toValue.error(.invalidValue, "an outage must end after it begins (\(from)), got \(to)")
    }
    return Scenario.Outage(from: .zero + from, to: .zero + to)
  }
}

extension ScenarioReader {
  /// The largest fixture file `images` names under `root` (its globs' matches and its
  /// overrides' fixtures), by size on disk.
  static func largestFixture(_ images: Scenario.Images, in root: URL) -> (
    path: String, bytes: Int
  )? {
    let paths =
      FixtureGlob.expand(images.fixtures, in: root) + images.overrides.compactMap(\.fixture)
    var largest: (path: String, bytes: Int)?
    for path in paths {
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: root.appendingPathComponent(path).path)
      let bytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
      if bytes > largest?.bytes ?? -1 { largest = (path, bytes) }
    }
    return largest
  }
}
