import SimKernel
import SimPlatform

/// Reading `noise`.
extension ScenarioReader {
  /// The keys of `noise` in its map form, in documentation order.
  static let noiseKeys = [
    "seed", "worker_immediate", "worker_wake_min", "worker_wake_max", "worker_tail_max",
    "main_wake_min", "main_wake_max", "main_tail_max", "tail_probability", "shuffle_queues",
  ]

  /// The longest wake-up latency a file may ask for: a second is far past any scheduler's
  /// quantum, and a longer one would only stall the run.
  static let maxNoiseLatency = SimDuration.s(1)

  /// `noise: <schedule seed>` or `noise: {seed: …, <overrides>}`.
  func readNoise(_ value: YAMLValue) throws(ScenarioError) -> SchedulingNoise {
    if case .integer = value.scalar { return SchedulingNoise(seed: try readSeed(value)) }
    let fields = try value.mapping(
      keys: Self.noiseKeys, what: "a schedule seed, or {seed: …, <overrides>}")
    var noise = SchedulingNoise(
      seed: try readSeed(try fields.required("seed", "the schedule seed")))
    func probability(_ key: String) throws(ScenarioError) -> Double? {
      guard let field = fields[key] else { return nil }
      let p = try field.number("a probability from 0 to 1")
      guard p >= 0, p <= 1 else {
        throw field.error(.invalidValue, "expected a probability from 0 to 1, got \(p)")
      }
      return p
    }
    func latency(_ key: String) throws(ScenarioError) -> SimDuration? {
      guard let field = fields[key] else { return nil }
      let d = try field.duration()
      guard d <= Self.maxNoiseLatency else {
        throw field.error(
          .outOfRange, "\(d) is over CellSim's limit of \(Self.maxNoiseLatency) for a wake-up")
      }
      return d
    }
    if let p = try probability("worker_immediate") { noise.workerImmediate = p }
    if let p = try probability("tail_probability") { noise.tailProbability = p }
    if let flag = try fields["shuffle_queues"]?.bool() { noise.shuffleQueues = flag }
    noise.workerWake = try range(
      fields, "worker_wake_min", try latency("worker_wake_min"), "worker_wake_max",
      try latency("worker_wake_max"), default: noise.workerWake)
    noise.mainWake = try range(
      fields, "main_wake_min", try latency("main_wake_min"), "main_wake_max",
      try latency("main_wake_max"), default: noise.mainWake)
    if let d = try latency("worker_tail_max") { noise.workerTailMax = d }
    if let d = try latency("main_tail_max") { noise.mainTailMax = d }
    return noise
  }

  /// `low ... high`, each side given or the default's; an error at the upper key when they
  /// cross.
  private func range(
    _ fields: Fields, _ lowKey: String, _ low: SimDuration?, _ highKey: String,
    _ high: SimDuration?, default fallback: ClosedRange<SimDuration>
  ) throws(ScenarioError) -> ClosedRange<SimDuration> {
    let lower = low ?? fallback.lowerBound
    let upper = high ?? fallback.upperBound
    guard lower <= upper else {
      let at = fields[highKey] ?? fields[lowKey] ?? fields.owner
      throw at.error(
        .invalidValue, "\(highKey) (\(upper)) is below \(lowKey) (\(lower))",
        hint: "give a range whose maximum is at least its minimum")
    }
    return lower...upper
  }
}
