import PNGRender
import SimKernel
import Testing

@testable import SimPlatform

@Suite("Images, the decoder service and the memory meter")
struct ImageTests {
  /// A deterministic 300×200 RGBA PNG.
  static let png: [UInt8] = {
    var pixels = [UInt8]()
    for y in 0..<200 {
      for x in 0..<300 {
        pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256), 255]
      }
    }
    return (try? PNGEncoder.encode(Bitmap(width: 300, height: 200, pixels: pixels))) ?? []
  }()

  func world() -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 1
    return World(device: device)
  }

  @Test("Image(data:) is lazy: the first frame commit decodes it on the main thread at cost")
  func lazyDecodeChargesMain() throws {
    let w = world()
    let image = try #require(Image(data: Self.png))
    #expect(!image.isDecoded)
    #expect(image.pixelWidth == 300 && w.memory.liveBytes == 0)
    var end: SimTime?
    w.main.addFrameObserver(.commit) { context in
      if context.number == 1 { image.decodeForDisplay(on: context.execution) }
    }
    w.reports.subscribe { if case .frame(let r) = $0, r.number == 1 { end = r.end } }
    try w.run(for: .s(2))
    #expect(image.isDecoded)
    let cost = w.device.decodeCost(width: 300, height: 200)
    #expect(cost == .us(150) + .us(1_500))
    #expect(end == SimTime(nanoseconds: 1_000_000_000) + cost)
    #expect(w.main.busyTime == cost)
    #expect(w.decodes.mainThreadDecodes == 1)
    #expect(w.memory.liveBytes == 300 * 200 * 4)
  }

  @Test("an eager background decode charges a worker, not the main thread")
  func backgroundDecode() throws {
    let w = world()
    var decoded: Image?
    w.globalQueue().async { execution in
      w.decoder.decode(Self.png, on: execution) { decoded = try? $0.get() }
    }
    try w.run(for: .ms(10))
    let image = try #require(decoded)
    #expect(image.isDecoded)
    #expect(w.main.busyTime == .zero)
    #expect(w.decodes.decodes == 1 && w.decodes.mainThreadDecodes == 0)
    #expect(image.provenance == ImageProvenance(source: ContentDigest(of: Self.png)))
    #expect(w.cpu.peakInUse == 1)
  }

  @Test("a decode's result appears at the end of its modelled cost")
  func decodeTiming() throws {
    let w = world()
    var at: SimTime?
    w.globalQueue().async { execution in
      w.decoder.decode(Self.png, target: .maxPixelSize(100), on: execution) { _ in at = w.now }
    }
    try w.run(for: .ms(10))
    let expected =
      w.device.decodeCost(width: 300, height: 200)
      + w.device.resampleCost(sourceWidth: 300, sourceHeight: 200)
    #expect(at == SimTime.zero + expected)
  }

  @Test("downsampling gives the target size, with provenance naming the transform")
  func downsample() throws {
    let w = world()
    var result: Image?
    w.globalQueue().async { execution in
      w.decoder.decode(Self.png, target: .maxPixelSize(150), on: execution) {
        result = try? $0.get()
      }
    }
    try w.run(for: .ms(10))
    let image = try #require(result)
    #expect(image.pixelWidth == 150 && image.pixelHeight == 100)
    #expect(image.provenance?.transforms == [.maxPixelSize(150)])
    #expect(w.memory.liveBytes == 150 * 100 * 4)
  }

  @Test("decode working memory is held for the step and counts toward the peak")
  func workingMemory() throws {
    let w = world()
    var liveDuring: Int64 = 0
    w.globalQueue().async { execution in
      w.decoder.decode(Self.png, on: execution) { _ in }
    }
    w.loop.schedule(at: SimTime(nanoseconds: 100_000)) { liveDuring = w.memory.liveBytes }
    try w.run(for: .ms(10))
    #expect(liveDuring >= 300 * 200 * 4, "the full bitmap plus libpng's rows while decoding")
    #expect(w.memory.peakBytes >= liveDuring)
    #expect(w.memory.liveBytes == 0, "the result was dropped at once")
  }

  @Test("the memory meter returns to zero when every image is released")
  func meterReturnsToZero() throws {
    let w = world()
    var images: [Image] = []
    for _ in 0..<5 {
      w.globalQueue().async { execution in
        w.decoder.decode(Self.png, on: execution) { if let i = try? $0.get() { images.append(i) } }
      }
    }
    images.append(Image(kind: .placeholder, width: 10, height: 10, world: w))
    try w.run(for: .ms(50))
    #expect(images.count == 6)
    #expect(w.memory.liveBytes == 5 * 300 * 200 * 4 + 400)
    images.removeAll()
    #expect(w.memory.liveBytes == 0)
    #expect(w.memory.liveRegistrations == 0)
  }

  @Test("corrupt bytes fail with a typed error after the fixed cost, with no allocation")
  func corrupt() throws {
    let w = world()
    var result: Result<Image, PNGError>?
    var bad = Self.png
    bad.removeLast(30)
    w.globalQueue().async { execution in
      w.decoder.decode([1, 2, 3], on: execution) { _ in }
      w.decoder.decode(bad, on: execution) { result = $0 }
    }
    try w.run(for: .ms(10))
    #expect(throws: PNGError.self) { try result?.get() }
    #expect(Image(data: [1, 2, 3]) == nil)
    #expect(w.memory.liveBytes == 0)
  }

  @Test("aspect-fill resampling of a decoded image appends to its provenance")
  func resample() throws {
    let w = world()
    var result: Image?
    w.main.async { execution in
      let lazy = Image(data: Self.png)!
      w.decoder.resample(lazy, to: .aspectFill(width: 64, height: 64), on: execution) {
        result = $0
      }
    }
    try w.run(for: .ms(10))
    let image = try #require(result)
    #expect(image.pixelWidth == 64 && image.pixelHeight == 64)
    #expect(image.provenance?.transforms == [.aspectFill(width: 64, height: 64)])
    #expect(w.main.busyTime > w.device.decodeCost(width: 300, height: 200))
  }

  @Test("resampling an encoded image on a worker decodes it there, visible only once paid for")
  func workerResampleDecodesOnWorker() throws {
    let w = world()
    let lazy = try #require(Image(data: Self.png))
    var result: Image?
    var thread: Bool?
    w.globalQueue().async { execution in
      thread = execution.thread.isMain
      w.decoder.resample(lazy, to: .maxPixelSize(100), on: execution) { result = $0 }
    }
    let decodeCost = w.device.decodeCost(width: 300, height: 200)
    let resampleCost = w.device.resampleCost(sourceWidth: 300, sourceHeight: 200)
    // What the main thread sees one nanosecond before the decode's cost has been paid, and at
    // that instant.
    var decodedEarly: Bool?
    var decodedOnTime: Bool?
    w.loop.schedule(at: .zero + decodeCost - .ns(1)) { decodedEarly = lazy.isDecoded }
    w.loop.schedule(at: .zero + decodeCost + .ns(1)) { decodedOnTime = lazy.isDecoded }
    try w.run(for: .ms(10))
    #expect(thread == false)
    #expect(decodedEarly == false, "the pixels do not appear when the decode starts")
    #expect(decodedOnTime == true)
    #expect(w.decodes.decodes == 1)
    #expect(w.decodes.mainThreadDecodes == 0, "a worker's decode is not a main-thread decode")
    #expect(w.main.busyTime == .zero)
    #expect(w.decodes.decodeTime == decodeCost + resampleCost)
    let image = try #require(result)
    #expect(image.pixelWidth == 100)
  }

  @Test("resampling an encoded image on the main thread counts a main-thread decode")
  func mainResampleDecodesOnMain() throws {
    let w = world()
    let lazy = try #require(Image(data: Self.png))
    var finishedAfter: SimDuration?
    w.main.async { execution in
      let start = w.now
      w.decoder.resample(lazy, to: .maxPixelSize(100), on: execution) { _ in
        finishedAfter = w.now - start
      }
    }
    try w.run(for: .ms(10))
    let cost =
      w.device.decodeCost(width: 300, height: 200)
      + w.device.resampleCost(sourceWidth: 300, sourceHeight: 200)
    #expect(finishedAfter == cost, "the decode, then the resample, each paid before it ends")
    #expect(w.decodes.mainThreadDecodes == 1)
  }

  @Test("memoized decodes cost the same simulated time as the first")
  func memoDoesNotChangeCost() throws {
    func run() throws -> (SimTime?, String) {
      let w = world()
      var at: SimTime?
      w.globalQueue().async { execution in
        w.decoder.decode(Self.png, target: .maxPixelSize(77), on: execution) { _ in at = w.now }
      }
      try w.run(for: .ms(10))
      return (at, w.trace.digestHex)
    }
    let first = try run()
    let second = try run()
    #expect(first.0 == second.0)
    #expect(first.1 == second.1)
  }

  @Test("an image view set off the main thread is flagged; a fade shows both images until it ends")
  func imageView() throws {
    let w = world()
    let view = ImageView(world: w)
    let a = Image(kind: .placeholder, width: 2, height: 2, world: w)
    let b = Image(kind: .manual, width: 2, height: 2, world: w)
    var completedAt: SimTime?
    w.main.async { execution in
      view.image = a
      view.setImage(b, transition: .fade(.ms(300))) { completedAt = w.now }
    }
    try w.run(for: .ms(100))
    #expect(view.imagesOnScreen.map(\.kind) == [.manual, .placeholder])
    try w.run(for: .ms(300))
    #expect(view.imagesOnScreen.map(\.kind) == [.manual])
    #expect(completedAt == SimTime(nanoseconds: 300_000_000))
    #expect(w.mainThreadViolations.isEmpty)
    w.globalQueue().async { _ in view.image = nil }
    try w.run(for: .ms(1))
    #expect(w.mainThreadViolations.count == 1)
  }

  @Test("a direct set ends a fade on screen, but its completion still runs at the fade's end")
  func fadeCompletionOutlivesDirectSet() throws {
    let w = world()
    let view = ImageView(world: w)
    let a = Image(kind: .placeholder, width: 2, height: 2, world: w)
    let b = Image(kind: .manual, width: 2, height: 2, world: w)
    var completedAt: SimTime?
    w.main.async { _ in
      view.setImage(a, transition: .fade(.ms(300))) { completedAt = w.now }
    }
    w.loop.schedule(after: .ms(100)) { view.image = b }
    try w.run(for: .ms(150))
    #expect(view.imagesOnScreen.map(\.kind) == [.manual], "the new image shows alone")
    #expect(completedAt == nil)
    try w.run(for: .ms(300))
    #expect(completedAt == SimTime(nanoseconds: 300_000_000))
  }

  @Test(
    "a made image's pixels repeat its colour exactly, for every size",
    arguments: [1, 2, 3, 7, 64, 1_000, 4_097])
  func filledPixels(count: Int) {
    let pattern: [UInt8] = [0xD0, 0x01, 0x7F, 0xFF]
    let expected = Array((0..<count).map { _ in pattern }.joined())
    #expect(Image.filled(pattern, count: count) == expected)
    let w = world()
    let image = Image(kind: .failure, width: count, height: 3, world: w)
    #expect(
      image.decoded?.bitmap.pixels
        == Array((0..<count * 3).map { _ in [0xE0, 0x40, 0x40, 0xFF] as [UInt8] }.joined()))
  }
}
