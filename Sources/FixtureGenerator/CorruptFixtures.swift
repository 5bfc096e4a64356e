package import PNGRender

/// Broken and hostile files, each failing for one reason, plus one valid oddity.
package enum CorruptFixtures {
  /// Every corrupt variant, built from one small valid RGB image.
  static func all() throws(PNGError) -> [Fixture] {
    let photo = SyntheticPhoto(width: 63, height: 45, seed: 7)
    let base = try PNGEncoder.encode(FixtureFormat(.rgb, 8).encode(photo).raw)
    let edits = ChunkEditor(base)
    let idat = edits.first("IDAT")
    var fixtures: [Fixture] = [
      broken("truncated-at-4", "cut inside the signature", .truncated) { $0.truncate(to: 4) },
      broken("truncated-at-20", "cut inside IHDR", .truncated) { $0.truncate(to: 20) },
      broken("truncated-at-33", "cut right after IHDR", .truncated) { $0.truncate(to: 33) },
      broken("truncated-mid-idat", "cut in the middle of the IDAT data", .truncated) {
        $0.truncate(to: idat.dataOffset + idat.length / 2)
      },
      broken("truncated-in-iend", "cut inside the IEND chunk", .truncated) {
        $0.truncate(to: base.count - 6)
      },
      broken("missing-iend", "ends right after the last IDAT (no IEND)", .truncated) {
        $0.remove("IEND")
      },
      broken("no-idat", "IHDR then IEND, no image data", .truncated) { $0.remove("IDAT") },
      broken("idat-bad-crc", "IDAT's stored CRC is wrong", .crcMismatch) {
        $0.corruptCRC(of: "IDAT")
      },
      broken("ihdr-bad-crc", "IHDR's stored CRC is wrong", .crcMismatch) {
        $0.corruptCRC(of: "IHDR")
      },
      broken("bad-zlib-header", "the zlib header check bits are wrong", .badZlibStream) {
        $0.editData(of: "IDAT") { $0[1] = 0x00 }
      },
      broken("bad-zlib-block", "the first deflate block has the reserved type 3", .badZlibStream) {
        $0.editData(of: "IDAT") { $0[2] |= 0x06 }
      },
      broken("bad-bit-depth", "IHDR bit depth 3", .invalidHeader) {
        $0.editData(of: "IHDR") { $0[8] = 3 }
      },
      broken("bad-color-type", "IHDR colour type 5", .invalidHeader) {
        $0.editData(of: "IHDR") { $0[9] = 5 }
      },
      broken("zero-width", "IHDR width 0", .invalidHeader) {
        $0.editData(of: "IHDR") { $0.replaceSubrange(0..<4, with: [0, 0, 0, 0]) }
      },
      broken("unknown-filter-method", "IHDR filter method 1", .unsupported) {
        $0.editData(of: "IHDR") { $0[11] = 1 }
      },
      broken("huge-header-1000000x1000000", "IHDR claims 1,000,000×1,000,000", .tooLarge) {
        $0.editData(of: "IHDR") {
          $0.replaceSubrange(
            0..<8, with: ChunkEditor.bigEndian(1_000_000) + ChunkEditor.bigEndian(1_000_000))
        }
      },
    ].map { $0(edits) }
    fixtures.append(
      Fixture(
        name: "corrupt-not-png.png", summary: "a text file named .png",
        bytes: Array("this is not a PNG file\n".utf8), expectation: .fails(.notPNG)))
    fixtures.append(
      Fixture(
        name: "corrupt-empty.png", summary: "zero bytes", bytes: [], expectation: .fails(.notPNG)))
    var ancillary = edits
    ancillary.insert("tEXt", data: Array("Comment\0bad CRC".utf8), after: "IHDR")
    ancillary.corruptCRC(of: "tEXt")
    fixtures.append(
      Fixture(
        name: "ancillary-bad-crc.png",
        summary: "a tEXt chunk with a wrong CRC: libpng drops it and decodes the image",
        bytes: ancillary.bytes,
        expectation: .decodes(
          width: photo.width, height: photo.height,
          crc32: FixtureFormat(.rgb, 8).encode(photo).expectedCRC32)))
    fixtures.append(try bomb())
    fixtures.append(try paletteIndexBeyondPalette())
    fixtures.append(lyingChunkLength(edits))
    return fixtures
  }

  /// A 16 × 1 palette image whose last pixel uses index 255 of a 255-entry palette: libpng lets
  /// it through (its check misses index N of an N-entry palette); the decoder must not.
  package static func paletteIndexBeyondPalette() throws(PNGError) -> Fixture {
    // Encode the indexes as 8-bit gray, then make it a palette image: the IDAT data is the same.
    let indexes: [UInt8] = Array(0..<15).map { UInt8($0 * 17) } + [255]
    let header = PNGHeader(width: 16, height: 1, bitDepth: 8, colorType: .gray, interlaced: false)
    let gray = try PNGEncoder.encode(header: header) { _, row in
      for (i, index) in indexes.enumerated() { row[i] = index }
    }
    var editor = ChunkEditor(gray)
    editor.editData(of: "IHDR") { $0[9] = 3 }
    editor.insert(
      "PLTE", data: (0..<255).flatMap { [UInt8($0), 128, UInt8(255 - $0)] }, after: "IHDR")
    return Fixture(
      name: "corrupt-palette-index-255-of-255.png",
      summary: "a pixel uses palette index 255 with a 255-entry palette (PNG 1.2 §4.1.2: an error)",
      bytes: editor.bytes, expectation: .fails(.invalidPaletteIndex))
  }

  /// An ancillary tEXt chunk whose length field claims 1 GiB in a file of a few hundred bytes:
  /// refused before libpng allocates for it (it would otherwise cost 1 GiB of memory).
  package static func lyingChunkLength(_ base: ChunkEditor) -> Fixture {
    var editor = base
    editor.insert("tEXt", data: Array("Comment\0short".utf8), after: "IHDR")
    let offset = editor.first("tEXt").dataOffset - 8
    for (i, byte) in ChunkEditor.bigEndian(1 << 30).enumerated() {
      editor.set(offset + i, to: byte)
    }
    return Fixture(
      name: "corrupt-chunk-length-1gib.png",
      summary: "a tEXt chunk's length field claims 1 GiB: refused as truncated, nothing allocated",
      bytes: editor.bytes, expectation: .fails(.truncated))
  }

  /// A valid 20,000 × 20,000 image of zeros (1-bit gray): 49 KB on disk, 1.6 GB as RGBA8.
  static func bomb() throws(PNGError) -> Fixture {
    let header = PNGHeader(
      width: 20_000, height: 20_000, bitDepth: 1, colorType: .gray, interlaced: false)
    let bytes = try PNGEncoder.encode(
      header: header, options: PNGEncodeOptions(compressionLevel: 9, filterNone: true)
    ) { _, row in row.initializeMemory(as: UInt8.self, repeating: 0) }
    return Fixture(
      name: "bomb-20000x20000-gray-1bit-zeros.png",
      summary:
        "a valid 20,000×20,000 zero-filled image (1.6 GB as RGBA8): refused by default limits",
      bytes: bytes, expectation: .fails(.tooLarge))
  }

  private static func broken(
    _ name: String, _ summary: String, _ kind: PNGError.Kind,
    _ edit: @escaping (inout ChunkEditor) -> Void
  ) -> (ChunkEditor) -> Fixture {
    { base in
      var editor = base
      edit(&editor)
      return Fixture(
        name: "corrupt-\(name).png", summary: summary, bytes: editor.bytes,
        expectation: .fails(kind))
    }
  }
}
