/// One overlap between a source pixel and a target pixel along one axis, in units where a source
/// pixel is `targetCount` long and a target pixel is `sourceCount` long (so every weight is an
/// integer and the weights of one target pixel add up to `sourceCount`).
struct AxisSegment {
  /// Source pixel index (absolute, crop offset included).
  var source: Int32
  /// Target pixel index.
  var target: Int32
  /// Overlap length in the units described above.
  var weight: UInt32
}

/// Resamples RGBA8 rows by area averaging (each target pixel is the coverage-weighted mean of the
/// source pixels under it), consuming source rows one at a time in order.
///
/// Downscaling by area averaging is what ImageIO's thumbnailing does; upscaling (used only by
/// aspect-fill) degenerates to pixel mixing. Colour is weighted by alpha, so fully transparent
/// pixels do not bleed their (invisible) colour into their neighbours; alpha itself is averaged.
/// Rounding is to nearest. Memory: two rows of `targetWidth × 4` 64-bit sums plus the segment
/// tables; the caller owns the source row and the output.
struct AreaResampler: ~Copyable {
  /// Target width in pixels.
  let targetWidth: Int
  /// Target height in pixels.
  let targetHeight: Int
  private let columns: UnsafeMutableBufferPointer<AxisSegment>
  private let rows: UnsafeMutableBufferPointer<AxisSegment>
  private let horizontal: UnsafeMutableBufferPointer<UInt64>
  private let accumulator: UnsafeMutableBufferPointer<UInt64>
  private let totalWeight: UInt64
  private let weightsByAlpha: Bool
  private var rowCursor = 0
  private var currentTarget = -1

  /// Prepares to resample the source rectangle with origin (`cropX`, `cropY`) and size
  /// `cropWidth` × `cropHeight` to `targetWidth` × `targetHeight`. `weightsByAlpha` false is a
  /// faster path for images known to be opaque (alpha 255 everywhere).
  init(
    cropX: Int, cropY: Int, cropWidth: Int, cropHeight: Int, targetWidth: Int, targetHeight: Int,
    weightsByAlpha: Bool
  ) {
    precondition(cropWidth > 0 && cropHeight > 0 && targetWidth > 0 && targetHeight > 0)
    self.targetWidth = targetWidth
    self.targetHeight = targetHeight
    columns = Self.segments(start: cropX, sourceCount: cropWidth, targetCount: targetWidth)
    rows = Self.segments(start: cropY, sourceCount: cropHeight, targetCount: targetHeight)
    horizontal = .allocate(capacity: targetWidth * 4)
    accumulator = .allocate(capacity: targetWidth * 4)
    accumulator.initialize(repeating: 0)
    horizontal.initialize(repeating: 0)
    totalWeight = UInt64(cropWidth) * UInt64(cropHeight)
    self.weightsByAlpha = weightsByAlpha
  }

  deinit {
    columns.deallocate()
    rows.deallocate()
    horizontal.deallocate()
    accumulator.deallocate()
  }

  /// Bytes this resampler holds (sums and segment tables), excluding source row and output.
  var workingBytes: Int {
    (horizontal.count + accumulator.count) * 8
      + (columns.count + rows.count) * MemoryLayout<AxisSegment>.stride
  }

  /// Bytes ``workingBytes`` will be for the given sizes, without allocating.
  static func plannedWorkingBytes(
    cropWidth: Int, cropHeight: Int, targetWidth: Int, targetHeight: Int
  ) -> Int {
    let segments = cropWidth + targetWidth + cropHeight + targetHeight
    return targetWidth * 4 * 8 * 2 + segments * MemoryLayout<AxisSegment>.stride
  }

  /// Whether every target row has been written.
  var isComplete: Bool { rowCursor == rows.count }

  /// Consumes source row `y` (RGBA8, the full source width starting at `row`). Rows must come in
  /// increasing `y`; rows outside the crop are ignored. Writes each target row into `output`
  /// (`targetWidth × 4` bytes per row) as soon as it is complete.
  mutating func push(row: UnsafeRawPointer, y: Int, output: UnsafeMutableRawPointer) {
    guard rowCursor < rows.count, Int(rows[rowCursor].source) == y else { return }
    sumHorizontally(row.assumingMemoryBound(to: UInt8.self))
    let width = targetWidth * 4
    while rowCursor < rows.count, Int(rows[rowCursor].source) == y {
      let segment = rows[rowCursor]
      if Int(segment.target) != currentTarget {
        accumulator.update(repeating: 0)
        currentTarget = Int(segment.target)
      }
      let weight = UInt64(segment.weight)
      for index in 0..<width {
        accumulator[index] &+= horizontal[index] &* weight
      }
      rowCursor += 1
      if rowCursor == rows.count || Int(rows[rowCursor].target) != currentTarget {
        emit(into: output.advanced(by: currentTarget * width))
      }
    }
  }

  private func sumHorizontally(_ row: UnsafePointer<UInt8>) {
    horizontal.update(repeating: 0)
    if weightsByAlpha {
      for segment in columns {
        let pixel = row + Int(segment.source) * 4
        let target = Int(segment.target) * 4
        let alphaWeight = UInt64(pixel[3]) &* UInt64(segment.weight)
        horizontal[target] &+= UInt64(pixel[0]) &* alphaWeight
        horizontal[target + 1] &+= UInt64(pixel[1]) &* alphaWeight
        horizontal[target + 2] &+= UInt64(pixel[2]) &* alphaWeight
        horizontal[target + 3] &+= alphaWeight
      }
    } else {
      for segment in columns {
        let pixel = row + Int(segment.source) * 4
        let target = Int(segment.target) * 4
        let weight = UInt64(segment.weight)
        horizontal[target] &+= UInt64(pixel[0]) &* weight
        horizontal[target + 1] &+= UInt64(pixel[1]) &* weight
        horizontal[target + 2] &+= UInt64(pixel[2]) &* weight
      }
    }
  }

  private func emit(into output: UnsafeMutableRawPointer) {
    let out = output.assumingMemoryBound(to: UInt8.self)
    let total = totalWeight
    for x in 0..<targetWidth {
      let index = x * 4
      if weightsByAlpha {
        let alphaSum = accumulator[index + 3]
        out[index + 3] = UInt8(truncatingIfNeeded: (alphaSum + total / 2) / total)
        guard alphaSum > 0 else {
          (out[index], out[index + 1], out[index + 2]) = (0, 0, 0)
          continue
        }
        for channel in 0..<3 {
          let mean = (accumulator[index + channel] + alphaSum / 2) / alphaSum
          out[index + channel] = UInt8(truncatingIfNeeded: mean)
        }
      } else {
        for channel in 0..<3 {
          out[index + channel] = UInt8(
            truncatingIfNeeded: (accumulator[index + channel] + total / 2) / total)
        }
        out[index + 3] = 255
      }
    }
  }

  /// The overlaps of `sourceCount` source pixels (starting at index `start`) with `targetCount`
  /// target pixels, in increasing source and target order.
  private static func segments(start: Int, sourceCount: Int, targetCount: Int)
    -> UnsafeMutableBufferPointer<AxisSegment>
  {
    let buffer = UnsafeMutableBufferPointer<AxisSegment>.allocate(
      capacity: sourceCount + targetCount)
    var count = 0
    var source = 0
    var target = 0
    var position = 0
    while source < sourceCount && target < targetCount {
      let sourceEnd = (source + 1) * targetCount
      let targetEnd = (target + 1) * sourceCount
      let end = min(sourceEnd, targetEnd)
      buffer[count] = AxisSegment(
        source: Int32(start + source), target: Int32(target), weight: UInt32(end - position))
      count += 1
      position = end
      if end == sourceEnd { source += 1 }
      if end == targetEnd { target += 1 }
    }
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
  }
}
