public import SimKernel
public import SimPlatform

extension Scenario.Limits {
  /// The most events a scenario may list (`events`). A million events took more than 1 GB and
  /// more than 60 s to run; 100,000 take about 130 MB.
  public static let maxEvents = 100_000
  /// The most pixels the screen may have: `screen_width × screen_height × scale²`
  /// (4,096 × 4,096; an iPad Pro has 5.7 million). Bounds every full-screen bitmap, such as a
  /// report's filmstrip frames.
  public static let maxScreenPixels = 16_777_216
  /// The most decoded pixels the cells on screen at once may need: the cells that fit the
  /// screen and preload margin, times the pixels of one image at its decode target
  /// (`image_size × scale` on each side). 64 Mi pixels is 256 MB of RGBA; the bundled
  /// scenarios need at most about 1 million.
  public static let maxOnscreenDecodedPixels = 67_108_864
  /// The most frames a run may generate: vsyncs from the start to the end of the run
  /// (`run_until × refresh_hz`). An hour at 240 Hz is 864,000; a `refresh_hz` of a million
  /// asked for 3.6 billion, each a simulated event, which only the simulated-event cap stopped.
  public static let maxFrames = 1_000_000
  /// The most chunks one transfer may be cut into: the largest served fixture divided by
  /// `chunk_size`. Each chunk is a simulated event and a callback into the loader: a
  /// `chunk_size` of one byte cut the 790 KB `photos/astronaut.png` into 791,555 of them, for
  /// every row that loads it. The default 16 KB cuts the 100 MB benchmark photo into 6,100.
  public static let maxChunksPerTransfer = 100_000

  /// The pixels of `profile`'s screen.
  public static func screenPixels(_ profile: DeviceProfile) -> Double {
    profile.screenWidth * profile.screenHeight * profile.scale * profile.scale
  }

  /// The cells of `table` that can be displayed at once on `profile`'s screen: every row whose
  /// line meets the screen or the preload margin, one more for a partly scrolled row, times
  /// the columns.
  public static func cellsAtOnce(_ table: Scenario.Table, _ profile: DeviceProfile) -> Double {
    let lines = ((profile.screenHeight + 2 * table.preloadMargin) / table.rowHeight).rounded(.up)
    return (lines + 1) * Double(table.columns)
  }

  /// The pixels of one decoded image at its decode target on `profile`.
  public static func imagePixels(_ table: Scenario.Table, _ profile: DeviceProfile) -> Double {
    (table.imageSize.width * profile.scale).rounded(.up)
      * (table.imageSize.height * profile.scale).rounded(.up)
  }

  /// Why `scenario` asks for more than these limits allow, or nil. The reader reports the
  /// same problems at their line; this check also covers scenarios built in code, such as
  /// generated ones.
  public static func problem(with scenario: Scenario) -> String? {
    if scenario.events.count > maxEvents {
      return "events: \(scenario.events.count) events is more than the \(maxEvents) a scenario "
        + "may list"
    }
    guard let profile = scenario.resolvedDevice else { return nil }
    if let problem = screenProblem(profile) { return "device: " + problem }
    if let problem = framesProblem(end: scenario.endTime, profile) { return "device: " + problem }
    if let problem = onscreenProblem(scenario.table, profile) { return "table: " + problem }
    return nil
  }

  /// Why the screen of `profile` is too large, or nil.
  static func screenProblem(_ profile: DeviceProfile) -> String? {
    let pixels = screenPixels(profile)
    guard pixels > Double(maxScreenPixels) else { return nil }
    return "a screen of \(number(profile.screenWidth)) × \(number(profile.screenHeight)) points "
      + "at scale \(number(profile.scale)) has \(number(pixels)) pixels; CellSim allows at most "
      + "\(maxScreenPixels) (4096 × 4096)"
  }

  /// The frames a run that ends at `end` generates on `profile`: one per vsync from 0 to `end`.
  public static func frames(end: SimTime, _ profile: DeviceProfile) -> Double {
    (Double(end.nanoseconds) * Double(profile.refreshHz) / 1e9).rounded(.down) + 1
  }

  /// Why a run that ends at `end` would generate too many frames on `profile`, or nil.
  static func framesProblem(end: SimTime, _ profile: DeviceProfile) -> String? {
    let count = frames(end: end, profile)
    guard count > Double(maxFrames) else { return nil }
    return "refresh_hz \(profile.refreshHz) over a run of \(end) generates \(number(count)) "
      + "frames, each a simulated event; CellSim allows at most \(maxFrames) (an hour at 240 Hz "
      + "is 864000)"
  }

  /// The chunks a body of `bytes` bytes is cut into with `chunkSize`.
  public static func chunks(bytes: Int, chunkSize: Int64) -> Double {
    (Double(bytes) / Double(max(1, chunkSize))).rounded(.up)
  }

  /// Why bodies of up to `bytes` bytes would be cut into too many chunks with `chunkSize`
  /// (`fixture` names the largest), or nil.
  package static func chunksProblem(bytes: Int, chunkSize: Int64, fixture: String) -> String? {
    let count = chunks(bytes: bytes, chunkSize: chunkSize)
    guard count > Double(maxChunksPerTransfer) else { return nil }
    return
      "a chunk_size of \(chunkSize) byte(s) cuts the fixture \"\(fixture)\" (\(bytes) bytes) into "
      + "\(number(count)) chunks, each a simulated event; CellSim allows at most "
      + "\(maxChunksPerTransfer) per transfer"
  }

  /// Why the cells on screen would need too many decoded pixels, or nil.
  static func onscreenProblem(_ table: Scenario.Table, _ profile: DeviceProfile) -> String? {
    let cells = cellsAtOnce(table, profile)
    let image = imagePixels(table, profile)
    guard cells * image > Double(maxOnscreenDecodedPixels) else { return nil }
    return "image_size \(number(table.imageSize.width)) × \(number(table.imageSize.height)) "
      + "points at scale \(number(profile.scale)) decodes \(number(image)) pixels per image, "
      + "and \(number(cells)) cells fit the screen (row_height \(number(table.rowHeight)), "
      + "columns \(table.columns), preload_margin \(number(table.preloadMargin))): "
      + "\(number(cells * image)) decoded pixels at once; CellSim allows at most "
      + "\(maxOnscreenDecodedPixels) (256 MB of RGBA)"
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
  }
}
