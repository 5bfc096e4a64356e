package import Foundation

/// Progress lines, the end summary and the JSON summary of `cellsim fuzz`.
package enum FuzzProgress {
  /// `fuzz: 120 cases, 11.8 cases/s, findings: no_cross_cell_image 2, elapsed 10s, 50s left`.
  package static func line(_ progress: Supervisor.Progress, budget: TimeInterval?) -> String {
    let elapsed = Date().timeIntervalSince(progress.started)
    let rate = elapsed > 0 ? Double(progress.cases) / elapsed : 0
    var line = "fuzz: \(progress.cases) cases, \(format(rate)) cases/s, findings: "
    line += findings(progress)
    line += ", elapsed \(Int(elapsed))s"
    if let budget { line += ", \(max(0, Int(budget - elapsed)))s left" }
    return line
  }

  /// `no_cross_cell_image 2, trap 1`, or `none`.
  static func findings(_ progress: Supervisor.Progress) -> String {
    let labels = progress.findingsByLabel.keys.sorted()
    if labels.isEmpty { return "none" }
    return labels.map { "\($0) \(progress.findingsByLabel[$0] ?? 0)" }.joined(separator: ", ")
  }

  /// The lines printed when the campaign ends.
  package static func summary(_ progress: Supervisor.Progress) -> String {
    var lines = [line(progress, budget: nil)]
    if !progress.violatingCases.isEmpty {
      let labels = progress.violatingCases.keys.sorted()
      lines.append(
        "violating cases: "
          + labels.map { "\($0) \(progress.violatingCases[$0] ?? 0)" }.joined(separator: ", "))
    }
    if let signal = progress.interrupted {
      lines.append("interrupted by signal \(signal); every finding written so far is complete")
    }
    if !progress.shrinkMilliseconds.isEmpty {
      let sorted = progress.shrinkMilliseconds.sorted()
      lines.append(
        "shrinks: \(sorted.count), median \(sorted[sorted.count / 2]) ms, max \(sorted.last ?? 0) ms"
      )
    }
    for url in progress.written { lines.append("  wrote \(url.path)") }
    for error in progress.errors.prefix(10) { lines.append("  error: \(error)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A JSON summary: cases, findings by label, files written, errors, interrupted, and the
  /// worker processes the campaign started (`workers`, when given).
  package static func json(
    _ progress: Supervisor.Progress, campaign: Campaign, workers: Int? = nil
  ) -> String {
    var object: [String: Any] = [
      "campaign": campaign.description, "seed": campaign.seed, "cases": progress.cases,
      "findings": progress.findingsByLabel, "violating_cases": progress.violatingCases,
      "shrink_ms": progress.shrinkMilliseconds,
      "files": progress.written.map(\.path),
      "errors": progress.errors, "interrupted": progress.interrupted.map { Int($0) } ?? 0,
    ]
    if let workers { object["workers"] = workers }
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]))
      ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
