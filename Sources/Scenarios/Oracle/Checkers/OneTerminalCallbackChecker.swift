import SimKernel
import SimPlatform

/// `one_terminal_callback`, as docs/scenario-format.md defines it: every request a loader
/// declared (`LoaderEnvironment.declareRequest(for:)`) ends exactly once. A second end is
/// flagged when it happens, naming both outcomes. At the end of the run, a request that never
/// ended is flagged when it started at least `within` before and no transfer of its URL is
/// outstanding (its completion was dropped).
final class OneTerminalCallbackChecker: InvariantChecker {
  let facts: OracleFacts
  let within: SimDuration
  var hooks: OracleHooks { [.requestLifecycle, .runEnd] }

  /// Each declared request, by id − 1: its URL, when it started, and its first outcome.
  @exclusivity(unchecked) var requests: [(url: String, at: SimTime, ended: RequestOutcome?)] = []

  init(_ facts: OracleFacts, within: SimDuration) {
    self.facts = facts
    self.within = within
  }

  func requestLifecycle(_ report: RequestLifecycleReport) {
    let index = report.id - 1
    switch report.event {
    case .started:
      requests.extend(toInclude: index, with: (report.url, facts.world.now, nil))
      requests[index] = (report.url, facts.world.now, nil)
    case .ended(let outcome):
      guard requests.indices.contains(index) else { return }
      guard let first = requests[index].ended else {
        requests[index].ended = outcome
        return
      }
      let row = facts.table.row(expecting: report.url)
      facts.flag(
        .oneTerminalCallback, row: row, urls: [report.url],
        "request \(report.id) of \(report.url) ended a second time (\(outcome.rawValue), after "
          + "\(first.rawValue)); a request's completion must run exactly once — a cancel that "
          + "reports \"cancelled\" must stop the result still queued, and the other way round")
    }
  }

  func judgeRunEnd() {
    let now = facts.world.now
    for (index, request) in requests.enumerated() where request.ended == nil {
      guard now - request.at >= within, facts.network.outstanding(for: request.url) == 0 else {
        continue
      }
      facts.flag(
        .oneTerminalCallback, row: facts.table.row(expecting: request.url), urls: [request.url],
        "request \(index + 1) of \(request.url) started \(now - request.at) before the end of "
          + "the run and never ended, with no transfer of its URL outstanding; its completion "
          + "must run once, with the result or a cancellation")
    }
  }
}
