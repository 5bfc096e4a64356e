/// `frame_budget`: over the run's scrolling, the hitch ratio beyond the table's own layout work
/// stays within `max_hitch_ratio` (ms of hitch per s of scrolling). Judged at the end of the run.
final class FrameBudgetChecker: InvariantChecker {
  let facts: OracleFacts
  let maxRatio: Double
  var hooks: OracleHooks { .runEnd }

  init(_ facts: OracleFacts, maxRatio: Double) {
    self.facts = facts
    self.maxRatio = maxRatio
  }

  func judgeRunEnd() {
    let stats = facts.world.main.frameStats
    guard stats.appHitchRatio > maxRatio else { return }
    facts.flag(
      .frameBudget,
      "hitch ratio \(Self.format(stats.appHitchRatio)) ms/s beyond the table's own layout "
        + "work (\(Self.format(stats.hitchRatio)) ms/s in all) over "
        + "\(Self.format(stats.scrollingTime.seconds)) s of scrolling exceeds "
        + "\(Self.format(maxRatio)) ms/s (\(stats.hitches) hitches); move decoding and "
        + "resizing off the main thread")
  }

  /// A number with at most two decimals.
  static func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
