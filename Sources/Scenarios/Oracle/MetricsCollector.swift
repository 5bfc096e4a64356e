import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// Collects the metrics every run reports (docs/design.md, Oracle and metrics) as the run goes.
///
/// - `time_to_image_p50_ms`/`p95_ms`: from a row's `willDisplay` to the first committed frame
///   that shows its correct image; a row that leaves before that gives no sample.
/// - `blank_cell_ms`: for each committed frame, the displayed cells not showing their correct
///   image, times the time until the next commit (or the end).
/// - `wasted_bytes`: bytes received by transfers whose bytes never appeared on screen after
///   they arrived (cancelled, failed, duplicate or unused transfers).
/// - `duplicate_transfers`: transfers started while another of the same URL was outstanding.
/// - `peak_concurrent_transfers`: the most transfers holding a connection slot at once, from
///   the network's record (started to ended).
/// - `peak_threads`: the most worker threads busy at once, from the worker pool.
/// - `time_to_image_onscreen_*`, `blank_cell_onscreen_ms`: the same as `time_to_image_*` and
///   `blank_cell_ms`, counting only what the user sees: from the first committed frame that
///   shows the row within the screen's bounds (a row in the preload margin is displayed but not
///   seen: seed 003's "UITableView buffering"), and only cells within those bounds.
final class MetricsCollector {
  @exclusivity(unchecked) var transfersQueued = 0
  @exclusivity(unchecked) var duplicates = 0
  @exclusivity(unchecked) var cacheHits = 0
  @exclusivity(unchecked) var cacheMisses = 0
  @exclusivity(unchecked) var truncations = 0
  /// A displayed row's episode, by item id (ids are dense: 0..<rows, then one per insert).
  struct Episode {
    /// When the row's display began, until the first frame that shows its image.
    var start: SimTime?
    /// For a displayed row not yet showing its image, the first commit that showed it within
    /// the screen's bounds.
    var onscreenStart: SimTime?
    /// Whether the row was already sampled for the on-screen time to image in this episode.
    var onscreenSampled = false
    /// The row's cells on display: a reloaded row shows its new cell before its old one ends,
    /// and stays displayed throughout.
    var displays = 0
  }

  /// Episodes by item id: arrays, not dictionaries, since every cell of every frame that is
  /// not a repeat looks its item up two or three times.
  @exclusivity(unchecked) var episodes: [Episode] = []
  @exclusivity(unchecked) var timeToImage: [SimDuration] = []
  @exclusivity(unchecked) var blankTime: SimDuration = .zero
  @exclusivity(unchecked) var lastCommit: SimTime?
  @exclusivity(unchecked) var blankCellsAtLastCommit = 0
  /// When each digest first appeared on screen.
  @exclusivity(unchecked) var firstShown: [UInt64: SimTime] = [:]
  @exclusivity(unchecked) var timeToImageOnscreen: [SimDuration] = []
  @exclusivity(unchecked) var blankOnscreenTime: SimDuration = .zero
  @exclusivity(unchecked) var blankOnscreenAtLastCommit = 0
  /// The on-screen rows and the judgements of the last frame processed in full.
  @exclusivity(unchecked) var lastOnscreenRows: Range<Int>?
  @exclusivity(unchecked) var lastCorrect: [Bool] = []

  /// The index of item `id` in `episodes`, growing it as needed.
  func episode(_ id: Int) -> Int {
    episodes.extend(toInclude: id, with: Episode())
    return id
  }

  func rowDisplayed(itemID: Int, at time: SimTime) {
    let id = episode(itemID)
    episodes[id].displays += 1
    // Only the row's first cell starts its clock: a reload's new cell, shown beside the old
    // one, continues the row's episode.
    if episodes[id].displays == 1, episodes[id].start == nil { episodes[id].start = time }
  }

  /// A cell of the row ended display: the row's episode ends when no cell of it is displayed
  /// (a reload's old cell ending leaves the row on screen, its clock running).
  func rowEnded(itemID: Int, at time: SimTime) {
    let id = episode(itemID)
    episodes[id].displays -= 1
    if episodes[id].displays <= 0 { episodes[id] = Episode() }
  }

  /// Records a committed frame; `correct[i]` tells whether `frame.cells[i]` shows its row's
  /// image (the oracle's judgement), `onscreenRows` which rows lie within the screen's bounds
  /// at the frame's offset.
  func frameCommitted(
    _ frame: CommittedFrame, correct: [Bool], onscreenRows: Range<Int> = 0..<Int.max
  ) {
    if let last = lastCommit {
      blankTime += (frame.time - last) * Int64(blankCellsAtLastCommit)
      blankOnscreenTime += (frame.time - last) * Int64(blankOnscreenAtLastCommit)
    }
    // A frame that repeats the previous one, judged the same and with the same rows on
    // screen, changes nothing below: every correct cell was sampled and its episode closed by
    // the previous frame, every blank one already has its start, and no row was displayed or
    // ended in between (either would have made the frame a new one).
    if frame.repeatsPrevious, onscreenRows == lastOnscreenRows, correct == lastCorrect {
      lastCommit = frame.time
      return
    }
    lastOnscreenRows = onscreenRows
    lastCorrect = correct
    var blank = 0
    var blankOnscreen = 0
    let cells = frame.cells
    for index in cells.indices {
      // Fields read in place: binding the record retained and released it.
      let correct = correct[index]
      let id = episode(cells[index].itemID)
      if onscreenRows.contains(cells[index].row) {
        if !correct { blankOnscreen += 1 }
        if !episodes[id].onscreenSampled {
          let start = episodes[id].onscreenStart ?? frame.time
          if correct {
            timeToImageOnscreen.append(frame.time - start)
            episodes[id].onscreenSampled = true
            episodes[id].onscreenStart = nil
          } else {
            episodes[id].onscreenStart = start
          }
        }
      }
      // Only a record first shown in this frame can show an image for the first time: one
      // shown before had its images noted then (and a repeating frame has no new record).
      if !frame.repeatsPrevious, cells[index].builtFor.map({ $0 == frame.frame }) ?? true {
        for image in cells[index].images where image.kind == .content && !image.isOutgoing {
          if let source = image.provenance?.source.value, firstShown[source] == nil {
            firstShown[source] = frame.time
          }
        }
      }
      if correct {
        if let start = episodes[id].start {
          timeToImage.append(frame.time - start)
          episodes[id].start = nil
        }
      } else {
        blank += 1
      }
    }
    lastCommit = frame.time
    blankCellsAtLastCommit = blank
    blankOnscreenAtLastCommit = blankOnscreen
  }

  /// The most transfers holding a connection slot at once (ends before starts at one instant).
  static func peakConcurrent(_ records: [TransferRecord], end: SimTime) -> Int {
    var changes: [(at: SimTime, delta: Int)] = []
    for record in records {
      guard let started = record.startedAt else { continue }
      changes.append((started, 1))
      changes.append((record.endedAt ?? end, -1))
    }
    changes.sort { $0.at != $1.at ? $0.at < $1.at : $0.delta < $1.delta }
    var active = 0
    var peak = 0
    for change in changes {
      active += change.delta
      peak = max(peak, active)
    }
    return peak
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
    if let last = lastCommit {
      blankTime += (end - last) * Int64(blankCellsAtLastCommit)
      blankOnscreenTime += (end - last) * Int64(blankOnscreenAtLastCommit)
    }
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
    metrics[.peakConcurrentTransfers] = Double(Self.peakConcurrent(records, end: end))
    let onscreen = timeToImageOnscreen.map(\.milliseconds).sorted()
    metrics[.timeToImageOnscreenP50Ms] = Self.percentile(onscreen, 0.50)
    metrics[.timeToImageOnscreenP95Ms] = Self.percentile(onscreen, 0.95)
    metrics[.blankCellOnscreenMs] = blankOnscreenTime.milliseconds
    metrics[.peakThreads] = Double(world.workers.peakBusyThreads)
    return metrics
  }

  /// The nearest-rank percentile of sorted samples; 0 when there are none.
  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
