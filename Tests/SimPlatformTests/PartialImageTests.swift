import PNGRender
import SimKernel
import Testing

@testable import SimPlatform

@Suite("Partial previews: Image(partialData:) and the decoder's partial decode")
struct PartialImageTests {
  /// The first 40% of `ImageTests.png`: a prefix that holds some rows, not all.
  static let prefix = Array(ImageTests.png[..<(ImageTests.png.count * 2 / 5)])

  func world() -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 1
    return World(device: device)
  }

  @Test("Image(partialData:) decodes lazily at first display, at a whole decode's cost")
  func lazyPartial() throws {
    let w = world()
    let image = try #require(Image(partialData: Self.prefix))
    #expect(!image.isDecoded)
    #expect(image.provenance?.partialBytes == Self.prefix.count)
    #expect(image.provenance?.source == ContentDigest(of: Self.prefix))
    #expect(image.provenance?.description.hasSuffix("/partial \(Self.prefix.count) B") == true)
    w.main.addFrameObserver(.commit) { context in
      if context.number == 1 { image.decodeForDisplay(on: context.execution) }
    }
    try w.run(for: .s(2))
    #expect(image.isDecoded && image.decodeError == nil)
    #expect(w.main.busyTime == w.device.decodeCost(width: 300, height: 200))
    let bitmap = try #require(image.decoded?.bitmap)
    #expect(bitmap.width == 300 && bitmap.height == 200)
    #expect(bitmap[5, 0].alpha == 255, "the first rows are there")
    #expect(bitmap[5, 199].alpha == 0, "the last rows are not yet")
  }

  @Test("Image(data:) of the same prefix still fails when shown: only a partial decode is kind")
  func fullDecodeOfPrefixFails() throws {
    let w = world()
    let image = try #require(Image(data: Self.prefix))
    #expect(image.provenance?.isPartial == false)
    w.main.addFrameObserver(.commit) { context in
      if context.number == 1 { image.decodeForDisplay(on: context.execution) }
    }
    try w.run(for: .s(2))
    #expect(image.decodeError?.kind == .truncated)
  }

  @Test("Image(partialData:) is nil until the header has arrived")
  func noHeaderYet() {
    #expect(Image(partialData: Array(ImageTests.png[..<20])) == nil)
    #expect(Image(partialData: []) == nil)
  }

  @Test("decodePartial runs on the calling worker at a decode's cost, marked partial")
  func servicePartial() throws {
    let w = world()
    var result: Image?
    var at: SimTime?
    w.globalQueue().async { execution in
      w.decoder.decodePartial(Self.prefix, target: .maxPixelSize(150), on: execution) {
        result = try? $0.get()
        at = w.now
      }
    }
    try w.run(for: .ms(10))
    let image = try #require(result)
    #expect(image.isDecoded && image.pixelWidth == 150)
    #expect(
      image.provenance
        == ImageProvenance(
          source: ContentDigest(of: Self.prefix), transforms: [.maxPixelSize(150)],
          partialBytes: Self.prefix.count))
    #expect(
      at == SimTime.zero + w.device.decodeCost(width: 300, height: 200)
        + w.device.resampleCost(sourceWidth: 300, sourceHeight: 200))
    #expect(w.main.busyTime == .zero && w.decodes.decodes == 1)
  }

  @Test("decodePartial of bytes without a header fails after the fixed cost")
  func serviceNoHeader() throws {
    let w = world()
    var failure: PNGError?
    w.globalQueue().async { execution in
      w.decoder.decodePartial(Array(ImageTests.png[..<10]), on: execution) {
        if case .failure(let error) = $0 { failure = error }
      }
    }
    try w.run(for: .ms(10))
    #expect(failure?.kind == .truncated)
  }
}
