/// What a partial decode of a PNG's first bytes gave (``PNGDecoder/decodePartial(_:target:)``).
package struct PartialDecode: Sendable {
  /// The file's header.
  package let header: PNGHeader
  /// The pixels at the target's size: the rows decoded so far over transparent black, or
  /// Adam7's coarse image of the passes complete.
  package let bitmap: Bitmap
  /// Whether the bytes held the whole image through IEND (the bitmap is then the full decode).
  package let complete: Bool
  /// Rows of the full-size image that hold decoded pixels (a non-interlaced image's rows from
  /// the top; all of an interlaced image's once its first pass is complete, else none).
  package let rows: Int
  /// Adam7 passes complete (0...7); 0 for a non-interlaced image.
  package let passes: Int
  /// Peak bytes of this decode: the full-size bitmap plus libpng's peak allocation (libpng
  /// version dependent, so kept out of traces; the proof that a prefix costs no more than its
  /// image).
  package let measuredPeakBytes: Int
}

extension PNGDecoder {
  /// Decodes as much of an image as `bytes`, the first bytes of a PNG (a transfer's prefix),
  /// hold, with libpng's progressive reader (`png_process_data`), as a progressive loader's
  /// decoder does (ImageIO's incremental source). A non-interlaced image gives the rows decoded
  /// so far, the rest transparent; an Adam7 image gives a coarse whole image from the passes
  /// complete so far (each known pixel repeated over its block), or a transparent one before
  /// the first pass ends. Then resampled to `target` like a decode-then-resize.
  ///
  /// Bytes that end early are no error: a prefix that stops before the first image row gives a
  /// transparent image. Throws what a full decode would throw for the bytes present: no
  /// signature or IHDR yet (``PNGError/notPNG``, ``PNGError/truncated(detail:)``), a bad header,
  /// a CRC mismatch or bad zlib stream within the prefix, an image over ``limits`` (refused
  /// before any pixel allocation), a palette index beyond the palette in a shown pixel.
  package func decodePartial(_ bytes: [UInt8], target: DecodeTarget = .fullSize)
    throws(PNGError) -> PartialDecode
  {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(PNGError) in try decodePartial(raw, target: target) }
    }
    return try result.get()
  }

  /// ``decodePartial(_:target:)-([UInt8],_)`` over bytes that stay valid during the call.
  package func decodePartial(_ bytes: UnsafeRawBufferPointer, target: DecodeTarget = .fullSize)
    throws(PNGError) -> PartialDecode
  {
    let header = try PNGHeader.read(bytes)
    try limits.check(header)
    let reader = try RowReader(bytes: bytes, limits: limits)
    let stride = header.width * 4
    var outcome = PartialOutcome()
    let full = try Bitmap(width: header.width, height: header.height) {
      pixels throws(PNGError) in
      pixels.initializeMemory(as: UInt8.self, repeating: 0)
      let result = try reader.readPartial(
        into: pixels.baseAddress!, stride: stride, width: header.width, height: header.height)
      outcome = PartialOutcome(
        complete: result.complete != 0, rows: Int(result.rows), passes: Int(result.passes))
    }
    let bitmap = target == .fullSize ? full : Resampler.resample(full, to: target)
    return PartialDecode(
      header: header, bitmap: bitmap, complete: outcome.complete, rows: outcome.rows,
      passes: outcome.passes, measuredPeakBytes: full.byteCount + reader.libpngPeakBytes)
  }
}

/// The counts of a partial decode, copied out of the C result.
private struct PartialOutcome {
  var complete = false
  var rows = 0
  var passes = 0
}
