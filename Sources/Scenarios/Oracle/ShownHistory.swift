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
    /// the last that ended) before its current (or last) unbroken run of frames began, or the
    /// run's start without one.
    var shownObtained: SimTime?
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

  /// The frame being committed shows the image of URL `id` at `time`: a stint of frames
  /// showing it starts unless the previous frame showed it too.
  mutating func shown(_ id: Int, at time: SimTime) {
    let serial = frameSerial
    records.withUnsafeMutableBufferPointer { records in
      precondition(records.indices.contains(id), "ShownHistory: URL \(id) was never interned")
      if records[id].shownInFrame != serial {
        if records[id].shownInFrame != serial - 1 {
          records[id].shownSince = time
          // The delivery that fed the run's first frame. Not advanced while the run goes on:
          // a re-fetch of the URL can end on the wire while the image on screen is still the
          // earlier one (its result not yet decoded and set), and crediting the re-fetch would
          // deny the excuse of a memory warning that came after the earlier delivery.
          // Without a transfer that delivered exactly the served bytes, the latest one that
          // ended (a corrupted body can still decode to an image the row accepts).
          records[id].shownObtained = records[id].lastSuccessEnd ?? records[id].lastEnded ?? time
        }
        records[id].shownInFrame = serial
      }
      records[id].lastShown = time
    }
  }

  /// A transfer of `url` that delivered exactly the served bytes ended at `time`.
  mutating func succeeded(_ url: String, at time: SimTime) {
    records[id(url)].lastSuccessEnd = time
  }

  /// A transfer of `url` ended at `time`, not cancelled; `failed` as `Record.lastFailed`.
  mutating func ended(_ url: String, at time: SimTime, failed: Bool) {
    let id = id(url)
    records[id].lastEnded = time
    records[id].lastFailed = failed
  }

  /// When `url`'s image was last committed whole, if ever.
  func lastShown(_ url: String) -> SimTime? { ids[url].flatMap { records[$0].lastShown } }

  /// When the bytes of the image `url` last showed arrived, if it was ever shown.
  func shownObtained(_ url: String) -> SimTime? { ids[url].flatMap { records[$0].shownObtained } }
}
