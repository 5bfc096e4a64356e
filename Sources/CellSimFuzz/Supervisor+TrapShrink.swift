import Foundation
import Scenarios

extension Supervisor {
  /// Shrinks each trap and hang finding written during the campaign (issue 13): its
  /// candidates run in child processes (`ProcessCheck`), and one is kept only if it still
  /// traps the same way, or still hangs. A finding that does not trap or hang when it runs
  /// alone in a fresh process (it needed the earlier cases of its worker) is left as written.
  /// The shrunk file is written before the unshrunk one is removed, so an interrupt loses
  /// nothing; each shrink stops after `trapShrinkTime` seconds, or when interrupted.
  func shrinkTrapsAndHangs() {
    let pending = unshrunk
    unshrunk = []
    let check = ProcessCheck(
      executable: executable, arguments: workerArguments, timeout: min(caseTimeout, 10),
      folder: outFolder)
    for (finding, file) in pending {
      guard snapshot().interrupted == nil,
        let expected = ProcessCheck.expected(for: finding.kind)
      else { continue }
      let original = campaign.scenario(forCase: finding.caseIndex)
      guard check.outcome(of: original) == expected else { continue }
      let started = Date()
      var shrinker = Shrinker(runner: campaign.runner) { [self] candidate in
        snapshot().interrupted == nil && check.outcome(of: candidate) == expected
      }
      shrinker.knownLoaders = campaign.knownLoaders
      shrinker.budget = campaign.shrinkBudget
      shrinker.deadline = started.addingTimeInterval(trapShrinkTime)
      let shrunk = shrinker.shrink(original)
      guard snapshot().interrupted == nil, shrunk != original else { continue }
      var result = Finding(
        kind: finding.kind, scenario: shrunk, campaignSeed: campaign.seed,
        caseIndex: finding.caseIndex, originalEvents: original.events.count,
        campaign: campaign.description)
      result.shrinkMilliseconds = Int(Date().timeIntervalSince(started) * 1_000)
      lock.lock()
      state.shrinkMilliseconds.append(result.shrinkMilliseconds)
      lock.unlock()
      replace(file, of: finding, with: result)
    }
  }

  /// Puts `shrunk` in place of the unshrunk finding's `file`: over it when the name is the
  /// same, else as a new file (unless a finding of that signature exists) before `file` is
  /// removed.
  func replace(_ file: URL, of unshrunk: Finding, with shrunk: Finding) {
    let text = shrunk.scenario.yamlText()
    if shrunk.fileName == file.lastPathComponent {
      let temporary = outFolder.appendingPathComponent(".\(shrunk.fileName).\(getpid()).tmp")
      do {
        try Data(text.utf8).write(to: temporary)
        if rename(temporary.path, file.path) != 0 { throw CocoaError(.fileWriteUnknown) }
      } catch {
        try? FileManager.default.removeItem(at: temporary)
        lock.lock()
        state.errors.append("cannot write \(file.lastPathComponent): \(error)")
        lock.unlock()
      }
      return
    }
    let known = seen.contains(shrunk.signatureHash)
    guard known || write(yaml: text, label: shrunk.label, signature: shrunk.signatureHash) != nil
    else { return }
    try? FileManager.default.removeItem(at: file)
    lock.lock()
    state.findingsByLabel[unshrunk.label, default: 1] -= 1
    if state.findingsByLabel[unshrunk.label] == 0 { state.findingsByLabel[unshrunk.label] = nil }
    state.written.removeAll { $0 == file }
    lock.unlock()
  }
}
