import FixtureGenerator
import PNGRender
import Testing

/// A palette index beyond the palette's entries is a typed error.
@Suite("Palette indices")
struct PaletteIndexTests {
  /// A 2×1 8-bit palette PNG with `entries` PLTE entries whose pixels use `indices`; the image
  /// data is a stored (uncompressed) zlib stream, so the file is built without a compressor.
  static func palettePNG(entries: Int, indices: [UInt8]) -> [UInt8] {
    let raw: [UInt8] = [0] + indices
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    let length = UInt16(raw.count)
    let zlib: [UInt8] =
      [
        0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
        UInt8(~length >> 8),
      ] + raw + ChunkEditor.bigEndian((b << 16) | a)
    let header =
      ChunkEditor.bigEndian(UInt32(indices.count)) + ChunkEditor.bigEndian(1) + [8, 3, 0, 0, 0]
    let palette = (0..<entries).flatMap { [UInt8($0), UInt8($0), UInt8($0)] }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ChunkEditor.chunk("IHDR", header)
      + ChunkEditor.chunk("PLTE", palette) + ChunkEditor.chunk("IDAT", zlib)
      + ChunkEditor.chunk("IEND", [])
  }

  @Test("indices within the palette decode")
  func withinPalette() throws {
    let bitmap = try PNGDecoder().decode(Self.palettePNG(entries: 255, indices: [3, 254])).bitmap
    #expect(bitmap.pixels == [3, 3, 3, 255, 254, 254, 254, 255])
  }

  @Test("index 255 with 255 entries is a invalidPaletteIndex error")
  func beyondPalette() throws {
    let bytes = Self.palettePNG(entries: 255, indices: [3, 255])
    #expect {
      try PNGDecoder().decode(bytes)
    } throws: { error in
      (error as? PNGError)?.kind == .invalidPaletteIndex
    }
    #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes, target: .maxPixelSize(1)) }
  }
}
