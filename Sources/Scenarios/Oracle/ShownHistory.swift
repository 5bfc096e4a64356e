import SimKernel

/// What each URL's image did on screen, frame by frame, and how its transfers ended, with URLs
/// interned to indexes so the per-frame bookkeeping touches arrays, not string-keyed
/// dictionaries.
///
/// A frame commit used to hash each displayed cell's URL four or five times (three
/// dictionaries and two sets per cell per frame: a quarter of a `fling-1000` run). Here a URL
/// is hashed once, when a cell that shows it is (re-)judged; afterwards every frame that shows
/// it costs array stores. "Shown in the previous frame" is a frame serial per URL instead of a
/// rebuilt set. Nothing here is iterated, so no hashing order can reach a trace.
struct ShownHistory {
  /// One URL's history.
  struct Record {
    /// When its image was last committed whole in a displayed cell.
    var lastShown: SimTime?
    /// When the current (or last) unbroken run of frames showing its image began.
    var shownSince: SimTime?
    /// When the bytes of the image it last showed arrived: the last successful transfer (else
    /// the last that ended) before the view got that image, or the start of its run of frames
    /// without one.
    var shownObtained: SimTime?
    /// The ends of its transfers that delivered exactly the served bytes, in order.
    var successEnds: [SimTime] = []
    /// The ends of its transfers that were not cancelled, whatever their outcome, in order.
    var endedAt: [SimTime] = []
    /// The end of its last transfer that delivered exactly the served bytes.
    var lastSuccessEnd: SimTime?
    /// The end of its latest transfer that was not cancelled, whatever its outcome.
    var lastEnded: SimTime?
    /// Whether that transfer failed: an error outcome, or a "success" that did not deliver
    /// exactly the served bytes (a truncated or corrupted body is a failure to the user).
    var lastFailed = false
    /// The serial of the last frame that showed its image (0: none).
    var shownInFrame = 0
  }

  /// Interned URLs: the index of each URL seen.
  var ids: [String: Int] = [:]
  /// Each URL's history, by index: one array, so a frame's update of a URL is one
  /// uniqueness check and one element, not five arrays.
  var records: [Record] = []
  /// Frames committed so far.
  var frameSerial = 0

  /// The index of `url`, interning it on first sight.
  mutating func id(_ url: String) -> Int {
    if let id = ids[url] { return id }
    let id = records.count
    ids[url] = id
    records.append(Record())
    return id
  }

  /// Starts the next frame.
  mutating func beginFrame() { frameSerial += 1 }

  /// The frame being committed shows the image of URL `id` at `time`, set on its view at
  /// `imageSetAt` (nil: not known): a stint of frames showing it starts unless the previous
  /// frame showed it too.
  mutating func shown(_ id: Int, at time: SimTime, imageSetAt: SimTime?) {
    let serial = frameSerial
    records.withUnsafeMutableBufferPointer { records in
      precondition(records.indices.contains(id), "ShownHistory: URL \(id) was never interned")
      if records[id].shownInFrame != serial {
        if records[id].shownInFrame != serial - 1 { records[id].shownSince = time }
        records[id].shownInFrame = serial
      }
      records[id].lastShown = time
      // The delivery that fed what this frame shows: the last transfer that ended before the
      // view got its image, not a re-fetch that ended on the wire while the view still showed
      // an earlier image. Without a transfer that delivered exactly the served bytes, the
      // latest that ended (a corrupted body can still decode to an image the row accepts).
      let setAt = imageSetAt ?? records[id].shownSince ?? time
      records[id].shownObtained =
        records[id].successEnds.last { $0 <= setAt }
        ?? records[id].endedAt.last { $0 <= setAt } ?? records[id].shownSince
    }
  }

  /// A transfer of `url` that delivered exactly the served bytes ended at `time`.
  mutating func succeeded(_ url: String, at time: SimTime) {
    let id = id(url)
    records[id].lastSuccessEnd = time
    records[id].successEnds.append(time)
  }

  /// A transfer of `url` ended at `time`, not cancelled; `failed` as `Record.lastFailed`.
  mutating func ended(_ url: String, at time: SimTime, failed: Bool) {
    let id = id(url)
    records[id].lastEnded = time
    records[id].endedAt.append(time)
    records[id].lastFailed = failed
  }

  /// When `url`'s image was last committed whole, if ever.
  func lastShown(_ url: String) -> SimTime? { ids[url].flatMap { records[$0].lastShown } }

  /// When the bytes of the image `url` last showed arrived, if it was ever shown.
  func shownObtained(_ url: String) -> SimTime? { ids[url].flatMap { records[$0].shownObtained } }
}
