import CellSim
import Foundation
import TestSupport

/// The project's fixtures.
let fixturesRoot = Repository.fixtures

/// The absolute path of a file under `Scenarios/reported/`.
func reported(_ file: String) -> String {
  Repository.root.appendingPathComponent("Scenarios/reported/\(file)").path
}
