import Foundation
import TestSupport

@testable import CellSimFuzz

/// The fuzz tests' runner and temporary folders (the repository's folders are
/// `TestSupport.Repository`'s).
enum FuzzTestFiles {
  /// The project's fixtures root.
  static let fixturesRoot = Repository.fixtures

  /// A runner over the project's fixtures.
  static var runner: CaseRunner { CaseRunner(fixturesRoot: fixturesRoot) }

  /// A fresh empty folder under the temporary directory.
  static func temporaryFolder(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "cellsim-fuzz-\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
