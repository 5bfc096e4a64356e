package import SimKernel
package import SimPlatform

/// One image on screen in a cell at a commit.
package struct DisplayedImage: Hashable, Sendable {
  /// Content, placeholder, failure or manual.
  package let kind: Image.Kind
  /// For content images, the digest of the bytes and the transforms applied.
  package let provenance: ImageProvenance?
  /// The image's size in pixels.
  package let pixelWidth: Int
  /// The image's size in pixels.
  package let pixelHeight: Int
  /// False if a lazy decode failed, so the image rendered as nothing.
  package let rendered: Bool
  /// True for the outgoing image of a cross-dissolve still running.
  package let isOutgoing: Bool
  /// For a placeholder made for one request, that request's URL (`Image.requestURL`).
  package let requestURL: String?
  /// For a placeholder made for one request, how many cells the world had configured when it
  /// was made (`Image.requestEpoch`); compared with `DisplayedCell.configuration`. Not part of
  /// the summary (traces are unchanged by it).
  package let requestEpoch: UInt64?

  /// True for an image decoded in an earlier world of the process (`Image.wasDecoded(outside:)`):
  /// state that outlived its run showed it. Not part of the summary (traces are unchanged by it).
  package let decodedInAnotherWorld: Bool

  /// A record of `image`, shown in the world whose memory is `meter`.
  package init(_ image: Image, isOutgoing: Bool, shownWith meter: MemoryMeter? = nil) {
    kind = image.kind
    provenance = image.provenance
    pixelWidth = image.pixelWidth
    pixelHeight = image.pixelHeight
    rendered = image.decodeError == nil
    self.isOutgoing = isOutgoing
    requestURL = image.requestURL
    requestEpoch = image.requestEpoch
    decodedInAnotherWorld = meter.map { image.wasDecoded(outside: $0) } ?? false
  }

  /// For example `content:00ab…/max 128 px`, `placeholder` or
  /// `placeholder@https://img.test/3.png` (a placeholder made for one request).
  package var summary: String {
    Self.summary(
      kind: kind, provenance: provenance?.description, requestURL: requestURL,
      rendered: rendered, isOutgoing: isOutgoing)
  }

  /// The summary of `image` shown now (`summary`), with its provenance's text made once per
  /// image (`Image.provenanceText`): a table with `traceDisplay` prints it for every change.
  package static func summary(of image: Image, isOutgoing: Bool) -> String {
    var bytes: [UInt8] = []
    appendSummary(of: image, isOutgoing: isOutgoing, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 of `summary(of:isOutgoing:)` to `bytes`, making no string: the table's
  /// `table.show` lines write it straight into the trace.
  package static func appendSummary(of image: Image, isOutgoing: Bool, to bytes: inout [UInt8]) {
    appendSummary(
      kind: image.kind, provenance: image.provenanceText, requestURL: image.requestURL,
      rendered: image.decodeError == nil, isOutgoing: isOutgoing, to: &bytes)
  }

  static func summary(
    kind: Image.Kind, provenance: String?, requestURL: String?, rendered: Bool, isOutgoing: Bool
  ) -> String {
    var bytes: [UInt8] = []
    appendSummary(
      kind: kind, provenance: provenance, requestURL: requestURL, rendered: rendered,
      isOutgoing: isOutgoing, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The one definition of a summary's text: `kind[:provenance][@requestURL][!undecodable][(out)]`.
  static func appendSummary(
    kind: Image.Kind, provenance: String?, requestURL: String?, rendered: Bool, isOutgoing: Bool,
    to bytes: inout [UInt8]
  ) {
    bytes.append(contentsOf: kind.rawValue.utf8)
    if let provenance {
      bytes.append(0x3A)  // :
      bytes.append(contentsOf: provenance.utf8)
    }
    if let requestURL {
      bytes.append(0x40)  // @
      bytes.append(contentsOf: requestURL.utf8)
    }
    if !rendered { bytes.append(contentsOf: "!undecodable".utf8) }
    if isOutgoing { bytes.append(contentsOf: "(out)".utf8) }
  }
}

/// One displayed cell at a commit: which cell, at which row, for which item and URL, showing
/// which images.
///
/// An immutable object, so it behaves as a value: the table hands the same record to every
/// frame while its cell does not change, and the oracle and metrics keep and compare records
/// every frame, so a copy is one reference count, two copies of one record are equal by
/// identity before any field is read (`===`), and other modules read the fields as stored
/// properties (a `package` getter is a call from another module, and cannot be inlined).
/// Equality and hashing are by value.
package final class DisplayedCell: Hashable, Sendable {
  /// The cell's id (`TableCell.cellID`).
  package let cellID: Int
  /// The row it is displayed at.
  package let indexPath: IndexPath
  /// `indexPath.row`, read without a call into Foundation.
  package let row: Int
  /// The stable id of the item at that row at this instant.
  package let itemID: Int
  /// The URL that row's item has at this instant.
  package let url: String
  /// The images on screen in the cell's image view (the image, then the outgoing image of a
  /// running cross-dissolve); empty when it shows none.
  package let images: [DisplayedImage]
  /// Which configuration of the cell (`cellForRow` call) its current request is, numbered by
  /// `World.cellConfigurations` in the world: the one current when this record was built (a
  /// record is rebuilt whenever the cell's row, item, images or progress change).
  package let configuration: UInt64
  /// What the cell's progress view shows; nil while hidden or never set.
  package let progress: DisplayedProgress?
  /// The variant the cell's current request wants (`TableCell.requestedVariant`); nil: any
  /// variant of its URL.
  package let requestedVariant: ImageVariant?
  /// The frame the table built this record for, which is the first frame that shows it (the
  /// table reuses a record while its cell shows the same thing); nil when not known. Not part
  /// of equality: it says when, not what.
  package let builtFor: Int64?
  /// When the cell's image view got the image it shows (`ImageView.imageSetAt`); nil when
  /// not known. Not part of equality: it says when, not what.
  package let imageSetAt: SimTime?

  /// A record of a cell showing `images` for the item `itemID` (whose URL is `url`) at
  /// `indexPath`.
  package init(
    cellID: Int, indexPath: IndexPath, itemID: Int, url: String, images: [DisplayedImage],
    configuration: UInt64 = 0, progress: DisplayedProgress? = nil,
    requestedVariant: ImageVariant? = nil, builtFor frame: Int64? = nil,
    imageSetAt: SimTime? = nil
  ) {
    self.cellID = cellID
    self.indexPath = indexPath
    row = indexPath.row
    self.itemID = itemID
    self.url = url
    self.images = images
    self.configuration = configuration
    self.progress = progress
    self.requestedVariant = requestedVariant
    builtFor = frame
    self.imageSetAt = imageSetAt
  }

  package static func == (lhs: DisplayedCell, rhs: DisplayedCell) -> Bool {
    if lhs === rhs { return true }
    return lhs.cellID == rhs.cellID && lhs.indexPath == rhs.indexPath && lhs.itemID == rhs.itemID
      && lhs.url == rhs.url && lhs.images == rhs.images && lhs.configuration == rhs.configuration
      && lhs.progress == rhs.progress && lhs.requestedVariant == rhs.requestedVariant
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(cellID)
    hasher.combine(indexPath)
    hasher.combine(itemID)
    hasher.combine(url)
    hasher.combine(images)
    hasher.combine(configuration)
    hasher.combine(progress)
    hasher.combine(requestedVariant)
  }
}

/// What a cell's progress view showed at a commit.
package struct DisplayedProgress: Hashable, Sendable {
  /// The value shown, 0…1.
  package let value: Float
  /// The URL of the request the value came from; nil for a plain value (not judged).
  package let url: String?
  /// The transfer the value came from (0 when none); meaningful only with `url`.
  package let transferID: Int

  /// A record of a progress view's value and source.
  package init(value: Float, source: RequestProgress?) {
    self.value = value
    url = source?.url
    transferID = source?.transferID ?? 0
  }

  /// For example `0.500@https://img.test/3.png#12` (from transfer 12) or `0.000` (a plain
  /// value). The value is printed in thousandths, rounded: traces need no float formatting.
  package var summary: String {
    let thousandths = Int((Double(value) * 1000).rounded())
    let whole = thousandths / 1000
    let fraction = String(thousandths % 1000)
    var text = "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    if let url { text += "@\(url)#\(transferID)" }
    return text
  }
}

/// Everything one committed frame showed of the table.
package struct CommittedFrame: Hashable, Sendable {
  /// The frame number (its vsync index).
  package let frame: Int64
  /// The vsync the frame serves.
  package let vsync: SimTime
  /// When the frame committed.
  package let time: SimTime
  /// The content offset the frame shows.
  package let offset: Double
  /// The displayed cells, ordered by row. Empty while the table is off screen.
  package let cells: [DisplayedCell]
  /// Whether `cells` equals the previous committed frame's, record for record (same cells in
  /// the same order, with unchanged rows, items and image objects): an idle frame. Observers
  /// may then reuse what they derived from the previous frame.
  package var repeatsPrevious = false

  /// A frame record; `repeatsPrevious` as the table determined it.
  package init(
    frame: Int64, vsync: SimTime, time: SimTime, offset: Double, cells: [DisplayedCell],
    repeatsPrevious: Bool = false
  ) {
    self.frame = frame
    self.vsync = vsync
    self.time = time
    self.offset = offset
    self.cells = cells
    self.repeatsPrevious = repeatsPrevious
  }
}

/// The log of what every frame committed — what the user saw. The oracle reads it.
///
/// Subscribers receive every committed frame synchronously, in order, at its commit (the
/// streaming form: a long run need not keep anything). The in-memory log additionally keeps
/// the last `capacity` frames (`TableConfiguration.displayLogCapacity`: 0 keeps none, nil keeps
/// all). Records are built only when someone will read them.
package final class DisplayLog {
  /// How many frames the in-memory log keeps; nil: all.
  package let capacity: Int?
  @exclusivity(unchecked) var ring: [CommittedFrame] = []
  @exclusivity(unchecked) var head = 0
  /// Each in a struct: a closure stored directly as an array's element is kept at the array's
  /// generic abstraction, and every call then goes through a reabstraction thunk.
  struct Subscriber {
    var receive: (CommittedFrame) -> Void
  }

  @exclusivity(unchecked) var subscribers: [Subscriber] = []

  /// Forgets every subscriber (when a run is over, to break reference cycles).
  package func removeAllSubscribers() { subscribers.removeAll() }
  /// Frames committed since the table was created (kept or not).
  @exclusivity(unchecked) package internal(set) var committedFrameCount = 0

  init(capacity: Int?) { self.capacity = capacity }

  /// Adds a subscriber; it receives every later committed frame, in order, synchronously at
  /// the frame's commit (after the frame's main-thread decodes).
  package func subscribe(_ subscriber: @escaping (CommittedFrame) -> Void) {
    subscribers.append(Subscriber(receive: subscriber))
  }

  /// The frames kept in memory, oldest first.
  package var frames: [CommittedFrame] {
    Array(ring[head...]) + Array(ring[..<head])
  }

  /// The most recent kept frame, if any.
  package var last: CommittedFrame? {
    ring.isEmpty ? nil : ring[(head + ring.count - 1) % ring.count]
  }

  /// Whether anyone will read a record of the next frame.
  var wantsRecords: Bool { !subscribers.isEmpty || capacity != 0 }

  func append(_ frame: CommittedFrame) {
    committedFrameCount += 1
    for subscriber in subscribers { subscriber.receive(frame) }
    guard let capacity else {
      ring.append(frame)
      return
    }
    guard capacity > 0 else { return }
    if ring.count < capacity {
      ring.append(frame)
    } else {
      ring[head] = frame
      head = (head + 1) % capacity
    }
  }
}
