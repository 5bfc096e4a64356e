/// How a PNG stores its samples (the IHDR colour type).
package enum PNGColorType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Colour type 0: one gray sample per pixel (1, 2, 4, 8 or 16 bits).
  case gray = 0
  /// Colour type 2: red, green and blue samples (8 or 16 bits).
  case rgb = 2
  /// Colour type 3: an index into the PLTE chunk (1, 2, 4 or 8 bits).
  case palette = 3
  /// Colour type 4: gray and alpha samples (8 or 16 bits).
  case grayAlpha = 4
  /// Colour type 6: red, green, blue and alpha samples (8 or 16 bits).
  case rgba = 6

  /// The bit depths the PNG specification allows for this colour type.
  package var allowedBitDepths: [Int] {
    switch self {
    case .gray: [1, 2, 4, 8, 16]
    case .palette: [1, 2, 4, 8]
    case .rgb, .grayAlpha, .rgba: [8, 16]
    }
  }

  /// Samples per pixel as stored: 1 for gray and palette, 2 for gray+alpha, 3, or 4.
  package var samplesPerPixel: Int {
    switch self {
    case .gray, .palette: 1
    case .grayAlpha: 2
    case .rgb: 3
    case .rgba: 4
    }
  }

  /// For example `rgba`.
  package var description: String {
    switch self {
    case .gray: "gray"
    case .rgb: "rgb"
    case .palette: "palette"
    case .grayAlpha: "gray-alpha"
    case .rgba: "rgba"
    }
  }
}

/// A PNG's IHDR chunk: what the image is, read without decoding any pixel.
///
/// Reading a header costs a few hundred nanoseconds whatever the image size, so the simulator can
/// model a decode's cost and memory from ``width`` and ``height`` before doing the real work.
package struct PNGHeader: Sendable, Hashable, CustomStringConvertible {
  /// Width in pixels, 1 ... 2³¹ − 1.
  package let width: Int
  /// Height in pixels, 1 ... 2³¹ − 1.
  package let height: Int
  /// Bits per sample (1, 2, 4, 8 or 16), valid for ``colorType``.
  package let bitDepth: Int
  /// How samples are stored.
  package let colorType: PNGColorType
  /// Whether the rows are stored in seven Adam7 passes.
  package let interlaced: Bool

  /// `width × height`.
  package var pixelCount: Int { width * height }

  /// Bytes of the full-size RGBA8 bitmap this image decodes to: `width × height × 4`.
  package var decodedByteCount: Int { width * height * 4 }

  /// Creates a header from already validated values (for tests and encoders).
  package init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, interlaced: Bool) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.interlaced = interlaced
  }

  /// For example `640×427 rgb 8-bit non-interlaced`.
  package var description: String {
    "\(width)×\(height) \(colorType) \(bitDepth)-bit \(interlaced ? "Adam7" : "non-interlaced")"
  }

  /// Reads and validates the signature and the IHDR chunk at the start of `bytes`.
  ///
  /// Checks, in libpng's order: the signature (``PNGError/notPNG``), that IHDR comes first with
  /// 13 bytes (``PNGError/invalidHeader(detail:)``), its CRC (``PNGError/crcMismatch(chunk:)``),
  /// then each field. Data shorter than the header gives ``PNGError/truncated(detail:)``. Limits
  /// are not checked here; see ``DecodeLimits/check(_:)``.
  package static func read(from bytes: [UInt8]) throws(PNGError) -> PNGHeader {
    let result = bytes.withUnsafeBytes { raw in Result { () throws(PNGError) in try read(raw) } }
    return try result.get()
  }

  /// Reads the header from raw bytes; see ``read(from:)``.
  package static func read(_ bytes: UnsafeRawBufferPointer) throws(PNGError) -> PNGHeader {
    try checkSignature(bytes)
    let headerEnd = 8 + 8 + 13 + 4
    if bytes.count >= 16, Array(bytes[12..<16]) != Array("IHDR".utf8) {
      throw .invalidHeader(detail: "the first chunk is not IHDR")
    }
    guard bytes.count >= headerEnd else {
      throw .truncated(detail: "the file ends inside the IHDR chunk at byte \(bytes.count)")
    }
    guard bigEndian32(bytes, at: 8) == 13 else {
      throw .invalidHeader(detail: "the IHDR chunk is \(bigEndian32(bytes, at: 8)) bytes, not 13")
    }
    let stored = bigEndian32(bytes, at: 29)
    let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[12..<29]))
    guard stored == computed else { throw .crcMismatch(chunk: "IHDR") }
    return try validate(UnsafeRawBufferPointer(rebasing: bytes[16..<29]))
  }

  private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  private static func checkSignature(_ bytes: UnsafeRawBufferPointer) throws(PNGError) {
    let present = min(bytes.count, 8)
    guard present > 0, bytes.prefix(present).elementsEqual(signature.prefix(present)) else {
      throw .notPNG
    }
    guard present == 8 else {
      throw .truncated(detail: "the file ends inside the PNG signature at byte \(present)")
    }
  }

  private static func validate(_ fields: UnsafeRawBufferPointer) throws(PNGError) -> PNGHeader {
    let width = Int(bigEndian32(fields, at: 0))
    let height = Int(bigEndian32(fields, at: 4))
    let depth = Int(fields[8])
    for (name, value) in [("width", width), ("height", height)]
    where value == 0 || value > DecodeLimits.formatMaxSide {
      throw .invalidHeader(detail: "invalid image \(name) \(value) in IHDR")
    }
    guard let colorType = PNGColorType(rawValue: Int(fields[9])) else {
      throw .invalidHeader(detail: "invalid colour type \(fields[9]) in IHDR")
    }
    guard colorType.allowedBitDepths.contains(depth) else {
      throw .invalidHeader(
        detail: "invalid bit depth \(depth) for colour type \(colorType) in IHDR")
    }
    guard fields[10] == 0 else {
      throw .unsupported(detail: "unknown compression method \(fields[10]) in IHDR")
    }
    guard fields[11] == 0 else {
      throw .unsupported(detail: "unknown filter method \(fields[11]) in IHDR")
    }
    guard fields[12] <= 1 else {
      throw .unsupported(detail: "unknown interlace method \(fields[12]) in IHDR")
    }
    return PNGHeader(
      width: width, height: height, bitDepth: depth, colorType: colorType,
      interlaced: fields[12] == 1)
  }

  private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
    (UInt32(bytes[offset]) << 24) | (UInt32(bytes[offset + 1]) << 16)
      | (UInt32(bytes[offset + 2]) << 8) | UInt32(bytes[offset + 3])
  }
}
