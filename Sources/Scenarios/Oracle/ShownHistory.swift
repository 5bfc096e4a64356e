import SimKernel

/// What each URL's image did on screen, frame by frame, with URLs interned to indexes so the
/// per-frame bookkeeping touches arrays, not string-keyed dictionaries.
///
/// A frame commit used to hash each displayed cell's URL four or five times (three
/// dictionaries and two sets per cell per frame: a quarter of a `fling-1000` run). Here a URL
/// is hashed once, when a cell that shows it is (re-)judged; afterwards every frame that shows
/// it costs array stores. "Shown in the previous frame" is a frame serial per URL instead of a
/// rebuilt set. Nothing here is iterated, so no hashing order can reach a trace.
struct ShownHistory {
  /// Interned URLs: the index of each URL seen.
  var ids: [String: Int] = [:]
  /// When each URL's image was last committed whole in a displayed cell.
  var lastShown: [SimTime?] = []
  /// When the current (or last) unbroken run of frames showing each URL's image began.
  var shownSince: [SimTime?] = []
  /// When the bytes of the image each URL last showed arrived.
  var shownObtained: [SimTime?] = []
  /// The end of each URL's last successful transfer (mirrors `Oracle.lastSuccessEnd`).
  var lastSuccessEnd: [SimTime?] = []
  /// The serial of the last frame that showed each URL's image (0: none).
  var shownInFrame: [Int] = []
  /// Frames committed so far.
  var frameSerial = 0

  /// The index of `url`, interning it on first sight.
  mutating func id(_ url: String) -> Int {
    if let id = ids[url] { return id }
    let id = lastShown.count
    ids[url] = id
    lastShown.append(nil)
    shownSince.append(nil)
    shownObtained.append(nil)
    lastSuccessEnd.append(nil)
    shownInFrame.append(0)
    return id
  }

  /// Starts the next frame.
  mutating func beginFrame() { frameSerial += 1 }

  /// The frame being committed shows the image of URL `id` at `time`: a stint of frames
  /// showing it starts unless the previous frame showed it too.
  mutating func shown(_ id: Int, at time: SimTime) {
    if shownInFrame[id] != frameSerial {
      if shownInFrame[id] != frameSerial - 1 { shownSince[id] = time }
      shownInFrame[id] = frameSerial
    }
    lastShown[id] = time
    // The delivery that fed what this frame shows (not a later re-fetch of the URL).
    shownObtained[id] = lastSuccessEnd[id] ?? shownSince[id]
  }

  /// A successful transfer of `url` ended at `time`.
  mutating func succeeded(_ url: String, at time: SimTime) {
    lastSuccessEnd[id(url)] = time
  }

  /// When `url`'s image was last committed whole, if ever.
  func lastShown(_ url: String) -> SimTime? { ids[url].flatMap { lastShown[$0] } }

  /// When the bytes of the image `url` last showed arrived, if it was ever shown.
  func shownObtained(_ url: String) -> SimTime? { ids[url].flatMap { shownObtained[$0] } }
}
