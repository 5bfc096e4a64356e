import PNGRender
import SimKernel
import SimPlatform
import Testing

@testable import SimTable

@Suite("Display log and commit")
struct DisplayLogTests {
  func png() throws -> [UInt8] {
    var pixels: [UInt8] = []
    for index in 0..<(8 * 8) { pixels += [UInt8(index), 0x80, 0x20, 0xFF] }
    return try PNGEncoder.encode(Bitmap(width: 8, height: 8, pixels: pixels))
  }

  @Test("every commit records cell, row, item, URL and each image's kind and provenance")
  func records() throws {
    let h = try Harness { $0.displayLogCapacity = 3 }
    h.source.placeholderSize = 2
    var streamed: [CommittedFrame] = []
    h.table.displayLog.subscribe { streamed.append($0) }
    try h.run(untilMs: 5)
    let image = try #require(Image(data: try png()))
    h.table.cellForRow(at: IndexPath(row: 0, section: 0))!.imageView.image = image
    #expect(!image.isDecoded)
    try h.run(untilMs: 45)
    // The encoded image was decoded on the main thread at the commit that first showed it.
    #expect(image.isDecoded)
    #expect(h.world.decodes.mainThreadDecodes == 1)
    #expect(streamed.count == 5)
    #expect(h.table.displayLog.frames.map(\.frame) == [2, 3, 4])
    let frame = try #require(h.table.displayLog.last)
    #expect(frame.cells.map(\.indexPath.row) == [0, 1, 2, 3])
    #expect(frame.cells.map(\.itemID) == [0, 1, 2, 3])
    #expect(frame.cells[1].url == "https://img.test/1.png")
    #expect(frame.cells[0].images.first?.kind == .content)
    #expect(frame.cells[0].images.first?.provenance == image.provenance)
    #expect(frame.cells[2].images.map(\.kind) == [.placeholder])
    #expect(frame.time == SimTime(nanoseconds: 40_000_000))
  }

  @Test("an image replaced after the old one was freed is seen as a change, every time")
  func replacementAfterFree() throws {
    // The old signature compared object addresses, and malloc readily reuses a freed image's
    // address for the next image of the same size: the new image looked unchanged and its
    // display record was skipped, differently in every process. Each round frees the shown
    // image before making the next, the pattern most likely to reuse its address.
    let h = try Harness { $0.displayLogCapacity = 1 }
    try h.run(untilMs: 5)
    let bytes = [
      try png(),
      try PNGEncoder.encode(Bitmap(width: 8, height: 8, pixels: [UInt8](repeating: 7, count: 256))),
    ]
    for round in 0..<40 {
      let cell = try #require(h.table.cellForRow(at: IndexPath(row: 0, section: 0)))
      cell.imageView.image = nil
      cell.imageView.image = Image(data: bytes[round % 2])
      try h.run(untilMs: 15 + Int64(round) * 10)
      let shown = try #require(h.table.displayLog.last?.cells.first?.images.first)
      #expect(shown.provenance?.source == ContentDigest(of: bytes[round % 2]), "round \(round)")
    }
  }

  @Test("an idle frame is flagged as repeating the previous one; a change clears the flag")
  func repeatsPrevious() throws {
    let h = try Harness { $0.displayLogCapacity = 0 }
    var streamed: [CommittedFrame] = []
    h.table.displayLog.subscribe { streamed.append($0) }
    try h.run(untilMs: 35)
    let cell = try #require(h.table.cellForRow(at: IndexPath(row: 1, section: 0)))
    cell.imageView.image = Image(data: try png())
    try h.run(untilMs: 75)
    #expect(streamed.count == 8)
    // The first frame has nothing before it; the frame after the image was set shows a change.
    #expect(streamed.map(\.repeatsPrevious) == [false, true, true, true, false, true, true, true])
    for (previous, frame) in zip(streamed, streamed.dropFirst()) where frame.repeatsPrevious {
      #expect(frame.cells == previous.cells, "frame \(frame.frame) claims to repeat")
    }
  }

  @Test("a cross-dissolve shows both images until it ends")
  func transition() throws {
    let h = try Harness { $0.displayLogCapacity = nil }
    h.source.placeholderSize = 2
    try h.run(untilMs: 5)
    let cell = try #require(h.table.cellForRow(at: IndexPath(row: 0, section: 0)))
    cell.imageView.setImage(
      Image(kind: .manual, width: 2, height: 2, world: h.world), transition: .fade(.ms(25)))
    try h.run(untilMs: 45)
    let kinds = h.table.displayLog.frames.map { $0.cells[0].images.map(\.kind) }
    #expect(
      kinds == [
        [.placeholder], [.manual, .placeholder], [.manual, .placeholder], [.manual], [.manual],
      ])
  }

  @Test("trace lines cover what frames show, and identical runs give identical digests")
  func digests() throws {
    func run(_ order: LayoutOrder) throws -> String {
      let world = World(seed: 7, device: testDevice(), trace: .full)
      let source = RecordingDataSource()
      source.world = world
      source.placeholderSize = 2
      var options = TableConfiguration()
      options.layoutOrder = order
      options.rowHeight = 100  // rows enter and leave in the same pass, so the order shows
      let table = try TableView(
        world: world, model: TableModel(count: 200), configuration: options, dataSource: source)
      table.fling(velocity: 4_000)
      try world.run(until: SimTime(nanoseconds: 2_000_000_000))
      #expect(world.trace.fullText.contains("table.show"))
      return world.trace.digestHex
    }
    #expect(try run(.displayFirst) == run(.displayFirst))
    #expect(try run(.displayFirst) != run(.endFirst))
  }

  @Test("nothing of the table is committed while it is off screen")
  func offScreen() throws {
    let h = try Harness { $0.displayLogCapacity = 1 }
    try h.run(untilMs: 5)
    h.table.disappear()
    try h.run(untilMs: 15)
    #expect(h.table.displayLog.last?.cells.isEmpty == true)
  }

  @Test("a record is reused while its cell is unchanged, built for the frame that first shows it")
  func recordIdentity() throws {
    let h = try Harness { $0.displayLogCapacity = 0 }
    h.source.placeholderSize = 2
    var streamed: [CommittedFrame] = []
    h.table.displayLog.subscribe { streamed.append($0) }
    try h.run(untilMs: 35)
    let cell = try #require(h.table.cellForRow(at: IndexPath(row: 1, section: 0)))
    cell.imageView.image = Image(data: try png())
    try h.run(untilMs: 55)
    let first = try #require(streamed.first)
    #expect(first.cells.allSatisfy { $0.builtFor == first.frame })
    let changed = try #require(streamed.first { !$0.repeatsPrevious && $0.frame > first.frame })
    for (index, record) in changed.cells.enumerated() {
      if index == 1 {
        // The changed cell's record is new, and this frame is the first to show it.
        #expect(record.builtFor == changed.frame)
        #expect(record !== first.cells[index])
        #expect(record != first.cells[index])
      } else {
        // The others are the very records of the first frame.
        #expect(record === first.cells[index])
        #expect(record.builtFor == first.frame)
      }
    }
  }

  @Test("records compare and hash by what they show, not by identity or when they were built")
  func recordEquality() {
    let world = World(seed: 1, device: testDevice())
    let image = DisplayedImage(
      Image(kind: .manual, width: 2, height: 2, world: world), isOutgoing: false)
    func record(_ url: String, frame: Int64?, images: [DisplayedImage] = []) -> DisplayedCell {
      DisplayedCell(
        cellID: 3, indexPath: IndexPath(row: 7, section: 0), itemID: 7, url: url, images: images,
        configuration: 2, progress: nil, builtFor: frame)
    }
    let a = record("https://img.test/7.png", frame: 4)
    let b = record("https://img.test/7.png", frame: 9)
    #expect(a == b && a !== b)
    #expect(a.hashValue == b.hashValue)
    #expect(Set([a, b]).count == 1)
    #expect(a != record("https://img.test/8.png", frame: 4))
    #expect(a != record("https://img.test/7.png", frame: 4, images: [image]))
    let copy = a
    #expect(copy === a)
  }
}
