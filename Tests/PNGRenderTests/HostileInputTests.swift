import FixtureGenerator
import PNGRender
import Testing

@Suite("Hostile PNG input")
struct HostileInputTests {
  @Test("limits assigned after init are clamped like init's, so no conversion can trap")
  func limitsStayValid() throws {
    var limits = DecodeLimits()
    limits.maxWidth = -5
    limits.maxHeight = 0
    limits.maxPixels = Int.min
    limits.maxChunkBytes = Int.max
    #expect(limits.maxWidth == 1 && limits.maxHeight == 1 && limits.maxPixels == 1)
    #expect(limits.maxChunkBytes == Int(UInt32.max))
    limits.maxWidth = Int.max
    #expect(limits.maxWidth == DecodeLimits.formatMaxSide)
    // Decoding with extreme limits refuses or decodes; it never traps.
    let photo = try PNGEncoder.encode(
      Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)))
    #expect(throws: PNGError.self) { try PNGDecoder(limits: limits).decode(photo) }
    limits.maxWidth = Int.max
    limits.maxHeight = Int.max
    limits.maxPixels = Int.max
    #expect(try PNGDecoder(limits: limits).decode(photo).bitmap.width == 2)
  }

  @Test("a chunk whose length claims more than the file holds is refused before libpng reads it")
  func lyingChunkLength() throws {
    let fixture = CorruptFixtures.lyingChunkLength(ChunkEditor(try smallPNG()))
    #expect(fixture.bytes.count < 400)
    do throws(PNGError) {
      _ = try PNGDecoder().decode(fixture.bytes)
      Issue.record("decoded a file whose tEXt chunk claims 1 GiB")
    } catch {
      #expect(error.kind == .truncated)
      #expect(error.description.contains("tEXt") && error.description.contains("1073741824"))
    }
    do throws(PNGError) {
      _ = try PNGDecoder().decode(fixture.bytes, target: .maxPixelSize(8))
      Issue.record("the streaming path decoded it")
    } catch {
      #expect(error.kind == .truncated)
    }
  }

  @Test("a palette index at or beyond the palette's entries is a typed error, on both paths")
  func paletteIndex() throws {
    let bad = try CorruptFixtures.paletteIndexBeyondPalette().bytes
    for target in [DecodeTarget.fullSize, .maxPixelSize(4)] {
      do throws(PNGError) {
        _ = try PNGDecoder().decode(bad, target: target)
        Issue.record("index 255 of a 255-entry palette decoded (\(target))")
      } catch {
        #expect(error == .invalidPaletteIndex(index: 255, entries: 255))
      }
    }
    // The same image with a 256-entry palette is valid, and decodes to the palette's colours.
    let header = PNGHeader(width: 2, height: 1, bitDepth: 8, colorType: .palette, interlaced: false)
    let palette: [UInt8] = (0..<256).flatMap { i -> [UInt8] in [UInt8(i), 7, UInt8(255 - i)] }
    let good = try PNGEncoder.encode(header: header, palette: palette) { _, row in
      row[0] = 0
      row[1] = 255
    }
    let decoded = try PNGDecoder().decode(good).bitmap
    #expect(decoded.pixels == [0, 7, 255, 255, 255, 7, 0, 255])
  }

  func smallPNG() throws -> [UInt8] {
    try PNGEncoder.encode(Bitmap(width: 4, height: 4, pixels: [UInt8](repeating: 90, count: 64)))
  }
}
