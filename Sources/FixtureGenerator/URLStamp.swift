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
    stamp(Base(bitmap), key: key)
  }

  /// A fixture prepared once for stamping many keys: its samples already in the layout the
  /// stamped image is encoded in. Stamping a key then copies the samples, writes the 8×8 block
  /// and encodes, with no pass over the pixels in Swift (a suite stamps hundreds of URLs, and a
  /// debug build's per-pixel loops cost seconds).
  package struct Base: Sendable {
    package let width: Int
    package let height: Int
    /// Whether every pixel outside the stamp is opaque: the stamp itself is, so the stamped
    /// image is then encoded as RGB.
    package let opaque: Bool
    /// RGB when `opaque`, else RGBA, row by row.
    package let samples: [UInt8]

    package init(_ bitmap: Bitmap) {
      width = bitmap.width
      height = bitmap.height
      let (stampWidth, stampHeight) = (min(side, width), min(side, height))
      let (width, height) = (width, height)
      opaque = bitmap.pixels.withUnsafeBufferPointer { rgba in
        guard let base = rgba.baseAddress else { return true }
        for y in 0..<height {
          var x = y < stampHeight ? stampWidth : 0
          var offset = (y * width + x) * 4 + 3
          while x < width {
            if base[offset] != 255 { return false }
            x += 1
            offset += 4
          }
        }
        return true
      }
      guard opaque else {
        samples = bitmap.pixels
        return
      }
      let count = width * height
      samples = [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, initialized in
        bitmap.pixels.withUnsafeBufferPointer { rgba in
          guard let to = buffer.baseAddress, let from = rgba.baseAddress else { return }
          for pixel in 0..<count {
            (to + pixel * 3).update(from: from + pixel * 4, count: 3)
          }
        }
        initialized = count * 3
      }
    }
  }

  /// `base` stamped for `key` and encoded: the bytes `stamp(_:key:)` gives for its bitmap.
  package static func stamp(_ base: Base, key: String) -> [UInt8]? {
    var samples = base.samples
    let width = base.width
    let channels = base.opaque ? 3 : 4
    let colours = colours(for: key)
    samples.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<min(side, base.height) {
        for x in 0..<min(side, width) {
          let cell = (y / 2) * 4 + x / 2
          let offset = (y * width + x) * channels
          buffer[offset] = colours[cell * 3]
          buffer[offset + 1] = colours[cell * 3 + 1]
          buffer[offset + 2] = colours[cell * 3 + 2]
          if channels == 4 { buffer[offset + 3] = 255 }
        }
      }
    }
    let header = PNGHeader(
      width: width, height: base.height, bitDepth: 8, colorType: base.opaque ? .rgb : .rgba,
      interlaced: false)
    return try? PNGEncoder.encode(
      PNGRawImage(header: header, samples: samples),
      options: PNGEncodeOptions(compressionLevel: compressionLevel))
  }
}
