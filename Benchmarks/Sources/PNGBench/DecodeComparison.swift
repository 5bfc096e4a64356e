import CDirectPNG
import FixtureGenerator
import Foundation
import PNGRender

/// CellSim's decoder vs libpng's row API called directly from C on the same bytes.
enum DecodeComparison {
  static func run(big: [Fixture], quick: Bool) throws {
    print("== Full decode: CellSim PNGDecoder vs direct libpng C (same bytes, same transforms)")
    print("target: time ratio ≤ 1.05 (median of interleaved runs)")
    let photos = try photoFiles()
    var cases: [(String, [UInt8], Int)] = big.map { ($0.name, $0.bytes, quick ? 3 : 9) }
    cases += photos.map { ($0.0, $0.1, quick ? 10 : 40) }
    var allMet = true
    var photoCellSim = 0.0
    var photoDirect = 0.0
    for (name, bytes, iterations) in cases {
      let (cellsim, direct) = try timeBoth(bytes, iterations: iterations)
      let ratio = cellsim / direct
      allMet = allMet && ratio <= 1.05
      if !name.hasPrefix("photo-") {
        photoCellSim += cellsim
        photoDirect += direct
      }
      print(
        "  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) CellSim \(Format.ms(cellsim))"
          + "  direct \(Format.ms(direct))  ratio \(Format.ratio(ratio))"
          + "  \(Format.verdict(ratio <= 1.05))")
    }
    let photoRatio = photoCellSim / photoDirect
    print(
      "  all photos together: CellSim \(Format.ms(photoCellSim))  direct \(Format.ms(photoDirect))"
        + "  ratio \(Format.ratio(photoRatio))  \(Format.verdict(photoRatio <= 1.05))")
    print("  every case within 1.05: \(Format.verdict(allMet))\n")
  }

  /// The committed photos, found relative to this source file.
  static func photoFiles() throws -> [(String, [UInt8])] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/photos")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".png") }.sorted()
    return try names.map { ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
  }

  /// Median milliseconds per decode for CellSim and direct C, interleaving the two so that drift
  /// (frequency scaling, other load) hits both alike. Checks they give the same pixels.
  static func timeBoth(_ bytes: [UInt8], iterations: Int) throws -> (Double, Double) {
    let reference = try PNGDecoder().decode(bytes).bitmap.rgba8CRC32
    guard try directCRC(bytes) == reference else { throw BenchError.direct("pixels differ") }
    var cellsim: [Double] = []
    var direct: [Double] = []
    for iteration in 0..<iterations {
      let runCellSim = {
        cellsim.append(try Measure.milliseconds { _ = try PNGDecoder().decode(bytes) })
      }
      let runDirect = { direct.append(try Measure.milliseconds { try directDecode(bytes) }) }
      if iteration % 2 == 0 {
        try runCellSim()
        try runDirect()
      } else {
        try runDirect()
        try runCellSim()
      }
    }
    return (Measure.median(cellsim), Measure.median(direct))
  }

  static func directDecode(_ bytes: [UInt8]) throws {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: UInt32 = 0
    var height: UInt32 = 0
    let status = bytes.withUnsafeBufferPointer {
      cdirect_decode_rgba8($0.baseAddress, $0.count, &pixels, &width, &height)
    }
    guard status == 0 else { throw BenchError.direct("direct decode failed") }
    cdirect_free(pixels)
  }

  static func directCRC(_ bytes: [UInt8]) throws -> UInt32 {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: UInt32 = 0
    var height: UInt32 = 0
    let status = bytes.withUnsafeBufferPointer {
      cdirect_decode_rgba8($0.baseAddress, $0.count, &pixels, &width, &height)
    }
    guard status == 0, let pixels else { throw BenchError.direct("direct decode failed") }
    defer { cdirect_free(pixels) }
    return CRC32.checksum(UnsafeRawBufferPointer(start: pixels, count: Int(width * height * 4)))
  }
}
