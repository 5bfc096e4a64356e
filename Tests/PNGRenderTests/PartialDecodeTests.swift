import FixtureGenerator
import Foundation
import PNGRender
import Testing

/// An RGBA image of noise (so that every row costs bytes), stored (zlib level 0) so that a
/// prefix's length maps onto rows.
private func noiseImage(width: Int, height: Int, interlaced: Bool) throws -> (Bitmap, [UInt8]) {
  var state: UInt32 = 0x1234_5678
  var pixels: [UInt8] = []
  for _ in 0..<(width * height * 4) {
    state = state &* 1_664_525 &+ 1_013_904_223
    pixels.append(UInt8(truncatingIfNeeded: state >> 24))
  }
  let bitmap = Bitmap(width: width, height: height, pixels: pixels)
  let header = PNGHeader(
    width: width, height: height, bitDepth: 8, colorType: .rgba, interlaced: interlaced)
  let bytes = try PNGEncoder.encode(
    PNGRawImage(header: header, samples: pixels), options: PNGEncodeOptions(compressionLevel: 0))
  return (bitmap, bytes)
}

/// `full` as the Adam7 passes complete so far show it: each pixel of the grid of the first
/// `passes` passes repeated over its block.
private func coarse(_ full: Bitmap, passes: Int) -> Bitmap {
  let blockWidth = [0, 8, 4, 4, 2, 2, 1, 1][passes]
  let blockHeight = [0, 8, 8, 4, 4, 2, 2, 1][passes]
  var pixels = [UInt8](repeating: 0, count: full.byteCount)
  for y in 0..<full.height {
    for x in 0..<full.width {
      let from = ((y - y % blockHeight) * full.width + (x - x % blockWidth)) * 4
      let to = (y * full.width + x) * 4
      for channel in 0..<4 { pixels[to + channel] = full.pixels[from + channel] }
    }
  }
  return Bitmap(width: full.width, height: full.height, pixels: pixels)
}

@Suite("Partial decode of a prefix")
struct PartialDecodeTests {
  @Test("the whole file decodes partially to exactly the full decode", arguments: [false, true])
  func wholeFile(interlaced: Bool) throws {
    let (bitmap, bytes) = try noiseImage(width: 37, height: 29, interlaced: interlaced)
    let partial = try PNGDecoder().decodePartial(bytes)
    #expect(partial.complete)
    #expect(partial.rows == 29)
    #expect(partial.passes == (interlaced ? 7 : 0))
    #expect(partial.bitmap == bitmap)
    #expect(partial.bitmap == (try PNGDecoder().decode(bytes).bitmap))
  }

  @Test("a non-interlaced prefix gives the rows decoded so far, the rest transparent")
  func rowsSoFar() throws {
    let (bitmap, bytes) = try noiseImage(width: 37, height: 29, interlaced: false)
    let rowBytes = 37 * 4
    var lastRows = 0
    var seenPartial = false
    for length in stride(from: 40, to: bytes.count, by: 97) {
      let partial = try PNGDecoder().decodePartial(Array(bytes[..<length]))
      #expect(!partial.complete)
      #expect(partial.passes == 0)
      #expect(partial.rows >= lastRows, "rows never go back as the prefix grows")
      lastRows = partial.rows
      if partial.rows > 0 && partial.rows < 29 { seenPartial = true }
      let shown = partial.rows * rowBytes
      #expect(Array(partial.bitmap.pixels[..<shown]) == Array(bitmap.pixels[..<shown]))
      #expect(partial.bitmap.pixels[shown...].allSatisfy { $0 == 0 })
    }
    #expect(seenPartial)
  }

  @Test("an Adam7 prefix gives the coarse whole image of the passes complete so far")
  func coarseImage() throws {
    let (bitmap, bytes) = try noiseImage(width: 37, height: 29, interlaced: true)
    var lastPasses = 0
    var seen: Set<Int> = []
    for length in stride(from: 40, to: bytes.count, by: 61) {
      let partial = try PNGDecoder().decodePartial(Array(bytes[..<length]))
      #expect(!partial.complete)
      #expect(partial.passes >= lastPasses, "passes never go back as the prefix grows")
      lastPasses = partial.passes
      seen.insert(partial.passes)
      if partial.passes == 0 {
        #expect(partial.rows == 0)
        #expect(partial.bitmap.pixels.allSatisfy { $0 == 0 })
      } else {
        #expect(partial.rows == 29)
        #expect(partial.bitmap == coarse(bitmap, passes: partial.passes))
      }
    }
    #expect(seen.isSuperset(of: [0, 1, 3, 5, 6]), "prefixes at \(seen.sorted())")
  }

  @Test("a prefix without the header is a typed error; one before any row, a transparent image")
  func tooShort() throws {
    let (_, bytes) = try noiseImage(width: 8, height: 8, interlaced: false)
    #expect(throws: PNGError.self) { try PNGDecoder().decodePartial(Array(bytes[..<20])) }
    #expect(throws: PNGError.self) { try PNGDecoder().decodePartial([]) }
    let headerOnly = try PNGDecoder().decodePartial(Array(bytes[..<33]))
    #expect(headerOnly.rows == 0 && !headerOnly.complete)
    #expect(headerOnly.bitmap.width == 8 && headerOnly.bitmap.pixels.allSatisfy { $0 == 0 })
  }

  @Test("a partial decode resamples to its target like a decode-then-resize")
  func target() throws {
    let (_, bytes) = try noiseImage(width: 37, height: 29, interlaced: false)
    let partial = try PNGDecoder().decodePartial(bytes, target: .maxPixelSize(10))
    #expect(partial.bitmap.width == 10)
    #expect(partial.bitmap == (try PNGDecoder().decode(bytes, target: .maxPixelSize(10)).bitmap))
  }

  @Test("errors in the bytes present are typed as a full decode's; running out is not one")
  func hostilePrefixes() throws {
    let folder = TestFixtures.generated
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("corrupt-") || $0.hasSuffix("-adam7.png") }.sorted()
    #expect(names.count > 20)
    for name in names {
      let bytes = try TestFixtures.bytes(folder.appendingPathComponent(name))
      for length in Set([0, 8, 33, 57, bytes.count / 3, bytes.count / 2, bytes.count]).sorted()
      where length <= bytes.count {
        do throws(PNGError) {
          let partial = try PNGDecoder().decodePartial(Array(bytes[..<length]))
          #expect(partial.measuredPeakBytes < partial.bitmap.byteCount + 4_000_000, "\(name)")
        } catch {
          _ = error.kind  // a typed error
        }
      }
    }
  }

  @Test("a palette index beyond the palette in a shown pixel is an error, as in a full decode")
  func paletteIndex() throws {
    let bytes = try TestFixtures.bytes(
      TestFixtures.generated.appendingPathComponent("corrupt-palette-index-255-of-255.png"))
    #expect(throws: PNGError.self) { try PNGDecoder().decodePartial(bytes) }
  }

  @Test(
    "every PngSuite file decodes partially, whole, to its full decode or the same error kind",
    .enabled(if: TestFixtures.hasPngSuite, "PngSuite not found beside the repository"),
    arguments: PngSuiteCase.all)
  func pngSuite(_ item: PngSuiteCase) throws {
    let bytes = try TestFixtures.bytes(TestFixtures.pngSuite.appendingPathComponent(item.file))
    let full = Result { () throws(PNGError) in try PNGDecoder().decode(bytes).bitmap }
    let partial = Result { () throws(PNGError) in try PNGDecoder().decodePartial(bytes) }
    switch (full, partial) {
    case (.success(let bitmap), .success(let partial)):
      #expect(partial.bitmap == bitmap)
      #expect(partial.complete)
    case (.failure, .failure):
      break
    case (.success, .failure(let error)):
      Issue.record("\(item.file): the full decode succeeds, the partial one fails: \(error)")
    case (.failure(let error), .success(let partial)):
      // The progressive reader stops at IEND and reads no further; a fault after it, or a
      // missing IEND, leaves the image itself whole.
      #expect(!partial.complete || error.kind == .truncated, "\(item.file): \(error)")
    }
  }
}
