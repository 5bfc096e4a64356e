import Foundation
import PNGRender
import Testing

/// The committed photos (Fixtures/photos, listed in PHOTOS.tsv).
enum Photos {
  /// `(file, width, height)` for each photo.
  static let all: [PhotoCase] = {
    let url = TestFixtures.photos.appendingPathComponent("PHOTOS.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: "\t").map(String.init)
      return PhotoCase(file: fields[0], width: Int(fields[1])!, height: Int(fields[2])!)
    }
  }()
}

/// One photo.
struct PhotoCase: CustomTestStringConvertible, Sendable {
  var file: String
  var width: Int
  var height: Int
  var testDescription: String { file }
  func bytes() throws -> [UInt8] {
    try TestFixtures.bytes(TestFixtures.photos.appendingPathComponent(file))
  }
}

@Suite("Photos")
struct PhotoTests {
  @Test("every photo decodes at the size PHOTOS.tsv gives", arguments: Photos.all)
  func decodes(_ photo: PhotoCase) throws {
    let image = try PNGDecoder().decode(try photo.bytes())
    #expect(image.bitmap.width == photo.width && image.bitmap.height == photo.height)
    #expect(image.plan.method == .full)
  }

  @Test(
    "streaming downsample agrees with full decode then downsample within one level",
    arguments: Photos.all, [100, 33])
  func streamingAgrees(_ photo: PhotoCase, maxPixelSize: Int) throws {
    let bytes = try photo.bytes()
    let streamed = try PNGDecoder().decode(bytes, target: .maxPixelSize(maxPixelSize))
    let full = try PNGDecoder().decode(bytes)
    let reference = Resampler.downsample(full.bitmap, maxPixelSize: maxPixelSize)
    #expect(max(streamed.bitmap.width, streamed.bitmap.height) == maxPixelSize)
    try expectClose(streamed.bitmap, reference, tolerance: 1)
  }
}

/// Fails unless the bitmaps have the same size and every channel differs by at most `tolerance`.
func expectClose(
  _ actual: Bitmap, _ expected: Bitmap, tolerance: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  try #require(
    actual.width == expected.width && actual.height == expected.height,
    "sizes differ: \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height)",
    sourceLocation: sourceLocation)
  var worst = 0
  var at = 0
  for index in actual.pixels.indices {
    let difference = abs(Int(actual.pixels[index]) - Int(expected.pixels[index]))
    if difference > worst { (worst, at) = (difference, index) }
  }
  #expect(
    worst <= tolerance,
    "channel \(at % 4) of pixel \(at / 4) differs by \(worst) (tolerance \(tolerance))",
    sourceLocation: sourceLocation)
}
