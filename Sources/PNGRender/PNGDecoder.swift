/// The result of one decode.
package struct DecodedImage: Sendable {
  /// The file's header.
  package let header: PNGHeader
  /// The pixels, at the plan's output size.
  package let bitmap: Bitmap
  /// What the decoder did and the memory it planned for (a pure function of header and target).
  package let plan: DecodePlan
  /// Peak bytes measured during this decode: the decoder's own buffers plus the peak of every
  /// allocation libpng made (counted by the C reader's allocator). Close to
  /// ``DecodePlan/workingBytes``, but depends on the libpng version, so keep it out of traces.
  package let measuredPeakBytes: Int
}

/// Decodes PNG bytes to RGBA8 bitmaps with libpng, at full size or resampled while streaming.
///
/// Output is straight-alpha RGBA8 with raw samples: no gamma or colour management, 16-bit
/// samples keep their high byte, palettes and tRNS expand to RGBA, gray becomes RGB. This matches
/// stb_image, spng and Pillow (and PngSuite's EXPECTED.tsv). A decoder is a small value with no
/// state between calls, so one can be shared freely across threads.
package struct PNGDecoder: Sendable {
  /// The limits checked after reading the header and before allocating any pixel memory.
  package var limits: DecodeLimits

  /// Creates a decoder with `limits` (by default 16,384 px per side and 64 megapixels).
  package init(limits: DecodeLimits = .default) {
    self.limits = limits
  }

  /// Reads the header without decoding and checks it against ``limits``.
  package func readHeader(_ bytes: [UInt8]) throws(PNGError) -> PNGHeader {
    let header = try PNGHeader.read(from: bytes)
    try limits.check(header)
    return header
  }

  /// Reads the header of `bytes` and returns what decoding it to `target` will do, without
  /// decoding. Throws the header's error, or ``PNGError/tooLarge(width:height:limits:)``.
  package func plan(_ bytes: [UInt8], target: DecodeTarget = .fullSize) throws(PNGError)
    -> DecodePlan
  {
    DecodePlan(header: try readHeader(bytes), target: target)
  }

  /// Decodes `bytes` to `target`. Non-interlaced images are resampled while streaming, one source
  /// row at a time; interlaced ones are decoded fully, then resampled. The whole file is checked,
  /// through IEND. Throws a ``PNGError``; never crashes on bad input.
  package func decode(_ bytes: [UInt8], target: DecodeTarget = .fullSize) throws(PNGError)
    -> DecodedImage
  {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(PNGError) in try decode(raw, target: target) }
    }
    return try result.get()
  }

  /// Decodes `bytes`, which must stay valid during the call, to `target`; see
  /// ``decode(_:target:)-([UInt8],_)``.
  package func decode(_ bytes: UnsafeRawBufferPointer, target: DecodeTarget = .fullSize)
    throws(PNGError) -> DecodedImage
  {
    let header = try PNGHeader.read(bytes)
    try limits.check(header)
    let plan = DecodePlan(header: header, target: target)
    switch plan.method {
    case .full:
      let (bitmap, libpng, _) = try decodeFull(bytes)
      return DecodedImage(
        header: header, bitmap: bitmap, plan: plan, measuredPeakBytes: bitmap.byteCount + libpng)
    case .streaming:
      return try decodeStreaming(bytes, header: header, plan: plan)
    case .fullThenResample:
      return try decodeThenResample(bytes, target: target)
    }
  }

  /// Decodes at full size and then resamples to `target`, whatever the interlacing: the baseline
  /// that streaming is measured against (and the path interlaced images take).
  package func decodeThenResample(_ bytes: UnsafeRawBufferPointer, target: DecodeTarget)
    throws(PNGError) -> DecodedImage
  {
    let header = try PNGHeader.read(bytes)
    try limits.check(header)
    let plan = DecodePlan(header: header, target: target, fullThenResample: true)
    let (full, libpng, hasTransparencyChunk) = try decodeFull(bytes)
    guard
      let geometry = ResampleGeometry.make(width: full.width, height: full.height, target: target)
    else {
      return DecodedImage(
        header: header, bitmap: full, plan: plan, measuredPeakBytes: full.byteCount + libpng)
    }
    let (bitmap, resamplerBytes) = Resampler.resample(
      full, geometry: geometry,
      weightsByAlpha: header.colorType.hasAlpha || hasTransparencyChunk)
    let peak = full.byteCount + libpng + bitmap.byteCount + resamplerBytes
    return DecodedImage(header: header, bitmap: bitmap, plan: plan, measuredPeakBytes: peak)
  }

  /// The most bytes libpng held at once while reading the chunks before the image data of
  /// `bytes`, whether or not reading succeeds: the proof that a chunk's declared length is not
  /// allocated before its bytes are there.
  package func libpngPeakBytesReadingInfo(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { raw in
      do {
        let reader = try RowReader(bytes: raw, limits: limits)
        _ = try? reader.readInfo(limits: limits)
        return reader.libpngPeakBytes
      } catch {
        return 0
      }
    }
  }

  /// Decodes every row into a full-size bitmap; returns it with libpng's peak allocation and
  /// whether the file has a tRNS chunk.
  private func decodeFull(_ bytes: UnsafeRawBufferPointer) throws(PNGError) -> (Bitmap, Int, Bool) {
    let reader = try RowReader(bytes: bytes, limits: limits)
    let info = try reader.readInfo(limits: limits)
    let bitmap = try Bitmap(width: info.width, height: info.height) { pixels throws(PNGError) in
      try reader.readImage(into: pixels.baseAddress!, stride: info.width * 4)
      try reader.finish()
    }
    return (bitmap, reader.libpngPeakBytes, info.hasTransparencyChunk)
  }

  /// Streams rows through an area-averaging resampler into the planned output.
  private func decodeStreaming(
    _ bytes: UnsafeRawBufferPointer, header: PNGHeader, plan: DecodePlan
  ) throws(PNGError) -> DecodedImage {
    guard
      let geometry = ResampleGeometry.make(
        width: header.width, height: header.height, target: plan.target)
    else { preconditionFailure("a streaming plan always resamples") }
    let reader = try RowReader(bytes: bytes, limits: limits)
    let info = try reader.readInfo(limits: limits)
    var resampler = AreaResampler(
      cropX: geometry.cropX, cropY: geometry.cropY, cropWidth: geometry.cropWidth,
      cropHeight: geometry.cropHeight, targetWidth: geometry.width, targetHeight: geometry.height,
      weightsByAlpha: header.colorType.hasAlpha || info.hasTransparencyChunk)
    let rowBytes = info.width * 4
    let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes, alignment: 16)
    defer { row.deallocate() }
    let lastRow = geometry.cropY + geometry.cropHeight
    let bitmap = try Bitmap(width: geometry.width, height: geometry.height) {
      output throws(PNGError) in
      for y in 0..<info.height {
        try reader.readRows(into: row.baseAddress!, stride: rowBytes, count: 1)
        if y < lastRow {
          resampler.push(row: row.baseAddress!, y: y, output: output.baseAddress!)
        }
      }
      try reader.finish()
    }
    let peak = bitmap.byteCount + rowBytes + resampler.workingBytes + reader.libpngPeakBytes
    return DecodedImage(header: header, bitmap: bitmap, plan: plan, measuredPeakBytes: peak)
  }
}

extension PNGColorType {
  /// Whether the stored samples include alpha (types 4 and 6; tRNS is a separate chunk).
  package var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
}
