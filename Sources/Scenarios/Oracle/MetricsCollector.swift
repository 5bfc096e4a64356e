import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// Collects the metrics of DESIGN §4 as the run goes.
///
/// - `time_to_image_p50_ms`/`p95_ms`: from a row's `willDisplay` to the first committed frame
///   that shows its correct image; a row that leaves before that gives no sample.
/// - `blank_cell_ms`: for each committed frame, the displayed cells not showing their correct
///   image, times the time until the next commit (or the end).
/// - `wasted_bytes`: bytes received by transfers whose bytes never appeared on screen after
///   they arrived (cancelled, failed, duplicate or unused transfers).
/// - `duplicate_transfers`: transfers started while another of the same URL was outstanding.
final class MetricsCollector {
  var transfersQueued = 0
  var duplicates = 0
  var cacheHits = 0
  var cacheMisses = 0
  var truncations = 0
  var episodeStart: [Int: SimTime] = [:]
  var timeToImage: [SimDuration] = []
  var blankTime: SimDuration = .zero
  var lastCommit: SimTime?
  var blankCellsAtLastCommit = 0
  /// When each digest first appeared on screen.
  var firstShown: [UInt64: SimTime] = [:]

  func rowDisplayed(itemID: Int, at time: SimTime) {
    if episodeStart[itemID] == nil { episodeStart[itemID] = time }
  }

  func rowEnded(itemID: Int, at time: SimTime) { episodeStart[itemID] = nil }

  func frameCommitted(
    _ frame: CommittedFrame, showsCorrectImage: (DisplayedCell) -> Bool
  ) {
    if let last = lastCommit {
      blankTime += (frame.time - last) * Int64(blankCellsAtLastCommit)
    }
    var blank = 0
    for cell in frame.cells {
      for image in cell.images where image.kind == .content && !image.isOutgoing {
        if let source = image.provenance?.source.value, firstShown[source] == nil {
          firstShown[source] = frame.time
        }
      }
      if showsCorrectImage(cell) {
        if let start = episodeStart[cell.itemID] {
          timeToImage.append(frame.time - start)
          episodeStart[cell.itemID] = nil
        }
      } else {
        blank += 1
      }
    }
    lastCommit = frame.time
    blankCellsAtLastCommit = blank
  }

  func transferQueued(duplicate: Bool) {
    transfersQueued += 1
    if duplicate { duplicates += 1 }
  }

  func platformReport(_ report: PlatformReport) {
    switch report {
    case .cache(let r) where r.kind == .hit: cacheHits += 1
    case .cache(let r) where r.kind == .miss: cacheMisses += 1
    case .requestQueue(let r) where r.kind == .truncate: truncations += 1
    default: break
    }
  }

  /// The metrics at the end of the run, by name.
  func finish(world: World, network: FakeNetwork, end: SimTime) -> [Scenario.Metric: Double] {
    if let last = lastCommit { blankTime += (end - last) * Int64(blankCellsAtLastCommit) }
    let records = network.records
    var wasted: Int64 = 0
    for record in records where record.bytes > 0 {
      let used =
        record.outcome == .success
        && (firstShown[record.digest].map { shown in shown >= (record.endedAt ?? end) } ?? false)
      if !used { wasted += record.bytes }
    }
    let samples = timeToImage.map(\.milliseconds).sorted()
    let stats = world.main.frameStats
    var metrics: [Scenario.Metric: Double] = [:]
    metrics[.transfers] = Double(records.count)
    metrics[.transfersCancelled] = Double(records.filter(\.cancelled).count)
    metrics[.bytesReceived] = Double(records.reduce(0) { $0 + $1.bytes })
    metrics[.wastedBytes] = Double(wasted)
    metrics[.duplicateTransfers] = Double(duplicates)
    metrics[.cacheHits] = Double(cacheHits)
    metrics[.cacheMisses] = Double(cacheMisses)
    metrics[.queueTruncations] = Double(truncations)
    metrics[.timeToImageP50Ms] = Self.percentile(samples, 0.50)
    metrics[.timeToImageP95Ms] = Self.percentile(samples, 0.95)
    metrics[.blankCellMs] = blankTime.milliseconds
    metrics[.frames] = Double(stats.frames)
    metrics[.hitches] = Double(stats.hitches)
    metrics[.hitchRatioMsPerS] = stats.hitchRatio
    metrics[.peakDecodedBytes] = Double(world.memory.peakBytes)
    metrics[.mainThreadBusyMs] = world.main.busyTime.milliseconds
    metrics[.decodes] = Double(world.decodes.decodes)
    metrics[.decodeMs] = world.decodes.decodeTime.milliseconds
    return metrics
  }

  /// The nearest-rank percentile of sorted samples; 0 when there are none.
  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
