import FixtureGenerator
import Foundation
import PNGRender
import TestSupport
import Testing

@Suite("Fixture generator")
struct FixtureGeneratorTests {
  static let committed = Repository.url("Fixtures/generated")

  @Test("SplitMix64 gives the reference sequence for seed 0")
  func splitMix() {
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    var bounded = SplitMix64(seed: 9)
    let draws = (0..<1000).map { _ in bounded.next(below: 6) }
    #expect(Set(draws) == Set(0..<6))
  }

  @Test("the same seed renders the same photo, a different seed a different one")
  func photoDeterminism() {
    let a = FixtureFormat(.rgba, 16).encode(SyntheticPhoto(width: 40, height: 30, seed: 1))
    let b = FixtureFormat(.rgba, 16).encode(SyntheticPhoto(width: 40, height: 30, seed: 1))
    let c = FixtureFormat(.rgba, 16).encode(SyntheticPhoto(width: 40, height: 30, seed: 2))
    #expect(a.raw.samples == b.raw.samples)
    #expect(a.raw.samples != c.raw.samples)
  }

  @Test("regenerating the set reproduces the committed manifest exactly")
  func regeneratesCommittedSet() throws {
    let fixtures = try FixtureCatalog.standard()
    let manifest = try String(
      contentsOf: Self.committed.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
    // Sizes depend on the zlib version; names and expectations must not.
    let strip = { (text: String) in
      text.split(separator: "\n").map {
        $0.split(separator: "\t").dropLast().joined(separator: "\t")
      }
    }
    #expect(strip(FixtureWriter.manifest(fixtures)) == strip(manifest))
  }

  @Test("every generated fixture meets its expectation in memory")
  func expectations() throws {
    for fixture in try FixtureCatalog.standard() {
      let result = Result { () throws(PNGError) in try PNGDecoder().decode(fixture.bytes) }
      switch (fixture.expectation, result) {
      case (.decodes(let width, let height, let crc), .success(let image)):
        #expect(image.bitmap.width == width && image.bitmap.height == height, "\(fixture.name)")
        #expect(image.bitmap.rgba8CRC32 == crc, "\(fixture.name)")
      case (.fails(let kind), .failure(let error)):
        #expect(error.kind == kind, "\(fixture.name): \(error)")
      default:
        Issue.record("\(fixture.name): expected \(fixture.expectation), got \(result)")
      }
    }
  }

  @Test("the committed set stays small")
  func size() throws {
    let total = try FixtureCatalog.standard().reduce(0) { $0 + $1.bytes.count }
    #expect(total < 3_000_000)
  }

  @Test("the writer produces files, a manifest and a README")
  func writer() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-fixtures-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try FixtureCatalog.valid(
      FixtureFormat(.gray, 4), SyntheticPhoto(width: 5, height: 4, seed: 1), summary: "test")
    try FixtureWriter.write([fixture], to: folder, title: "Test")
    let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("`gray-4bit.png`"))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("gray-4bit.png").path))
  }
}
