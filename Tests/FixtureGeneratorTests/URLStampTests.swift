import FixtureGenerator
import PNGRender
import Testing

/// `URLStamp` prepares a fixture once and stamps each key from that preparation; the bytes must
/// be exactly those of stamping the decoded bitmap directly (every stamped URL's digest depends
/// on it), whatever the fixture's alpha.
@Suite("URL stamps")
struct URLStampTests {
  /// The stamp written the direct way: every pixel stamped in RGBA, opacity judged on the
  /// stamped pixels, then RGB when all are opaque.
  static func direct(_ bitmap: Bitmap, key: String) -> [UInt8]? {
    var pixels = bitmap.pixels
    let colours = URLStamp.colours(for: key)
    for y in 0..<min(URLStamp.side, bitmap.height) {
      for x in 0..<min(URLStamp.side, bitmap.width) {
        let cell = (y / 2) * 4 + x / 2
        let offset = (y * bitmap.width + x) * 4
        pixels[offset] = colours[cell * 3]
        pixels[offset + 1] = colours[cell * 3 + 1]
        pixels[offset + 2] = colours[cell * 3 + 2]
        pixels[offset + 3] = 255
      }
    }
    let options = PNGEncodeOptions(compressionLevel: URLStamp.compressionLevel)
    let opaque = (0..<(bitmap.width * bitmap.height)).allSatisfy { pixels[$0 * 4 + 3] == 255 }
    guard opaque else {
      return try? PNGEncoder.encode(
        Bitmap(width: bitmap.width, height: bitmap.height, pixels: pixels), options: options)
    }
    var rgb: [UInt8] = []
    for pixel in 0..<(bitmap.width * bitmap.height) {
      rgb += pixels[(pixel * 4)..<(pixel * 4 + 3)]
    }
    let header = PNGHeader(
      width: bitmap.width, height: bitmap.height, bitDepth: 8, colorType: .rgb, interlaced: false)
    return try? PNGEncoder.encode(PNGRawImage(header: header, samples: rgb), options: options)
  }

  /// A `width × height` bitmap of varied colours, opaque except at `transparent` (x, y).
  static func bitmap(_ width: Int, _ height: Int, transparent: [(Int, Int)] = []) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        pixels += [UInt8(truncatingIfNeeded: x * 7), UInt8(truncatingIfNeeded: y * 5), 90, 255]
      }
    }
    for (x, y) in transparent { pixels[(y * width + x) * 4 + 3] = 40 }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  static let cases: [(String, Bitmap, Bool)] = [
    ("opaque", bitmap(20, 12), true),
    ("transparent outside the stamp", bitmap(20, 12, transparent: [(15, 10)]), false),
    ("transparent beside the stamp, same rows", bitmap(20, 12, transparent: [(8, 3)]), false),
    ("transparent only under the stamp", bitmap(20, 12, transparent: [(0, 0), (7, 7)]), true),
    ("smaller than the stamp", bitmap(5, 3, transparent: [(4, 2)]), true),
    ("one pixel", bitmap(1, 1), true),
  ]

  @Test("a prepared fixture stamps to the bytes of stamping its bitmap directly", arguments: 0..<6)
  func preparedEqualsDirect(_ index: Int) throws {
    let (name, bitmap, opaque) = Self.cases[index]
    let base = URLStamp.Base(bitmap)
    #expect(base.opaque == opaque, "\(name)")
    for key in ["https://img.test/0.png", "https://img.test/11.png"] {
      let prepared = try #require(URLStamp.stamp(base, key: key))
      #expect(prepared == Self.direct(bitmap, key: key), "\(name), \(key)")
      #expect(URLStamp.stamp(bitmap, key: key) == prepared, "\(name), \(key)")
    }
    // Two keys give two different images.
    #expect(URLStamp.stamp(base, key: "a") != URLStamp.stamp(base, key: "b"), "\(name)")
  }
}
