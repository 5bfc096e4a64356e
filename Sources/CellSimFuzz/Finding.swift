package import Foundation
package import Scenarios

/// A finding: a shrunk scenario that violates one invariant (or a case that trapped or hung),
/// ready to be written as a scenario file.
package struct Finding: Sendable {
  /// What the finding shows.
  package enum Kind: Sendable, Equatable {
    /// The run violated this invariant.
    case violation(Scenario.InvariantID)
    /// The worker process died while running the case (a trap in the loader).
    case trap(String)
    /// The worker made no progress on the case (no simulation run ended) for the wall-clock
    /// guard, `--case-timeout`.
    case hang
  }

  package var kind: Kind
  /// The scenario, with `name`, `about` and `expect` filled in.
  package var scenario: Scenario
  /// The campaign seed and the case index it came from.
  package var campaignSeed: UInt64
  package var caseIndex: Int
  /// The original case's event count, before shrinking.
  package var originalEvents: Int
  /// Wall-clock milliseconds the shrink took (not part of the file; for benchmarks).
  package var shrinkMilliseconds = 0

  /// `no_cross_cell_image`, `trap` or `hang`.
  package var label: String { Self.label(kind) }

  static func label(_ kind: Kind) -> String {
    switch kind {
    case .violation(let id): return id.rawValue
    case .trap: return "trap"
    case .hang: return "hang"
    }
  }

  /// The deduplication key: the label and the shape of the shrunk trace (its action keys in
  /// order, and its rules' effects), not its numbers.
  package var signature: String { Self.signature(label: label, scenario: scenario) }

  /// The signature of a scenario for `label`.
  package static func signature(label: String, scenario: Scenario) -> String {
    let events = scenario.events.map(\.action.key).joined(separator: ",")
    let rules = scenario.network.rules.map { rule in
      [
        rule.latency == nil ? nil : "latency", rule.fail.map { "\($0)".prefix(7).description },
        rule.corrupt?.rawValue, rule.hold ? "hold" : nil,
      ].compactMap { $0 }.joined(separator: "+")
    }.joined(separator: ",")
    return "\(label)|\(events)|\(rules)|outages:\(scenario.network.outages.count)"
  }

  /// A short stable hash of the signature, for file names (FNV-1a, 64 bits).
  package var signatureHash: String { Self.hash(signature) }

  package static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The file name: `<label>-<hash>.yaml`.
  package var fileName: String { "\(label)-\(signatureHash.prefix(12)).yaml" }

  /// Builds a finding: names the scenario, writes `about:` (seed, campaign, replay command)
  /// and `expect:`.
  package init(
    kind: Kind, scenario: Scenario, campaignSeed: UInt64, caseIndex: Int, originalEvents: Int,
    campaign: String
  ) {
    self.kind = kind
    self.campaignSeed = campaignSeed
    self.caseIndex = caseIndex
    self.originalEvents = originalEvents
    var scenario = scenario
    let loader = scenario.loader?.name ?? "reference"
    let what: String
    switch kind {
    case .violation(let id):
      what = "breaks \(id.rawValue)"
      scenario.expect = Scenario.Expectation(violations: [id])
    case .trap(let reason):
      what = "traps (\(reason))"
      scenario.expect = .pass
    case .hang:
      what = "hangs"
      scenario.expect = .pass
    }
    scenario.name = "fuzz: \(loader) \(what)"
    let label = Self.label(kind)
    let file =
      "\(label)-\(Self.hash(Self.signature(label: label, scenario: scenario)).prefix(12)).yaml"
    scenario.about =
      "Found by \(campaign) (campaign seed \(campaignSeed), case \(caseIndex), case seed "
      + "\(scenario.seed)); shrunk from \(originalEvents) to \(scenario.events.count) events. "
      + "Replay: cellsim replay \(file) --trace"
    self.scenario = scenario
  }

  /// Writes the finding into `folder` atomically: a hidden temporary file in the same folder,
  /// then a rename, so a reader (or an interrupted campaign) never sees a partial file.
  /// Returns the final URL, or nil when a finding with that name is already there.
  @discardableResult
  package func write(to folder: URL) throws -> URL? {
    try Self.writeAtomically(scenario.yamlText(), name: fileName, in: folder)
  }

  /// Writes `text` to `folder/name` through a temporary file and a rename; nil if it exists.
  package static func writeAtomically(_ text: String, name: String, in folder: URL) throws -> URL? {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: target.path) { return nil }
    let temporary = folder.appendingPathComponent(".\(name).\(getpid()).tmp")
    try Data(text.utf8).write(to: temporary)
    if rename(temporary.path, target.path) != 0 {
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown)
    }
    return target
  }
}
