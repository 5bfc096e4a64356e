import Foundation
import PNGRender
import Testing

/// One row of PngSuite's EXPECTED.tsv (`file expect width height rgba8_crc32`).
struct PngSuiteCase: CustomTestStringConvertible, Sendable {
  var file: String
  var valid: Bool
  var width: Int
  var height: Int
  var crc32: String

  var testDescription: String { file }

  /// Every row of EXPECTED.tsv, or none when PngSuite is absent.
  static let all: [PngSuiteCase] = {
    let url = TestFixtures.pngSuite.appendingPathComponent("EXPECTED.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    let lines = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    guard let columns = lines.first else { return [] }
    let index = { (name: String) in columns.firstIndex(of: name)! }
    return lines.dropFirst().filter { $0.count == columns.count }.map { fields in
      PngSuiteCase(
        file: fields[index("file")], valid: fields[index("expect")] == "valid",
        width: Int(fields[index("width")]) ?? 0, height: Int(fields[index("height")]) ?? 0,
        crc32: fields[index("rgba8_crc32")])
    }
  }()
}

@Suite(
  "PngSuite conformance",
  .enabled(
    if: TestFixtures.hasPngSuite,
    "PngSuite not found at <repo>/../shared/fixtures/pngsuite; these tests need that folder")
)
struct PngSuiteTests {
  @Test("EXPECTED.tsv lists both valid and invalid files")
  func expectationsAreLoaded() {
    #expect(PngSuiteCase.all.count(where: \.valid) > 100)
    #expect(PngSuiteCase.all.count(where: { !$0.valid }) > 5)
  }

  @Test(
    "every file decodes to the expected size and RGBA8 CRC-32, or fails with a typed error",
    arguments: PngSuiteCase.all)
  func conformance(_ item: PngSuiteCase) throws {
    let bytes = try TestFixtures.bytes(TestFixtures.pngSuite.appendingPathComponent(item.file))
    let decoder = PNGDecoder()
    if item.valid {
      let image = try decoder.decode(bytes)
      #expect(image.bitmap.width == item.width)
      #expect(image.bitmap.height == item.height)
      #expect(CRC32.hex(image.bitmap.rgba8CRC32) == item.crc32)
    } else {
      #expect(throws: PNGError.self) { try decoder.decode(bytes) }
    }
  }

  @Test(
    "invalid files fail with the kind their name describes",
    arguments: [
      ("xc1n0g08.png", PNGError.Kind.invalidHeader), ("xc9n2c08.png", .invalidHeader),
      ("xcrn0g04.png", .notPNG), ("xcsn0g01.png", .crcMismatch), ("xd0n2c08.png", .invalidHeader),
      ("xd3n2c08.png", .invalidHeader), ("xd9n2c08.png", .invalidHeader),
      ("xdtn0g01.png", .truncated), ("xhdn0g08.png", .crcMismatch), ("xlfn0g04.png", .notPNG),
      ("xs1n0g01.png", .notPNG), ("xs2n0g01.png", .notPNG), ("xs4n0g01.png", .notPNG),
      ("xs7n0g01.png", .notPNG),
    ])
  func invalidKinds(file: String, kind: PNGError.Kind) throws {
    let bytes = try TestFixtures.bytes(TestFixtures.pngSuite.appendingPathComponent(file))
    #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
    do {
      _ = try PNGDecoder().decode(bytes)
    } catch {
      #expect(error.kind == kind, "\(file): \(error)")
    }
  }
}

/// In CI (`CI=true`) a skipped PngSuite suite would let CI go green without the conformance
/// tests, so there its absence is a failure.
@Test("in CI, PngSuite is present (a skip there is a failure)")
func pngSuitePresentInCI() {
  guard ProcessInfo.processInfo.environment["CI"] == "true" else { return }
  #expect(
    TestFixtures.hasPngSuite,
    "CI=true but PngSuite is missing at \(TestFixtures.pngSuite.path); the conformance tests would skip"
  )
}
