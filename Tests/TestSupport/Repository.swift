public import Foundation
import Scenarios

/// Where the test inputs live, found from this file's path so tests run from any folder: the
/// repository's `Fixtures/` and `Scenarios/`, and `../shared` beside the clone (PngSuite),
/// which development checkouts and CI have and a user's clone may not.
///
/// One target for the helpers every test suite needs, instead of a copy in each.
public enum Repository {
  /// The repository root (this file is `Tests/TestSupport/Repository.swift`).
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The committed fixtures root, `Fixtures/`.
  public static let fixtures = root.appendingPathComponent("Fixtures")

  /// `../shared/fixtures` beside the clone.
  public static let sharedFixtures = root.deletingLastPathComponent()
    .appendingPathComponent("shared/fixtures")

  /// Whether CI is running the tests (`CI` set to anything but empty, `0` or `false`): then a
  /// test that needs `../shared` fails instead of skipping, so CI cannot go green without it.
  public static var isCI: Bool {
    let value = ProcessInfo.processInfo.environment["CI"] ?? ""
    return !value.isEmpty && value != "0" && value.lowercased() != "false"
  }

  /// `path` under the repository root.
  public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  /// Every scenario file under `Scenarios/`, relative to the root, in the order
  /// `ScenarioFiles.find` gives (byte order).
  public static let bundledScenarios: [String] = {
    let files = (try? ScenarioFiles.find([root.appendingPathComponent("Scenarios").path])) ?? []
    return files.map { String($0.dropFirst(root.path.count + 1)) }
  }()

  /// The committed digest of each bundled scenario (`Tests/ScenarioSuiteTests/golden-digests.tsv`),
  /// keyed by its path. A run whose digest differs has changed behaviour: on purpose (then
  /// regenerate the file with `.ci/update-golden-digests` and say why in the commit) or not (then
  /// it is a bug). `.ci/check-release-digests` holds a release build to the same file.
  public static let goldenDigests: [String: String] = {
    let file = root.appendingPathComponent("Tests/ScenarioSuiteTests/golden-digests.tsv")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
    var digests: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      if fields.count == 3 { digests[String(fields[0])] = String(fields[2]) }
    }
    return digests
  }()
}
