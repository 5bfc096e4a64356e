/// Why a PNG could not be decoded (or encoded). Every failure of the render path is one of these;
/// no input makes the decoder crash or hang.
///
/// Compare failures by ``kind`` when the exact wording does not matter: the associated strings
/// carry libpng's own words, which can change between libpng versions.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes do not start with the 8-byte PNG signature.
  case notPNG
  /// The data ends before the image is complete, or before the IEND chunk (a missing IEND counts
  /// as truncated). `detail` says where.
  case truncated(detail: String)
  /// A chunk's stored CRC-32 does not match its contents. `chunk` is its four-letter type, for
  /// example `"IDAT"`.
  case crcMismatch(chunk: String)
  /// The zlib stream inside the IDAT chunks is corrupt. `detail` is zlib's or libpng's message.
  case badZlibStream(detail: String)
  /// The IHDR chunk is missing or holds values the PNG format does not allow.
  case invalidHeader(detail: String)
  /// The file is well formed but uses a feature outside PNG 1.2 as libpng implements it, for
  /// example an unknown compression, filter or interlace method.
  case unsupported(detail: String)
  /// The header is valid but the image exceeds the decoder's ``DecodeLimits``; nothing was
  /// allocated for its pixels.
  case tooLarge(width: Int, height: Int, limits: DecodeLimits)
  /// Any other failure reported by libpng, with its message.
  case libpng(message: String)
  /// A pixel uses a palette index at or beyond the number of PLTE entries (PNG spec §11.2.3), an
  /// error in libpng's strict mode; `detail` says where.
  case badPaletteIndex(detail: String)

  /// The error's case without its details, for comparisons and for tables of expectations.
  public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``PNGError/notPNG``.
    case notPNG
    /// ``PNGError/truncated(detail:)``.
    case truncated
    /// ``PNGError/crcMismatch(chunk:)``.
    case crcMismatch
    /// ``PNGError/badZlibStream(detail:)``.
    case badZlibStream
    /// ``PNGError/invalidHeader(detail:)``.
    case invalidHeader
    /// ``PNGError/unsupported(detail:)``.
    case unsupported
    /// ``PNGError/tooLarge(width:height:limits:)``.
    case tooLarge
    /// ``PNGError/libpng(message:)``.
    case libpng
    /// ``PNGError/badPaletteIndex(detail:)``.
    case badPaletteIndex

    /// The case name, for example `crcMismatch`.
    public var description: String { rawValue }
  }

  /// The error's case without its details.
  public var kind: Kind {
    switch self {
    case .notPNG: .notPNG
    case .truncated: .truncated
    case .crcMismatch: .crcMismatch
    case .badZlibStream: .badZlibStream
    case .invalidHeader: .invalidHeader
    case .unsupported: .unsupported
    case .tooLarge: .tooLarge
    case .libpng: .libpng
    case .badPaletteIndex: .badPaletteIndex
    }
  }

  /// One sentence that says what is wrong with the file, starting with the kind, for example
  /// `crcMismatch: the CRC-32 of chunk IDAT does not match its contents; the file is corrupt`.
  public var description: String {
    switch self {
    case .notPNG:
      return "notPNG: the data does not start with the PNG signature"
    case .truncated(let detail):
      return "truncated: the data ends early (\(detail))"
    case .crcMismatch(let chunk):
      return "crcMismatch: the CRC-32 of chunk \(chunk) does not match its contents; the file is"
        + " corrupt"
    case .badZlibStream(let detail):
      return "badZlibStream: the compressed image data is corrupt (\(detail))"
    case .invalidHeader(let detail):
      return "invalidHeader: \(detail)"
    case .unsupported(let detail):
      return "unsupported: \(detail)"
    case .tooLarge(let width, let height, let limits):
      return "tooLarge: the image is \(width)×\(height) px (\(width * height) pixels), over the"
        + " decode limit of \(limits); it was refused before allocating its pixels"
    case .libpng(let message):
      return "libpng: \(message)"
    case .badPaletteIndex(let detail):
      return "badPaletteIndex: \(detail)"
    }
  }
}
