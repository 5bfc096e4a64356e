import SimPlatform

/// `deadlock`: blocking threads that can never go on (a cycle of waits, or every blocking
/// thread waiting with nothing scheduled). The run ends with it.
final class DeadlockChecker: InvariantChecker {
  let facts: OracleFacts
  var hooks: OracleHooks { .deadlock }

  init(_ facts: OracleFacts) { self.facts = facts }

  func deadlockFound(_ report: DeadlockReport) {
    facts.flag(.deadlock, report.summary)
  }
}
