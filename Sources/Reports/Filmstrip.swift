package import PNGRender
package import Scenarios

/// Draws captured frames as pictures of the screen, from the real decoded pixels.
///
/// Each displayed cell's image is drawn into its image view's rectangle exactly as the loader
/// produced it (a downsampled image is scaled from its own, smaller pixels; a full-size one
/// from the full bitmap), covering the rectangle and centre-cropped (aspect fill) by the
/// project's own resampler. An empty image view is light grey; a failed lazy decode is drawn
/// as nothing, as UIKit draws it. Cells are separated by a hairline, and the culprit cell is
/// outlined in red. Everything is drawn at `pixelsPerPoint` and encoded with the project's
/// own PNG encoder.
package enum Filmstrip {
  /// The outline colour of the culprit cell.
  package static let outline: [UInt8] = [230, 20, 40, 255]
  /// How wide the outline is, in pixels.
  package static let outlineWidth = 3

  /// The frame as a bitmap, with the cell `culprit` (a cell id) outlined. `thumbnails`, shared
  /// by the frames of one filmstrip, scales each image once for all the frames that show it.
  package static func render(
    _ frame: CapturedFrame, culprit: Int?, pixelsPerPoint: Double = 1,
    thumbnails: Thumbnails = Thumbnails()
  ) -> Bitmap {
    let width = max(1, Int((frame.viewportWidth * pixelsPerPoint).rounded()))
    let height = max(1, Int((frame.viewportHeight * pixelsPerPoint).rounded()))
    var canvas = Canvas(width: width, height: height, fill: [255, 255, 255, 255])
    for cell in frame.cells {
      let box = cell.frame.pixels(pixelsPerPoint)
      canvas.fill(
        x: box.x, y: box.y + box.height - 1, width: box.width, height: 1, [220, 220, 224, 255])
      let slot = cell.imageFrame.pixels(pixelsPerPoint)
      if let pixels = cell.pixels {
        canvas.draw(
          thumbnails.scaled(pixels, width: slot.width, height: slot.height), x: slot.x, y: slot.y)
      } else if cell.imageKind == nil {
        canvas.fill(
          x: slot.x, y: slot.y, width: slot.width, height: slot.height, [236, 236, 240, 255])
      }
    }
    if let culprit, let cell = frame.cells.first(where: { $0.cellID == culprit }) {
      canvas.outline(cell.frame.pixels(pixelsPerPoint), width: outlineWidth, outline)
    }
    return canvas.bitmap
  }

  /// `bitmap` covering exactly `width` × `height`: the resampler's aspect fill when it
  /// shrinks, nearest neighbour when the image is smaller than its slot.
  package static func scaled(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
    let w = max(1, width)
    let h = max(1, height)
    if bitmap.width == w && bitmap.height == h { return bitmap }
    if bitmap.width >= w && bitmap.height >= h {
      let filled = Resampler.aspectFill(bitmap, width: w, height: h)
      if filled.width == w && filled.height == h { return filled }
    }
    // Cover: scale by the larger ratio, centre-crop, sample the nearest source pixel.
    let ratio = max(Double(w) / Double(bitmap.width), Double(h) / Double(bitmap.height))
    let offsetX = (Double(bitmap.width) * ratio - Double(w)) / 2
    let offsetY = (Double(bitmap.height) * ratio - Double(h)) / 2
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      let sy = min(bitmap.height - 1, max(0, Int((Double(y) + 0.5 + offsetY) / ratio)))
      for x in 0..<w {
        let sx = min(bitmap.width - 1, max(0, Int((Double(x) + 0.5 + offsetX) / ratio)))
        let source = (sy * bitmap.width + sx) * 4
        let target = (y * w + x) * 4
        for channel in 0..<4 { pixels[target + channel] = bitmap.pixels[source + channel] }
      }
    }
    return Bitmap(width: w, height: h, pixels: pixels)
  }

  /// The frame as PNG bytes.
  package static func png(
    _ frame: CapturedFrame, culprit: Int?, pixelsPerPoint: Double = 1,
    thumbnails: Thumbnails = Thumbnails()
  ) throws(PNGError) -> [UInt8] {
    try PNGEncoder.encode(
      render(frame, culprit: culprit, pixelsPerPoint: pixelsPerPoint, thumbnails: thumbnails))
  }

  /// Images already scaled for a filmstrip's frames: a cell that shows one image over several
  /// frames shares that image's pixel storage in every frame, so the storage's address, with
  /// the sizes, names the scaling. Each entry keeps its source alive, so no address is reused
  /// while the memo lives. Pixels are exactly `Filmstrip.scaled`'s.
  package final class Thumbnails {
    struct Key: Hashable {
      var address: UInt
      var width: Int
      var height: Int
      var targetWidth: Int
      var targetHeight: Int
    }

    private var scaledImages: [Key: (source: Bitmap, scaled: Bitmap)] = [:]

    package init() {}

    /// `bitmap` scaled to cover `width` × `height`, scaled at most once per memo.
    package func scaled(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
      let address = bitmap.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      let key = Key(
        address: address, width: bitmap.width, height: bitmap.height, targetWidth: width,
        targetHeight: height)
      if let known = scaledImages[key] { return known.scaled }
      let scaled = Filmstrip.scaled(bitmap, width: width, height: height)
      scaledImages[key] = (bitmap, scaled)
      return scaled
    }
  }
}

/// A rectangle in whole pixels.
package struct PixelRect: Equatable, Sendable {
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int
}

extension CapturedRect {
  /// The rectangle in pixels at `scale` pixels per point (edges rounded to the nearest pixel).
  package func pixels(_ scale: Double) -> PixelRect {
    let left = Int((x * scale).rounded())
    let top = Int((y * scale).rounded())
    let right = Int(((x + width) * scale).rounded())
    let bottom = Int(((y + height) * scale).rounded())
    return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
  }
}

/// An RGBA8 drawing surface that clips everything to its bounds.
struct Canvas {
  let width: Int
  let height: Int
  var pixels: [UInt8]

  init(width: Int, height: Int, fill: [UInt8]) {
    self.width = width
    self.height = height
    pixels = Canvas.repeated(fill, count: width * height)
  }

  var bitmap: Bitmap { Bitmap(width: width, height: height, pixels: pixels) }

  /// `pixel` (four bytes) `count` times, built by doubling: a few bulk copies where a loop per
  /// pixel was most of a debug build's report time.
  static func repeated(_ pixel: [UInt8], count: Int) -> [UInt8] {
    let total = count * 4
    guard total > 0 else { return [] }
    var bytes = pixel
    bytes.reserveCapacity(total)
    while bytes.count < total { bytes += bytes.prefix(total - bytes.count) }
    return bytes
  }

  mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: [UInt8]) {
    let (x0, x1, y0, y1) = (max(0, x), min(width, x + w), max(0, y), min(height, y + h))
    guard x0 < x1, y0 < y1 else { return }
    let row = Canvas.repeated(color, count: x1 - x0)
    for py in y0..<y1 {
      let start = (py * width + x0) * 4
      pixels.replaceSubrange(start..<(start + row.count), with: row)
    }
  }

  /// Draws `bitmap` with its top-left corner at (x, y), blending by its alpha over the canvas.
  /// The rows of an opaque bitmap are copied whole (blending at alpha 255 gives the source).
  mutating func draw(_ bitmap: Bitmap, x: Int, y: Int) {
    let x0 = max(0, x)
    let x1 = min(width, x + bitmap.width)
    guard x0 < x1 else { return }
    let opaque = Canvas.isOpaque(bitmap)
    for by in 0..<bitmap.height {
      let py = y + by
      guard py >= 0 && py < height else { continue }
      if opaque {
        let source = (by * bitmap.width + (x0 - x)) * 4
        let target = (py * width + x0) * 4
        let count = (x1 - x0) * 4
        pixels.replaceSubrange(
          target..<(target + count), with: bitmap.pixels[source..<(source + count)])
        continue
      }
      for px in x0..<x1 {
        let s = (by * bitmap.width + (px - x)) * 4
        let d = (py * width + px) * 4
        let alpha = Int(bitmap.pixels[s + 3])
        for c in 0..<3 {
          let blended =
            (Int(bitmap.pixels[s + c]) * alpha + Int(pixels[d + c]) * (255 - alpha) + 127) / 255
          pixels[d + c] = UInt8(blended)
        }
        pixels[d + 3] = 255
      }
    }
  }

  /// Whether every pixel of `bitmap` has alpha 255.
  static func isOpaque(_ bitmap: Bitmap) -> Bool {
    bitmap.pixels.withUnsafeBufferPointer { bytes in
      var index = 3
      while index < bytes.count {
        if bytes[index] != 255 { return false }
        index += 4
      }
      return true
    }
  }

  mutating func outline(_ r: PixelRect, width w: Int, _ color: [UInt8]) {
    fill(x: r.x, y: r.y, width: r.width, height: w, color)
    fill(x: r.x, y: r.y + r.height - w, width: r.width, height: w, color)
    fill(x: r.x, y: r.y, width: w, height: r.height, color)
    fill(x: r.x + r.width - w, y: r.y, width: w, height: r.height, color)
  }
}
