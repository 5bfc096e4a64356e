package import PNGRender

/// A PNG sample layout to write a synthetic photo in.
package struct FixtureFormat: Sendable, Hashable, CustomStringConvertible {
  /// How samples are stored.
  package var colorType: PNGColorType
  /// Bits per sample; must be valid for ``colorType``.
  package var bitDepth: Int
  /// Adam7 interlacing.
  package var interlaced: Bool
  /// Add a tRNS chunk (colour types 0, 2 and 3 only): a transparent gray or RGB value taken
  /// from the centre pixel, or per-entry palette alpha.
  package var transparency: Bool

  /// Creates a format; `bitDepth` must be allowed for `colorType`, and `transparency` requires
  /// a colour type without an alpha channel.
  package init(
    _ colorType: PNGColorType, _ bitDepth: Int, interlaced: Bool = false,
    transparency: Bool = false
  ) {
    precondition(colorType.allowedBitDepths.contains(bitDepth), "invalid depth for colour type")
    precondition(!(transparency && colorType.hasAlpha), "tRNS needs a type without alpha")
    self.colorType = colorType
    self.bitDepth = bitDepth
    self.interlaced = interlaced
    self.transparency = transparency
  }

  /// For example `rgb-16bit-trns-adam7`: the stem of the fixture's file name.
  package var description: String {
    "\(colorType)-\(bitDepth)bit" + (transparency ? "-trns" : "") + (interlaced ? "-adam7" : "")
  }
}

/// A synthetic photo written in one ``FixtureFormat``, with the RGBA8 pixels a conforming decoder
/// must produce for it, computed here independently of the decoder (palette lookup, tRNS match on
/// the stored samples, sub-byte scaling, and the high byte of 16-bit samples).
package struct EncodedFixture: Sendable {
  /// The raw samples, palette and tRNS.
  package var raw: PNGRawImage
  /// CRC-32 of the expected RGBA8 buffer.
  package var expectedCRC32: UInt32
  /// The expected RGBA8 bitmap.
  package var expected: Bitmap
}

extension FixtureFormat {
  /// Renders `photo` in this format.
  package func encode(_ photo: SyntheticPhoto) -> EncodedFixture {
    let header = PNGHeader(
      width: photo.width, height: photo.height, bitDepth: bitDepth, colorType: colorType,
      interlaced: interlaced)
    let converter = SampleConverter(format: self, photo: photo)
    let rowBytes = PNGRawImage.rowBytes(for: header)
    var samples = [UInt8](repeating: 0, count: rowBytes * photo.height)
    var expected = [UInt8](repeating: 0, count: photo.width * photo.height * 4)
    let row = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: photo.width * 4)
    defer { row.deallocate() }
    samples.withUnsafeMutableBytes { samples in
      expected.withUnsafeMutableBytes { expected in
        for y in 0..<photo.height {
          photo.render(row: y, into: row)
          converter.convert(
            row: UnsafeBufferPointer(row),
            samples: UnsafeMutableRawBufferPointer(
              rebasing: samples[(y * rowBytes)..<((y + 1) * rowBytes)]),
            expected: expected.baseAddress! + y * photo.width * 4)
        }
      }
    }
    let bitmap = Bitmap(width: photo.width, height: photo.height, pixels: expected)
    let raw = PNGRawImage(
      header: header, samples: samples, palette: converter.palette,
      transparency: converter.transparency)
    return EncodedFixture(raw: raw, expectedCRC32: bitmap.rgba8CRC32, expected: bitmap)
  }
}
