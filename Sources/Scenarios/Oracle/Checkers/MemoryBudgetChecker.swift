import SimKernel
import SimPlatform
import SimTable

/// `memory_budget`: decoded images never peak above the bound (its `max`, or the device's
/// budget). Reported once, at the first frame (or the end of the run) that sees the peak over.
final class MemoryBudgetChecker: InvariantChecker {
  let facts: OracleFacts
  let bound: Int64
  var hooks: OracleHooks { [.frameJudged, .finish] }
  @exclusivity(unchecked) var flagged = false

  init(_ facts: OracleFacts, bound: Int64) {
    self.facts = facts
    self.bound = bound
  }

  /// The bound of `memory_budget` among `checks`, if it is checked: its `max`, or the
  /// device's budget.
  static func bound(_ checks: [Scenario.InvariantCheck], device: DeviceProfile) -> Int64? {
    for case .memoryBudget(let max) in checks { return max?.bytes ?? device.memoryBudget }
    return nil
  }

  func frameJudged(_ frame: CommittedFrame) { check() }

  func finish() { check() }

  func check() {
    let peak = facts.world.memory.peakBytes
    guard !flagged, peak > bound else { return }
    flagged = true
    facts.flag(
      .memoryBudget,
      "decoded images peaked at \(ByteSize(bytes: peak)) against a budget of "
        + "\(ByteSize(bytes: bound)); downsample to the cell's size and bound caches by cost")
  }
}
