package import PNGRender

/// The generated fixture set: every colour type and bit depth, interlaced and not, with tRNS,
/// several sizes, a decompression bomb and corrupt variants. Generation is deterministic: the
/// pixels depend only on the seeds here (the compressed bytes may differ between zlib versions;
/// tests compare decoded pixels, not file bytes).
package enum FixtureCatalog {
  /// Size of the per-format fixtures: odd on both sides, to exercise partial Adam7 blocks and
  /// sub-byte row padding.
  package static let formatSize = (width: 63, height: 45)
  /// Seed of the per-format photo.
  package static let formatSeed: UInt64 = 1
  /// Size and seed of the big benchmark images (generated on demand, not committed).
  package static let bigSize = (width: 6144, height: 4096)

  /// Every valid colour type and bit depth combination.
  package static var allFormats: [FixtureFormat] {
    PNGColorType.allCases.flatMap { type in type.allowedBitDepths.map { FixtureFormat(type, $0) } }
  }

  /// The committed set: small files, a little over 1 MB in total.
  package static func standard() throws(PNGError) -> [Fixture] {
    var fixtures: [Fixture] = []
    let photo = SyntheticPhoto(width: formatSize.width, height: formatSize.height, seed: formatSeed)
    for format in allFormats {
      for interlaced in [false, true] {
        var format = format
        format.interlaced = interlaced
        fixtures.append(try valid(format, photo, summary: "every colour type and depth"))
      }
    }
    let transparent: [FixtureFormat] = [
      FixtureFormat(.gray, 2, transparency: true), FixtureFormat(.gray, 8, transparency: true),
      FixtureFormat(.gray, 16, transparency: true), FixtureFormat(.rgb, 8, transparency: true),
      FixtureFormat(.rgb, 16, interlaced: true, transparency: true),
      FixtureFormat(.palette, 1, transparency: true),
      FixtureFormat(.palette, 4, interlaced: true, transparency: true),
      FixtureFormat(.palette, 8, transparency: true),
    ]
    for format in transparent {
      fixtures.append(try valid(format, photo, summary: "tRNS chunk expands to alpha"))
    }
    fixtures += try sizes()
    fixtures += try CorruptFixtures.all()
    return fixtures
  }

  /// The big benchmark images, 6144×4096 RGB and RGBA, 8-bit, non-interlaced.
  package static func big() throws(PNGError) -> [Fixture] {
    let photo = SyntheticPhoto(width: bigSize.width, height: bigSize.height, seed: 6144)
    return [
      try valid(
        FixtureFormat(.rgb, 8), photo, summary: "big benchmark photo", prefix: "photo-",
        compressionLevel: 6),
      try valid(
        FixtureFormat(.rgba, 8), photo, summary: "big benchmark photo", prefix: "photo-",
        compressionLevel: 6),
    ]
  }

  /// Tiny and photo-sized images.
  private static func sizes() throws(PNGError) -> [Fixture] {
    let cases: [(Int, Int, FixtureFormat, String)] = [
      (1, 1, FixtureFormat(.gray, 1), "a single pixel"),
      (3, 2, FixtureFormat(.rgba, 8, interlaced: true), "smaller than one Adam7 block"),
      (1, 200, FixtureFormat(.rgb, 8), "one pixel wide"),
      (640, 427, FixtureFormat(.rgb, 8), "photo-sized, landscape"),
      (427, 640, FixtureFormat(.rgba, 8, interlaced: true), "photo-sized, portrait, interlaced"),
      (256, 256, FixtureFormat(.palette, 8), "photo-sized, palette"),
    ]
    var fixtures: [Fixture] = []
    for (width, height, format, summary) in cases {
      let photo = SyntheticPhoto(width: width, height: height, seed: UInt64(width * 1000 + height))
      fixtures.append(
        try valid(format, photo, summary: summary, prefix: "size-\(width)x\(height)-"))
    }
    return fixtures
  }

  /// Encodes `photo` in `format` (zlib level `compressionLevel`) as a fixture that must decode to
  /// the independently computed pixels.
  package static func valid(
    _ format: FixtureFormat, _ photo: SyntheticPhoto, summary: String, prefix: String = "",
    compressionLevel: Int = 9
  ) throws(PNGError) -> Fixture {
    let encoded = format.encode(photo)
    let options = PNGEncodeOptions(compressionLevel: compressionLevel)
    let bytes = try PNGEncoder.encode(encoded.raw, options: options)
    let header = encoded.raw.header
    let what =
      "\(header.width)×\(header.height) \(header.colorType) \(header.bitDepth)-bit"
      + (format.transparency ? " with tRNS" : "") + (format.interlaced ? ", Adam7" : "")
    return Fixture(
      name: "\(prefix)\(format).png", summary: "\(what): \(summary)", bytes: bytes,
      expectation: .decodes(
        width: photo.width, height: photo.height, crc32: encoded.expectedCRC32))
  }
}
