import FixtureGenerator
import PNGRender
import Testing

@Suite("Limits and typed errors")
struct LimitsAndErrorsTests {
  /// A valid 1×1 RGB PNG whose IHDR is then rewritten to claim `width` × `height`.
  static func claiming(width: UInt32, height: UInt32) throws -> [UInt8] {
    let small = try PNGEncoder.encode(Bitmap(width: 1, height: 1, pixels: [1, 2, 3, 255]))
    var editor = ChunkEditor(small)
    editor.editData(of: "IHDR") {
      $0.replaceSubrange(0..<8, with: ChunkEditor.bigEndian(width) + ChunkEditor.bigEndian(height))
    }
    return editor.bytes
  }

  @Test("default limits are 16,384 px per side and 64 megapixels")
  func defaults() {
    #expect(DecodeLimits.default.maxWidth == 16_384)
    #expect(DecodeLimits.default.maxHeight == 16_384)
    #expect(DecodeLimits.default.maxPixels == 67_108_864)
    #expect(DecodeLimits.default.allows(width: 8192, height: 8192))
    #expect(!DecodeLimits.default.allows(width: 8193, height: 8192))
    #expect(!DecodeLimits.default.allows(width: 16_385, height: 1))
  }

  @Test("a header claiming 1,000,000×1,000,000 is refused, naming its size and the limit")
  func hugeHeader() throws {
    let bytes = try Self.claiming(width: 1_000_000, height: 1_000_000)
    #expect(throws: PNGError.tooLarge(width: 1_000_000, height: 1_000_000, limits: .default)) {
      try PNGDecoder().decode(bytes, target: .maxPixelSize(100))
    }
    let message = PNGError.tooLarge(width: 1_000_000, height: 1_000_000, limits: .default)
      .description
    #expect(message.contains("1000000×1000000") && message.contains("16384"))
  }

  @Test("limits are configurable in both directions")
  func configurable() throws {
    let bytes = try PNGEncoder.encode(
      Bitmap(width: 40, height: 10, pixels: [UInt8](repeating: 7, count: 1600)))
    let strict = PNGDecoder(limits: DecodeLimits(maxWidth: 39))
    #expect(throws: PNGError.tooLarge(width: 40, height: 10, limits: DecodeLimits(maxWidth: 39))) {
      try strict.decode(bytes)
    }
    #expect(throws: PNGError.self) {
      try PNGDecoder(limits: DecodeLimits(maxPixels: 399)).decode(bytes)
    }
    #expect(
      try PNGDecoder(limits: DecodeLimits(maxWidth: 40, maxPixels: 400)).decode(bytes)
        .bitmap.width == 40)
    // Limits above the default admit a header the default refuses.
    let wide = try Self.claiming(width: 20_000, height: 1)
    #expect(throws: PNGError.self) { try PNGDecoder().readHeader(wide) }
    #expect(try PNGDecoder(limits: DecodeLimits(maxWidth: 20_000)).readHeader(wide).width == 20_000)
  }

  @Test("limits assigned directly are clamped, so no value can trap on the way to libpng")
  func assignedLimitsAreClamped() throws {
    var limits = DecodeLimits.default
    limits.maxWidth = Int.max
    limits.maxHeight = -5
    limits.maxPixels = Int.max
    limits.maxChunkBytes = Int.max
    #expect(limits.maxWidth == DecodeLimits.formatMaxSide)
    #expect(limits.maxHeight == 1)
    #expect(limits.maxPixels == DecodeLimits.formatMaxPixels)
    #expect(limits.maxChunkBytes == DecodeLimits.formatMaxChunkBytes)
    #expect(
      limits == DecodeLimits(maxWidth: .max, maxHeight: -5, maxPixels: .max, maxChunkBytes: .max))
    // Before the clamp, Int.max trapped in the UInt32 conversion for libpng.
    limits.maxHeight = 10
    let bytes = try PNGEncoder.encode(
      Bitmap(width: 4, height: 2, pixels: [UInt8](repeating: 9, count: 32)))
    #expect(try PNGDecoder(limits: limits).decode(bytes).bitmap.width == 4)
  }

  @Test("the planned working memory of a refused image is never allocated")
  func refusedBeforeAllocation() throws {
    let bytes = try Self.claiming(width: 20_000, height: 20_000)
    #expect(throws: PNGError.self) { try PNGDecoder().plan(bytes) }
    // With limits raised, the plan shows the 1.6 GB that the default limits avoided.
    let plan = try PNGDecoder(
      limits: DecodeLimits(
        maxWidth: 20_000, maxHeight: 20_000,
        maxPixels: 400_000_000)
    ).plan(bytes)
    #expect(plan.workingBytes >= 1_600_000_000)
  }

  @Test(
    "messages say what is wrong",
    arguments: [
      (PNGError.notPNG, "signature"), (.crcMismatch(chunk: "IDAT"), "IDAT"),
      (.truncated(detail: "x"), "ends early"),
      (.badZlibStream(detail: "incorrect header check"), "corrupt"),
      (.invalidHeader(detail: "invalid colour type 5 in IHDR"), "colour type"),
      (.unsupported(detail: "unknown filter method 1 in IHDR"), "filter"),
      (.libpng(message: "something"), "something"),
    ])
  func messages(error: PNGError, fragment: String) {
    #expect(error.description.hasPrefix(error.kind.rawValue + ":"))
    #expect(error.description.contains(fragment))
  }

  @Test(
    "libpng messages map to the right kinds",
    arguments: [
      ("IDAT: CRC error", PNGError.Kind.crcMismatch),
      ("IDAT: invalid distance too far back", .badZlibStream),
      ("IDAT: incorrect header check", .badZlibStream), ("Not enough image data", .truncated),
      ("Invalid IHDR data", .invalidHeader), ("Unknown filter method in IHDR", .unsupported),
      ("bad adaptive filter value", .libpng),
    ])
  func classification(message: String, kind: PNGError.Kind) {
    #expect(PNGError.fromLibpngForTesting(message) == kind)
  }

  @Test("short and foreign data give notPNG or truncated, never a crash")
  func shortInputs() {
    #expect(throws: PNGError.notPNG) { try PNGDecoder().decode([]) }
    #expect(throws: PNGError.notPNG) { try PNGDecoder().decode([0x47, 0x49, 0x46]) }
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    for count in 1...8 {
      let result = Result { () throws(PNGError) in
        try PNGDecoder().decode(Array(signature.prefix(count)))
      }
      #expect(throws: PNGError.self) { try result.get() }
      if case .failure(let error) = result { #expect(error.kind == .truncated) }
    }
  }
}
