/// Mapping libpng's failures to typed errors.
extension PNGError {
  /// Messages that zlib (through libpng) gives for a corrupt deflate stream.
  private static let zlibMessages = [
    "incorrect header check", "unknown compression method", "invalid window size",
    "invalid block type", "invalid stored block lengths", "too many length or distance symbols",
    "invalid code lengths set", "invalid bit length repeat", "invalid code -- missing end-of-block",
    "invalid literal/lengths set", "invalid distances set", "invalid literal/length code",
    "invalid distance code", "invalid distance too far back", "incorrect data check",
    "incorrect length check", "damaged lz stream", "decompression error", "zlib",
    "zstream", "extra compressed data", "too much image data",
  ]

  /// Messages that mean the image data (not the file) ended early.
  private static let shortDataMessages = [
    "not enough image data", "missing idat", "no image in file", "iend: out of place",
  ]

  /// Messages about a header value that libpng does not implement.
  private static let unsupportedMessages = [
    "unknown compression method", "unknown filter method", "unknown interlace method",
    "not supported", "unsupported",
  ]

  /// Classifies a libpng error message. `truncatedInput` is true when the reader ran out of bytes,
  /// which is a truncation whatever libpng's message says; `fileSize` is the input's length.
  static func fromLibpng(message: String, truncatedInput: Bool, fileSize: Int) -> PNGError {
    if truncatedInput {
      return .truncated(
        detail: "the file ends at byte \(fileSize), before the end of its IEND chunk")
    }
    let lower = message.lowercased()
    let paletteTag = "badPaletteIndex: "
    if message.hasPrefix(paletteTag) {
      return .badPaletteIndex(detail: String(message.dropFirst(paletteTag.count)))
    }
    if lower.hasSuffix("crc error") {
      let chunk = message.split(separator: ":").first.map(String.init) ?? "unknown"
      return .crcMismatch(chunk: chunk.count == 4 ? chunk : "unknown")
    }
    if shortDataMessages.contains(where: lower.contains) {
      return .truncated(detail: message)
    }
    if unsupportedMessages.contains(where: lower.contains), lower.contains("ihdr") {
      return .unsupported(detail: message)
    }
    if lower.contains("ihdr") {
      return .invalidHeader(detail: message)
    }
    if lower.hasPrefix("idat") || zlibMessages.contains(where: lower.contains) {
      return .badZlibStream(detail: message)
    }
    return .libpng(message: message)
  }
}

extension PNGError {
  /// The kind a libpng error message maps to (input not truncated); exposed for tests.
  package static func fromLibpngForTesting(_ message: String) -> Kind {
    fromLibpng(message: message, truncatedInput: false, fileSize: 0).kind
  }
}
