package import Foundation
package import Scenarios

/// Merges the finding folders of several shards: one file per signature.
package enum FindingMerge {
  /// The label of a finding file: its expected violation, or `trap`/`hang` from its name.
  package static func label(of scenario: Scenario) -> String {
    if let first = scenario.expect.violations.first { return first.rawValue }
    return scenario.name.contains(" traps") ? "trap" : "hang"
  }

  /// Reads every `.yaml` file in `folders` (sorted), keeps the one with the fewest events per
  /// signature (then the first by path), and writes them atomically into `out`. Returns the
  /// files kept and the number of duplicates dropped.
  package static func merge(_ folders: [URL], into out: URL, knownLoaders: [String]) throws
    -> (kept: [URL], duplicates: Int)
  {
    var files: [URL] = []
    for folder in folders {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      files += names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }
        .map { folder.appendingPathComponent($0) }
    }
    files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    var best: [String: (url: URL, scenario: Scenario, label: String)] = [:]
    for url in files {
      let scenario = try Scenario(contentsOf: url, knownLoaders: knownLoaders)
      let label = label(of: scenario)
      let signature = Finding.signature(label: label, scenario: scenario)
      if let kept = best[signature], kept.scenario.events.count <= scenario.events.count {
        continue
      }
      best[signature] = (url, scenario, label)
    }
    var kept: [URL] = []
    for signature in best.keys.sorted() {
      guard let entry = best[signature] else { continue }
      let name = "\(entry.label)-\(Finding.hash(signature).prefix(12)).yaml"
      let text = try String(contentsOf: entry.url, encoding: .utf8)
      if let url = try Finding.writeAtomically(text, name: name, in: out) { kept.append(url) }
    }
    return (kept, files.count - best.count)
  }
}
