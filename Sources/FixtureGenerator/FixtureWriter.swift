package import Foundation
import PNGRender

/// Writes fixtures to a folder with a MANIFEST.tsv (machine-readable expectations) and a
/// README.md (the same, for people).
package enum FixtureWriter {
  /// Writes every fixture, then `MANIFEST.tsv` and `README.md`, creating `directory` if needed.
  /// Existing files with the same names are replaced.
  package static func write(_ fixtures: [Fixture], to directory: URL, title: String) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for fixture in fixtures {
      try Data(fixture.bytes).write(to: directory.appendingPathComponent(fixture.name))
    }
    try Data(manifest(fixtures).utf8).write(to: directory.appendingPathComponent("MANIFEST.tsv"))
    try Data(readme(fixtures, title: title).utf8).write(
      to: directory.appendingPathComponent("README.md"))
  }

  /// Tab-separated `file expect width height rgba8_crc32 error_kind bytes`, one line per fixture
  /// (columns like PngSuite's EXPECTED.tsv, plus the error kind and file size).
  package static func manifest(_ fixtures: [Fixture]) -> String {
    var lines = ["file\texpect\twidth\theight\trgba8_crc32\terror_kind\tbytes"]
    for fixture in fixtures {
      switch fixture.expectation {
      case .decodes(let width, let height, let crc):
        lines.append(
          "\(fixture.name)\tvalid\t\(width)\t\(height)\t\(CRC32.hex(crc))\t-\t\(fixture.bytes.count)"
        )
      case .fails(let kind):
        lines.append("\(fixture.name)\tinvalid\t-\t-\t-\t\(kind)\t\(fixture.bytes.count)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Markdown page listing each file, what it is and its expected outcome.
  package static func readme(_ fixtures: [Fixture], title: String) -> String {
    let total = fixtures.reduce(0) { $0 + $1.bytes.count }
    var text = """
      # \(title)

      Written by `cellsim fixtures generate` (library target `FixtureGenerator`); do not edit by
      hand. Every image is a deterministic synthetic photo (gradient, value noise, shapes, an
      alpha vignette with a hole) drawn from a SplitMix64 seed. The expected RGBA8 CRC-32 of each
      valid file is computed by the generator from the samples it wrote (palette lookup, tRNS,
      sub-byte scaling, high byte of 16-bit samples), independently of the decoder.
      `MANIFEST.tsv` holds the same expectations in PngSuite's EXPECTED.tsv columns.

      Total: \(fixtures.count) files, \(total) bytes. Error kinds are `PNGError.Kind` cases.

      | file | what it is | expected outcome |
      |---|---|---|

      """
    for fixture in fixtures {
      text += "| `\(fixture.name)` | \(fixture.summary) | \(fixture.expectation) |\n"
    }
    return text
  }
}
