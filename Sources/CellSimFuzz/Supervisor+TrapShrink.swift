import Foundation
import Scenarios

extension Supervisor {
  /// Hands a trap or hang finding, already written unshrunk, to the shrink thread. The thread
  /// shrinks findings one at a time while the campaign goes on, so a long campaign that is
  /// interrupted has its earlier trap and hang findings shrunk already; the one being shrunk
  /// at the interrupt stays as written.
  func enqueueShrink(_ finding: Finding, file: URL) {
    lock.lock()
    unshrunk.append((finding, file))
    let start = !shrinkThreadStarted
    shrinkThreadStarted = true
    lock.broadcast()
    lock.unlock()
    guard start else { return }
    Thread.detachNewThread { [self] in
      while let (finding, file) = nextShrink() {
        shrink(finding, file: file)
        lock.lock()
        shrinking = false
        lock.broadcast()
        lock.unlock()
      }
    }
  }

  /// The next finding to shrink, waiting for one; nil once interrupted.
  private func nextShrink() -> (Finding, URL)? {
    lock.lock()
    defer { lock.unlock() }
    while unshrunk.isEmpty && state.interrupted == nil { lock.wait() }
    guard state.interrupted == nil else { return nil }
    shrinking = true
    return unshrunk.removeFirst()
  }

  /// Waits until every trap and hang finding handed to the shrink thread is shrunk, or the
  /// campaign is interrupted (then the unshrunk files stay as written). After an interrupt it
  /// still waits for the shrink under way to stop (its child process is killed at once), so
  /// that no candidate file is left behind.
  func waitForShrinks() {
    lock.lock()
    while shrinking || (!unshrunk.isEmpty && state.interrupted == nil) { lock.wait() }
    lock.unlock()
  }

  /// Shrinks one trap or hang finding: its candidates run in child processes
  /// (`ProcessCheck`), and one is kept only if it still traps the same way, or still hangs.
  /// A finding that does not trap or hang when it runs alone in a fresh process (it needed the
  /// earlier cases of its worker) is left as written. The shrunk file is written before the
  /// unshrunk one is removed, so an interrupt loses nothing; each shrink stops after
  /// `trapShrinkTime` seconds, or when interrupted.
  ///
  /// A hang is judged by wall time, which a loaded machine stretches. A candidate counts as
  /// hanging after `hangCheckTimeout` (at least four times the slowest candidate that
  /// finished), and the shrunk scenario must then hang for the campaign's own `caseTimeout`
  /// before it replaces the finding: a shrink that only looked hung is dropped, not written.
  func shrink(_ finding: Finding, file: URL) {
    guard let expected = ProcessCheck.expected(for: finding.kind) else { return }
    let base = hangCheckTimeout ?? min(caseTimeout, 10)
    var child = ProcessCheck(
      executable: executable, arguments: workerArguments, timeout: base, folder: outFolder)
    child.isCancelled = { [self] in snapshot().interrupted != nil }
    let check = AdaptiveCheck(child, ceiling: max(caseTimeout, base))
    let original = campaign.scenario(forCase: finding.caseIndex)
    guard check.outcome(of: original) == expected else { return }
    let started = Date()
    var shrinker = Shrinker(runner: campaign.runner) { [self] candidate in
      snapshot().interrupted == nil && check.outcome(of: candidate) == expected
    }
    shrinker.knownLoaders = campaign.knownLoaders
    shrinker.budget = campaign.shrinkBudget
    shrinker.deadline = started.addingTimeInterval(trapShrinkTime)
    let shrunk = shrinker.shrink(original)
    guard snapshot().interrupted == nil, shrunk != original else { return }
    if expected == .hang {
      var confirm = check.inner
      confirm.timeout = max(caseTimeout, check.inner.timeout)
      guard confirm.outcome(of: shrunk) == .hang else {
        lock.lock()
        state.errors.append(
          "case \(finding.caseIndex): a shrink of the hang finished within --case-timeout; "
            + "\(file.lastPathComponent) is left unshrunk")
        lock.unlock()
        return
      }
    }
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
    lock.lock()
    let known = seen.contains(shrunk.signatureHash)
    lock.unlock()
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

/// A `ProcessCheck` whose hang limit follows the machine: at least four times the wall time of
/// the slowest child that finished (at most `ceiling`), so a run slowed by load is not taken
/// for a hang.
final class AdaptiveCheck: @unchecked Sendable {
  private(set) var inner: ProcessCheck
  private let floor: TimeInterval
  private let ceiling: TimeInterval

  init(_ check: ProcessCheck, ceiling: TimeInterval) {
    inner = check
    floor = check.timeout
    self.ceiling = ceiling
  }

  func outcome(of scenario: Scenario) -> ProcessCheck.Outcome {
    let started = Date()
    let outcome = inner.outcome(of: scenario)
    if outcome == .finished {
      let slowest = 4 * Date().timeIntervalSince(started)
      inner.timeout = min(ceiling, max(inner.timeout, floor, slowest))
    }
    return outcome
  }
}
