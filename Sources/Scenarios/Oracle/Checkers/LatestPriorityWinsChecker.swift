import SimKernel
import SimNetwork
import SimPlatform

/// The `latest_priority_wins` invariant: the priority set last is the one that schedules.
///
/// iOS orders waiting requests by priority in three places CellSim models: a host's connection
/// slots by `URLSessionTask.priority`, an `OperationQueue` by `queuePriority`, and the
/// project's `RequestQueue` by entry priority. A loader often sets a request's priority on an
/// outer layer (its request queue, its operation) and must carry every change to the layers
/// inside, down to the task. Nuke #918 is the bug this catches: a request's priority set to
/// `.high` and then `.low` in quick succession, the changes reach the inner layer out of order
/// (or not at all), and the stale `.high` wins a connection slot.
///
/// The judge hears every priority set and every start decision (`PriorityReport`). A request's
/// priority, for a scheduler of layer L, is the one set last on a layer outside L for the
/// request's key (a request queue entry's key, an operation's `name`, a task's URL), or its
/// own priority in the scheduler if no outer layer set one. When a scheduler starts a request
/// while another it could have started waits with a higher priority by that measure, the
/// decision is a violation. A loader that sets priorities on one layer only can never break
/// it: each scheduler orders by its own priorities as they are when it chooses.
final class PriorityJudge: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { [.priorities, .transferEnded] }
  /// The latest priority set for each key, per layer, and when.
  @exclusivity(unchecked) var latest:
    [String: [PriorityReport.Layer: (priority: Float, at: SimTime)]] = [:]

  init(_ facts: OracleFacts) { self.facts = facts }

  /// Hears one report.
  func priorityReport(_ report: PriorityReport) {
    switch report.kind {
    case .set(let priority):
      latest[report.key, default: [:]][report.layer] = (priority, facts.world.now)
    case .ended:
      latest[report.key]?[report.layer] = nil
    case .started(let started, let waiting):
      judgeStart(started, waiting: waiting, in: report)
    }
  }

  /// A transfer of a URL ended: the request a popped request queue entry of that key started
  /// is over, so the entry's priority stops counting (an operation's stops when it finishes,
  /// an entry's when it is removed or truncated).
  func transferEvent(_ event: TransferEvent) {
    guard case .ended = event.kind else { return }
    let url = event.record.url
    guard latest[url]?[.requestQueue] != nil else { return }
    latest[url]?[.requestQueue] = nil
  }

  /// The priority that should schedule `entry` in a scheduler of `layer`, and where it was
  /// set: the latest set on an outer layer for its key (the outermost, if two were set at the
  /// same instant), else its own (nil source).
  func intended(_ entry: PriorityReport.Entry, layer: PriorityReport.Layer) -> (
    priority: Float, source: (layer: PriorityReport.Layer, at: SimTime)?
  ) {
    var best: (layer: PriorityReport.Layer, priority: Float, at: SimTime)?
    for (setLayer, set) in latest[entry.key] ?? [:] where setLayer > layer {
      if let current = best,
        current.at > set.at || (current.at == set.at && current.layer > setLayer)
      {
        continue
      }
      best = (setLayer, set.priority, set.at)
    }
    guard let best else { return (entry.priority, nil) }
    return (best.priority, (best.layer, best.at))
  }

  func judgeStart(
    _ started: PriorityReport.Entry, waiting: [PriorityReport.Entry], in report: PriorityReport
  ) {
    let chosen = intended(started, layer: report.layer)
    var passedOver: (entry: PriorityReport.Entry, priority: Float)?
    for entry in waiting where entry.key != started.key {
      let priority = intended(entry, layer: report.layer).priority
      if priority > chosen.priority && priority > (passedOver?.priority ?? -1) {
        passedOver = (entry, priority)
      }
    }
    guard let passedOver else { return }
    let row = facts.table.row(expecting: started.key)
    let stale =
      chosen.source.map {
        "; its priority was last set to \(Self.text(chosen.priority)) on its "
          + "\($0.layer.noun) at \($0.at)"
      } ?? ""
    facts.flag(
      .latestPriorityWins, row: row, urls: [started.key, passedOver.entry.key].sorted(),
      "\(report.layer.noun) scheduler \(report.scheduler) started \(started.key) at priority "
        + "\(Self.text(started.priority))\(stale), while \(passedOver.entry.key) waited at "
        + "\(Self.text(passedOver.priority)); carry every priority change to every layer that "
        + "schedules the request, in the order it was made (Nuke #918)")
  }

  /// A priority with two decimals.
  static func text(_ priority: Float) -> String {
    let hundredths = Int((priority * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
