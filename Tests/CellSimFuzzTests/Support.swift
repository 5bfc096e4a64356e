import Foundation

@testable import CellSimFuzz

/// Where the test inputs live: the project's `Fixtures/`.
enum FuzzTestFiles {
  /// The project root, found from this file's path.
  static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The project's fixtures root.
  static let fixturesRoot = projectRoot.appendingPathComponent("Fixtures")

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
