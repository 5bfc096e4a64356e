package import Foundation
package import Scenarios

/// The lines a worker process (`cellsim fuzz-worker`) writes to its standard output, one
/// message per line, and the supervisor reads.
package enum WorkerMessage: Equatable {
  /// The worker starts the `k`-th case of its shard.
  case start(k: Int)
  /// Case `k` is still making progress: one more simulation run of it (or of a shrink
  /// candidate) ended. The supervisor's hang guard restarts from each one.
  case beat(k: Int)
  /// It finished that case; these invariants were violated.
  case done(k: Int, violated: [Scenario.InvariantID], error: String?)
  /// A shrunk finding from case `k`: its label, signature hash, and YAML text.
  case finding(k: Int, label: String, signature: String, yaml: String, shrinkMilliseconds: Int)

  /// The message as one line (YAML and errors in base64).
  package var line: String {
    switch self {
    case .start(let k): return "start \(k)"
    case .beat(let k): return "beat \(k)"
    case .done(let k, let violated, let error):
      let list = violated.isEmpty ? "-" : violated.map(\.rawValue).joined(separator: ",")
      return "done \(k) \(list)" + (error.map { " " + Data($0.utf8).base64EncodedString() } ?? "")
    case .finding(let k, let label, let signature, let yaml, let milliseconds):
      return
        "finding \(k) \(label) \(signature) \(Data(yaml.utf8).base64EncodedString()) \(milliseconds)"
    }
  }

  /// Parses a line; nil for anything else.
  package init?(line: String) {
    let parts = line.split(separator: " ").map(String.init)
    guard parts.count >= 2, let k = Int(parts[1]) else { return nil }
    func decode(_ text: String) -> String? {
      Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) }
    }
    switch parts[0] {
    case "start" where parts.count == 2:
      self = .start(k: k)
    case "beat" where parts.count == 2:
      self = .beat(k: k)
    case "done" where parts.count == 3 || parts.count == 4:
      let violated =
        parts[2] == "-"
        ? []
        : parts[2].split(separator: ",").compactMap { Scenario.InvariantID(rawValue: String($0)) }
      self = .done(k: k, violated: violated, error: parts.count == 4 ? decode(parts[3]) : nil)
    case "finding" where parts.count == 6:
      guard let yaml = decode(parts[4]), let milliseconds = Int(parts[5]) else { return nil }
      self = .finding(
        k: k, label: parts[2], signature: parts[3], yaml: yaml, shrinkMilliseconds: milliseconds)
    default:
      return nil
    }
  }
}

/// Parses `--time` values: `90s`, `5m`, `2h`, `500ms`, or plain seconds.
package func parseWallDuration(_ text: String) -> TimeInterval? {
  let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600)]
  for (suffix, scale) in units where text.hasSuffix(suffix) {
    if let value = Double(text.dropLast(suffix.count)), value > 0 { return value * scale }
  }
  return Double(text).flatMap { $0 > 0 ? $0 : nil }
}
