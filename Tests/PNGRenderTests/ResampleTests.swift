import FixtureGenerator
import PNGRender
import Testing

@Suite("Resampling")
struct ResampleTests {
  /// A bitmap where each pixel is `color(x, y)`.
  static func bitmap(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height { for x in 0..<width { pixels += color(x, y) } }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  @Test(
    "maximum pixel size keeps the aspect ratio and never upscales",
    arguments: [
      (6144, 4096, 640, 640, 427), (4096, 6144, 640, 427, 640), (100, 50, 100, 100, 50),
      (100, 50, 400, 100, 50), (3, 1000, 10, 1, 10), (1000, 1, 10, 10, 1),
    ])
  func fittingSize(width: Int, height: Int, maxPixelSize: Int, outWidth: Int, outHeight: Int) {
    let header = PNGHeader(
      width: width, height: height, bitDepth: 8, colorType: .rgb, interlaced: false)
    let plan = DecodePlan(header: header, target: .maxPixelSize(maxPixelSize))
    #expect(plan.outputWidth == outWidth && plan.outputHeight == outHeight)
    #expect(plan.method == (outWidth == width && outHeight == height ? .full : .streaming))
  }

  @Test("a uniform image stays uniform under every resample")
  func uniform() {
    let source = Self.bitmap(37, 23) { _, _ in [200, 100, 50, 255] }
    for target in [
      DecodeTarget.maxPixelSize(5), .aspectFill(width: 80, height: 80),
      .aspectFill(width: 3, height: 9),
    ] {
      let result = Resampler.resample(source, to: target)
      #expect(
        Set(
          stride(from: 0, to: result.pixels.count, by: 4).map {
            result.pixels[$0..<($0 + 4)]
          }
        ).count == 1)
      #expect(Array(result.pixels.prefix(4)) == [200, 100, 50, 255])
    }
  }

  @Test("area averaging of a 2×2 checkerboard gives the mean")
  func mean() {
    let source = Self.bitmap(2, 2) { x, y in
      (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
    }
    #expect(Resampler.downsample(source, maxPixelSize: 1).pixels == [128, 128, 128, 255])
  }

  @Test("transparent pixels do not bleed their colour")
  func noBleed() {
    let source = Self.bitmap(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 255, 0, 0] }
    #expect(Resampler.downsample(source, maxPixelSize: 1).pixels == [255, 0, 0, 128])
  }

  @Test("aspect fill crops the centre of a wide image")
  func aspectFillWide() {
    // Left third red, middle third green, right third blue.
    let source = Self.bitmap(30, 10) { x, _ in
      x < 10 ? [255, 0, 0, 255] : x < 20 ? [0, 255, 0, 255] : [0, 0, 255, 255]
    }
    let cell = Resampler.aspectFill(source, width: 4, height: 4)
    #expect(cell.width == 4 && cell.height == 4)
    #expect(Set(stride(from: 0, to: 64, by: 4).map { cell.pixels[$0 + 1] }) == [255])
  }

  @Test("aspect fill crops the centre of a tall image and may upscale")
  func aspectFillTall() {
    let source = Self.bitmap(2, 6) { _, y in
      y < 2 ? [255, 0, 0, 255] : y < 4 ? [9, 9, 9, 255] : [0, 0, 255, 255]
    }
    let cell = Resampler.aspectFill(source, width: 20, height: 20)
    #expect(cell.width == 20 && cell.height == 20)
    #expect(Set(cell.pixels) == [9, 255])
  }

  @Test("streaming aspect fill equals decode then aspect fill")
  func streamingAspectFill() throws {
    let photo = SyntheticPhoto(width: 300, height: 200, seed: 3)
    let encoded = FixtureFormat(.rgba, 8).encode(photo)
    let bytes = try PNGEncoder.encode(encoded.raw)
    for (width, height) in [(60, 60), (200, 40), (31, 97), (600, 450)] {
      let streamed = try PNGDecoder().decode(
        bytes, target: .aspectFill(width: width, height: height))
      #expect(streamed.plan.method == .streaming)
      let reference = Resampler.aspectFill(encoded.expected, width: width, height: height)
      try expectClose(streamed.bitmap, reference, tolerance: 0)
    }
  }

  @Test(
    "streaming and full-decode downsample agree within one level for every format",
    arguments: FixtureCatalog.allFormats.flatMap {
      [$0, FixtureFormat($0.colorType, $0.bitDepth, interlaced: true)]
    })
  func streamingMatchesFull(format: FixtureFormat) throws {
    let photo = SyntheticPhoto(width: 211, height: 97, seed: 11)
    let bytes = try PNGEncoder.encode(format.encode(photo).raw)
    let decoder = PNGDecoder()
    let streamed = try decoder.decode(bytes, target: .maxPixelSize(50))
    let full = try bytes.withUnsafeBytes { raw in
      Result { () throws(PNGError) in try decoder.decodeThenResample(raw, target: .maxPixelSize(50))
      }
    }.get()
    #expect(streamed.plan.method == (format.interlaced ? .fullThenResample : .streaming))
    #expect(full.bitmap.width == 50 && full.bitmap.height == 23)
    try expectClose(streamed.bitmap, full.bitmap, tolerance: 1)
    if !format.interlaced {
      #expect(streamed.measuredPeakBytes < full.measuredPeakBytes)
    }
  }
}
