import ArgumentParser
import FixtureGenerator
import Foundation

/// `cellsim fixtures …`: the deterministic PNG fixture set.
struct FixturesCommand: ParsableCommand {
  /// The subcommand name and its `generate` subcommand.
  static let configuration = CommandConfiguration(
    commandName: "fixtures",
    abstract: "Work with the generated PNG fixtures.",
    subcommands: [Generate.self]
  )

  /// `cellsim fixtures generate --out DIR [--big]`.
  struct Generate: ParsableCommand {
    /// Abstract and discussion.
    static let configuration = CommandConfiguration(
      abstract: "Write the deterministic synthetic PNG fixtures, with MANIFEST.tsv and README.md.",
      discussion: """
        Writes every colour type and bit depth (interlaced and not), tRNS variants, several \
        sizes, a 20,000×20,000 zero-filled bomb and corrupt variants: the set committed under \
        Fixtures/generated. --big adds the 6144×4096 RGB and RGBA benchmark photos (about 100 MB \
        of memory and a few seconds in a release build).
        """
    )

    /// The output folder.
    @Option(help: "The folder to write into (created if needed).")
    var out: String

    /// Whether to add the big photos.
    @Flag(help: "Also write the 6144×4096 benchmark photos.")
    var big = false

    /// Generates and writes the set, then prints a one-line summary.
    func run() throws {
      try OutputPath.require("fixtures generate", folders: [("--out", out)])
      var fixtures = try FixtureCatalog.standard()
      if big { fixtures += try FixtureCatalog.big() }
      let folder = URL(fileURLWithPath: out)
      try FixtureWriter.write(fixtures, to: folder, title: "Generated PNG fixtures")
      let total = fixtures.reduce(0) { $0 + $1.bytes.count }
      print("wrote \(fixtures.count) fixtures (\(total) bytes) to \(folder.path)")
    }
  }
}
