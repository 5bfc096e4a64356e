import CellSim
import Foundation
import MyLoader
import Testing

let cellSimRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

@Test("my loader passes CellSim's example scenarios")
func examples() throws {
  let folder = cellSimRoot.appendingPathComponent("Scenarios/examples").path
  for file in try ScenarioFiles.find([folder]) {
    ScenarioTesting.run(
      file, loader: MyLoader.self, fixturesRoot: cellSimRoot.appendingPathComponent("Fixtures"))
  }
}
