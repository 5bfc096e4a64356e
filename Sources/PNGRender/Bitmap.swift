/// A decoded image: RGBA8 pixels with straight (not premultiplied) alpha, rows top to bottom,
/// `width × 4` bytes per row with no padding.
///
/// A value type: copies share storage until one is mutated. The simulator counts
/// ``byteCount`` against its memory meter for as long as the bitmap lives.
package struct Bitmap: Sendable, Hashable {
  /// Width in pixels, at least 1.
  package let width: Int
  /// Height in pixels, at least 1.
  package let height: Int
  /// `width × height × 4` bytes: R, G, B, A for each pixel, row by row.
  package let pixels: [UInt8]

  /// Creates a bitmap from RGBA8 `pixels`; `pixels.count` must be `width × height × 4`.
  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0, "a bitmap has at least one pixel")
    precondition(pixels.count == width * height * 4, "RGBA8 needs width × height × 4 bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates a bitmap whose pixels `fill` writes into uninitialized storage of
  /// `width × height × 4` bytes. `fill` must write every byte, or throw.
  package init(
    width: Int, height: Int, fill: (UnsafeMutableRawBufferPointer) throws(PNGError) -> Void
  ) throws(PNGError) {
    precondition(width > 0 && height > 0, "a bitmap has at least one pixel")
    var failure: PNGError?
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      do throws(PNGError) {
        try fill(UnsafeMutableRawBufferPointer(buffer))
        count = buffer.count
      } catch {
        failure = error
        count = 0
      }
    }
    if let failure { throw failure }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// Bytes of pixel memory: `width × height × 4`.
  package var byteCount: Int { pixels.count }

  /// The pixel at (`x`, `y`) as (red, green, blue, alpha); both coordinates must be in range.
  package subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of range")
    let offset = (y * width + x) * 4
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
  }

  /// CRC-32 of ``pixels``: the `rgba8_crc32` column of PngSuite's EXPECTED.tsv.
  package var rgba8CRC32: UInt32 { CRC32.checksum(pixels) }

  /// The pixel digest: FNV-1a 64 over the width and height (each as 8 little-endian bytes) and
  /// then every pixel byte. Equal bitmaps have equal digests in every process.
  package var pixelDigest: UInt64 {
    let seeded = FNV1a64.hash(
      UInt64(height), continuing: FNV1a64.hash(UInt64(width), continuing: FNV1a64.offsetBasis))
    return pixels.withUnsafeBytes { FNV1a64.hash($0, continuing: seeded) }
  }
}
