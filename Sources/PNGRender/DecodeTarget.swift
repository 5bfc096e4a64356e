/// What size a decode produces.
public enum DecodeTarget: Sendable, Hashable, CustomStringConvertible {
  /// The image at its own size.
  case fullSize
  /// The image scaled down so that its longer side is at most this many pixels, keeping its
  /// aspect ratio; an image already that small is not scaled (never upscaled). Like ImageIO's
  /// `kCGImageSourceThumbnailMaxPixelSize`. The value must be at least 1.
  case maxPixelSize(Int)
  /// The image scaled to cover exactly `width` × `height` pixels and centre-cropped to it
  /// (aspect fill; the pre-rendered cell image of seed 000). May upscale. Both at least 1.
  case aspectFill(width: Int, height: Int)

  /// For example `full`, `max 640 px` or `fill 200×150`.
  public var description: String {
    switch self {
    case .fullSize: "full"
    case .maxPixelSize(let size): "max \(size) px"
    case .aspectFill(let width, let height): "fill \(width)×\(height)"
    }
  }
}

/// How the decoder produced (or will produce) its bitmap.
package enum DecodeMethod: String, Sendable, Hashable, CustomStringConvertible {
  /// Decoded at full size; no resampling.
  case full
  /// Read row by row into an area-averaging resampler: only the output and one source row are
  /// ever in memory.
  case streaming
  /// Decoded at full size, then resampled (interlaced images, whose rows arrive in seven passes).
  case fullThenResample = "full-then-resample"

  /// The raw value, for example `streaming`.
  public var description: String { rawValue }
}

/// The source rectangle and output size of a resample.
struct ResampleGeometry: Hashable {
  /// Left edge of the source rectangle.
  var cropX: Int
  /// Top edge of the source rectangle.
  var cropY: Int
  /// Width of the source rectangle.
  var cropWidth: Int
  /// Height of the source rectangle.
  var cropHeight: Int
  /// Output width.
  var width: Int
  /// Output height.
  var height: Int

  /// The output size for `target` from a `width` × `height` source, or nil when no resampling is
  /// needed (full size, or already within the maximum pixel size).
  static func make(width: Int, height: Int, target: DecodeTarget) -> ResampleGeometry? {
    switch target {
    case .fullSize:
      return nil
    case .maxPixelSize(let size):
      precondition(size >= 1, "maxPixelSize must be at least 1")
      let longest = max(width, height)
      guard longest > size else { return nil }
      let scaled = { (side: Int) in max(1, (side * size + longest / 2) / longest) }
      return ResampleGeometry(
        cropX: 0, cropY: 0, cropWidth: width, cropHeight: height,
        width: width == longest ? size : scaled(width),
        height: height == longest ? size : scaled(height))
    case .aspectFill(let targetWidth, let targetHeight):
      precondition(targetWidth >= 1 && targetHeight >= 1, "aspect-fill size must be positive")
      var cropWidth = width
      var cropHeight = height
      // Compare width/height with targetWidth/targetHeight without division.
      if width * targetHeight > targetWidth * height {
        cropWidth = max(1, min(width, (height * targetWidth + targetHeight / 2) / targetHeight))
      } else {
        cropHeight = max(1, min(height, (width * targetHeight + targetWidth / 2) / targetWidth))
      }
      let geometry = ResampleGeometry(
        cropX: (width - cropWidth) / 2, cropY: (height - cropHeight) / 2, cropWidth: cropWidth,
        cropHeight: cropHeight, width: targetWidth, height: targetHeight)
      let identity =
        cropWidth == width && cropHeight == height && targetWidth == width
        && targetHeight == height
      return identity ? nil : geometry
    }
  }
}

/// What a decode of a given header to a given target will do and how much memory it will hold,
/// computed from the header alone (no decoding).
///
/// The simulator charges ``workingBytes`` to its memory meter for the length of a decode step,
/// and uses ``outputWidth`` × ``outputHeight`` for the resulting bitmap. The numbers are a pure
/// function of the header and target, so they are the same in every process and build.
package struct DecodePlan: Sendable, Hashable {
  /// The header the plan was made from.
  package let header: PNGHeader
  /// The requested target.
  package let target: DecodeTarget
  /// How the decode proceeds.
  package let method: DecodeMethod
  /// Width of the bitmap the decode returns.
  package let outputWidth: Int
  /// Height of the bitmap the decode returns.
  package let outputHeight: Int
  /// Peak bytes the decode holds: the output bitmap, any full-size intermediate bitmap, the
  /// source row and resampler sums, plus an estimate of libpng's own row buffers and zlib state
  /// (two rows of 8 bytes per pixel plus 64 KiB).
  package let workingBytes: Int

  /// Bytes of the returned bitmap: `outputWidth × outputHeight × 4`.
  package var outputByteCount: Int { outputWidth * outputHeight * 4 }

  /// Estimated bytes libpng and zlib allocate while reading an image `width` pixels wide.
  static func libpngEstimate(width: Int) -> Int { 2 * width * 8 + 65_536 }

  /// Plans decoding an image with `header` to `target` (no I/O; a pure function). With
  /// `fullThenResample` true the plan is for decoding fully before resampling even when the image
  /// could stream (the baseline ``PNGDecoder/decodeThenResample(_:target:)`` measures).
  package init(header: PNGHeader, target: DecodeTarget, fullThenResample: Bool = false) {
    self.header = header
    self.target = target
    let geometry = ResampleGeometry.make(width: header.width, height: header.height, target: target)
    let libpng = Self.libpngEstimate(width: header.width)
    guard let geometry else {
      method = .full
      (outputWidth, outputHeight) = (header.width, header.height)
      workingBytes = header.decodedByteCount + libpng
      return
    }
    (outputWidth, outputHeight) = (geometry.width, geometry.height)
    let resampler = AreaResampler.plannedWorkingBytes(
      cropWidth: geometry.cropWidth, cropHeight: geometry.cropHeight, targetWidth: geometry.width,
      targetHeight: geometry.height)
    let output = geometry.width * geometry.height * 4
    if header.interlaced || fullThenResample {
      method = .fullThenResample
      workingBytes = header.decodedByteCount + output + resampler + libpng
    } else {
      method = .streaming
      workingBytes = header.width * 4 + output + resampler + libpng
    }
  }
}
