/// Resampling of decoded bitmaps by area averaging: downsampling to a maximum pixel size and
/// aspect-fill crop to a cell's pixel size.
///
/// These are the same computations the streaming decoder does while reading rows, applied to a
/// bitmap already in memory, so a streamed decode and a full decode followed by these agree.
package enum Resampler {
  /// `bitmap` resampled to `target`; the bitmap itself when no resampling is needed.
  package static func resample(_ bitmap: Bitmap, to target: DecodeTarget) -> Bitmap {
    guard
      let geometry = ResampleGeometry.make(
        width: bitmap.width, height: bitmap.height, target: target)
    else { return bitmap }
    return resample(bitmap, geometry: geometry, weightsByAlpha: true).bitmap
  }

  /// `bitmap` scaled down so its longer side is at most `maxPixelSize` (≥ 1), keeping its aspect
  /// ratio; never upscaled.
  package static func downsample(_ bitmap: Bitmap, maxPixelSize: Int) -> Bitmap {
    resample(bitmap, to: .maxPixelSize(maxPixelSize))
  }

  /// `bitmap` scaled to cover `width` × `height` (each ≥ 1) and centre-cropped to exactly that
  /// size: the pre-rendered cell image of seed 000.
  package static func aspectFill(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
    resample(bitmap, to: .aspectFill(width: width, height: height))
  }

  /// Resamples with explicit geometry; returns the bitmap and the resampler's working bytes.
  static func resample(_ bitmap: Bitmap, geometry: ResampleGeometry, weightsByAlpha: Bool)
    -> (bitmap: Bitmap, workingBytes: Int)
  {
    var resampler = AreaResampler(
      cropX: geometry.cropX, cropY: geometry.cropY, cropWidth: geometry.cropWidth,
      cropHeight: geometry.cropHeight, targetWidth: geometry.width, targetHeight: geometry.height,
      weightsByAlpha: weightsByAlpha)
    let workingBytes = resampler.workingBytes
    let rowBytes = bitmap.width * 4
    let rows = geometry.cropY..<(geometry.cropY + geometry.cropHeight)
    let result = bitmap.pixels.withUnsafeBytes { source in
      // The fill closure cannot fail; the typed-throws signature is the initializer's.
      try! Bitmap(width: geometry.width, height: geometry.height) { output throws(PNGError) in
        for y in rows {
          resampler.push(
            row: source.baseAddress! + y * rowBytes, y: y, output: output.baseAddress!)
        }
      }
    }
    return (result, workingBytes)
  }
}
