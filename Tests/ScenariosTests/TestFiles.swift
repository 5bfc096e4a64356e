import Foundation
import Scenarios
import TestSupport

/// The bundled `Malformed/` and `Valid/` folders and `Scenarios/examples/` (the repository's
/// folders are `TestSupport.Repository`'s).
enum TestFiles {
  /// The bundled folder `name`.
  static func resourceFolder(_ name: String) -> URL {
    Bundle.module.resourceURL!.appendingPathComponent(name)
  }

  /// The `.yaml` files in `folder`, sorted by name.
  static func yamlFiles(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      .map { folder.appendingPathComponent($0) }
  }

  /// The names of the malformed files, for parameterized tests.
  static var malformedNames: [String] {
    yamlFiles(in: resourceFolder("Malformed")).map(\.lastPathComponent)
  }

  /// Every valid scenario the tests know: `Valid/` and `Scenarios/examples/`.
  static var validFiles: [URL] {
    yamlFiles(in: resourceFolder("Valid"))
      + yamlFiles(in: Repository.root.appendingPathComponent("Scenarios/examples"))
  }

  /// The text of `url`, with invalid UTF-8 replaced (so a malformed file's first line can
  /// still be read).
  static func text(_ url: URL) -> String {
    String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
  }
}
