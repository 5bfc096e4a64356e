import CPNGRows

/// Transparency stored in a tRNS chunk.
package enum PNGTransparency: Sendable, Hashable {
  /// Alpha for the first palette entries (colour type 3); later entries are opaque.
  case paletteAlpha([UInt8])
  /// The one gray sample value that is fully transparent (colour type 0).
  case gray(UInt16)
  /// The one RGB sample value that is fully transparent (colour type 2).
  case rgb(red: UInt16, green: UInt16, blue: UInt16)
}

/// An image described in any PNG sample layout, ready to encode: the rows exactly as PNG stores
/// them before filtering (sub-byte samples packed from the high bit, 16-bit samples big-endian).
package struct PNGRawImage: Sendable, Hashable {
  /// Width, height, bit depth, colour type and interlacing of the file to write.
  package var header: PNGHeader
  /// `header.height` rows of ``rowBytes`` each.
  package var samples: [UInt8]
  /// RGB triples for colour type 3 (at most 256 entries, at least one).
  package var palette: [UInt8]
  /// An optional tRNS chunk.
  package var transparency: PNGTransparency?

  /// Creates a raw image; `samples.count` must be `header.height × rowBytes`.
  package init(
    header: PNGHeader, samples: [UInt8], palette: [UInt8] = [],
    transparency: PNGTransparency? = nil
  ) {
    self.header = header
    self.samples = samples
    self.palette = palette
    self.transparency = transparency
    precondition(samples.count == header.height * rowBytes, "samples must fill every row")
  }

  /// Bytes per stored row: `ceil(width × samples per pixel × bit depth / 8)`.
  package var rowBytes: Int {
    Self.rowBytes(for: header)
  }

  /// Bytes per stored row of an image with `header`.
  package static func rowBytes(for header: PNGHeader) -> Int {
    (header.width * header.colorType.samplesPerPixel * header.bitDepth + 7) / 8
  }
}

/// How to compress.
package struct PNGEncodeOptions: Sendable, Hashable {
  /// zlib level, 0 (store) ... 9 (smallest).
  package var compressionLevel: Int
  /// Use filter type None on every row instead of libpng's adaptive choice (much faster for
  /// huge uniform images; larger for photos).
  package var filterNone: Bool

  /// Creates options; by default level 6 with adaptive filtering.
  package init(compressionLevel: Int = 6, filterNone: Bool = false) {
    self.compressionLevel = min(max(compressionLevel, 0), 9)
    self.filterNone = filterNone
  }
}

/// Writes PNG files with libpng (the zlib deflate and filters are libpng's).
package enum PNGEncoder {
  /// Encodes `bitmap` as an 8-bit RGBA, non-interlaced PNG. Decoding the result gives back
  /// exactly `bitmap`.
  package static func encode(_ bitmap: Bitmap, options: PNGEncodeOptions = PNGEncodeOptions())
    throws(PNGError) -> [UInt8]
  {
    let header = PNGHeader(
      width: bitmap.width, height: bitmap.height, bitDepth: 8, colorType: .rgba, interlaced: false)
    return try encode(PNGRawImage(header: header, samples: bitmap.pixels), options: options)
  }

  /// Encodes `image` exactly as described (any colour type, bit depth, interlacing).
  package static func encode(_ image: PNGRawImage, options: PNGEncodeOptions = PNGEncodeOptions())
    throws(PNGError) -> [UInt8]
  {
    let rowBytes = image.rowBytes
    let result = image.samples.withUnsafeBytes { samples in
      Result { () throws(PNGError) in
        try encode(
          header: image.header, palette: image.palette, transparency: image.transparency,
          options: options
        ) { y, row in
          let start = y * rowBytes
          row.copyMemory(
            from: UnsafeRawBufferPointer(rebasing: samples[start..<(start + rowBytes)]))
        }
      }
    }
    return try result.get()
  }

  /// Encodes an image whose rows `fillRow(y, row)` writes on demand (in PNG sample layout), so an
  /// image larger than memory can be written. Rows are requested in order, once per row, or once
  /// per row per Adam7 pass when interlaced.
  package static func encode(
    header: PNGHeader, palette: [UInt8] = [], transparency: PNGTransparency? = nil,
    options: PNGEncodeOptions = PNGEncodeOptions(),
    fillRow: (Int, UnsafeMutableRawBufferPointer) -> Void
  ) throws(PNGError) -> [UInt8] {
    var result: Result<[UInt8], PNGError> = .failure(.libpng(message: "not run"))
    withoutActuallyEscaping(fillRow) { fill in
      let source = RowSource(fill: fill)
      result = encode(
        header: header, palette: palette, transparency: transparency, options: options,
        source: source)
    }
    return try result.get()
  }

  private final class RowSource {
    let fill: (Int, UnsafeMutableRawBufferPointer) -> Void
    init(fill: @escaping (Int, UnsafeMutableRawBufferPointer) -> Void) { self.fill = fill }
  }

  private static func encode(
    header: PNGHeader, palette: [UInt8], transparency: PNGTransparency?,
    options: PNGEncodeOptions, source: RowSource
  ) -> Result<[UInt8], PNGError> {
    var alpha: [UInt8] = []
    var spec = cpng_write_spec()
    spec.width = UInt32(header.width)
    spec.height = UInt32(header.height)
    spec.bit_depth = Int32(header.bitDepth)
    spec.color_type = Int32(header.colorType.rawValue)
    spec.interlaced = header.interlaced ? 1 : 0
    spec.compression_level = Int32(options.compressionLevel)
    spec.filter_none = options.filterNone ? 1 : 0
    switch transparency {
    case .paletteAlpha(let values): alpha = values
    case .gray(let gray): (spec.has_trns_color, spec.trns_gray) = (1, gray)
    case .rgb(let red, let green, let blue):
      (spec.has_trns_color, spec.trns_red, spec.trns_green, spec.trns_blue) = (1, red, green, blue)
    case nil: break
    }
    let context = Unmanaged.passUnretained(source).toOpaque()
    let callback: cpng_row_source = { context, y, row, count in
      let source = Unmanaged<RowSource>.fromOpaque(context!).takeUnretainedValue()
      source.fill(Int(y), UnsafeMutableRawBufferPointer(start: row, count: count))
    }
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = palette.withUnsafeBufferPointer { paletteBytes in
      alpha.withUnsafeBufferPointer { alphaBytes in
        spec.palette_rgb = paletteBytes.baseAddress
        spec.palette_count = Int32(paletteBytes.count / 3)
        spec.trns_alpha = alphaBytes.baseAddress
        spec.trns_alpha_count = Int32(alphaBytes.count)
        return withExtendedLifetime(source) {
          cpng_encode(&spec, callback, context, &output, &size, &message, message.count)
        }
      }
    }
    guard status == Int32(CPNG_OK.rawValue), let output else {
      let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      return .failure(.libpng(message: text.isEmpty ? "encoding failed" : text))
    }
    defer { cpng_free(output) }
    return .success(Array(UnsafeBufferPointer(start: output, count: size)))
  }
}
