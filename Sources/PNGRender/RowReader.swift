import CPNGRows

/// What libpng reports after reading the chunks up to the first IDAT.
struct RowReaderInfo {
  /// Width in pixels.
  var width: Int
  /// Height in pixels.
  var height: Int
  /// Whether the rows are stored in Adam7 passes.
  var interlaced: Bool
  /// Whether the file has a tRNS chunk (which expands to alpha).
  var hasTransparencyChunk: Bool
}

/// A Swift owner for one C row reader over bytes in memory. Every libpng call, and every
/// `setjmp`, happens inside the CPNGRows C target; this type only turns status codes into typed
/// errors and frees the reader when it goes away.
///
/// The bytes passed to `init` must stay valid for the reader's whole life.
struct RowReader: ~Copyable {
  private let handle: OpaquePointer
  private let fileSize: Int

  /// Creates a reader over `bytes`, which must outlive it.
  init(bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(PNGError) {
    let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    guard
      let handle = cpng_reader_create(
        base, bytes.count, UInt32(clamping: limits.maxWidth), UInt32(clamping: limits.maxHeight),
        UInt64(clamping: limits.maxPixels), UInt64(clamping: limits.maxChunkBytes))
    else { throw .libpng(message: "out of memory creating the row reader") }
    self.handle = handle
    fileSize = bytes.count
  }

  deinit { cpng_reader_destroy(handle) }

  /// Reads every chunk up to the first IDAT, checks `limits` again (on libpng's own view of the
  /// header) and installs the RGBA8 transforms.
  func readInfo(limits: DecodeLimits) throws(PNGError) -> RowReaderInfo {
    var info = cpng_info()
    let status = cpng_reader_read_info(handle, &info)
    let result = RowReaderInfo(
      width: Int(info.width), height: Int(info.height), interlaced: info.interlaced != 0,
      hasTransparencyChunk: info.has_trns != 0)
    if status == Int32(CPNG_TOO_LARGE.rawValue) {
      throw .tooLarge(width: result.width, height: result.height, limits: limits)
    }
    try check(status)
    return result
  }

  /// Reads the next `count` rows of a non-interlaced image, `stride` bytes apart.
  func readRows(into destination: UnsafeMutableRawPointer, stride: Int, count: Int)
    throws(PNGError)
  {
    let start = destination.assumingMemoryBound(to: UInt8.self)
    try check(cpng_reader_read_rows(handle, start, stride, UInt32(count)))
  }

  /// Reads the whole image, every Adam7 pass included, `stride` bytes per row.
  func readImage(into destination: UnsafeMutableRawPointer, stride: Int) throws(PNGError) {
    let start = destination.assumingMemoryBound(to: UInt8.self)
    try check(cpng_reader_read_image(handle, start, stride))
  }

  /// Decodes what `bytes` hold of the image into `destination` (all zero, `height` rows of
  /// `stride` bytes, for the `width` × `height` of the file's IHDR) with libpng's progressive
  /// reader: the rows so far, or Adam7's coarse image of the passes complete. Must be the
  /// reader's first call. Running out of bytes is not an error; anything wrong in the bytes
  /// present is, as for a full decode.
  func readPartial(
    into destination: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int
  ) throws(PNGError) -> cpng_partial {
    var result = cpng_partial()
    let start = destination.assumingMemoryBound(to: UInt8.self)
    try check(
      cpng_reader_read_partial(
        handle, start, stride, UInt32(width), UInt32(height), &result))
    return result
  }

  /// Reads the chunks after the image data through IEND; a missing IEND is a truncation.
  func finish() throws(PNGError) {
    try check(cpng_reader_finish(handle))
  }

  /// The most bytes libpng held at once through this reader.
  var libpngPeakBytes: Int { Int(cpng_reader_libpng_peak_bytes(handle)) }

  private func check(_ status: Int32) throws(PNGError) {
    switch status {
    case Int32(CPNG_OK.rawValue):
      return
    case Int32(CPNG_TRUNCATED.rawValue):
      throw PNGError.fromLibpng(message: message, truncatedInput: true, fileSize: fileSize)
    case Int32(CPNG_LIBPNG.rawValue):
      throw PNGError.fromLibpng(message: message, truncatedInput: false, fileSize: fileSize)
    case Int32(CPNG_BAD_CHUNK_LENGTH.rawValue):
      throw .truncated(detail: message)
    case Int32(CPNG_BAD_PALETTE_INDEX.rawValue):
      var index: Int32 = 0
      var entries: Int32 = 0
      cpng_reader_palette_problem(handle, &index, &entries)
      throw .invalidPaletteIndex(index: Int(index), entries: Int(entries))
    case Int32(CPNG_NO_MEMORY.rawValue):
      throw .libpng(message: "out of memory")
    default:
      throw .libpng(message: "internal: row reader used out of order (status \(status))")
    }
  }

  private var message: String { String(cString: cpng_reader_message(handle)) }
}
