package import Foundation
package import Scenarios
import SimKernel

/// Shrinks a scenario that violates an invariant to a 1-minimal one that still violates it.
///
/// Passes, repeated until none makes progress (or the run budget is spent):
/// 1. delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing
///    Input", TSE 2002) over the events, the network rules, the outages, the shared-URL groups
///    and the image overrides;
/// 2. merging adjacent drags into one;
/// 3. moving numbers toward simple values: round times and latencies, small velocities and
///    distances, counts of 1, optional fields dropped;
/// 4. the table and the options: fewer rows, one column, every flag at its default, the
///    default device, no loader options, an earlier end.
///
/// A candidate is kept only if it still reads back from its own YAML as an equal scenario and
/// its run still violates the same invariant (or, for a trap or a hang, `fails` still holds:
/// the candidate still traps or hangs in a fresh process). The result is 1-minimal: removing
/// any single event, rule or outage makes the violation disappear (the last pass checks each
/// one), unless the run budget or the deadline ran out first.
package struct Shrinker {
  /// The runner candidates go through.
  package let runner: CaseRunner
  /// The invariant that must stay violated (ignored when `fails` is set).
  package let invariant: Scenario.InvariantID
  /// Replaces "still violates `invariant`": true when a candidate still fails the same way
  /// (a trap or a hang, judged in a child process).
  package var fails: ((Scenario) -> Bool)?
  /// No candidate runs after this moment (a hang's candidates each cost a timeout).
  package var deadline: Date?
  /// Loader names the read-back check accepts (the built-ins plus the user's own).
  package var knownLoaders = Scenario.builtInLoaderNames
  /// The most candidate runs; the 1-minimality pass always runs to the end.
  package var budget = 3_000
  /// Candidate runs so far.
  package private(set) var runs = 0

  package init(runner: CaseRunner, invariant: Scenario.InvariantID) {
    self.runner = runner
    self.invariant = invariant
  }

  /// True when `candidate` is well formed and still violates the invariant.
  package mutating func holds(_ candidate: Scenario) -> Bool {
    if let deadline, Date() >= deadline {
      runs = max(runs, budget)
      return false
    }
    runs += 1
    guard (try? Scenario(yaml: candidate.yamlText(), knownLoaders: knownLoaders)) == candidate
    else { return false }
    if let fails { return fails(candidate) }
    return runner.violates(candidate, invariant)
  }

  /// A shrinker for a failure that no invariant names: a trap or a hang, which `fails`
  /// reproduces (in a child process).
  package init(runner: CaseRunner, fails: @escaping (Scenario) -> Bool) {
    self.init(runner: runner, invariant: .noCrossCellImage)
    self.fails = fails
  }

  /// The shrunk scenario; `scenario` must violate the invariant.
  package mutating func shrink(_ scenario: Scenario) -> Scenario {
    var current = scenario
    cutAfterFirstViolation(&current)
    for _ in 0..<6 {
      let before = current
      removeParts(&current)
      mergeDrags(&current)
      simplifyNumbers(&current)
      simplifyTable(&current)
      if current == before || runs >= budget { break }
    }
    makeOneMinimal(&current)
    return current
  }

  /// Pass 0: nothing after the first violation matters to it, so drop the later events and
  /// end the run just after it; every later candidate then runs a shorter trace.
  mutating func cutAfterFirstViolation(_ current: inout Scenario) {
    guard fails == nil, case .ran(let result) = runner.run(current),
      let first = result.violations.firstViolation(of: invariant)
    else { return }
    for margin in [SimDuration.ms(1), .ms(100), .s(1)] {
      let end = first.time + margin
      guard current.runUntil.map({ end < $0 }) ?? true else { continue }
      let cut = attempt(&current) { candidate in
        candidate.events.removeAll { $0.at > first.time }
        candidate.network.outages.removeAll { $0.from > first.time }
        candidate.runUntil = end
      }
      if cut { return }
    }
  }

  /// Tries `change`; keeps it when the result still holds.
  @discardableResult
  mutating func attempt(_ current: inout Scenario, _ change: (inout Scenario) -> Void) -> Bool {
    var candidate = current
    change(&candidate)
    guard candidate != current, runs < budget, holds(candidate) else { return false }
    current = candidate
    return true
  }

  /// Pass 1: delta debugging over each list.
  mutating func removeParts(_ current: inout Scenario) {
    current.events = ddmin(current.events) {
      var c = current
      c.events = $0
      return c
    }
    current.network.rules = ddmin(current.network.rules) {
      var c = current
      c.network.rules = $0
      return c
    }
    current.network.outages = ddmin(current.network.outages) {
      var c = current
      c.network.outages = $0
      return c
    }
    current.images.shared = ddmin(current.images.shared) {
      var c = current
      c.images.shared = $0
      return c
    }
    current.images.overrides = ddmin(current.images.overrides) {
      var c = current
      c.images.overrides = $0
      return c
    }
  }

  /// Delta debugging by complements: ends when no single element can be removed (n = count).
  mutating func ddmin<T>(_ items: [T], _ build: ([T]) -> Scenario) -> [T] {
    var items = items
    var n = 2
    while items.count >= 2 && runs < budget {
      let chunk = (items.count + n - 1) / n
      var reduced = false
      var start = 0
      while start < items.count {
        let end = min(start + chunk, items.count)
        let complement = Array(items[..<start] + items[end...])
        if holds(build(complement)) {
          items = complement
          n = max(n - 1, 2)
          reduced = true
          break
        }
        start = end
      }
      if !reduced {
        if n >= items.count { break }
        n = min(n * 2, items.count)
      }
    }
    if items.count == 1, runs < budget, holds(build([])) { return [] }
    return items
  }

  /// Pass 2: a drag directly followed by a drag becomes one drag over both distances.
  mutating func mergeDrags(_ current: inout Scenario) {
    var index = 0
    while index + 1 < current.events.count {
      if case .drag(let by1, let over1) = current.events[index].action,
        case .drag(let by2, let over2) = current.events[index + 1].action
      {
        let merged = attempt(&current) {
          $0.events[index].action = .drag(by: by1 + by2, over: over1 + over2)
          $0.events.remove(at: index + 1)
        }
        if merged { continue }
      }
      index += 1
    }
  }

  /// Pass 7: removes each single event, rule and outage in turn until none can go.
  mutating func makeOneMinimal(_ current: inout Scenario) {
    var changed = true
    while changed {
      changed = false
      for index in current.events.indices.reversed() {
        var candidate = current
        candidate.events.remove(at: index)
        if holds(candidate) {
          current = candidate
          changed = true
          break
        }
      }
      if changed { continue }
      for index in current.network.rules.indices.reversed() {
        var candidate = current
        candidate.network.rules.remove(at: index)
        if holds(candidate) {
          current = candidate
          changed = true
          break
        }
      }
      if changed { continue }
      for index in current.network.outages.indices.reversed() {
        var candidate = current
        candidate.network.outages.remove(at: index)
        if holds(candidate) {
          current = candidate
          changed = true
          break
        }
      }
    }
  }
}
