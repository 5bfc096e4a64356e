package import PNGRender

/// A deterministic per-key stamp on a fixture, so that every URL of a scenario serves bytes of
/// its own (`images: {unique_bytes: true}`): with round-robin fixtures, row 0 and row 11 would
/// otherwise serve the same bytes, and content identity would not be request identity.
///
/// The stamp is an 8×8-pixel block in the top-left corner (smaller for a smaller image): a
/// 4×4 grid of 2×2 cells whose opaque colours come from SplitMix64 seeded with the FNV-1a 64
/// hash of the key. The stamped image is re-encoded with the project's encoder: 8-bit RGB when
/// every pixel of the source is opaque, else 8-bit RGBA; non-interlaced. Everything else about
/// the pixels is the fixture's, so decode and resample costs (a function of the size) are
/// unchanged; the byte count moves by whatever the new encoding gives.
package enum URLStamp {
  /// The side of the stamp in pixels.
  package static let side = 8
  /// The zlib level of the re-encoding: fast, since a suite stamps hundreds of URLs.
  package static let compressionLevel = 1

  /// The colours of the stamp for `key`: 16 cells of RGB, row by row.
  package static func colours(for key: String) -> [UInt8] {
    var random = SplitMix64(seed: Array(key.utf8).withUnsafeBytes { FNV1a64.hash($0) })
    var colours: [UInt8] = []
    colours.reserveCapacity(48)
    for _ in 0..<16 {
      let bits = random.next()
      colours += [
        UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
        UInt8(truncatingIfNeeded: bits >> 16),
      ]
    }
    return colours
  }

  /// `png` decoded, stamped for `key` and re-encoded; nil if `png` does not decode (a corrupt
  /// fixture is served as it is).
  package static func stamp(_ png: [UInt8], key: String) -> [UInt8]? {
    guard let decoded = try? PNGDecoder().decode(png) else { return nil }
    return stamp(decoded.bitmap, key: key)
  }

  /// The decoded fixture `bitmap` stamped for `key` and encoded.
  package static func stamp(_ bitmap: Bitmap, key: String) -> [UInt8]? {
    var pixels = bitmap.pixels
    let width = bitmap.width
    let height = bitmap.height
    let colours = colours(for: key)
    for y in 0..<min(side, height) {
      for x in 0..<min(side, width) {
        let cell = (y / 2) * 4 + x / 2
        let offset = (y * width + x) * 4
        pixels[offset] = colours[cell * 3]
        pixels[offset + 1] = colours[cell * 3 + 1]
        pixels[offset + 2] = colours[cell * 3 + 2]
        pixels[offset + 3] = 255
      }
    }
    let opaque = pixels.withUnsafeBufferPointer { rgba in
      stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
    }
    let options = PNGEncodeOptions(compressionLevel: compressionLevel)
    if !opaque {
      return try? PNGEncoder.encode(
        Bitmap(width: width, height: height, pixels: pixels), options: options)
    }
    let count = width * height
    let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, initialized in
      pixels.withUnsafeBufferPointer { rgba in
        for pixel in 0..<count {
          buffer[pixel * 3] = rgba[pixel * 4]
          buffer[pixel * 3 + 1] = rgba[pixel * 4 + 1]
          buffer[pixel * 3 + 2] = rgba[pixel * 4 + 2]
        }
      }
      initialized = count * 3
    }
    let header = PNGHeader(
      width: width, height: height, bitDepth: 8, colorType: .rgb, interlaced: false)
    return try? PNGEncoder.encode(PNGRawImage(header: header, samples: rgb), options: options)
  }
}
