import Foundation
import TestSupport

/// Locations of the PNG tests' fixture files, under `TestSupport.Repository`'s folders.
enum TestFixtures {
  /// The PngSuite folder, with EXPECTED.tsv (in `../shared`, beside the clone).
  static let pngSuite = Repository.sharedFixtures.appendingPathComponent("pngsuite")

  /// Whether PngSuite is present.
  static let hasPngSuite = FileManager.default.fileExists(
    atPath: pngSuite.appendingPathComponent("EXPECTED.tsv").path)

  /// The committed photos.
  static let photos = Repository.root.appendingPathComponent("Fixtures/photos")

  /// The committed generated fixtures.
  static let generated = Repository.root.appendingPathComponent("Fixtures/generated")

  /// The bytes of a file; fails the test (by throwing) if it cannot be read.
  static func bytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}
