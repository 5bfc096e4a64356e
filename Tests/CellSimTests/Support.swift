import CellSim
import Foundation

/// The repository root.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The project's fixtures.
let fixturesRoot = repositoryRoot.appendingPathComponent("Fixtures")

/// The absolute path of a file under `Scenarios/reported/`.
func reported(_ file: String) -> String {
  repositoryRoot.appendingPathComponent("Scenarios/reported/\(file)").path
}
