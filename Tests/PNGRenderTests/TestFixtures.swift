import Foundation

/// Locations of fixture files, found relative to this source file so tests run from any folder.
enum TestFixtures {
  /// The repository root: three levels up from this file (Tests/PNGRenderTests/<file>).
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `<repo>/../shared/fixtures`, present in development checkouts and CI, absent elsewhere.
  static let shared = repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/fixtures")

  /// The PngSuite folder, with EXPECTED.tsv.
  static let pngSuite = shared.appendingPathComponent("pngsuite")

  /// Whether PngSuite is present.
  static let hasPngSuite = FileManager.default.fileExists(
    atPath: pngSuite.appendingPathComponent("EXPECTED.tsv").path)

  /// The committed photos.
  static let photos = repositoryRoot.appendingPathComponent("Fixtures/photos")

  /// The committed generated fixtures.
  static let generated = repositoryRoot.appendingPathComponent("Fixtures/generated")

  /// The bytes of a file; fails the test (by throwing) if it cannot be read.
  static func bytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}
