/// The largest image the decoder agrees to decode, checked right after the header is read and
/// before any pixel memory is allocated.
///
/// A PNG of a few kilobytes can claim to be 20,000 × 20,000 pixels of zeros, which would need
/// 1.6 GB once decoded to RGBA8 (a "decompression bomb"). The decoder refuses such a file with
/// ``PNGError/tooLarge(width:height:limits:)`` in microseconds, before it allocates anything for
/// the pixels. The defaults (docs/design.md, PNG render path) are 16,384 pixels per side and 64
/// megapixels.
public struct DecodeLimits: Sendable, Hashable, CustomStringConvertible {
  // Every limit is kept within its valid range when it is set, not only by `init`, so no value
  // a caller assigns can make a later conversion to libpng's 32-bit limits trap.

  /// The widest image accepted, in pixels: 1 … ``formatMaxSide``; a value outside is clamped.
  public var maxWidth: Int {
    didSet { maxWidth = Self.clamp(maxWidth, Self.formatMaxSide) }
  }
  /// The tallest image accepted, in pixels: 1 … ``formatMaxSide``; a value outside is clamped.
  public var maxHeight: Int {
    didSet { maxHeight = Self.clamp(maxHeight, Self.formatMaxSide) }
  }
  /// The most pixels (width × height) accepted: 1 … ``formatMaxPixels``; clamped.
  public var maxPixels: Int {
    didSet { maxPixels = Self.clamp(maxPixels, Self.formatMaxPixels) }
  }
  /// The most bytes libpng may allocate for one ancillary chunk (text, ICC profile, ...):
  /// 1 … 2³² − 1; clamped.
  public var maxChunkBytes: Int {
    didSet { maxChunkBytes = Self.clamp(maxChunkBytes, Self.formatMaxChunkBytes) }
  }

  static func clamp(_ value: Int, _ upper: Int) -> Int { min(max(value, 1), upper) }

  /// Default per-side limit: 16,384 pixels.
  public static let defaultMaxSide = 16_384
  /// Default pixel-count limit: 64 megapixels, counted as 64 × 2²⁰ = 67,108,864 (8,192 × 8,192).
  public static let defaultMaxPixels = 64 * 1_048_576
  /// Default ancillary-chunk allocation limit: 8 MiB, libpng's own default.
  public static let defaultMaxChunkBytes = 8 * 1_048_576
  /// The largest value any side limit can take: PNG stores dimensions in 31 bits.
  public static let formatMaxSide = 0x7FFF_FFFF
  /// The largest value `maxChunkBytes` can take: libpng's chunk limit is 32 bits.
  public static let formatMaxChunkBytes = Int(UInt32.max)
  /// The largest value `maxPixels` can take (2⁴⁴), which keeps every resampling sum in 64 bits.
  public static let formatMaxPixels = 1 << 44

  /// The defaults: 16,384 px per side, 64 megapixels, 8 MiB per ancillary chunk.
  public static let `default` = DecodeLimits()

  /// Creates limits; each value is clamped to at least 1 and at most what the format (and the
  /// 64-bit resampling sums) allow.
  public init(
    maxWidth: Int = defaultMaxSide,
    maxHeight: Int = defaultMaxSide,
    maxPixels: Int = defaultMaxPixels,
    maxChunkBytes: Int = defaultMaxChunkBytes
  ) {
    self.maxWidth = Self.clamp(maxWidth, Self.formatMaxSide)
    self.maxHeight = Self.clamp(maxHeight, Self.formatMaxSide)
    self.maxPixels = Self.clamp(maxPixels, Self.formatMaxPixels)
    self.maxChunkBytes = Self.clamp(maxChunkBytes, Self.formatMaxChunkBytes)
  }

  /// Whether an image of `width` × `height` pixels is within every limit.
  public func allows(width: Int, height: Int) -> Bool {
    guard width <= maxWidth, height <= maxHeight else { return false }
    // Both sides are at most 2³¹ − 1 here, so the product fits in 64 bits.
    return width * height <= maxPixels
  }

  /// Throws ``PNGError/tooLarge(width:height:limits:)`` when `header` exceeds a limit.
  package func check(_ header: PNGHeader) throws(PNGError) {
    guard allows(width: header.width, height: header.height) else {
      throw .tooLarge(width: header.width, height: header.height, limits: self)
    }
  }

  /// For example `16384 px per side and 67108864 pixels`.
  public var description: String {
    if maxWidth == maxHeight {
      return "\(maxWidth) px per side and \(maxPixels) pixels"
    }
    return "width ≤ \(maxWidth) px, height ≤ \(maxHeight) px and \(maxPixels) pixels"
  }
}
