import Foundation
import PNGRender
import Testing

/// One row of Fixtures/generated/MANIFEST.tsv.
struct ManifestEntry: CustomTestStringConvertible, Sendable {
  var file: String
  var valid: Bool
  var width: Int
  var height: Int
  var crc32: String
  var errorKind: String

  var testDescription: String { file }

  /// Every committed generated fixture.
  static let all: [ManifestEntry] = {
    let url = TestFixtures.generated.appendingPathComponent("MANIFEST.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: "\t").map(String.init)
      return ManifestEntry(
        file: fields[0], valid: fields[1] == "valid", width: Int(fields[2]) ?? 0,
        height: Int(fields[3]) ?? 0, crc32: fields[4], errorKind: fields[5])
    }
  }()
}

@Suite("Committed generated fixtures")
struct GeneratedFixtureTests {
  @Test("the manifest lists valid files and every error kind but libpng")
  func manifestCoversKinds() throws {
    try #require(!ManifestEntry.all.isEmpty, "Fixtures/generated/MANIFEST.tsv is missing")
    let kinds = Set(ManifestEntry.all.map(\.errorKind))
    // badPaletteIndex has its own tests (PaletteIndexTests); no committed fixture yet.
    for kind in PNGError.Kind.allCases where kind != .libpng && kind != .badPaletteIndex {
      #expect(kinds.contains(kind.rawValue), "no fixture fails with \(kind)")
    }
  }

  @Test(
    "each file gives its expected size and CRC-32, or its expected error kind",
    arguments: ManifestEntry.all)
  func decodesAsExpected(_ entry: ManifestEntry) throws {
    let bytes = try TestFixtures.bytes(TestFixtures.generated.appendingPathComponent(entry.file))
    let result = Result { () throws(PNGError) in try PNGDecoder().decode(bytes) }
    switch result {
    case .success(let image):
      #expect(entry.valid, "\(entry.file) decoded but should fail with \(entry.errorKind)")
      #expect(image.bitmap.width == entry.width && image.bitmap.height == entry.height)
      #expect(CRC32.hex(image.bitmap.rgba8CRC32) == entry.crc32)
    case .failure(let error):
      #expect(!entry.valid, "\(entry.file) should decode but failed: \(error)")
      #expect(error.kind.rawValue == entry.errorKind, "\(entry.file): \(error)")
    }
  }

  @Test(
    "the header of each valid file matches its name without decoding",
    arguments: ManifestEntry.all.filter { $0.valid && !$0.file.hasPrefix("ancillary") })
  func headerMatchesName(_ entry: ManifestEntry) throws {
    let bytes = try TestFixtures.bytes(TestFixtures.generated.appendingPathComponent(entry.file))
    // The header needs only the first 33 bytes.
    let header = try PNGHeader.read(from: Array(bytes.prefix(33)))
    #expect(header.width == entry.width && header.height == entry.height)
    #expect(header.interlaced == entry.file.contains("adam7"))
    #expect(entry.file.contains("-\(header.bitDepth)bit"))
    #expect(entry.file.contains(header.colorType.description))
  }
}
