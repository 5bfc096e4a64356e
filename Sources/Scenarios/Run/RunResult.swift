public import SimKernel

/// The outcome of running one scenario.
public struct RunResult: Sendable {
  /// The scenario's name.
  public let name: String
  /// The loader that ran.
  public let loader: String
  /// The seed used.
  public let seed: UInt64
  /// The violations: the first per (invariant, row) and counts.
  public let violations: ViolationReport
  /// The metrics every run reports (docs/design.md, Oracle and metrics), in `Scenario.Metric`
  /// order.
  public let metrics: [(metric: Scenario.Metric, value: Double)]
  /// The trace digest: equal for equal inputs in any process and any build.
  public let digest: String
  /// Whether the scenario's `expect` was met.
  public let meetsExpectation: Bool
  /// Why the expectation was not met (empty when it was).
  public let unmetReasons: [String]
  /// Simulated events run.
  public let events: Int
  /// The virtual time the run reached.
  public let endTime: SimTime
  /// The full trace text, when the run kept it.
  public let traceText: String?

  /// The value of `metric`.
  public func metric(_ metric: Scenario.Metric) -> Double {
    metrics.first { $0.metric == metric }?.value ?? 0
  }
}

extension Scenario.Expectation {
  /// Judges a run against this expectation; returns the reasons it is not met (none when met).
  func unmetReasons(
    violations: ViolationReport, metrics: [(metric: Scenario.Metric, value: Double)]
  ) -> [String] {
    var reasons: [String] = []
    let violated = violations.violated
    if self.violations.isEmpty {
      for id in violated {
        reasons.append(
          "expected no violations, but \(id.rawValue) was violated \(violations.count(id)) time(s)")
      }
    } else {
      for id in self.violations where !violated.contains(id) {
        reasons.append("expected \(id.rawValue) to be violated, but it held")
      }
      if only {
        for id in violated where !self.violations.contains(id) {
          reasons.append("with only: true, \(id.rawValue) must not be violated, but it was")
        }
      }
    }
    for bound in self.metrics {
      let value = metrics.first { $0.metric == bound.metric }?.value ?? 0
      if let min = bound.min, value < min {
        reasons.append("metric \(bound.metric.rawValue) = \(value) is below its minimum \(min)")
      }
      if let max = bound.max, value > max {
        reasons.append("metric \(bound.metric.rawValue) = \(value) is above its maximum \(max)")
      }
    }
    return reasons
  }
}
