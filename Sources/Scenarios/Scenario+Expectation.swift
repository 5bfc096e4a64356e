extension Scenario {
  /// The outcome a run must reach (`expect`).
  ///
  /// `pass` is no violations and no metric bounds. `{violations: [ids], only: bool}` requires
  /// each listed invariant to be violated at least once (and, with `only`, nothing else).
  /// `{metrics: {name: {min, max}}}` adds bounds; on its own it means "pass, and meet these
  /// bounds".
  public struct Expectation: Sendable, Equatable {
    /// Invariants the run must violate at least once; empty means no violation is allowed.
    public var violations: [InvariantID]
    /// With `violations`, whether any other violation fails the expectation (`only`).
    public var only: Bool
    /// Bounds on metrics, in file order; each metric at most once.
    public var metrics: [MetricBound]

    /// No violation and no metric bound: `expect: pass`.
    public static let pass = Expectation()

    /// An expectation; the defaults make `pass`.
    public init(violations: [InvariantID] = [], only: Bool = false, metrics: [MetricBound] = []) {
      self.violations = violations
      self.only = only
      self.metrics = metrics
    }

    /// True for `pass` with no bounds.
    public var isPass: Bool { violations.isEmpty && metrics.isEmpty }
  }

  /// Bounds on one metric; at least one of `min` and `max` is given, and `min ≤ max`.
  public struct MetricBound: Sendable, Equatable {
    /// The metric.
    public var metric: Metric
    /// The smallest acceptable value, included.
    public var min: Double?
    /// The largest acceptable value, included.
    public var max: Double?

    /// Bounds `min ... max` on `metric`.
    public init(metric: Metric, min: Double? = nil, max: Double? = nil) {
      self.metric = metric
      self.min = min
      self.max = max
    }

    /// True when `value` is within the bounds.
    public func contains(_ value: Double) -> Bool {
      (min.map { value >= $0 } ?? true) && (max.map { value <= $0 } ?? true)
    }
  }

  /// The metrics every run reports (docs/design.md, Oracle and metrics), by their names in scenario
  /// files and JSON.
  public enum Metric: String, Sendable, Equatable, CaseIterable {
    /// Transfers started.
    case transfers
    /// Transfers cancelled.
    case transfersCancelled = "transfers_cancelled"
    /// Body bytes received.
    case bytesReceived = "bytes_received"
    /// Bytes received for images that were never displayed.
    case wastedBytes = "wasted_bytes"
    /// Transfers of a URL while another transfer of it was outstanding.
    case duplicateTransfers = "duplicate_transfers"
    /// Memory- and disk-cache hits.
    case cacheHits = "cache_hits"
    /// Memory- and disk-cache misses.
    case cacheMisses = "cache_misses"
    /// Entries dropped from request queues by truncation.
    case queueTruncations = "queue_truncations"
    /// Median time from a row becoming visible to its correct image committing.
    case timeToImageP50Ms = "time_to_image_p50_ms"
    /// 95th percentile of the same.
    case timeToImageP95Ms = "time_to_image_p95_ms"
    /// Milliseconds of displayed cells without their correct image, summed over cells.
    case blankCellMs = "blank_cell_ms"
    /// Frames committed.
    case frames
    /// Frames that ended late.
    case hitches
    /// Hitch milliseconds per second of scrolling.
    case hitchRatioMsPerS = "hitch_ratio_ms_per_s"
    /// Peak live decoded bytes.
    case peakDecodedBytes = "peak_decoded_bytes"
    /// Main-thread busy time.
    case mainThreadBusyMs = "main_thread_busy_ms"
    /// Decodes performed.
    case decodes
    /// Time spent decoding.
    case decodeMs = "decode_ms"
    /// The most transfers active at once (holding a connection slot), from the network's
    /// record.
    case peakConcurrentTransfers = "peak_concurrent_transfers"
    /// Median time from a row first committed within the screen's bounds (preload margin
    /// excluded) to its correct image committing while it is displayed.
    case timeToImageOnscreenP50Ms = "time_to_image_onscreen_p50_ms"
    /// 95th percentile of the same.
    case timeToImageOnscreenP95Ms = "time_to_image_onscreen_p95_ms"
    /// Milliseconds of cells within the screen's bounds without their correct image, summed
    /// over cells.
    case blankCellOnscreenMs = "blank_cell_onscreen_ms"
    /// The most worker threads busy at once (GCD's pool; the main thread not counted): blocked
    /// workers make the pool start more, up to 64.
    case peakThreads = "peak_threads"
    /// Disk reads and decodes that started for a URL after every row that wanted it left
    /// (`no_wasted_work`'s definition).
    case wastedWork = "wasted_work"
    /// Their bytes: bytes read from disk plus full-size decoded pixel bytes.
    case wastedWorkBytes = "wasted_work_bytes"
  }
}
